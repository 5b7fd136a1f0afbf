import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_MISSING, SCREENSHOT_DIR, hasChromium } from './chromium.ts';
import { freePort, ROOT, serverEnv, spawnServer, stopServer, waitForHealth } from './server-process.ts';

declare module 'vitest' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- augments vitest's interface
  export interface ProvidedContext {
    /** http://127.0.0.1:<port> of the server started here; empty when the journeys are skipped. */
    baseUrl: string;
  }
}

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
  const { child, log } = spawnServer(serverEnv(port, dataDir));

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
