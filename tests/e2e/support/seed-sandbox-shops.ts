/**
 * Prepares a fresh data directory (DATA_DIR) like `seed-demo-channel.ts` (migrations, areas, the demo workspace),
 * then connects the given sandbox shops of a RUNNING marketplace sandbox (MARKETPLACE_SANDBOX_URL) to the demo
 * workspace exactly as the demo shops are connected on `npm start` (`connectSandboxShop`: a grant from the sandbox,
 * the demo catalogue's SKUs listed in the shop, attached to the business "Demo Fashion"). The sandbox keeps the grant
 * in memory, so it must keep running while the server started after this seed uses the shops.
 *
 * Run by `support/sandbox-server.ts` as `node --import tsx tests/e2e/support/seed-sandbox-shops.ts lazada,shopee`.
 * Prints `{"workspace_id":…,"channels":{"lazada":…}}` on its last line.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const ROOT = path.resolve(import.meta.dirname, '..', '..', '..');
const DEMO_EMAIL = 'demo@kelola.id';

type Platform = {
  config: unknown;
  database: {
    db: unknown;
    query: (text: string, values?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;
    close: () => Promise<void>;
  };
};
type Log = Record<'info' | 'warn' | 'error' | 'debug' | 'trace' | 'fatal', (...args: unknown[]) => void> & {
  child: () => Log;
  level: string;
};
type DemoShop = { marketplace: string; shopId: string };
type Admin = (path: string, body: unknown) => Promise<Record<string, unknown>>;

async function server<T>(file: string): Promise<T> {
  return (await import(pathToFileURL(path.join(ROOT, 'apps', 'server', 'src', file)).href)) as T;
}

async function main(): Promise<void> {
  const wanted = (process.argv[2] ?? 'lazada').split(',');
  const origin = process.env.MARKETPLACE_SANDBOX_URL;
  if (!origin) throw new Error('MARKETPLACE_SANDBOX_URL is not set');
  const { loadConfig } = await server<{ loadConfig: () => unknown }>('config.ts');
  const { openPlatform } = await server<{ openPlatform: (config: unknown) => Promise<Platform> }>('composition.ts');
  const { loadAreas } = await server<{ loadAreas: (database: Platform['database']) => Promise<unknown> }>('modules/areas/index.ts');
  const { seedDemo } = await server<{ seedDemo: (platform: Platform, log: Log) => Promise<void> }>('demo/seed-demo.ts');
  const { DEMO_SHOPS, connectSandboxShop, sandboxAdmin } = await server<{
    DEMO_SHOPS: readonly DemoShop[];
    sandboxAdmin: (origin: string) => Admin;
    connectSandboxShop: (
      platform: Platform,
      admin: Admin,
      target: { workspaceId: string; userId: string; businessId?: string },
      shop: DemoShop,
    ) => Promise<string>;
  }>('demo/demo-shops.ts');

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
    await loadAreas(platform.database);
    await seedDemo(platform, log);
    const { rows } = await platform.database.query(
      `select m.workspace_id, u.id as user_id, b.id as business_id
         from memberships m join users u on u.id = m.user_id
         left join businesses b on b.workspace_id = m.workspace_id and b.name = 'Demo Fashion'
        where u.email = $1`,
      [DEMO_EMAIL],
    );
    const workspaceId = String(rows[0]?.workspace_id ?? '');
    const userId = String(rows[0]?.user_id ?? '');
    const businessId = rows[0]?.business_id ? String(rows[0].business_id) : undefined;
    if (!workspaceId) throw new Error(`no workspace of ${DEMO_EMAIL} after the demo seed`);
    const admin = sandboxAdmin(origin);
    const channels: Record<string, string> = {};
    for (const marketplace of wanted) {
      const shop = DEMO_SHOPS.find((s) => s.marketplace === marketplace);
      if (!shop) throw new Error(`no demo shop for ${marketplace}`);
      channels[marketplace] = await connectSandboxShop(
        platform,
        admin,
        { workspaceId, userId, ...(businessId ? { businessId } : {}) },
        shop,
      );
    }
    console.log(JSON.stringify({ workspace_id: workspaceId, channels }));
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
