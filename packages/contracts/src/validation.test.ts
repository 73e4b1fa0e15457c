import { describe, expect, it } from 'vitest';
import { PHONE_PATTERN, identityCheckChar, identityNoProblem, identityNoSchema, passwordSchema } from './validation.js';

describe('GB 11643 identity numbers', () => {
  it('computes the check character of the standard example', () => {
    // GB 11643-1999 Appendix: 11010519491231002X.
    expect(identityCheckChar('11010519491231002')).toBe('X');
    expect(identityNoProblem('11010519491231002X')).toBeNull();
    expect(identityNoProblem('11010519491231002x')).toBeNull();
  });

  it('refuses a wrong check digit, a wrong length and an impossible birth date', () => {
    expect(identityNoProblem('110105194912310021')).toBe('身份证号码校验位不正确');
    expect(identityNoProblem('1101051949123100')).toBe('身份证号码应为 18 位，最后一位可以是数字或 X');
    const feb30 = '11010519490230002';
    expect(identityNoProblem(feb30 + identityCheckChar(feb30))).toBe('身份证号码中的出生日期不正确');
    const future = '11010530000101002';
    expect(identityNoProblem(future + identityCheckChar(future))).toBe('身份证号码中的出生日期不正确');
  });

  it('upper-cases the x through the schema', () => {
    expect(identityNoSchema.parse(' 11010519491231002x ')).toBe('11010519491231002X');
    expect(identityNoSchema.safeParse('123').success).toBe(false);
  });
});

describe('phone pattern (SPEC §5)', () => {
  it('takes 1, a digit 3 to 9, then 9 digits', () => {
    expect(PHONE_PATTERN.test('13812345678')).toBe(true);
    expect(PHONE_PATTERN.test('19912345678')).toBe(true);
    expect(PHONE_PATTERN.test('12812345678')).toBe(false);
    expect(PHONE_PATTERN.test('1381234567')).toBe(false);
    expect(PHONE_PATTERN.test('138123456789')).toBe(false);
  });
});

describe('passwords', () => {
  it('need eight characters with letters and digits', () => {
    expect(passwordSchema.safeParse('abc12345').success).toBe(true);
    expect(passwordSchema.safeParse('abc1234').error?.issues[0]?.message).toBe('密码至少 8 位');
    expect(passwordSchema.safeParse('abcdefgh').error?.issues[0]?.message).toBe('密码需同时包含字母和数字');
  });
});
