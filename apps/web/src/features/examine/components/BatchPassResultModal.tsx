import type { BatchPassResult } from '@zhaokao/contracts';
import { Button, Modal, Result } from 'antd';
import { DataTable } from '../../../components/DataTable';

type Refused = BatchPassResult['refused'][number];

/** What a batch pass did: how many passed, and each refused application with the reason. */
export function BatchPassResultModal({ result, onClose }: { result: BatchPassResult; onClose(): void }) {
  const allPassed = result.refused.length === 0;
  return (
    <Modal
      open
      title="批量通过结果"
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose}>
          知道了
        </Button>
      }
    >
      <Result
        status={allPassed ? 'success' : result.passed > 0 ? 'warning' : 'error'}
        title={`已通过 ${result.passed} 人${allPassed ? '' : `，未通过 ${result.refused.length} 人`}`}
        style={{ padding: '16px 0' }}
      />
      {!allPassed && (
        <DataTable<Refused>
          label="未通过的报名人员"
          size="small"
          rowKey="id"
          pagination={result.refused.length > 10 ? { pageSize: 10, size: 'small' } : false}
          dataSource={result.refused}
          columns={[
            { title: '姓名', dataIndex: 'realName', width: 100 },
            { title: '原因', dataIndex: 'reason' },
          ]}
        />
      )}
    </Modal>
  );
}
