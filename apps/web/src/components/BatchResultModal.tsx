import { Button, Modal, Result } from 'antd';
import { DataTable } from './DataTable';

interface Refused {
  id: number;
  realName: string;
  reason: string;
}

/**
 * What a batch did (批量通过, 发放准考证, 审核通过, 退回修改): how many were done and each refused one with the reason.
 * `verb` words both counts: 已通过 N 人，未通过 M 人.
 */
export function BatchResultModal({
  title,
  verb,
  done,
  refused,
  onClose,
}: {
  title: string;
  verb: string;
  done: number;
  refused: readonly Refused[];
  onClose(): void;
}) {
  const allDone = refused.length === 0;
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
        status={allDone ? 'success' : done > 0 ? 'warning' : 'error'}
        title={`已${verb} ${done} 人${allDone ? '' : `，未${verb} ${refused.length} 人`}`}
        style={{ padding: '16px 0' }}
      />
      {!allDone && (
        <DataTable<Refused>
          label={`未${verb}的人员`}
          size="small"
          rowKey="id"
          pagination={refused.length > 10 ? { pageSize: 10, size: 'small' } : false}
          dataSource={[...refused]}
          columns={[
            { title: '姓名', dataIndex: 'realName', width: 100 },
            { title: '原因', dataIndex: 'reason' },
          ]}
        />
      )}
    </Modal>
  );
}
