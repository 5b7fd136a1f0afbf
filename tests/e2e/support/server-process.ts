import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

/** The repository root: servers, seeds and builds run from here. */
export const ROOT = path.resolve(import.meta.dirname, '..', '..', '..');

/** A port nobody listens on right now (the OS picks it). */
export async function freePort(): Promise<number> {
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

/** The journeys' server environment: the demo seed and the dev outbox, on 127.0.0.1:`port`, data in `dataDir`. */
export function serverEnv(port: number, dataDir: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    DEMO: 'true',
    // The demo's live sandbox shops would change counts and stock under the journeys; a journey that wants them passes 'true'.
    DEMO_SHOPS: 'false',
    DEV_OUTBOX: 'true',
    LOG_LEVEL: 'warn',
    ...extra,
  };
}

/**
 * Starts the server with `env`: `node --import tsx` rather than `npx tsx`, so the pid is the server itself and it is
 * the one process stopped. `log()` is the end of what it printed, for the error of a server that did not come up.
 */
export function spawnServer(env: NodeJS.ProcessEnv): { child: ChildProcess; log: () => string } {
  const output: string[] = [];
  const child = spawn(process.execPath, ['--import', 'tsx', path.join('apps', 'server', 'src', 'main.ts')], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  return { child, log: () => output.join('').slice(-8_000) };
}

/**
 * Waits until GET /api/health answers; throws when the server exits first or the time is up (180 s, or
 * KELOLA_E2E_HEALTH_TIMEOUT_MS on a loaded machine, where the demo seed takes longer).
 */
export async function waitForHealth(
  baseUrl: string,
  child: ChildProcess,
  log: () => string,
  timeoutMs = Number(process.env.KELOLA_E2E_HEALTH_TIMEOUT_MS ?? 180_000),
): Promise<void> {
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
export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}
