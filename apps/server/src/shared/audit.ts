import type { AuditKind, Endpoint } from '@zhaokao/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client.js';
import { maskIdentityNo, maskPhone } from './masks.js';
import type { Session } from './session.js';

/** Who made a call the 操作日志 records: a staff member in their company, or a platform operator. */
export type AuditActor =
  | { kind: 'staff'; userId: number; companyId: number }
  | { kind: 'operator'; operatorId: number; name: string };

/** A platform operator as the 操作日志 names them. */
export const operatorActor = (operator: { operatorId: number; loginAccount: string; name: string }): AuditActor => ({
  kind: 'operator',
  operatorId: operator.operatorId,
  name: `${operator.loginAccount}（${operator.name}）`,
});

/** The actor of a call: its staff session, or the operator a route's guard found (a candidate's calls are not recorded). */
export function auditActorOf(session: Session | undefined, guarded: unknown): AuditActor | undefined {
  if (session) return { kind: 'staff', userId: session.userId, companyId: session.companyId };
  if (guarded && typeof guarded === 'object' && 'operatorId' in guarded) return operatorActor(guarded as Parameters<typeof operatorActor>[0]);
  return undefined;
}

const SECRET_KEY = /password|pwd|captcha|secret|token|verifyCode|smsCode/i;
/** `code` is a sign-in or SMS code when it is digits (a function's code, `company_qr`, is not). */
const isSecret = (key: string, value: unknown) => SECRET_KEY.test(key) || (key === 'code' && typeof value === 'string' && /^\d+$/.test(value));
const IDENTITY_KEY = /identity(No|Number|Card)?$|idCard|idNumber/i;
const PHONE_KEY = /phone|mobile|tel$/i;
/** Whatever the field is called (a search keyword, a remark): an identity number or a mobile number is masked. */
const IDENTITY_NUMBER = /^\d{17}[\dXx]$|^\d{15}$/;
const MOBILE_NUMBER = /^1\d{10}$/;
const MAX_TEXT = 200;
const MAX_ITEMS = 20;
const MAX_DEPTH = 4;

/** A value as the log keeps it: no secrets, identity and phone numbers masked, long texts and lists cut short. */
function summaryOf(value: unknown, key = '', depth = 0): unknown {
  if (isSecret(key, value)) return '（已隐去）';
  if (typeof value === 'string') {
    if (IDENTITY_KEY.test(key) || IDENTITY_NUMBER.test(value.trim())) return maskIdentityNo(value.trim());
    if (PHONE_KEY.test(key) || MOBILE_NUMBER.test(value.trim())) return maskPhone(value.trim());
    return value.length > MAX_TEXT ? `${value.slice(0, MAX_TEXT)}…（共 ${value.length} 字）` : value;
  }
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) return '…';
  if (Array.isArray(value)) {
    const items = value.slice(0, MAX_ITEMS).map((item) => summaryOf(item, key, depth + 1));
    return value.length > MAX_ITEMS ? [...items, `…（共 ${value.length} 项）`] : items;
  }
  if (value instanceof Date) return value.toISOString();
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, summaryOf(v, k, depth + 1)]));
}

const TARGET_KEY = /^(id|ids|[a-z][A-Za-z]*Ids?)$/;

/** The ids the call named (`id`, `ids`, `…Id`, `…Ids` of its input), every one of them: an auditor looks rows up by them. */
function targetOf(input: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(input).filter(([k, v]) => TARGET_KEY.test(k) && v !== undefined && v !== null));
}

export interface AuditEntry {
  actor: AuditActor;
  kind: AuditKind;
  ep: Pick<Endpoint, 'method' | 'path'>;
  input: unknown;
  request: FastifyRequest;
  before?: Record<string, unknown>;
}

/** Appends one row to the 操作日志, in the caller's transaction when `db` is one. */
export async function recordAudit(db: Db, { actor, kind, ep, input, request, before }: AuditEntry) {
  const fields = (input && typeof input === 'object' ? input : {}) as Record<string, unknown>;
  const target = JSON.stringify(targetOf(fields));
  const after = JSON.stringify(summaryOf(fields));
  const beforeJson = before ? JSON.stringify(summaryOf(before)) : null;
  const call = `${ep.method} ${ep.path}`;
  if (actor.kind === 'staff') {
    await db.execute(sql`
      insert into audit_log (company_id, actor_kind, actor_id, actor_name, address, kind, call, request_id, target, before, after)
      select ${actor.companyId}, 'staff', u.id, u.login_account || '（' || u.name || '）', ${request.ip}, ${kind}, ${call}, ${request.id},
             ${target}::jsonb, ${beforeJson}::jsonb, ${after}::jsonb
        from staff_user u where u.id = ${actor.userId}`);
    return;
  }
  await db.execute(sql`
    insert into audit_log (company_id, actor_kind, actor_id, actor_name, address, kind, call, request_id, target, before, after)
    values (null, 'operator', ${actor.operatorId}, ${actor.name}, ${request.ip}, ${kind}, ${call}, ${request.id},
            ${target}::jsonb, ${beforeJson}::jsonb, ${after}::jsonb)`);
}
