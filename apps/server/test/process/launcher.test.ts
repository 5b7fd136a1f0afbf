import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { alive, processEnv, sleep, spawnNode, stop, tempDataDir, waitForHealth, type Spawned } from './server-process.ts';

// `npm start` = scripts/start.mjs (builds the web app when stale) + scripts/launch.mjs, which is what runs here.
const LAUNCHER = path.join('scripts', 'launch.mjs');
const dataDir = tempDataDir();
const started: Spawned[] = [];
let serverPids: number[] = [];

afterAll(async () => {
  for (const spawned of started) await stop(spawned);
  // A server a failed assertion left behind is this test's own child's child: stop exactly that pid.
  for (const pid of serverPids) if (alive(pid)) process.kill(pid, 'SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function launch() {
  const { env, baseUrl } = await processEnv(dataDir);
  const launcher = spawnNode([LAUNCHER], env);
  started.push(launcher);
  await waitForHealth(baseUrl, launcher);
  // The server holds the data directory's lock file with its pid.
  const serverPid = Number(fs.readFileSync(path.join(dataDir, 'kelola.lock'), 'utf8'));
  expect(serverPid).not.toBe(launcher.child.pid);
  serverPids.push(serverPid);
  return { launcher, serverPid, baseUrl };
}

async function gone(pid: number, withinMs: number): Promise<boolean> {
  const deadline = Date.now() + withinMs;
  while (Date.now() < deadline) {
    if (!alive(pid)) return true;
    await sleep(100);
  }
  return !alive(pid);
}

describe('the npm start launcher and its server live and die together', () => {
  it('the server stops when the launcher is killed with SIGKILL, and the next start gets the data directory', async () => {
    const first = await launch();
    first.launcher.child.kill('SIGKILL');
    await first.launcher.exited;
    expect(await gone(first.serverPid, 20_000)).toBe(true);
    expect(fs.existsSync(path.join(dataDir, 'kelola.lock'))).toBe(false);

    const second = await launch();
    expect((await fetch(`${second.baseUrl}/api/health`)).ok).toBe(true);
    // SIGTERM to the launcher reaches the server, and the launcher exits with it.
    second.launcher.child.kill('SIGTERM');
    await second.launcher.exited;
    expect(await gone(second.serverPid, 20_000)).toBe(true);
    expect(second.launcher.child.exitCode).toBe(0);
    serverPids = [];
  }, 240_000);
});
