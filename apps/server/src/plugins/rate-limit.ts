import rateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import { lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.js';
import { tooMany } from '../shared/errors.js';
import { rateLimitWindow } from './tables.js';

/** The public calls, grouped by how often one client may make them. */
export type RateLimitGroup = 'signIn' | 'apply' | 'public';

export type RateLimits = Record<RateLimitGroup, number>;

const WINDOW_MS = 60_000;
const SWEEP_EVERY_MS = 10 * 60_000;

interface IncrResult {
  current: number;
  ttl: number;
}

/**
 * Counts requests in the database, one statement per request, so that every server process shares the counts.
 * Windows are fixed minutes; a process whose clock lags cannot restart a window that another process began.
 */
function databaseStore(db: Db, log: FastifyInstance['log']) {
  let nextSweep = Date.now() + SWEEP_EVERY_MS;

  function sweep(now: number) {
    nextSweep = now + SWEEP_EVERY_MS;
    db.delete(rateLimitWindow)
      .where(lt(rateLimitWindow.windowStart, now - SWEEP_EVERY_MS))
      .catch((error: unknown) => log.warn({ err: error }, 'rate limit sweep failed'));
  }

  class Store {
    private readonly prefix: string;

    constructor(options: { groupId?: string } | string = '') {
      this.prefix = typeof options === 'string' ? options : '';
    }

    incr(key: string, callback: (error: Error | null, result?: IncrResult) => void, timeWindow = WINDOW_MS) {
      const now = Date.now();
      const windowStart = now - (now % timeWindow);
      if (now >= nextSweep) sweep(now);
      db.insert(rateLimitWindow)
        .values({ key: `${this.prefix}${key}`, windowStart, hits: 1 })
        .onConflictDoUpdate({
          target: rateLimitWindow.key,
          set: {
            hits: sql`CASE WHEN excluded.window_start > ${rateLimitWindow.windowStart} THEN 1 ELSE ${rateLimitWindow.hits} + 1 END`,
            windowStart: sql`GREATEST(excluded.window_start, ${rateLimitWindow.windowStart})`,
          },
        })
        .returning({ hits: rateLimitWindow.hits, windowStart: rateLimitWindow.windowStart })
        .then(([row]) => callback(null, { current: row!.hits, ttl: Math.max(0, row!.windowStart + timeWindow - now) }))
        .catch((error: Error) => callback(error));
    }

    /** Typed as route options, but the plugin passes the route's merged rate-limit settings. */
    child(settings: object) {
      return new Store(`${(settings as { groupId?: string }).groupId ?? ''}|`);
    }
  }
  return Store;
}

export async function registerRateLimit(app: FastifyInstance, db: Db) {
  await app.register(rateLimit, {
    global: false,
    store: databaseStore(db, app.log),
    timeWindow: WINDOW_MS,
    errorResponseBuilder: (_request, context) =>
      tooMany(`操作过于频繁，请 ${Math.max(1, Math.ceil(context.ttl / 1000))} 秒后再试`),
  });
}

/** Route options for a call of `group`: at most `limits[group]` requests per client address per minute. */
export function rateLimitFor(group: RateLimitGroup, limits: RateLimits): { rateLimit: RateLimitOptions } {
  return { rateLimit: { max: limits[group], timeWindow: WINDOW_MS, groupId: group } };
}
