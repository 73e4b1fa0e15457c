import path from 'node:path';
import type { RateLimits } from '../plugins/rate-limit.js';

export interface SmtpConfig {
  host: string;
  port: number;
  secure: boolean;
  user?: string;
  pass?: string;
  from: string;
}

export interface Config {
  port: number;
  host: string;
  /** PostgreSQL when set; PGlite in `${dataDir}/db` otherwise. */
  databaseUrl?: string;
  databasePoolSize: number;
  dataDir: string;
  logLevel: string;
  sessionTtlHours: number;
  /** How long a checked session is kept in memory (0: read on every call). */
  sessionCacheSeconds: number;
  /**
   * Fastify's `trustProxy`: whether X-Forwarded-Proto/-Host/-For of a reverse proxy are believed (the session
   * cookie is Secure only for HTTPS, the origin check compares hosts). Off unless TRUST_PROXY is set.
   */
  trustProxy: boolean | string;
  smtp?: SmtpConfig;
  /** Requests per client address per minute, by group of public calls. */
  rateLimits: RateLimits;
  webDist?: string;
  seedDemo: boolean;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = path.resolve(env.DATA_DIR ?? 'data');
  return {
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    databasePoolSize: Number(env.DATABASE_POOL_SIZE ?? 20),
    dataDir,
    logLevel: env.LOG_LEVEL ?? 'info',
    sessionTtlHours: Number(env.SESSION_TTL_HOURS ?? 24),
    sessionCacheSeconds: Number(env.SESSION_CACHE_SECONDS ?? 5),
    trustProxy: trustProxyOf(env.TRUST_PROXY),
    smtp: env.SMTP_HOST
      ? {
          host: env.SMTP_HOST,
          port: Number(env.SMTP_PORT ?? 465),
          secure: (env.SMTP_SECURE ?? (env.SMTP_PORT === '465' || !env.SMTP_PORT ? 'true' : 'false')) === 'true',
          user: env.SMTP_USER,
          pass: env.SMTP_PASS,
          from: env.SMTP_FROM ?? env.SMTP_USER ?? 'no-reply@zhaokao.local',
        }
      : undefined,
    rateLimits: {
      signIn: Number(env.RATE_LIMIT_SIGN_IN ?? 20),
      apply: Number(env.RATE_LIMIT_APPLY ?? 30),
      public: Number(env.RATE_LIMIT_PUBLIC ?? 600),
    },
    webDist: env.WEB_DIST,
    seedDemo: env.SEED_DEMO !== 'false',
  };
}

/** `true` (any proxy) or the proxies' addresses (`127.0.0.1,10.0.0.0/8`); unset or `false`: none. */
function trustProxyOf(value: string | undefined): boolean | string {
  if (!value || value === 'false') return false;
  return value === 'true' ? true : value;
}
