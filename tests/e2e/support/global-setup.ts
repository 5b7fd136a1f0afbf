import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_MISSING, SCREENSHOT_DIR, hasChromium } from './chromium.ts';

declare module 'vitest' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- augments vitest's interface
  export interface ProvidedContext {
    /** http://127.0.0.1:<port> of the server started here; empty when the journeys are skipped. */
    baseUrl: string;
  }
}

const ROOT = path.resolve(import.meta.dirname, '..', '..', '..');
const WEB = path.join(ROOT, 'apps', 'web');
/** What the web build is made from: a change in any of these makes apps/web/dist stale. */
const WEB_SOURCES = [
  path.join(WEB, 'src'),
  path.join(WEB, 'index.html'),
  path.join(WEB, 'vite.config.ts'),
  path.join(ROOT, 'packages', 'contracts', 'src'),
  path.join(ROOT, 'packages', 'contracts', 'locales'),
];

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

function ensureWebBuild(): void {
  const builtAt = newestMtime(path.join(WEB, 'dist', 'index.html'));
  const changedAt = Math.max(...WEB_SOURCES.map(newestMtime));
  if (builtAt > 0 && builtAt >= changedAt) return;
  console.log(
    builtAt === 0
      ? '[e2e] apps/web/dist is missing: building the web app'
      : '[e2e] apps/web/dist is older than its sources: building the web app',
  );
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['run', 'build', '-w', '@kelola/web'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`web build failed (exit ${result.status ?? result.signal})`);
}

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

async function waitForHealth(baseUrl: string, child: ChildProcess, log: () => string, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the server exited (${child.exitCode ?? child.signalCode}) before it was healthy:\n${log()}`);
    }
    try {
      const response = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server was not healthy after ${timeoutMs / 1000} s:\n${log()}`);
}

/** Stops exactly the process started here: SIGTERM (the server closes PGlite), SIGKILL after 10 s. */
async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/** vitest's global setup: the returned function is the teardown. */
export async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  if (!hasChromium()) {
    console.warn(`\n[e2e] ${CHROMIUM_MISSING} (install Debian's chromium: apt-get install -y chromium)\n`);
    project.provide('baseUrl', '');
    return undefined;
  }

  ensureWebBuild();
  mkdirSync(SCREENSHOT_DIR, { recursive: true });

  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'kelola-e2e-data-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const output: string[] = [];
  const log = () => output.join('').slice(-8_000);

  // `node --import tsx` rather than `npx tsx`: the pid is the server itself, so it is the one process stopped.
  const child = spawn(process.execPath, ['--import', 'tsx', path.join('apps', 'server', 'src', 'main.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      DEMO: 'true',
      DEV_OUTBOX: 'true',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));

  const teardown = async () => {
    await stopServer(child);
    rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await waitForHealth(baseUrl, child, log);
  } catch (error) {
    await teardown();
    throw error;
  }
  console.log(`[e2e] server on ${baseUrl} (data in a temporary directory)`);
  project.provide('baseUrl', baseUrl);
  return teardown;
}
