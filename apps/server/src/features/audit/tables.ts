import type { AuditActorKind, AuditKind } from '@zhaokao/contracts';
import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * 操作日志: one row per staff or operator write, export and unmasked view, written in the call's own transaction.
 * Append-only: triggers refuse UPDATE, DELETE and TRUNCATE. No foreign keys, so it outlives what it names.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** The staff member's company (the one they were acting in); null for the operator's acts. */
    companyId: integer('company_id'),
    actorKind: text('actor_kind').$type<AuditActorKind>().notNull(),
    actorId: integer('actor_id').notNull(),
    actorName: text('actor_name').notNull(),
    address: text('address').notNull(),
    kind: text('kind').$type<AuditKind>().notNull(),
    call: text('call').notNull(),
    requestId: text('request_id').notNull(),
    target: jsonb('target').$type<Record<string, unknown>>().notNull(),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
  },
  (t) => [
    index('audit_log_company_at').on(t.companyId, t.at),
    index('audit_log_actor_at').on(t.actorKind, t.actorId, t.at),
    index('audit_log_request').on(t.requestId),
  ],
);
