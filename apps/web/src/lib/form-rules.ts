import type { Endpoint, InputOf } from '@zhaokao/contracts';
import type { Rule } from 'antd/es/form';
import { z } from 'zod';

const isEmpty = (value: unknown) =>
  value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

/** The message a schema gives for a field left empty. */
function emptyMessage(schema: z.ZodType): string {
  const issue = schema.safeParse(undefined).error?.issues[0] ?? schema.safeParse('').error?.issues[0];
  if (!issue) throw new Error('This field may be left empty: give the required message.');
  return issue.message;
}

/**
 * antd Form rules that check a field with its schema from the contracts, so the form says what the server
 * would say, in the same words. `required` adds antd's required rule (and the label's mark) with the schema's
 * message for an empty field, or the message given; the schema then judges only what was filled in. Without
 * it the schema judges every value, an empty one included.
 */
export function fieldRules(schema: z.ZodType, required?: true | string): Rule[] {
  const check: Rule = {
    validator: async (_, value: unknown) => {
      if (required && isEmpty(value)) return;
      const result = schema.safeParse(value ?? undefined);
      if (!result.success) throw new Error(result.error.issues[0]?.message);
    },
  };
  if (!required) return [check];
  return [required === true ? requiredRule(schema) : { required: true, message: required }, check];
}

/** antd's required rule with the schema's message for an empty field, for a value the schema cannot read (a date picker's). */
export const requiredRule = (schema: z.ZodType): Rule => ({ required: true, message: emptyMessage(schema) });

/** An endpoint's schema for one field of its input. */
export function inputField<E extends Endpoint>(ep: E, field: keyof InputOf<E> & string): z.ZodType {
  let schema: z.ZodType = ep.input;
  while (schema instanceof z.ZodPipe) schema = schema.out as z.ZodType;
  if (!(schema instanceof z.ZodObject)) throw new Error(`${ep.path}: the input is not an object`);
  const found = (schema.shape as Record<string, z.ZodType>)[field];
  if (!found) throw new Error(`${ep.path}: the input has no field ${field}`);
  return found;
}

/** The longest text a field's schema takes, for the input's `maxLength`; undefined when it sets none. */
export function maxLengthOf(schema: z.ZodType): number | undefined {
  let inner: z.ZodType = schema;
  while (inner instanceof z.ZodDefault || inner instanceof z.ZodOptional || inner instanceof z.ZodNullable) {
    inner = inner.unwrap() as z.ZodType;
  }
  if (inner instanceof z.ZodUnion) {
    const lengths = (inner.options as z.ZodType[]).map(maxLengthOf).filter((n) => n !== undefined);
    return lengths.length > 0 ? Math.max(...lengths) : undefined;
  }
  return inner instanceof z.ZodString ? (inner.maxLength ?? undefined) : undefined;
}

/** `fieldRules` for a field of an endpoint's input: `rulesOf(saveOrg, 'name', true)`. */
export const rulesOf = <E extends Endpoint>(ep: E, field: keyof InputOf<E> & string, required?: true | string) =>
  fieldRules(inputField(ep, field), required);

/** For a form without antd (the login page): the first message of each field the endpoint's input refuses. */
export function problemsOf<E extends Endpoint>(ep: E, input: InputOf<E>): Partial<Record<keyof InputOf<E> & string, string>> {
  const problems: Partial<Record<string, string>> = {};
  for (const issue of ep.input.safeParse(input).error?.issues ?? []) {
    const field = String(issue.path[0] ?? '');
    problems[field] ??= issue.message;
  }
  return problems;
}
