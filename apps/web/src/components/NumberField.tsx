import { Form, InputNumber, type InputNumberProps } from 'antd';
import type { z } from 'zod';
import { fieldRules } from '../lib/form-rules';
import { FieldCol, type FieldSpan } from './FieldCol';

interface Props extends Omit<InputNumberProps, 'name' | 'style'> {
  name: string;
  label: string;
  /** The field's schema in the contracts: the form checks with it, in its words. */
  schema: z.ZodType;
  /** Required, with the schema's message for an empty field. */
  required?: true;
  tooltip?: string;
  span?: FieldSpan;
}

/** A form's number field, as wide as its column, checked as the contracts check it; `stringMode` keeps decimals exact. */
export function NumberField({ name, label, schema, required, tooltip, span, ...input }: Props) {
  return (
    <FieldCol span={span}>
      <Form.Item label={label} name={name} tooltip={tooltip} rules={fieldRules(schema, required)}>
        <InputNumber {...input} style={{ width: '100%' }} />
      </Form.Item>
    </FieldCol>
  );
}
