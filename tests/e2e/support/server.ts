import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, ROOT, serverEnv, spawnServer, stopServer, waitForHealth } from './server-process.ts';

export type JourneyServer = {
  baseUrl: string;
  /** The demo workspace and the shop connected in it by `seed-demo-channel.ts`. */
  workspaceId: string;
  channelId: string;
  /** Stops exactly this server (SIGTERM, SIGKILL after 10 s) and removes its data directory. */
  stop: () => Promise<void>;
};

/**
 * A server of a journey's own, for a journey that needs data the demo seed does not make and no screen can make
 * (today: a connected shop for the allocation rules). Like the global setup's server (same environment, web app
 * from apps/web/dist, which the global setup has built), on a free port with a temporary DATA_DIR and an embedded
 * marketplace sandbox on a free port of its own; before it starts, `seed-demo-channel.ts` migrates that directory,
 * seeds the demo workspace and connects a Shopee shop named `shopName` in it. Takes about 15–40 s.
 */
export async function startServerWithChannel(shopName: string, timeoutMs = 90_000): Promise<JourneyServer> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'kelola-e2e-own-data-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env = serverEnv(port, dataDir, { SANDBOX_PORT: String(await freePort()) });
  const removeDir = () => rmSync(dataDir, { recursive: true, force: true });

  // The seed runs to its end before the server opens the directory: one process at a time holds a PGlite directory.
  const seed = spawnSync(process.execPath, ['--import', 'tsx', path.join('tests', 'e2e', 'support', 'seed-demo-channel.ts'), shopName], {
    cwd: ROOT,
    env,
    encoding: 'utf8',
    timeout: timeoutMs,
  });
  if (seed.status !== 0) {
    removeDir();
    throw new Error(
      `seeding the journey's server failed (exit ${seed.status ?? seed.signal}):\n${seed.stderr.slice(-4_000)}\n${seed.stdout.slice(-2_000)}`,
    );
  }
  const seeded = JSON.parse(seed.stdout.trim().split('\n').at(-1) ?? '{}') as { workspace_id?: string; channel_id?: string };

  const { child, log } = spawnServer(env);
  const stop = async () => {
    await stopServer(child);
    removeDir();
  };
  try {
    await waitForHealth(baseUrl, child, log, timeoutMs);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, workspaceId: seeded.workspace_id ?? '', channelId: seeded.channel_id ?? '', stop };
}
