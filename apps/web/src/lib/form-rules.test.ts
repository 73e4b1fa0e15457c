import { addUserNotice, companyLogin, passwordSchema, planFields, saveOrg, savePost, saveStaff, staffFields } from '@zhaokao/contracts';
import type { RuleObject } from 'antd/es/form';
import { describe, expect, it } from 'vitest';
import { fieldRules, inputField, maxLengthOf, problemsOf, rulesOf } from './form-rules';

/** The first message the rules give for a value, or null when they accept it. */
async function messageFor(rules: ReturnType<typeof fieldRules>, value: unknown) {
  for (const rule of rules as RuleObject[]) {
    if (rule.required && (value === undefined || value === '')) return rule.message;
    try {
      await rule.validator?.(rule, value, () => undefined);
    } catch (error) {
      return (error as Error).message;
    }
  }
  return null;
}

describe('fieldRules', () => {
  it("gives the contract's own message", async () => {
    expect(await messageFor(fieldRules(staffFields.phone, '请输入手机号码'), '1234')).toBe('请输入正确的手机号码');
    expect(await messageFor(fieldRules(passwordSchema, '请输入初始密码'), 'abcdefgh')).toBe('密码需同时包含字母和数字');
    expect(await messageFor(fieldRules(planFields.writtenFullMarks), '1.234')).toBe('笔试满分须为大于 0 的数字，最多 2 位小数');
    expect(await messageFor(fieldRules(planFields.compositeWeight), '0')).toBeNull();
  });

  it('leaves an empty field to the required message when there is one', async () => {
    expect(await messageFor(fieldRules(passwordSchema, '请输入初始密码'), '')).toBe('请输入初始密码');
    expect(await messageFor(fieldRules(planFields.writtenFullMarks), null)).toBe('笔试满分须为大于 0 的数字，最多 2 位小数');
  });
});

describe('rulesOf', () => {
  it("reads a field of an endpoint's input, its message for an empty field included", async () => {
    const rules = rulesOf(saveOrg, 'name', true);
    expect(rules[0]).toMatchObject({ required: true, message: '请输入部门名称' });
    expect(await messageFor(rules, '   ')).toBe('请输入部门名称');
    expect((rulesOf(savePost, 'planId', true)[0] as { message: string }).message).toBe('请选择招录计划');
    // SPEC dialog 6: 接收人 and 发送内容 ('请输入发送内容', blank text included).
    expect((rulesOf(addUserNotice, 'acceptUserId', true)[0] as { message: string }).message).toBe('请选择接收人');
    expect(await messageFor(rulesOf(addUserNotice, 'messageContent', true), '')).toBe('请输入发送内容');
    expect(await messageFor(rulesOf(addUserNotice, 'messageContent', true), '  ')).toBe('请输入发送内容');
    expect(maxLengthOf(inputField(addUserNotice, 'messageContent'))).toBe(1000);
  });

  it('refuses a field the input does not have', () => {
    expect(() => rulesOf(saveOrg, 'nope' as never)).toThrow(/no field nope/);
  });
});

describe('problemsOf', () => {
  it("gives each field's first message", () => {
    expect(problemsOf(companyLogin, { loginAccount: ' ', password: '' })).toEqual({ loginAccount: '请输入账号', password: '请输入密码' });
    expect(problemsOf(companyLogin, { loginAccount: 'admin', password: 'x' })).toEqual({});
  });
});

describe('maxLengthOf', () => {
  it("reads a text field's longest length through its default", () => {
    expect(maxLengthOf(inputField(saveOrg, 'name'))).toBe(30);
    expect(maxLengthOf(inputField(savePost, 'salary'))).toBe(60);
    expect(maxLengthOf(inputField(saveStaff, 'email'))).toBe(100);
    expect(maxLengthOf(inputField(saveOrg, 'sort'))).toBeUndefined();
  });
});
