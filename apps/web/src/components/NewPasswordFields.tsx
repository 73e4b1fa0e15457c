import { PASSWORD_MIN } from '@zhaokao/contracts';
import { Form, Input } from 'antd';
import type { Rule } from 'antd/es/form';

/** The same rules as the server's passwordSchema, checked before sending. */
export const passwordRules = (requiredMessage: string): Rule[] => [
  { required: true, message: requiredMessage },
  { min: PASSWORD_MIN, message: `密码至少 ${PASSWORD_MIN} 位` },
  { pattern: /(?=.*[A-Za-z])(?=.*\d)/, message: '密码需同时包含字母和数字' },
];

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
