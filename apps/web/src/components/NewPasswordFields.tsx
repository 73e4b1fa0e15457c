import { passwordSchema } from '@zhaokao/contracts';
import { Form, Input } from 'antd';
import { fieldRules } from '../lib/form-rules';

/** The contracts' password rules, checked before sending; `requiredMessage` for an empty field. */
export const passwordRules = (requiredMessage: string) => fieldRules(passwordSchema, requiredMessage);

/** 新密码 and 确认新密码, as form fields `newPassword` and `confirm`. */
export function NewPasswordFields() {
  return (
    <>
      <Form.Item label="新密码" name="newPassword" rules={passwordRules('请输入新密码')}>
        <Input.Password autoComplete="new-password" maxLength={64} />
      </Form.Item>
      <Form.Item
        label="确认新密码"
        name="confirm"
        dependencies={['newPassword']}
        rules={[
          { required: true, message: '请再次输入新密码' },
          ({ getFieldValue }) => ({
            validator: (_, value) =>
              !value || value === getFieldValue('newPassword')
                ? Promise.resolve()
                : Promise.reject(new Error('两次输入的密码不一致')),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" maxLength={64} />
      </Form.Item>
    </>
  );
}
