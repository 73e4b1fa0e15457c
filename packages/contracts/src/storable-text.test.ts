import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type InputOf, type ParsedInputOf, endpoint, firstIssueMessage } from './api.js';
import { UNSTORABLE_TEXT_MESSAGE, holdsUnstorableText, isUnstorableText } from './validation.js';

describe('text the database can store', () => {
  it('refuses U+0000 and lone surrogates, and takes paired ones', () => {
    expect(isUnstorableText('a\u0000b')).toBe(true);
    expect(isUnstorableText('a\ud800')).toBe(true);
    expect(isUnstorableText('\udc00a')).toBe(true);
    expect(isUnstorableText('\udc00\ud800')).toBe(true);
    expect(isUnstorableText('中文 😀 \u0001')).toBe(false);
    expect(isUnstorableText('')).toBe(false);
  });

  it('finds unstorable text in arrays, nested objects and keys', () => {
    expect(holdsUnstorableText({ a: [1, { b: ['ok', 'x\u0000'] }] })).toBe(true);
    expect(holdsUnstorableText({ a: { 'key\ud800': 1 } })).toBe(true);
    expect(holdsUnstorableText({ a: [1, null, true, { b: ['ok', '😀'] }] })).toBe(false);
    expect(holdsUnstorableText(null)).toBe(false);
  });

  it('walks nesting deeper than the stack allows', () => {
    const deep = JSON.parse(`${'['.repeat(100_000)}"\\u0000"${']'.repeat(100_000)}`) as unknown;
    expect(holdsUnstorableText(deep)).toBe(true);
  });
});

describe('endpoint inputs', () => {
  const ep = endpoint({
    method: 'POST',
    path: '/test/:id',
    input: z.object({ id: z.coerce.number(), name: z.string({ error: '请输入名称' }).min(2, '名称至少 2 个字') }),
    output: z.null(),
  });

  it('refuse unstorable text before anything else, in fields the schema reads or ignores', () => {
    for (const input of [{ id: 1, name: 'a\u0000' }, { name: 'a\ud800' }, { id: '\u0000' }, { other: ['\u0000'] }, { 'k\u0000': 1 }]) {
      const parsed = ep.input.safeParse(input);
      expect(parsed.success).toBe(false);
      expect(parsed.error!.issues.map((issue) => issue.message)).toEqual([UNSTORABLE_TEXT_MESSAGE]);
    }
  });

  it('parse as their schema otherwise, with the same types', () => {
    const input: InputOf<typeof ep> = { id: '7', name: '名称 😀' };
    const parsed: ParsedInputOf<typeof ep> = ep.input.parse(input);
    expect(parsed).toEqual({ id: 7, name: '名称 😀' });
    expect(firstIssueMessage(ep.input.safeParse({ id: 1, name: 'a' }).error!)).toBe('名称至少 2 个字');
  });
});

describe("zod's own messages", () => {
  it('are Chinese, and a message given in a schema still wins', () => {
    const own = z.object({ a: z.string() }).safeParse({ a: [] }).error!.issues[0]!.message;
    expect(own).toMatch(/[\u4e00-\u9fa5]/);
    expect(own).not.toMatch(/Invalid|expected/);
    expect(z.string({ error: '请输入名称' }).safeParse(1).error!.issues[0]!.message).toBe('请输入名称');
  });
});
