import { createServer } from 'node:http';
import { createSandbox, manualClock, SANDBOX_CREDENTIALS, sandboxBaseUrls } from '@kelola/marketplace-sandbox';
import type { SandboxClock } from '@kelola/marketplace-sandbox';

/** Test support for contract tests: an in-process sandbox on a random port with a manual clock. */

export const SANDBOX_START = Date.UTC(2025, 0, 15, 3, 0, 0);

export type RunningSandbox = {
  origin: string;
  clock: SandboxClock;
  urls: ReturnType<typeof sandboxBaseUrls>;
  credentials: typeof SANDBOX_CREDENTIALS;
  admin: (path: string, body?: unknown) => Promise<Record<string, unknown>>;
  /** Moves the sandbox clock (through the admin API, so state settles exactly as it would for a client). */
  advance: (ms: number) => Promise<void>;
  close: () => Promise<void>;
};

export const startSandbox = async (seed = 'contract', callbackUrl?: string): Promise<RunningSandbox> => {
  const clock = manualClock(SANDBOX_START);
  const app = createSandbox({ seed, clock, orderIntervalMs: 0, ...(callbackUrl ? { callbackUrl } : {}) });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('sandbox did not bind a TCP port');
  const origin = `http://127.0.0.1:${address.port}`;
  const admin = async (path: string, body?: unknown): Promise<Record<string, unknown>> => {
    const response = await fetch(`${origin}/__sandbox${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      ...(body !== undefined ? { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } } : {}),
    });
    if (!response.ok) throw new Error(`admin ${path} answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as Record<string, unknown>;
  };
  return {
    origin,
    clock,
    urls: sandboxBaseUrls(origin),
    credentials: SANDBOX_CREDENTIALS,
    admin,
    advance: async (ms) => void (await admin('/clock/advance', { ms })),
    close: () => app.close(),
  };
};

/** Follows a consent page like a browser would: reads the form, ticks the wanted account, presses Authorize. */
export const approveConsent = async (consentUrl: string, account?: string): Promise<URL> => {
  const page = await fetch(consentUrl, { redirect: 'manual' });
  const html = await page.text();
  if (page.status !== 200 || !html.includes('Authorize')) throw new Error(`consent page answered ${page.status}: ${html.slice(0, 300)}`);
  const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
  if (!action) throw new Error('consent page has no form');
  const target = new URL(action.replace(/&amp;/g, '&'), consentUrl);
  for (const match of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    target.searchParams.set(match[1] ?? '', (match[2] ?? '').replace(/&amp;/g, '&').replace(/&quot;/g, '"'));
  }
  const radio = /<input type="radio" name="([^"]+)" value="([^"]+)" checked>/.exec(html);
  if (radio) target.searchParams.set(radio[1] ?? '', account ?? radio[2] ?? '');
  target.searchParams.set('decision', 'allow');
  const answer = await fetch(target, { redirect: 'manual' });
  const location = answer.headers.get('location');
  if (answer.status !== 302 || !location) throw new Error(`consent submit answered ${answer.status}: ${await answer.text()}`);
  return new URL(location);
};

export const tinyJpeg = (): Uint8Array => new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0xff, 0xd9]);

export const noSleep = { sleep: async (): Promise<void> => undefined, baseDelayMs: 1 };

export type CaughtPush = { url: string; headers: Record<string, string | undefined>; rawBody: string };

/** A tiny webhook receiver: records every push and answers with `status` (200 by default, empty body). */
export const startPushCatcher = async () => {
  const pushes: CaughtPush[] = [];
  let status = 200;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const headers: Record<string, string | undefined> = {};
      for (const [key, value] of Object.entries(request.headers)) headers[key] = Array.isArray(value) ? value.join(',') : value;
      pushes.push({ url: `${origin}${request.url ?? ''}`, headers, rawBody: Buffer.concat(chunks).toString('utf8') });
      response.statusCode = status;
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('push catcher did not bind');
  const origin = `http://127.0.0.1:${address.port}`;
  return {
    origin,
    pushes,
    answerWith: (next: number) => void (status = next),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
