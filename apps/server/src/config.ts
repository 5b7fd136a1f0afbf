import path from 'node:path';
import { z } from 'zod';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

const Env = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** Unset: embedded PGlite in DATA_DIR/db. Set: a PostgreSQL server. */
  DATABASE_URL: z.string().optional(),
  DATABASE_READ_URL: z.string().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).default(20),
  DATA_DIR: z.string().default('./data'),
  /** Ed25519 private key as PKCS#8 PEM; generated and kept in DATA_DIR when unset. */
  TOKEN_PRIVATE_KEY: z.string().optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).default(900),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).default(30),
  PUBLIC_URL: z.string().default('http://localhost:3000'),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Kelola <no-reply@kelola.id>'),
  STORAGE_DIR: z.string().optional(),
  /** Demo workspace; defaults to on in the embedded mode and is never seeded on a PostgreSQL server. */
  DEMO: bool.optional(),
  /** Expose the message outbox at /api/dev/outbox; defaults to on in the embedded mode. */
  DEV_OUTBOX: bool.optional(),
  JOBS: bool.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  RATE_LIMIT_LOGIN_PER_ACCOUNT: z.coerce.number().int().min(1).default(5),
  RATE_LIMIT_LOGIN_PER_IP: z.coerce.number().int().min(1).default(30),
  RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  databaseUrl: string | undefined;
  databaseReadUrl: string | undefined;
  databasePoolSize: number;
  embedded: boolean;
  dataDir: string;
  tokenPrivateKey: string | undefined;
  accessTokenTtlSeconds: number;
  refreshTokenTtlDays: number;
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  storageDir: string;
  demo: boolean;
  devOutbox: boolean;
  jobs: boolean;
  logLevel: string;
  webDist: string | undefined;
  rateLimit: { loginPerAccount: number; loginPerIp: number; windowSeconds: number };
};

/** The only reader of process.env. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const env = Env.parse(source);
  const embedded = !env.DATABASE_URL;
  const dataDir = path.resolve(env.DATA_DIR);
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    databaseUrl: env.DATABASE_URL,
    databaseReadUrl: env.DATABASE_READ_URL,
    databasePoolSize: env.DATABASE_POOL_SIZE,
    embedded,
    dataDir,
    tokenPrivateKey: env.TOKEN_PRIVATE_KEY,
    accessTokenTtlSeconds: env.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlDays: env.REFRESH_TOKEN_TTL_DAYS,
    publicUrl: env.PUBLIC_URL,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    storageDir: path.resolve(env.STORAGE_DIR ?? path.join(dataDir, 'files')),
    demo: env.DEMO ?? embedded,
    devOutbox: env.DEV_OUTBOX ?? embedded,
    jobs: env.JOBS,
    logLevel: env.LOG_LEVEL,
    webDist: env.WEB_DIST,
    rateLimit: {
      loginPerAccount: env.RATE_LIMIT_LOGIN_PER_ACCOUNT,
      loginPerIp: env.RATE_LIMIT_LOGIN_PER_IP,
      windowSeconds: env.RATE_LIMIT_WINDOW_SECONDS,
    },
  };
}
