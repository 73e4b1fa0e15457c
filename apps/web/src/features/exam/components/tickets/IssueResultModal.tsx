import type { ExamBatchResult } from '@zhaokao/contracts';
import { Button, Modal, Result } from 'antd';
import { DataTable } from '../../../../components/DataTable';

type Refused = ExamBatchResult['refused'][number];

/** What an issue of tickets did: how many were issued, and each refused application with the reason. */
export function IssueResultModal({ result, onClose }: { result: ExamBatchResult; onClose(): void }) {
  const allDone = result.refused.length === 0;
  return (
    <Modal
      open
      title="发放结果"
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose}>
          知道了
        </Button>
      }
    >
      <Result
        status={allDone ? 'success' : result.done > 0 ? 'warning' : 'error'}
        title={`已发放 ${result.done} 人${allDone ? '' : `，未发放 ${result.refused.length} 人`}`}
        style={{ padding: '16px 0' }}
      />
      {!allDone && (
        <DataTable<Refused>
          label="未发放的考生"
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
