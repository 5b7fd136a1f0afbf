import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEMO_USER } from './api.ts';
import { openBrowser, type Session } from './chromium.ts';
import { freePort, serverEnv, spawnServer, stopServer, waitForHealth } from './server-process.ts';

/** A server of a journey's own with the demo's live sandbox shops, signed in as the demo owner, and a browser on it. */
export type OwnServer = {
  baseUrl: string;
  /** The embedded marketplace sandbox (`/__sandbox/…` is its admin API). */
  sandboxUrl: string;
  workspaceId: string;
  session: Session;
  /**
   * The server's API as the demo owner in its active workspace (`url` starts with `/api`): JSON in and out, `{}` for
   * an empty answer; any status but 2xx throws with the method, the url, the status and the body.
   */
  api: <T = Record<string, unknown>>(url: string, init?: RequestInit) => Promise<T>;
  /** The server's log lines that report a failure (errors and warnings), for a journey's failure report. */
  failures: () => string[];
  /** Closes the browser, stops the server (only the process started here) and removes its data. */
  stop: () => Promise<void>;
};

/**
 * Starts a server of its own for a journey that needs the demo's sandbox shops (DEMO_SHOPS, which the shared server
 * leaves off): the embedded sandbox on a free port, the demo seed in a fresh data directory named after `name`.
 * `env` adds to or overrides the server's environment (DEMO_ORDER_EVERY_SECONDS: '0' stops automatic sandbox orders).
 * The shops connect in the background after start: a journey waits for them itself.
 */
export async function startOwnServer(name: string, env: Record<string, string> = {}): Promise<OwnServer> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `kelola-e2e-${name}-`));
  const port = await freePort();
  const sandboxPort = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const { child, log } = spawnServer(serverEnv(port, dataDir, { SANDBOX_PORT: String(sandboxPort), DEMO_SHOPS: 'true', ...env }));
  // pino writes one JSON line per entry: level 40 is warn, 50 error, 60 fatal.
  const failed: string[] = [];
  const keepFailures = (chunk: Buffer) =>
    failed.push(
      ...chunk
        .toString()
        .split('\n')
        .filter((line) => /"level":(4|5|6)0/u.test(line))
        .map((line) => line.slice(0, 2_000)),
    );
  child.stdout?.on('data', keepFailures);
  child.stderr?.on('data', keepFailures);
  const failures = () => [...failed];
  let session: Session | undefined;
  const stop = async () => {
    await session?.close();
    await stopServer(child);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(baseUrl, child, log, 120_000);
    let token = '';
    let workspaceId = '';
    const api = async <T = Record<string, unknown>>(url: string, init: RequestInit = {}): Promise<T> => {
      const response = await fetch(`${baseUrl}${url}`, {
        ...init,
        headers: {
          // Fastify refuses an empty body sent as JSON: the type goes only with a body.
          ...(init.body ? { 'content-type': 'application/json' } : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(workspaceId ? { 'workspace-id': workspaceId } : {}),
          ...(init.headers as Record<string, string> | undefined),
        },
      });
      const text = await response.text();
      if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${response.status} ${text}`);
      return (text ? JSON.parse(text) : {}) as T;
    };
    token = (await api<{ access_token: string }>('/api/auth/login', { method: 'POST', body: JSON.stringify(DEMO_USER) })).access_token;
    workspaceId = (await api<{ workspace_id_active: string | null }>('/api/me')).workspace_id_active ?? '';
    session = await openBrowser(baseUrl);
    return { baseUrl, sandboxUrl: `http://127.0.0.1:${sandboxPort}`, workspaceId, session, api, failures, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
