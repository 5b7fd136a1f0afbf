import path from 'node:path';
import { SANDBOX_CREDENTIALS, sandboxBaseUrls } from '@kelola/marketplace-sandbox';
import { z } from 'zod';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

const Env = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** Unset: embedded PGlite in DATA_DIR/db. Set: a PostgreSQL server. */
  DATABASE_URL: z.string().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).default(20),
  /** How long a process trusts a member's resolved access (ADR 0037); at most 1000, 0 turns the cache off. */
  ACCESS_CACHE_TTL_MS: z.coerce.number().int().min(0).max(1000).default(500),
  /** Orders per page of an order export (ADR 0044, 0046); unset: 50,000 on PostgreSQL (COPY pages), 5,000 on PGlite. */
  ORDER_EXPORT_PAGE_SIZE: z.coerce.number().int().min(10).max(50_000).optional(),
  DATA_DIR: z.string().default('./data'),
  /** Ed25519 private key as PKCS#8 PEM; generated and kept in DATA_DIR in the embedded mode, required with DATABASE_URL. */
  TOKEN_PRIVATE_KEY: z.string().optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).default(900),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).default(30),
  PUBLIC_URL: z.string().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Kelola <no-reply@kelola.id>'),
  STORAGE_DIR: z.string().optional(),
  /** Demo workspace; defaults to on in the embedded mode and is never seeded on a PostgreSQL server. */
  DEMO: bool.optional(),
  /**
   * The demo workspace's sandbox shops: connected on start when the sandbox is there (embedded or
   * MARKETPLACE_SANDBOX_URL) and never in production; a new sandbox order every this many seconds (0: none).
   */
  DEMO_SHOPS: bool.default(true),
  DEMO_ORDER_EVERY_SECONDS: z.coerce.number().int().min(0).default(20),
  /** Expose the message outbox at /api/dev/outbox; defaults to on in the embedded mode. */
  DEV_OUTBOX: bool.optional(),
  JOBS: bool.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  RATE_LIMIT_LOGIN_PER_ACCOUNT: z.coerce.number().int().min(1).default(5),
  RATE_LIMIT_LOGIN_PER_IP: z.coerce.number().int().min(1).default(30),
  RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
  /**
   * Which peers may set X-Forwarded-For/-Proto: unset or 'false' trusts none (the client address is the socket's),
   * 'true' trusts any peer, a number trusts that many proxy hops, else a comma-separated list of addresses or CIDRs.
   */
  TRUST_PROXY: z.string().trim().default('false'),
  /**
   * Marketplaces. A marketplace whose base URL is unset talks to the marketplace sandbox with the sandbox's keys:
   * the one at MARKETPLACE_SANDBOX_URL, or the one embedded on SANDBOX_PORT in the embedded mode. With a database
   * server and no MARKETPLACE_SANDBOX_URL it is not configured (CHANNEL_NOT_CONFIGURED when used).
   */
  SANDBOX_PORT: z.coerce.number().int().min(0).max(65535).default(4010),
  MARKETPLACE_SANDBOX_URL: z.url().optional(),
  SHOPEE_BASE_URL: z.url().optional(),
  SHOPEE_PARTNER_ID: z.coerce.number().int().positive().optional(),
  SHOPEE_PARTNER_KEY: z.string().min(1).optional(),
  TIKTOK_API_BASE_URL: z.url().optional(),
  TIKTOK_AUTH_BASE_URL: z.url().default('https://auth.tiktok-shops.com'),
  TIKTOK_AUTHORIZE_URL: z.url().default('https://services.tiktokshop.com/open/authorize'),
  TIKTOK_APP_KEY: z.string().min(1).optional(),
  TIKTOK_APP_SECRET: z.string().min(1).optional(),
  TIKTOK_SERVICE_ID: z.string().min(1).optional(),
  LAZADA_API_BASE_URL: z.url().optional(),
  LAZADA_AUTH_BASE_URL: z.url().default('https://auth.lazada.com/rest'),
  LAZADA_AUTHORIZE_URL: z.url().default('https://auth.lazada.com/oauth/authorize'),
  LAZADA_APP_KEY: z.string().min(1).optional(),
  LAZADA_APP_SECRET: z.string().min(1).optional(),
  BLIBLI_BASE_URL: z.url().optional(),
  BLIBLI_CLIENT_ID: z.string().min(1).optional(),
  BLIBLI_CLIENT_KEY: z.string().min(1).optional(),
  BLIBLI_CHANNEL_ID: z.string().min(1).default('Kelola'),
  /** The webhook token set in Blibli Seller Center; pushes without it are refused. */
  BLIBLI_WEBHOOK_TOKEN: z.string().min(1).optional(),
  ZALORA_BASE_URL: z.url().optional(),
});

type Env = z.infer<typeof Env>;

/**
 * Where each marketplace lives and the partner keys Kelola signs with; `sandbox` marks the sandbox defaults; null: not
 * configured (no base URL, and no sandbox because a database server runs without MARKETPLACE_SANDBOX_URL).
 */
export type MarketplacesConfig = {
  /** The sandbox origin unconfigured marketplaces use (null: none), and whether this process starts it (embedded mode). */
  sandbox: { origin: string; port: number; embed: boolean } | null;
  shopee: { baseUrl: string; partnerId: number; partnerKey: string; sandbox: boolean } | null;
  tiktok: {
    apiBaseUrl: string;
    authBaseUrl: string;
    authorizeUrl: string;
    appKey: string;
    appSecret: string;
    serviceId: string;
    sandbox: boolean;
  } | null;
  lazada: { apiBaseUrl: string; authBaseUrl: string; authorizeUrl: string; appKey: string; appSecret: string; sandbox: boolean } | null;
  blibli: { baseUrl: string; clientId: string; clientKey: string; channelId: string; webhookToken?: string; sandbox: boolean } | null;
  zalora: { baseUrl: string; sandbox: boolean } | null;
};

/** A real marketplace needs its keys with its base URL; half a configuration is a start-up error, not a 401 later. */
function required<T>(value: T | undefined, name: string, because: string): T {
  if (value === undefined) throw new Error(`${name} is required when ${because} is set`);
  return value;
}

function marketplacesFrom(env: Env, embedded: boolean): MarketplacesConfig {
  // The sandbox stands in for unconfigured marketplaces only where someone asked for it: the embedded mode, or a
  // MARKETPLACE_SANDBOX_URL. A production server never points a marketplace at 127.0.0.1 behind the operator's back.
  const sandboxOrigin = env.MARKETPLACE_SANDBOX_URL ?? (embedded ? `http://127.0.0.1:${env.SANDBOX_PORT}` : null);
  const origin = sandboxOrigin?.replace(/\/$/u, '') ?? null;
  const urls = origin ? sandboxBaseUrls(origin) : null;
  const anyReal = Boolean(
    env.SHOPEE_BASE_URL || env.TIKTOK_API_BASE_URL || env.LAZADA_API_BASE_URL || env.BLIBLI_BASE_URL || env.ZALORA_BASE_URL,
  );
  return {
    sandbox: origin ? { origin, port: env.SANDBOX_PORT, embed: embedded && !anyReal && !env.MARKETPLACE_SANDBOX_URL } : null,
    shopee: env.SHOPEE_BASE_URL
      ? {
          baseUrl: env.SHOPEE_BASE_URL,
          partnerId: required(env.SHOPEE_PARTNER_ID, 'SHOPEE_PARTNER_ID', 'SHOPEE_BASE_URL'),
          partnerKey: required(env.SHOPEE_PARTNER_KEY, 'SHOPEE_PARTNER_KEY', 'SHOPEE_BASE_URL'),
          sandbox: false,
        }
      : urls && { ...urls.shopee, ...SANDBOX_CREDENTIALS.shopee, sandbox: true },
    tiktok: env.TIKTOK_API_BASE_URL
      ? {
          apiBaseUrl: env.TIKTOK_API_BASE_URL,
          authBaseUrl: env.TIKTOK_AUTH_BASE_URL,
          authorizeUrl: env.TIKTOK_AUTHORIZE_URL,
          appKey: required(env.TIKTOK_APP_KEY, 'TIKTOK_APP_KEY', 'TIKTOK_API_BASE_URL'),
          appSecret: required(env.TIKTOK_APP_SECRET, 'TIKTOK_APP_SECRET', 'TIKTOK_API_BASE_URL'),
          serviceId: required(env.TIKTOK_SERVICE_ID, 'TIKTOK_SERVICE_ID', 'TIKTOK_API_BASE_URL'),
          sandbox: false,
        }
      : urls && { ...urls.tiktok, ...SANDBOX_CREDENTIALS.tiktok, sandbox: true },
    lazada: env.LAZADA_API_BASE_URL
      ? {
          apiBaseUrl: env.LAZADA_API_BASE_URL,
          authBaseUrl: env.LAZADA_AUTH_BASE_URL,
          authorizeUrl: env.LAZADA_AUTHORIZE_URL,
          appKey: required(env.LAZADA_APP_KEY, 'LAZADA_APP_KEY', 'LAZADA_API_BASE_URL'),
          appSecret: required(env.LAZADA_APP_SECRET, 'LAZADA_APP_SECRET', 'LAZADA_API_BASE_URL'),
          sandbox: false,
        }
      : urls && { ...urls.lazada, ...SANDBOX_CREDENTIALS.lazada, sandbox: true },
    blibli: env.BLIBLI_BASE_URL
      ? {
          baseUrl: env.BLIBLI_BASE_URL,
          clientId: required(env.BLIBLI_CLIENT_ID, 'BLIBLI_CLIENT_ID', 'BLIBLI_BASE_URL'),
          clientKey: required(env.BLIBLI_CLIENT_KEY, 'BLIBLI_CLIENT_KEY', 'BLIBLI_BASE_URL'),
          channelId: env.BLIBLI_CHANNEL_ID,
          ...(env.BLIBLI_WEBHOOK_TOKEN ? { webhookToken: env.BLIBLI_WEBHOOK_TOKEN } : {}),
          sandbox: false,
        }
      : urls && {
          ...urls.blibli,
          clientId: SANDBOX_CREDENTIALS.blibli.clientId,
          clientKey: SANDBOX_CREDENTIALS.blibli.clientKey,
          channelId: SANDBOX_CREDENTIALS.blibli.channelId,
          webhookToken: SANDBOX_CREDENTIALS.blibli.webhookToken,
          sandbox: true,
        },
    zalora: env.ZALORA_BASE_URL ? { baseUrl: env.ZALORA_BASE_URL, sandbox: false } : urls && { ...urls.zalora, sandbox: true },
  };
}

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  accessCacheTtlMs: number;
  orderExportPageSize: number | undefined;
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
  /** The demo's sandbox shops, or null when they are off (no demo, production, no sandbox). */
  demoShops: { orderEveryMs: number } | null;
  devOutbox: boolean;
  jobs: boolean;
  logLevel: string;
  webDist: string | undefined;
  rateLimit: { loginPerAccount: number; loginPerIp: number; windowSeconds: number };
  /** Fastify's trustProxy: false, true, a hop count or the trusted proxies' addresses. */
  trustProxy: boolean | number | string[];
  marketplaces: MarketplacesConfig;
};

function trustProxyFrom(value: string): boolean | number | string[] {
  if (value === '' || value === 'false' || value === '0') return false;
  if (value === 'true') return true;
  if (/^\d+$/u.test(value)) return Number(value);
  return value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

/** The only reader of process.env. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const env = Env.parse(source);
  const embedded = !env.DATABASE_URL;
  if (!embedded && !env.TOKEN_PRIVATE_KEY)
    // A per-process key would make every instance reject the others' tokens and sign everyone out on each restart.
    throw new Error(
      'TOKEN_PRIVATE_KEY is required when DATABASE_URL is set: every API process must sign and check access tokens ' +
        'with the same Ed25519 key (PKCS#8 PEM, e.g. `openssl genpkey -algorithm ed25519`).',
    );
  const dataDir = path.resolve(env.DATA_DIR);
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    databaseUrl: env.DATABASE_URL,
    databasePoolSize: env.DATABASE_POOL_SIZE,
    accessCacheTtlMs: env.ACCESS_CACHE_TTL_MS,
    orderExportPageSize: env.ORDER_EXPORT_PAGE_SIZE,
    embedded,
    dataDir,
    tokenPrivateKey: env.TOKEN_PRIVATE_KEY,
    accessTokenTtlSeconds: env.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlDays: env.REFRESH_TOKEN_TTL_DAYS,
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    storageDir: path.resolve(env.STORAGE_DIR ?? path.join(dataDir, 'files')),
    demo: env.DEMO ?? embedded,
    demoShops:
      (env.DEMO ?? embedded) && env.DEMO_SHOPS && env.NODE_ENV !== 'production' && (embedded || env.MARKETPLACE_SANDBOX_URL !== undefined)
        ? { orderEveryMs: env.DEMO_ORDER_EVERY_SECONDS * 1000 }
        : null,
    devOutbox: env.DEV_OUTBOX ?? embedded,
    jobs: env.JOBS,
    logLevel: env.LOG_LEVEL,
    webDist: env.WEB_DIST,
    rateLimit: {
      loginPerAccount: env.RATE_LIMIT_LOGIN_PER_ACCOUNT,
      loginPerIp: env.RATE_LIMIT_LOGIN_PER_IP,
      windowSeconds: env.RATE_LIMIT_WINDOW_SECONDS,
    },
    trustProxy: trustProxyFrom(env.TRUST_PROXY),
    marketplaces: marketplacesFrom(env, embedded),
  };
}
