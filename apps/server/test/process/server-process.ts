import { spawn, type ChildProcess } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/** The repository root: the server and the launcher run from here. */
export const ROOT = path.resolve(import.meta.dirname, '..', '..', '..', '..');

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

export const tempDataDir = () => path.join(os.tmpdir(), `kelola-process-${randomBytes(6).toString('hex')}`);

/** An embedded server (PGlite in `dataDir`) on a free port, without the demo seed, its sandbox on another free port. */
export async function processEnv(dataDir: string, extra: Record<string, string> = {}) {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    DEMO: 'false',
    DEV_OUTBOX: 'true',
    LOG_LEVEL: 'warn',
    SANDBOX_PORT: String(await freePort()),
    ...extra,
  };
  return { env, baseUrl: `http://127.0.0.1:${port}` };
}

/**
 * The database part of a server's environment: none on PGlite (the server keeps it in its data directory); with
 * KELOLA_TEST_DATABASE_URL a fresh database of its own on that server, dropped by `drop`, and the signing key every
 * process of the test shares (the config refuses to start on a database server without one).
 */
export async function databaseEnv(): Promise<{ env: Record<string, string>; drop: () => Promise<void> }> {
  const serverUrl = process.env.KELOLA_TEST_DATABASE_URL;
  if (!serverUrl) return { env: {}, drop: async () => {} };
  const name = `kelola_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const drop = async () => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.end();
  };
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const key = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  return { env: { DATABASE_URL: url.toString(), TOKEN_PRIVATE_KEY: key }, drop };
}

export type Spawned = { child: ChildProcess; log: () => string; exited: Promise<void> };

/** Runs `node <args>` from the repository root, keeping what it prints for the error of a run that went wrong. */
export function spawnNode(args: string[], env: NodeJS.ProcessEnv): Spawned {
  const output: string[] = [];
  const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return { child, log: () => output.join('').slice(-8_000), exited };
}

/** The API server itself (`node --import tsx apps/server/src/main.ts`), so its pid is the server's. */
export const spawnServer = (env: NodeJS.ProcessEnv) => spawnNode(['--import', 'tsx', path.join('apps', 'server', 'src', 'main.ts')], env);

export async function waitForHealth(baseUrl: string, spawned: Spawned, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (spawned.child.exitCode !== null || spawned.child.signalCode !== null)
      throw new Error(`exited (${spawned.child.exitCode ?? spawned.child.signalCode}) before the server was healthy:\n${spawned.log()}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  throw new Error(`the server was not healthy after ${timeoutMs / 1000} s:\n${spawned.log()}`);
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Stops a process this test started: SIGTERM, SIGKILL after 10 s. */
export async function stop(spawned: Spawned | undefined): Promise<void> {
  if (!spawned || spawned.child.exitCode !== null || spawned.child.signalCode !== null) return;
  spawned.child.kill('SIGTERM');
  const timer = setTimeout(() => spawned.child.kill('SIGKILL'), 10_000);
  await spawned.exited;
  clearTimeout(timer);
}
