import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, ROOT, serverEnv, spawnServer, stopServer, waitForHealth } from './server-process.ts';

export type SandboxMarketplace = 'shopee' | 'tiktok' | 'lazada';

/** The sandbox shops the demo connects (apps/server/src/demo/demo-shops.ts): the journeys use the same ones. */
export const SANDBOX_SHOP_IDS: Record<SandboxMarketplace, string> = {
  shopee: '60001001',
  tiktok: '7494000000000000001',
  lazada: '1000001',
};

export type SandboxOrder = { orderId: string; status: string; history: { status: string }[] };

export type SandboxJourneyServer = {
  baseUrl: string;
  workspaceId: string;
  /** Kelola's channel id of each connected sandbox shop. */
  channels: Partial<Record<SandboxMarketplace, string>>;
  /** A new order of the demo SKUs in the shop, in the marketplace's own `status`; the sandbox pushes it to the server. */
  /** `buyerCancel`: the buyer asks to cancel at once (TikTok Shop, Lazada; a Shopee order takes status IN_CANCEL). */
  newOrder: (marketplace: SandboxMarketplace, status: string, options?: { buyerCancel?: boolean }) => Promise<string>;
  /** The sandbox's own view of a shop's order (its status and history). */
  order: (marketplace: SandboxMarketplace, orderId: string) => Promise<SandboxOrder | undefined>;
  stop: () => Promise<void>;
};

const SKUS = ['KPK-HITAM-M', 'KPK-HITAM-L', 'KPK-PUTIH-M', 'KPK-PUTIH-L', 'KOPI-GAYO-250'];

async function waitForSandbox(origin: string, child: ChildProcess, log: () => string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the sandbox exited before it answered:\n${log()}`);
    try {
      if ((await fetch(`${origin}/__sandbox/health`, { signal: AbortSignal.timeout(2_000) })).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the sandbox did not answer after ${timeoutMs / 1000} s:\n${log()}`);
}

/**
 * A server of a journey's own with marketplace shops that take orders: the marketplace sandbox runs as a process of
 * its own (so it outlives the seed and keeps the grants it issued), the seed (`seed-sandbox-shops.ts`) migrates a
 * temporary DATA_DIR, seeds the demo workspace and connects the sandbox shops to it as the demo does, then the server
 * starts with MARKETPLACE_SANDBOX_URL pointing at that sandbox, which pushes to the server's /api/channels/push.
 * DEMO_SHOPS stays false: only the orders a journey asks for arrive. Takes about 20–60 s.
 */
export async function startServerWithSandboxShops(marketplaces: SandboxMarketplace[], timeoutMs = 120_000): Promise<SandboxJourneyServer> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'kelola-e2e-sandbox-data-'));
  const port = await freePort();
  const sandboxPort = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const sandboxOrigin = `http://127.0.0.1:${sandboxPort}`;

  const sandboxOutput: string[] = [];
  const sandbox = spawn(process.execPath, ['--import', 'tsx', path.join('apps', 'marketplace-sandbox', 'src', 'main.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      SANDBOX_PORT: String(sandboxPort),
      SANDBOX_HOST: '127.0.0.1',
      SANDBOX_SEED: `e2e:${Date.now()}`,
      SANDBOX_CALLBACK_URL: `${baseUrl}/api/channels/push`,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Its request log is kept short: only the end is shown when something fails.
  const keep = (chunk: Buffer) => {
    sandboxOutput.push(chunk.toString());
    if (sandboxOutput.length > 200) sandboxOutput.splice(0, 100);
  };
  sandbox.stdout?.on('data', keep);
  sandbox.stderr?.on('data', keep);
  let server: ChildProcess | undefined;
  const stop = async () => {
    if (server) await stopServer(server);
    await stopServer(sandbox);
    rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await waitForSandbox(sandboxOrigin, sandbox, () => sandboxOutput.join('').slice(-4_000), timeoutMs);
    const env = serverEnv(port, dataDir, { MARKETPLACE_SANDBOX_URL: sandboxOrigin });
    const seed = spawnSync(
      process.execPath,
      ['--import', 'tsx', path.join('tests', 'e2e', 'support', 'seed-sandbox-shops.ts'), marketplaces.join(',')],
      {
        cwd: ROOT,
        env,
        encoding: 'utf8',
        timeout: timeoutMs,
      },
    );
    if (seed.status !== 0)
      throw new Error(
        `seeding the journey's server failed (exit ${seed.status ?? seed.signal}):\n${seed.stderr.slice(-4_000)}\n${seed.stdout.slice(-2_000)}`,
      );
    const seeded = JSON.parse(seed.stdout.trim().split('\n').at(-1) ?? '{}') as {
      workspace_id?: string;
      channels?: Record<string, string>;
    };
    const started = spawnServer(env);
    server = started.child;
    await waitForHealth(baseUrl, started.child, started.log, timeoutMs);

    const admin = async <T>(pathname: string, body?: unknown): Promise<T> => {
      const response = await fetch(`${sandboxOrigin}/__sandbox${pathname}`, {
        method: body === undefined ? 'GET' : 'POST',
        ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
      });
      if (!response.ok) throw new Error(`sandbox ${pathname}: ${response.status} ${await response.text()}`);
      return (await response.json()) as T;
    };
    return {
      baseUrl,
      workspaceId: seeded.workspace_id ?? '',
      channels: (seeded.channels ?? {}) as SandboxJourneyServer['channels'],
      newOrder: async (marketplace, status, options = {}) => {
        const { orders } = await admin<{ orders: { orderId: string }[] }>('/orders/generate', {
          marketplace,
          shopId: SANDBOX_SHOP_IDS[marketplace],
          status,
          sellerSkus: SKUS,
          ...(options.buyerCancel ? { buyerCancel: true } : {}),
        });
        await admin('/pushes/flush', {});
        return orders[0]!.orderId;
      },
      order: async (marketplace, orderId) => {
        const { orders } = await admin<{ orders: SandboxOrder[] }>(
          `/orders?marketplace=${marketplace}&shopId=${SANDBOX_SHOP_IDS[marketplace]}`,
        );
        return orders.find((o) => o.orderId === orderId);
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
