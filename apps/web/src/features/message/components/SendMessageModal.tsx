import { SUCCESS_MESSAGES, addUserNotice } from '@zhaokao/contracts';
import { Form, Select } from 'antd';
import { FormModal } from '../../../components/FormModal';
import { TextField } from '../../../components/TextField';
import { rulesOf } from '../../../lib/form-rules';
import { useMessageRecipients, useSendMessage } from '../api/message-api';

interface Values {
  acceptUserId: number;
  messageContent: string;
}

/** SPEC dialog 6: a message to one colleague (acceptUserId, messageContent). */
export function SendMessageModal({ onClose }: { onClose(): void }) {
  const recipients = useMessageRecipients();
  const send = useSendMessage();
  return (
    <FormModal<Values>
      name="send-user-message"
      title="发送站内信"
      okText="发送"
      width={600}
      savedMessage={SUCCESS_MESSAGES.sent}
      onCancel={onClose}
      onSubmit={(values) => send.mutateAsync(values)}
      onSaved={onClose}
    >
      <Form.Item label="接收人" name="acceptUserId" rules={rulesOf(addUserNotice, 'acceptUserId', true)}>
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          placeholder="选择本单位的工作人员"
          loading={recipients.isLoading}
          options={(recipients.data ?? []).map((r) => ({ value: r.id, label: r.departmentName ? `${r.name}（${r.departmentName}）` : r.name }))}
        />
      </Form.Item>
      <TextField ep={addUserNotice} name="messageContent" label="发送内容" required showCount autoSize={{ minRows: 5, maxRows: 12 }} />
    </FormModal>
  );
}
