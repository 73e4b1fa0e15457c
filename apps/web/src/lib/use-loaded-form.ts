import { Form } from 'antd';
import { useEffect } from 'react';

/**
 * An antd form for a page that edits what the server has: filled with `values` once they arrive, and again when
 * they change (a save, a refetch) unless the user has started typing.
 */
export function useLoadedForm<V>(values: V | undefined) {
  const [form] = Form.useForm<V>();
  useEffect(() => {
    if (values && !form.isFieldsTouched()) form.setFieldsValue(values as Parameters<typeof form.setFieldsValue>[0]);
  }, [values, form]);
  return form;
}
