import type { ExamBatchResult } from '@zhaokao/contracts';
import { Button, Modal, Result } from 'antd';
import { DataTable } from '../../../../components/DataTable';

type Refused = ExamBatchResult['refused'][number];

/** What a batch did: how many were done, and each refused application with the reason. */
export function BatchResultModal({ title, verb, result, onClose }: { title: string; verb: string; result: ExamBatchResult; onClose(): void }) {
  const allDone = result.refused.length === 0;
  return (
    <Modal
      open
      title={title}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose}>
          知道了
        </Button>
      }
    >
      <Result
        status={allDone ? 'success' : result.done > 0 ? 'warning' : 'error'}
        title={`已${verb} ${result.done} 人${allDone ? '' : `，未处理 ${result.refused.length} 人`}`}
        style={{ padding: '16px 0' }}
      />
      {!allDone && (
        <DataTable<Refused>
          label="未处理的考生"
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
