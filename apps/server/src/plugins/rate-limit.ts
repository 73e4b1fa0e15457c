import rateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import { lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.js';
import { tooMany } from '../shared/errors.js';
import { rateLimitWindow } from './tables.js';

/** The public calls, grouped by how often one client may make them. */
export type RateLimitGroup = 'signIn' | 'apply' | 'public';

/**
 * Requests per minute: per client address for each group, and `applyPerPerson` for the apply calls per identity
 * number and per phone number, whatever address they come from (a campus network shares one address).
 */
export type RateLimits = Record<RateLimitGroup, number> & { applyPerPerson: number };

const WINDOW_MS = 60_000;
const SWEEP_EVERY_MS = 10 * 60_000;

interface IncrResult {
  current: number;
  ttl: number;
}

export interface Taken {
  allowed: boolean;
  /** Requests still allowed at this moment. */
  remaining: number;
  /** Milliseconds until the next request is allowed (refused), or until the allowance is whole again (allowed). */
  waitMs: number;
}

/**
 * Takes one request from `key`'s allowance of `max` per `windowMs`, in one statement, so that every server process
 * shares the counts. A token bucket kept as one number (GCRA): the row's `tat` is the moment the allowance is whole
 * again; each request let through moves it on by windowMs / max, and a request is refused while it lies more than
 * windowMs − windowMs / max ahead. There are no fixed windows: a burst gets at most `max` through, at a minute's
 * boundary as anywhere else (fixed windows let 2 × max through across one), and after it the allowance comes back
 * one request every windowMs / max.
 */
export async function takeFromAllowance(db: Db, key: string, max: number, windowMs: number, nowMs: number): Promise<Taken> {
  const now = Math.round(nowMs * 1000);
  const step = Math.max(1, Math.round((windowMs * 1000) / Math.max(1, max)));
  const tolerance = windowMs * 1000 - step;
  const start = sql`GREATEST(${rateLimitWindow.tat}, ${now})`;
  const refused = sql`${start} - ${now} > ${tolerance}`;
  const [row] = await db
    .insert(rateLimitWindow)
    .values({ key, tat: now + step, remaining: Math.floor(tolerance / step) })
    .onConflictDoUpdate({
      target: rateLimitWindow.key,
      set: {
        tat: sql`CASE WHEN ${refused} THEN ${rateLimitWindow.tat} ELSE ${start} + ${step} END`,
        remaining: sql`CASE WHEN ${refused} THEN -1 ELSE floor((${tolerance} - (${start} - ${now}))::float8 / ${step})::integer END`,
      },
    })
    .returning({ tat: rateLimitWindow.tat, remaining: rateLimitWindow.remaining });
  const allowed = row!.remaining >= 0;
  const waitUs = allowed ? row!.tat - now : row!.tat - now - tolerance;
  return { allowed, remaining: Math.max(0, row!.remaining), waitMs: Math.max(0, Math.ceil(waitUs / 1000)) };
}

/** The store of @fastify/rate-limit over `takeFromAllowance`: a refused request counts as one past `max`. */
function databaseStore(db: Db, log: FastifyInstance['log']) {
  let nextSweep = Date.now() + SWEEP_EVERY_MS;

  /** Rows whose allowance has been whole for a while say nothing a missing row would not. */
  function sweep(now: number) {
    nextSweep = now + SWEEP_EVERY_MS;
    db.delete(rateLimitWindow)
      .where(lt(rateLimitWindow.tat, (now - SWEEP_EVERY_MS) * 1000))
      .catch((error: unknown) => log.warn({ err: error }, 'rate limit sweep failed'));
  }

  class Store {
    private readonly prefix: string;

    constructor(options: { groupId?: string } | string = '') {
      this.prefix = typeof options === 'string' ? options : '';
    }

    incr(key: string, callback: (error: Error | null, result?: IncrResult) => void, timeWindow = WINDOW_MS, max = 1) {
      const now = Date.now();
      if (now >= nextSweep) sweep(now);
      takeFromAllowance(db, `${this.prefix}${key}`, max, timeWindow, now)
        .then((taken) => callback(null, { current: taken.allowed ? max - taken.remaining : max + 1, ttl: taken.waitMs }))
        .catch((error: Error) => callback(error));
    }

    /** Typed as route options, but the plugin passes the route's merged rate-limit settings. */
    child(settings: object) {
      return new Store(`${(settings as { groupId?: string }).groupId ?? ''}|`);
    }
  }
  return Store;
}

/** "请 N 秒后再试": the words of every refusal by a rate limit. */
export const tooManyAfter = (waitMs: number) => tooMany(`操作过于频繁，请 ${Math.max(1, Math.ceil(waitMs / 1000))} 秒后再试`);

/**
 * The apply calls' second limit: per identity number and per phone number of the person the input names
 * (`talentInfo` of apply/resubmit, or the candidate's proof of the fee calls), from any address.
 */
export async function checkPersonLimit(db: Db, limits: RateLimits, input: unknown) {
  const fields = input as { identityNo?: unknown; phone?: unknown; talentInfo?: { identityNo?: unknown; phone?: unknown } };
  const person = fields.talentInfo ?? fields;
  for (const [kind, value] of [['id', person.identityNo], ['phone', person.phone]] as const) {
    if (typeof value !== 'string' || value === '') continue;
    const taken = await takeFromAllowance(db, `applyPerson|${kind}:${value.toUpperCase()}`, limits.applyPerPerson, WINDOW_MS, Date.now());
    if (!taken.allowed) throw tooManyAfter(taken.waitMs);
  }
}

export async function registerRateLimit(app: FastifyInstance, db: Db) {
  await app.register(rateLimit, {
    global: false,
    store: databaseStore(db, app.log),
    timeWindow: WINDOW_MS,
    errorResponseBuilder: (_request, context) => tooManyAfter(context.ttl),
  });
}

/** Route options for a call of `group`: at most `limits[group]` requests per client address per minute. */
export function rateLimitFor(group: RateLimitGroup, limits: RateLimits): { rateLimit: RateLimitOptions } {
  return { rateLimit: { max: limits[group], timeWindow: WINDOW_MS, groupId: group } };
}
