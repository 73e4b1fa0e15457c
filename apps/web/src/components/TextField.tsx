import type { Endpoint, InputOf } from '@zhaokao/contracts';
import { Form, Input } from 'antd';
import type { ReactNode } from 'react';
import { fieldRules, inputField, maxLengthOf } from '../lib/form-rules';
import { FieldCol, type FieldSpan } from './FieldCol';

interface Props<E extends Endpoint> {
  /** The endpoint the form sends: its schema for the field gives the rules, the messages and the length. */
  ep: E;
  name: keyof InputOf<E> & string;
  label: string;
  /** Required, with the schema's message for an empty field. */
  required?: boolean;
  placeholder?: string;
  extra?: ReactNode;
  showCount?: boolean;
  autoComplete?: string;
  /** A text area of this many rows. */
  rows?: number;
  /** A text area, growing between these numbers of rows. */
  autoSize?: { minRows: number; maxRows: number };
  span?: FieldSpan;
}

/** A form's text field checked as the contracts check it (see lib/form-rules.ts). */
export function TextField<E extends Endpoint>({ ep, name, label, required, extra, rows, autoSize, span, ...input }: Props<E>) {
  const schema = inputField(ep, name);
  const maxLength = maxLengthOf(schema);
  return (
    <FieldCol span={span}>
      <Form.Item label={label} name={name as string} extra={extra} rules={fieldRules(schema, required || undefined)}>
        {rows || autoSize ? (
          <Input.TextArea {...input} maxLength={maxLength} rows={rows} autoSize={autoSize} />
        ) : (
          <Input {...input} maxLength={maxLength} />
        )}
      </Form.Item>
    </FieldCol>
  );
}
