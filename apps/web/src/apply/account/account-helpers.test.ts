import { candidateCodeWaitMessage, registerCandidate } from '@zhaokao/contracts';
import { describe, expect, it } from 'vitest';
import { codeWaitSeconds, fieldErrorsOf, safeNextPath } from './form-helpers';

describe('account form helpers', () => {
  it('keeps the first message of each field, list entries by their path', () => {
    const parsed = registerCandidate.input.safeParse({ phone: '123', code: '12', password: 'abc' });
    expect(parsed.success).toBe(false);
    const errors = fieldErrorsOf(parsed.error!.issues);
    expect(errors.phone).toBe('请输入正确的手机号码');
    expect(errors.code).toBe('请输入 6 位数字验证码');
    expect(errors.password).toBe('密码至少 8 位');
    expect(fieldErrorsOf([{ path: ['educationList', 0, 'schoolName'], message: '请输入学校名称' }])).toEqual({
      'educationList.0.schoolName': '请输入学校名称',
    });
  });

  it('follows `next` only within the candidate site', () => {
    expect(safeNextPath('/apply/me/resume', '/apply/me')).toBe('/apply/me/resume');
    expect(safeNextPath('/apply/companies/1/plans/2?x=1', '/apply/me')).toBe('/apply/companies/1/plans/2?x=1');
    for (const bad of [null, '', 'https://evil.example', '//evil.example', '/apply//evil', '/apply/\\evil', '/admin', '/applyx']) {
      expect(safeNextPath(bad, '/apply/me'), String(bad)).toBe('/apply/me');
    }
  });

  it('reads the wait of a refused code', () => {
    expect(codeWaitSeconds(candidateCodeWaitMessage(42))).toBe(42);
    expect(codeWaitSeconds('手机号码不正确')).toBeNull();
  });
});
