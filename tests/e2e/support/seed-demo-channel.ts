/**
 * Prepares a fresh data directory (DATA_DIR) before a server is started on it: the server's migrations, the
 * areas, the demo workspace (the same seed the server runs with DEMO=true) and one CONNECTED Shopee shop in it,
 * saved with the channel module's `connectChannel` and a token of its own, as the server's inventory tests do
 * (the marketplace handshake is the channel module's test; no screen of the app connects a shop yet).
 *
 * Run by `support/server.ts` as `node --import tsx tests/e2e/support/seed-demo-channel.ts <shop name>` from the
 * repository root with the server's environment. Prints `{"workspace_id":…,"channel_id":…}` on its last line.
 *
 * The server's modules are imported by path at run time, so the e2e type check does not take in the server's sources.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const ROOT = path.resolve(import.meta.dirname, '..', '..', '..');
const DEMO_EMAIL = 'demo@kelola.id';

type Platform = {
  database: {
    db: unknown;
    query: (text: string, values?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;
    close: () => Promise<void>;
  };
};
type Ctx = Record<string, unknown>;
type Log = Record<'info' | 'warn' | 'error' | 'debug' | 'trace' | 'fatal', (...args: unknown[]) => void> & {
  child: () => Log;
  level: string;
};

async function server<T>(file: string): Promise<T> {
  return (await import(pathToFileURL(path.join(ROOT, 'apps', 'server', 'src', file)).href)) as T;
}

async function main(): Promise<void> {
  const shopName = process.argv[2] ?? 'Shopee Toko Demo';
  const { loadConfig } = await server<{ loadConfig: () => unknown }>('config.ts');
  const { openPlatform } = await server<{ openPlatform: (config: unknown) => Promise<Platform> }>('composition.ts');
  const { loadAreas } = await server<{ loadAreas: (database: Platform['database']) => Promise<unknown> }>('modules/areas/index.ts');
  const { seedDemo } = await server<{ seedDemo: (platform: Platform, log: Log) => Promise<void> }>('demo/seed-demo.ts');
  const { inTenant } = await server<{ inTenant: <T>(db: unknown, workspaceId: string, fn: (tx: unknown) => Promise<T>) => Promise<T> }>(
    'platform/db/database.ts',
  );
  const { systemCtx, tenantCtxFor } = await server<{
    systemCtx: (platform: Platform, db: unknown, requestId?: string) => Ctx;
    tenantCtxFor: (ctx: Ctx, workspaceId: string, userId: string) => Ctx;
  }>('platform/system-ctx.ts');
  const { connectChannel } = await server<{
    connectChannel: (
      ctx: Ctx,
      input: { marketplace: 'shopee'; shopId: string; name: string; region: string; grant: { accessToken: string; refreshToken: string } },
    ) => Promise<{ id: string }>;
  }>('modules/channels/index.ts');

  const platform = await openPlatform(loadConfig());
  try {
    const quiet = (): void => {};
    const log: Log = {
      info: quiet,
      warn: quiet,
      error: quiet,
      debug: quiet,
      trace: quiet,
      fatal: quiet,
      child: () => log,
      level: 'silent',
    };
    // What main.ts does before it listens: the areas (the demo warehouses' addresses), then the demo workspace.
    await loadAreas(platform.database);
    await seedDemo(platform, log);
    const { rows } = await platform.database.query(
      'select m.workspace_id, u.id as user_id from memberships m join users u on u.id = m.user_id where u.email = $1',
      [DEMO_EMAIL],
    );
    const workspaceId = String(rows[0]?.workspace_id ?? '');
    const userId = String(rows[0]?.user_id ?? '');
    if (!workspaceId) throw new Error(`no workspace of ${DEMO_EMAIL} after the demo seed`);
    const channel = await inTenant(platform.database.db, workspaceId, (db) =>
      connectChannel(tenantCtxFor(systemCtx(platform, db, 'e2e-seed'), workspaceId, userId), {
        marketplace: 'shopee',
        shopId: `e2e-${randomBytes(4).toString('hex')}`,
        name: shopName,
        region: 'ID',
        // No expiry: the server never tries to refresh it.
        grant: { accessToken: `e2e-${randomBytes(8).toString('hex')}`, refreshToken: '' },
      }),
    );
    console.log(JSON.stringify({ workspace_id: workspaceId, channel_id: channel.id }));
  } finally {
    await platform.database.close();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  },
);
