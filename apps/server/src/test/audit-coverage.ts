import { appendFileSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { threadId } from 'node:worker_threads';
import * as contracts from '@zhaokao/contracts';
import { type Endpoint, isWriteCall } from '@zhaokao/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import type { Db } from '../db/client.js';
import { rowsOf } from '../shared/sql.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the test apps note each staff write call that left its 操作日志 row (see `checkAuditCoverage`). */
    auditCoverageDir: string;
  }
}

const callName = (ep: Pick<Endpoint, 'method' | 'path'>) => `${ep.method} ${ep.path}`;

/** Notes that a call of `ep` succeeded and left its one 操作日志 row (in a test worker; not while templates are made). */
function noteAuditedCall(ep: Endpoint) {
  let dir: string | undefined;
  try {
    dir = inject('auditCoverageDir');
  } catch {
    return;
  }
  if (dir) appendFileSync(path.join(dir, `${process.pid}-${threadId}.txt`), `${callName(ep)}\n`);
}

const staffWrites = () =>
  new Map(
    (Object.values(contracts) as unknown[])
      .filter((value): value is Endpoint => typeof value === 'object' && value !== null && 'path' in value && 'method' in value && 'input' in value)
      .filter((ep) => ep.auth && isWriteCall(ep))
      .map((ep) => [`${ep.method} /api${ep.path}`, ep]),
  );

/**
 * Watches every answer of a test app, whichever helper made the call: a staff write that succeeded must have left
 * exactly one 操作日志 row of its own, a refused one none. `auditViolationsOf` lists the calls that did otherwise.
 */
export function watchAuditRows(app: FastifyInstance, db: Db) {
  const writes = staffWrites();
  const violations: string[] = [];
  violationsOf.set(app, violations);
  app.addHook('onSend', async (request, _reply, payload) => {
    const ep = writes.get(`${request.method} ${request.routeOptions.url}`);
    if (!ep || typeof payload !== 'string') return payload;
    const code = (JSON.parse(payload) as { code?: number }).code;
    const [row] = await rowsOf<{ logged: number }>(db, sql`select count(*)::int as logged from audit_log where request_id = ${request.id}`);
    const expected = code === 200 ? 1 : 0;
    if (row?.logged !== expected) violations.push(`${callName(ep)} answered ${code} and left ${row?.logged} 操作日志 rows, not ${expected}`);
    else if (code === 200) noteAuditedCall(ep);
    return payload;
  });
}

const violationsOf = new WeakMap<FastifyInstance, string[]>();

/** The calls of `app` that broke the 操作日志 rule so far (see `watchAuditRows`). */
export const auditViolationsOf = (app: FastifyInstance) => violationsOf.get(app) ?? [];

/** Every staff write of the contracts: what the whole suite must have called successfully at least once. */
const staffWriteCalls = () => [...staffWrites().values()].map(callName);

/**
 * After a whole run (`npm test`: AUDIT_COVERAGE_CHECK=1): fails naming the staff write calls that no test made successfully
 * through a test app — `watchAuditRows` checks each call's 操作日志 row, so a call missing here was never checked.
 */
export function checkAuditCoverage(dir: string) {
  const called = new Set(readdirSync(dir).flatMap((file) => readFileSync(path.join(dir, file), 'utf8').split('\n')));
  const missing = staffWriteCalls().filter((name) => !called.has(name));
  if (missing.length > 0) throw new Error(`操作日志: no test made these write calls successfully, so their rows were never checked:\n${missing.join('\n')}`);
  console.log(`操作日志: each of the ${staffWriteCalls().length} staff write calls of the contracts was made by a test and left its row`);
}
