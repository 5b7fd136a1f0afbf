import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadAreas } from '../../src/modules/areas/index.ts';
import { newWorkspace, type Actor } from '../factories.ts';
import { buildTestApp, TEST_AREA_PROVINCES, type TestApp } from '../test-app.ts';
import { caller, expectError, expectFieldError } from '../workspaces/helpers.ts';

let app: TestApp;
let call: ReturnType<typeof caller>;
let owner: Actor;
beforeAll(async () => {
  app = await buildTestApp();
  call = caller(app);
  owner = await newWorkspace(app);
});
afterAll(async () => app?.close());

// Areas are shared reference data: any signed-in user may read them, no Workspace-Id needed.
const signedIn = () => ({ headers: { authorization: owner.headers.authorization! } });

describe('loadAreas', () => {
  it('holds every province and the whole tree of the test provinces, and is a no-op when run again', async () => {
    const again = await loadAreas(app.platform.database, { only: TEST_AREA_PROVINCES });
    expect(again.inserted).toBe(0);
    const { rows } = await app.platform.database.query('select level, count(*)::int as n from areas group by level order by level');
    expect(rows[0]).toEqual({ level: 1, n: 38 });
    expect(rows.map((r) => r.level)).toEqual([1, 2, 3, 4]);
  });
});

describe('GET /api/areas', () => {
  it('lists the 38 provinces without a parent, and the same under the country', async () => {
    const res = await call('GET', '/api/areas', signedIn());
    expect(res.statusCode).toBe(200);
    const items = res.json().items as { code: string; name: string; level: string; parent_code: string }[];
    expect(items).toHaveLength(38);
    expect(items.find((a) => a.code === '31')).toEqual({
      code: '31',
      name: 'Daerah Khusus Ibukota Jakarta',
      level: 'province',
      parent_code: 'ID',
      postal_code: null,
    });
    expect(res.headers['cache-control']).toContain('max-age');
    expect((await call('GET', '/api/areas?parent=ID', signedIn())).json().items).toHaveLength(38);
  });

  it('lists the children of a city, sorted by name, at the district level', async () => {
    const res = await call('GET', '/api/areas?parent=31.73', signedIn());
    expect(res.statusCode).toBe(200);
    const items = res.json().items as { code: string; name: string; level: string }[];
    expect(items.map((a) => a.name)).toEqual([...items.map((a) => a.name)].sort((a, b) => a.localeCompare(b)));
    expect(items).toContainEqual(
      expect.objectContaining({ code: '31.73.05', name: 'Kebon Jeruk', level: 'district', parent_code: '31.73' }),
    );
  });

  it('answers an empty list under a subdistrict and 404 under an unknown code', async () => {
    expect((await call('GET', '/api/areas?parent=31.73.05.1001', signedIn())).json()).toEqual({ items: [] });
    expectError(await call('GET', '/api/areas?parent=31.99', signedIn()), 404, 'AREA_NOT_FOUND');
  });

  it('rejects a malformed parent code with a field error', async () => {
    expectFieldError(await call('GET', '/api/areas?parent=jakarta', signedIn()), 'parent');
  });

  it('requires a signed-in user', async () => {
    expectError(await call('GET', '/api/areas', null), 401, 'UNAUTHENTICATED');
  });
});

describe('GET /api/areas/:code', () => {
  it('answers a subdistrict with its ancestors from the country down', async () => {
    const res = await call('GET', '/api/areas/31.73.05.1001', signedIn());
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ code: '31.73.05.1001', name: 'Kebon Jeruk', level: 'subdistrict', parent_code: '31.73.05' });
    expect(body.ancestors.map((a: { level: string; name: string }) => [a.level, a.name])).toEqual([
      ['country', 'Indonesia'],
      ['province', 'Daerah Khusus Ibukota Jakarta'],
      ['city', 'Kota Administrasi Jakarta Barat'],
      ['district', 'Kebon Jeruk'],
    ]);
  });

  it('answers the country itself without ancestors', async () => {
    expect((await call('GET', '/api/areas/ID', signedIn())).json()).toMatchObject({ code: 'ID', level: 'country', ancestors: [] });
  });

  it('answers 404 for an unknown code and 400 for a malformed one', async () => {
    expectError(await call('GET', '/api/areas/31.73.05.9999', signedIn()), 404, 'AREA_NOT_FOUND');
    expectFieldError(await call('GET', '/api/areas/abc', signedIn()), 'params.code');
  });

  it('requires a signed-in user', async () => {
    expectError(await call('GET', '/api/areas/31', null), 401, 'UNAUTHENTICATED');
  });
});
