import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import * as contracts from './index.js';
import { AUDIT_CALL_NAMES, type Endpoint, auditCallName, auditChangeText, auditTargetText, isWriteCall } from './index.js';

/** Every endpoint the contracts export, so that a new one is checked without anyone adding it here. */
const isEndpoint = (value: unknown): value is Endpoint =>
  typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'input' in value;
const endpoints = Object.entries(contracts as Record<string, unknown>).flatMap(([name, value]) => (isEndpoint(value) ? [[name, value] as const] : []));

/** A call answering a file (an export, a PDF, a PNG): a GET whose output the contract leaves open. */
const isFileCall = (ep: Endpoint) => ep.method === 'GET' && ep.output instanceof z.ZodUnknown;
/** The calls a 操作日志 row can record: each write, each file taken away, each view of unmasked data. */
const audited = endpoints.filter(([, ep]) => isWriteCall(ep) || ep.auditsView || isFileCall(ep));

describe('the 操作日志’s names of the calls', () => {
  it('has calls to name', () => {
    expect(audited.length).toBeGreaterThan(100);
    expect(audited.some(([, ep]) => ep.auditsView)).toBe(true);
  });

  it.each(audited)('%s has a Chinese name', (_name, ep) => {
    expect(AUDIT_CALL_NAMES[ep.path] ?? '', `${ep.method} ${ep.path}`).toMatch(/\p{Script=Han}/u);
  });

  it('names no call that does not exist', () => {
    const paths = new Set(endpoints.map(([, ep]) => ep.path));
    expect(Object.keys(AUDIT_CALL_NAMES).filter((path) => !paths.has(path))).toEqual([]);
  });

  it('answers a row’s call by its name, and an unknown call as it is', () => {
    expect(auditCallName('POST /recruitment/gate/decide')).toBe('录用环节：办理');
    expect(auditCallName('/recruitment/gate/decide')).toBe('录用环节：办理');
    expect(auditCallName('POST /no/such/call')).toBe('POST /no/such/call');
  });
});

describe('a 操作日志 row on one line', () => {
  it('names its target ids', () => {
    expect(auditTargetText({ id: 5, planId: 3 })).toBe('id 5，planId 3');
    expect(auditTargetText({ ids: [1, 2, 3] })).toBe('ids 1、2、3');
    expect(auditTargetText({})).toBe('—');
  });

  it('shows what the call found and asked for, before → after, without repeating the target', () => {
    const row = { target: { id: 7 }, before: { status: 'draft', name: '旧名称' }, after: { id: 7, name: '新名称', sort: 2 } };
    expect(auditChangeText(row)).toBe('status：draft（之前）；name：旧名称 → 新名称；sort：2');
    expect(auditChangeText({ target: { id: 7 }, before: null, after: { id: 7 } })).toBe('—');
    expect(auditChangeText({ target: {}, before: null, after: { note: 'x'.repeat(100), list: [{ a: 1 }] } })).toBe(
      `note：${'x'.repeat(60)}…；list：[{"a":1}]`,
    );
  });
});
