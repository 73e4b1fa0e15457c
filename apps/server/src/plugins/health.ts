import { ResultCode } from '@zhaokao/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, LogLevel } from 'fastify';

export const HEALTH_PATH = '/api/health';
export const READY_PATH = '/api/ready';

/** How long a readiness check may take before its part counts as down. */
const CHECK_TIMEOUT_MS = 5000;
const SERVICE_UNAVAILABLE = 503;

type PartState = 'up' | 'down';

/**
 * Liveness (`/api/health`: the process answers) and readiness (`/api/ready`: the database and the file store answer
 * too, so a load balancer may send it requests). A part that fails is named in the answer; why it failed goes to the
 * log only, as both are public. Probes come every few seconds: their requests are logged only when something is wrong.
 */
export function registerHealthChecks(app: FastifyInstance) {
  const logLevel = quietLogLevel(app);
  app.get(HEALTH_PATH, { logLevel }, async () => ({ code: ResultCode.OK, msg: 'ok', data: { status: 'up' } }));

  app.get(READY_PATH, { logLevel }, async (request, reply) => {
    const check = async (part: string, run: () => Promise<unknown>): Promise<PartState> => {
      try {
        await withTimeout(run(), CHECK_TIMEOUT_MS);
        return 'up';
      } catch (error) {
        request.log.error({ err: error, part }, 'readiness check failed');
        return 'down';
      }
    };
    const [database, storage] = await Promise.all([
      check('database', () => app.deps.rootDb.execute(sql`select 1`)),
      check('storage', () => app.deps.storage.check()),
    ]);
    const data = { database, storage };
    if (database === 'up' && storage === 'up') return { code: ResultCode.OK, msg: 'ok', data };
    const down = [database === 'down' && '数据库', storage === 'down' && '文件存储'].filter(Boolean).join('、');
    return reply.status(SERVICE_UNAVAILABLE).send({ code: SERVICE_UNAVAILABLE, msg: `服务未就绪：${down}不可用`, data });
  });
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'];

/** For routes polled every few seconds (probes, metrics): warnings and worse, or less when LOG_LEVEL asks for less. */
export function quietLogLevel(app: FastifyInstance): LogLevel {
  return LOG_LEVELS.indexOf(app.log.level) > LOG_LEVELS.indexOf('warn') ? (app.log.level as LogLevel) : 'warn';
}
