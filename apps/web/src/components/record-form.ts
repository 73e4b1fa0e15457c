import { SUCCESS_MESSAGES } from '@zhaokao/contracts';
import type { FormProps } from 'antd';
import { announce } from '../lib/api-client';
import { useLoadedForm } from '../lib/use-loaded-form';

/**
 * The props of an antd Form on a page that edits one record the server has: filled once the record has loaded
 * (see useLoadedForm), laid out vertically, and a save announces “保存成功” or shows the server's refusal.
 * Spread them on the Form, which keeps its own `name`: `<Form name="companyInfo" {...useRecordForm(data, save)}>`.
 */
export function useRecordForm<V>(record: V | undefined, save: (values: V) => Promise<unknown>) {
  const form = useLoadedForm<V>(record);
  return {
    form,
    layout: 'vertical',
    onFinish: (values: V) => announce(save(values), SUCCESS_MESSAGES.saved),
  } satisfies FormProps<V>;
}
