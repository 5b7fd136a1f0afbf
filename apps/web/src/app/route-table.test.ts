import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { fillPath, ROUTE_TABLE } from './route-table.ts';

// routes.tsv lives in the shared design folder next to the repository: ../../../shared/spec/routes.tsv from apps/web.
const webRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const routesTsv = resolve(webRoot, '../../../shared/spec/routes.tsv');
const hasSpec = existsSync(routesTsv);

type SpecRoute = { path: string; layout: string; auth: boolean; note: string };

function readSpecRoutes(): SpecRoute[] {
  return readFileSync(routesTsv, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith('#'))
    .map((line) => {
      const [path = '', layout = '', auth = '', note = ''] = line.split('\t');
      return { path, layout, auth: auth === 'yes', note };
    });
}

describe('route table', () => {
  it.skipIf(!hasSpec)(
    `registers every path of routes.tsv (${hasSpec ? 'found' : 'SKIPPED: routes.tsv not found at ../../../shared/spec/routes.tsv'})`,
    () => {
      const spec = readSpecRoutes();
      expect(spec.length).toBeGreaterThan(100);
      const registered = new Set(ROUTE_TABLE.map((entry) => entry.path));
      const missing = spec.filter((route) => !registered.has(route.path)).map((route) => route.path);
      expect(missing).toEqual([]);
    },
  );

  it.skipIf(!hasSpec)('uses the layout and auth flag of routes.tsv for every path', () => {
    const byPath = new Map(ROUTE_TABLE.map((entry) => [entry.path, entry]));
    const wrong = readSpecRoutes()
      .filter((route) => {
        const entry = byPath.get(route.path);
        return entry && (entry.layout !== route.layout || entry.auth !== route.auth);
      })
      .map((route) => route.path);
    expect(wrong).toEqual([]);
  });

  it.skipIf(!hasSpec)('redirects exactly the routes that routes.tsv marks as redirects', () => {
    const specRedirects = readSpecRoutes()
      .filter((route) => route.note.startsWith('redirects to'))
      .map((route) => [route.path, route.note.replace('redirects to ', '').trim()]);
    const tableRedirects = ROUTE_TABLE.filter((entry) => entry.redirect).map((entry) => [entry.path, entry.redirect]);
    expect(tableRedirects).toEqual(specRedirects);
  });

  it('has no duplicate paths', () => {
    const paths = ROUTE_TABLE.map((entry) => entry.path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('fills redirect parameters', () => {
    expect(fillPath('/channel/store/:id/product', { id: '42' })).toBe('/channel/store/42/product');
    expect(fillPath('/', { uuid: 'x' })).toBe('/');
    expect(fillPath('/a/:type?', {})).toBe('/a');
  });
});
