import path from 'node:path';

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
  smtp?: SmtpConfig;
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
    webDist: env.WEB_DIST,
    seedDemo: env.SEED_DEMO !== 'false',
  };
}
