import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..', '..', '..');

export type JourneyServer = {
  baseUrl: string;
  /** The demo workspace and the shop connected in it by `seed-demo-channel.ts`. */
  workspaceId: string;
  channelId: string;
  /** Stops exactly this server (SIGTERM, SIGKILL after 10 s) and removes its data directory. */
  stop: () => Promise<void>;
};

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

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
  const env = {
    ...process.env,
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: baseUrl,
    DATA_DIR: dataDir,
    SANDBOX_PORT: String(await freePort()),
    DEMO: 'true',
    DEV_OUTBOX: 'true',
    LOG_LEVEL: 'warn',
  };
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
    throw new Error(`seeding the journey's server failed (exit ${seed.status ?? seed.signal}):\n${seed.stderr.slice(-4_000)}\n${seed.stdout.slice(-2_000)}`);
  }
  const seeded = JSON.parse(seed.stdout.trim().split('\n').at(-1) ?? '{}') as { workspace_id?: string; channel_id?: string };

  const output: string[] = [];
  const child = spawn(process.execPath, ['--import', 'tsx', path.join('apps', 'server', 'src', 'main.ts')], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const stop = async () => {
    await stopProcess(child);
    removeDir();
  };

  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await stop();
      throw new Error(`the journey's server exited (${child.exitCode ?? child.signalCode}) before it was healthy:\n${output.join('').slice(-8_000)}`);
    }
    try {
      const response = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the journey's server was not healthy after ${timeoutMs / 1000} s:\n${output.join('').slice(-8_000)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { baseUrl, workspaceId: seeded.workspace_id ?? '', channelId: seeded.channel_id ?? '', stop };
}
