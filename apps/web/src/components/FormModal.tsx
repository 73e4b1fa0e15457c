import { Form, type FormInstance, type FormProps, Modal, type ModalProps, Spin } from 'antd';
import { SUCCESS_MESSAGES } from '@zhaokao/contracts';
import { type ReactNode, useState } from 'react';
import { showSuccess, succeeded } from '../lib/api-client';

type Props<V> = Omit<ModalProps, 'open' | 'onOk' | 'confirmLoading' | 'destroyOnHidden' | 'children'> & {
  /**
   * The form's name, its own in the whole app: every open tab's page stays in the document (see
   * app/layout/TabPages.tsx) and the name prefixes the fields' ids. form-names.test.ts checks it.
   */
  name: string;
  /** For a form whose fields are also set from code; otherwise the modal makes its own. */
  form?: FormInstance<V>;
  initialValues?: Partial<V>;
  /** Shows a spinner instead of the form (and disables 保存) while what the form edits is loading. */
  loading?: boolean;
  /** Forwarded to the Form (e.g. `disabled` for a read-only view). */
  formProps?: Omit<FormProps<V>, 'name' | 'form' | 'initialValues' | 'onFinish'>;
  /**
   * Sends the values. When it resolves the modal says `savedMessage` and reports `onSaved`; when it rejects (the
   * server's message has been shown) the modal stays open with everything typed.
   */
  onSubmit(values: V): Promise<unknown>;
  onSaved(): void;
  /** 保存成功 unless given; null for none. */
  savedMessage?: string | null;
  children: ReactNode;
};

/** A dialog around one antd Form, open while rendered: 保存 submits, and shows progress until the server answers. */
export function FormModal<V>({
  name,
  form: given,
  initialValues,
  loading = false,
  formProps,
  onSubmit,
  onSaved,
  savedMessage = SUCCESS_MESSAGES.saved,
  okButtonProps,
  children,
  ...modal
}: Props<V>) {
  const [own] = Form.useForm<V>();
  const form = given ?? own;
  const [saving, setSaving] = useState(false);

  const finish = async (values: V) => {
    setSaving(true);
    const saved = await succeeded(onSubmit(values));
    setSaving(false);
    if (!saved) return;
    onSaved();
    if (savedMessage) showSuccess(savedMessage);
  };

  return (
    <Modal
      open
      okText="保存"
      {...modal}
      okButtonProps={{ ...okButtonProps, disabled: loading || okButtonProps?.disabled }}
      confirmLoading={saving}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      {loading ? (
        <Spin style={{ display: 'block', padding: 40 }} />
      ) : (
        <Form<V> layout="vertical" {...formProps} name={name} form={form} initialValues={initialValues} onFinish={finish}>
          {children}
        </Form>
      )}
    </Modal>
  );
}
