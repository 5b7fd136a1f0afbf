/**
 * The first screen (issue 18): the web app built for production (`npm run build -w @kelola/web`), then opened in
 * Chromium with the browser cache disabled, twice: `/auth/login` anonymously and `/dashboard` signed in (an owner
 * of a fresh workspace, its token in local storage as the sign-in leaves it). Until the screen is usable (the
 * sign-in button, or the dashboard's welcome card, visible) it counts the requests the page made and the gzipped
 * bytes of the JavaScript it loaded (each response body compressed with zlib's default level, as the build report
 * does), against the issue's caps: ≤ 200 KB and ≤ 30 requests for `/auth/login`, ≤ 350 KB and ≤ 30 requests for
 * `/dashboard`.
 *
 * App: the server as it serves the web app (fastify + @fastify/static from apps/web/dist, the API on the same origin),
 * built in-process as the integration tests build it. Floor, in the same run: the same files served by a bare
 * node:http static server (the API proxied to the same app), opened the same way. The time to first render (first
 * contentful paint) and to a usable screen of both are reported (INFO): the byte and request caps are absolute, the
 * times show what the server adds over a static file server.
 *
 * Database: a throw-away database on KELOLA_TEST_DATABASE_URL, or an in-memory PGlite. Chromium: /usr/bin/chromium
 * (never downloaded). Knobs: BENCH_LOADS (3 loads of each page per target; the median time is reported),
 * BENCH_SKIP_BUILD=1 (use apps/web/dist as it is).
 */
import { spawnSync } from 'node:child_process';
import { createReadStream, existsSync, statSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from 'playwright-core';
import { newWorkspace } from '../apps/server/test/factories.ts';
import { buildTestApp } from '../apps/server/test/test-app.ts';
import { progress, runBench, type BenchResult } from './lib/harness.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const DIST = path.join(ROOT, 'apps/web/dist');
const CHROMIUM = '/usr/bin/chromium';
const LOADS = Number(process.env.BENCH_LOADS) > 0 ? Number(process.env.BENCH_LOADS) : 3;
const KB = 1024;

type Target = { path: string; signedIn: boolean; usable: string; maxKb: number; maxRequests: number };
const TARGETS: Target[] = [
  { path: '/auth/login', signedIn: false, usable: 'button[type="submit"]', maxKb: 200, maxRequests: 30 },
  { path: '/dashboard', signedIn: true, usable: '[data-testid="welcome-card"]', maxKb: 350, maxRequests: 30 },
];

type Load = {
  requests: number;
  jsRequests: number;
  jsGzipBytes: number;
  jsRawBytes: number;
  fcpMs: number;
  usableMs: number;
  files: string[];
};

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
};

/** The floor: dist's files as they are (index.html for any other path), /api/* passed to the app. */
function staticServer(apiPort: number): http.Server {
  return http.createServer((req, res) => {
    const url = req.url ?? '/';
    if (url.startsWith('/api/')) {
      const upstream = http.request({ host: '127.0.0.1', port: apiPort, path: url, method: req.method, headers: req.headers }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      req.pipe(upstream);
      return;
    }
    let file = path.join(DIST, decodeURIComponent(url.split('?')[0] ?? '/'));
    if (!file.startsWith(DIST) || !existsSync(file) || !statSync(file).isFile()) file = path.join(DIST, 'index.html');
    res.writeHead(200, { 'content-type': MIME[path.extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(res);
  });
}

const listen = (server: http.Server) =>
  new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));

/** One cold load of `target` on `base`: a new context, cache disabled, requests counted until the screen is usable. */
async function load(browser: Browser, base: string, target: Target, session: { token: string; workspaceId: string }): Promise<Load> {
  const context = await browser.newContext({
    baseURL: base,
    locale: 'id-ID',
    timezoneId: 'Asia/Jakarta',
    viewport: { width: 1366, height: 860 },
  });
  try {
    if (target.signedIn)
      await context.addInitScript(
        ([token, workspaceId]) => {
          // Runs in the page (the bench's own types know no DOM).
          const storage = (globalThis as unknown as { localStorage: { setItem: (key: string, value: string) => void } }).localStorage;
          storage.setItem('kelola.access_token', token as string);
          storage.setItem('kelola.workspace_id', workspaceId as string);
          storage.setItem('kelola.last_activity', String(Date.now()));
        },
        [session.token, session.workspaceId],
      );
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    let counting = true;
    let requests = 0;
    const bodies: Promise<{ url: string; raw: number; gzip: number }>[] = [];
    page.on('request', () => {
      if (counting) requests += 1;
    });
    page.on('response', (response) => {
      if (!counting) return;
      const type = response.headers()['content-type'] ?? '';
      if (!/javascript/u.test(type)) return;
      bodies.push(
        response.body().then(
          (body) => ({ url: response.url(), raw: body.length, gzip: gzipSync(body).length }),
          () => ({ url: response.url(), raw: 0, gzip: 0 }),
        ),
      );
    });
    const started = Date.now();
    await page.goto(target.path, { waitUntil: 'commit' });
    await page.locator(target.usable).first().waitFor({ state: 'visible', timeout: 60_000 });
    const usableMs = Date.now() - started;
    counting = false;
    const fcpMs = await page.evaluate(
      () =>
        performance.getEntriesByName('first-contentful-paint')[0]?.startTime ??
        performance.getEntriesByType('paint' as never)[0]?.startTime ??
        0,
    );
    const js = await Promise.all(bodies);
    return {
      requests,
      jsRequests: js.length,
      jsGzipBytes: js.reduce((sum, file) => sum + file.gzip, 0),
      jsRawBytes: js.reduce((sum, file) => sum + file.raw, 0),
      fcpMs,
      usableMs,
      files: js.map((file) => `${new URL(file.url).pathname.replace('/assets/', '')} ${(file.gzip / KB).toFixed(1)}`),
    };
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

await runBench(async () => {
  if (!existsSync(CHROMIUM)) throw new Error(`web-entry needs Chromium at ${CHROMIUM} (never downloaded)`);
  if (process.env.BENCH_SKIP_BUILD !== '1') {
    progress('building the web app (npm run build -w @kelola/web)');
    const build = spawnSync('npm', ['run', 'build', '-w', '@kelola/web'], { cwd: ROOT, encoding: 'utf8' });
    if (build.status !== 0) throw new Error(`web build failed:\n${build.stdout.slice(-3000)}\n${build.stderr.slice(-3000)}`);
  }
  if (!existsSync(path.join(DIST, 'index.html'))) throw new Error('apps/web/dist/index.html missing');
  progress(`building the app on ${process.env.KELOLA_TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`);
  const app = await buildTestApp();
  let floor: http.Server | undefined;
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  try {
    await app.fastify.listen({ port: 0, host: '127.0.0.1' });
    const apiPort = (app.fastify.server.address() as AddressInfo).port;
    floor = staticServer(apiPort);
    const floorPort = await listen(floor);
    const owner = await newWorkspace(app);
    const session = { token: owner.token, workspaceId: owner.workspaceId };
    const results: BenchResult[] = [];
    for (const target of TARGETS) {
      const appLoads: Load[] = [];
      const floorLoads: Load[] = [];
      // One warm-up load each (the server's first answers pay for lazy work), then interleaved measured loads.
      progress(`${target.path}: warm-up`);
      await load(browser, `http://127.0.0.1:${apiPort}`, target, session);
      await load(browser, `http://127.0.0.1:${floorPort}`, target, session);
      for (let i = 0; i < LOADS; i += 1) {
        progress(`${target.path}: load ${i + 1} of ${LOADS}`);
        appLoads.push(await load(browser, `http://127.0.0.1:${apiPort}`, target, session));
        floorLoads.push(await load(browser, `http://127.0.0.1:${floorPort}`, target, session));
      }
      const first = appLoads[0]!;
      progress(`${target.path} JS (gzip KB): ${first.files.join(', ')}`);
      const kb = first.jsGzipBytes / KB;
      const requests = Math.max(...appLoads.map((l) => l.requests));
      const fcp = median(appLoads.map((l) => l.fcpMs));
      const floorFcp = median(floorLoads.map((l) => l.fcpMs));
      const usable = median(appLoads.map((l) => l.usableMs));
      const floorUsable = median(floorLoads.map((l) => l.usableMs));
      results.push(
        {
          name: `web-entry ${target.path} JavaScript (gzip, cap ${target.maxKb} KB)`,
          value: kb,
          unit: 'KB',
          floor: target.maxKb,
          ratio: target.maxKb / kb,
          budget: 1,
          note: `${first.jsRequests} JS files, ${(first.jsRawBytes / KB).toFixed(0)} KB uncompressed; the floor loaded ${(floorLoads[0]!.jsGzipBytes / KB).toFixed(0)} KB`,
        },
        {
          name: `web-entry ${target.path} requests (cap ${target.maxRequests})`,
          value: requests,
          unit: 'requests',
          floor: target.maxRequests,
          ratio: target.maxRequests / requests,
          budget: 1,
          note: `most of ${LOADS} loads; the floor made ${Math.max(...floorLoads.map((l) => l.requests))}`,
        },
        {
          name: `web-entry ${target.path} first render`,
          value: fcp,
          unit: 'ms',
          floor: floorFcp,
          ratio: floorFcp / fcp,
          note: `first contentful paint, median of ${LOADS}; usable after ${usable.toFixed(0)} ms (static server ${floorUsable.toFixed(0)} ms)`,
        },
      );
    }
    return results;
  } finally {
    await browser.close().catch(() => {});
    floor?.close();
    await app.close();
  }
});
