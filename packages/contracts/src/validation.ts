import { z } from 'zod';
import { zhCN } from 'zod/locales';

// zod's own messages, for the checks that have none of ours, in Chinese; a message given in a schema still wins.
// In the browser zod must not compile parsers with `new Function`: the server's CSP forbids eval, and even zod's probe
// for it (made as the first object schema is built) is reported as a violation.
z.config({ ...zhCN(), jitless: typeof document !== 'undefined' });

/** SPEC §5: 1, then a digit 3 to 9, then 9 digits. */
export const PHONE_PATTERN = /^1[3-9]\d{9}$/;

export const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** Whether a 'YYYY-MM-DD' text names a day of the calendar (not 2025-02-30). */
export const isRealDate = (v: string) => {
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
};

/** Required text of at most `max` characters, trimmed: 请输入… when missing or blank. */
export const requiredText = (what: string, max: number) =>
  z.string({ error: `请输入${what}` }).trim().min(1, `请输入${what}`).max(max, `${what}最长 ${max} 个字`);

export const phoneSchema = z.string().trim().regex(PHONE_PATTERN, '请输入正确的手机号码');
export const emailSchema = z.string().trim().max(100, '邮箱最长 100 个字符').email('请输入正确的邮箱地址');

/** A field that may be left empty, or else must be a valid phone number / e-mail address. */
export const optionalPhoneSchema = z
  .union([z.literal(''), phoneSchema], { error: '请输入正确的手机号码' })
  .default('');
export const optionalEmailSchema = z
  .union([z.literal(''), emailSchema], { error: '请输入正确的邮箱地址' })
  .default('');

export const PASSWORD_MIN = 8;
export const passwordSchema = z
  .string({ error: '请输入密码' })
  .min(PASSWORD_MIN, `密码至少 ${PASSWORD_MIN} 位`)
  .max(64, '密码最长 64 位')
  .regex(/[A-Za-z]/, '密码需同时包含字母和数字')
  .regex(/\d/, '密码需同时包含字母和数字');

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK_CHARS = '10X98765432';

/** GB 11643-1999 check character for the first 17 digits. */
export function identityCheckChar(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * ID_WEIGHTS[i]!;
  return ID_CHECK_CHARS[sum % 11]!;
}

/** Why an 18-character citizen identity number is invalid, or null when it is valid. */
export function identityNoProblem(value: string): string | null {
  const id = value.trim().toUpperCase();
  if (!/^\d{17}[\dX]$/.test(id)) return '身份证号码应为 18 位，最后一位可以是数字或 X';
  const year = Number(id.slice(6, 10));
  const month = Number(id.slice(10, 12));
  const day = Number(id.slice(12, 14));
  const birth = new Date(Date.UTC(year, month - 1, day));
  const valid =
    year >= 1900 &&
    birth.getUTCFullYear() === year &&
    birth.getUTCMonth() === month - 1 &&
    birth.getUTCDate() === day &&
    birth.getTime() <= Date.now();
  if (!valid) return '身份证号码中的出生日期不正确';
  if (identityCheckChar(id.slice(0, 17)) !== id[17]) return '身份证号码校验位不正确';
  return null;
}

export const identityNoSchema = z
  .string()
  .trim()
  .transform((v) => v.toUpperCase())
  .superRefine((v, ctx) => {
    const problem = identityNoProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

export const UNSTORABLE_TEXT_MESSAGE = '输入内容包含无法保存的字符';

/** U+0000, which PostgreSQL text cannot hold, or half of a UTF-16 surrogate pair, which is not Unicode text at all. */
export const isUnstorableText = (text: string) => text.includes('\u0000') || /\p{Surrogate}/u.test(text);

/**
 * Whether any string in a value, or any key of its objects, is unstorable text. Walks with a list rather
 * than recursion, so that deeply nested JSON cannot overflow the stack.
 */
export function holdsUnstorableText(value: unknown): boolean {
  const pending = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === 'string') {
      if (isUnstorableText(item)) return true;
    } else if (typeof item === 'object' && item !== null) {
      for (const [key, inner] of Object.entries(item)) {
        if (isUnstorableText(key)) return true;
        pending.push(inner);
      }
    }
  }
  return false;
}

/** The largest integer an `integer` column holds; any integer beyond ±this in an input is refused before the database sees it. */
export const MAX_INT = 2_147_483_647;

export const INTEGER_RANGE_MESSAGE = '输入的数字超出范围';

/** Whether any number in a parsed value is an integer outside PostgreSQL's `integer` range (walked with a list, as above). */
export function holdsOutOfRangeInteger(value: unknown): boolean {
  const pending = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === 'number') {
      if (Number.isInteger(item) && Math.abs(item) > MAX_INT) return true;
    } else if (typeof item === 'object' && item !== null) {
      pending.push(...Object.values(item));
    }
  }
  return false;
}
