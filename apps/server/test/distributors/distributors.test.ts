import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoDistributors } from '../../src/demo/seed-demo-distributors.ts';
import { memberships } from '../../src/modules/workspaces/workspaces.schema.ts';
import { uuidv7 } from '../../src/platform/db/ids.ts';
import { newMember, newWorkspace, type Actor } from '../factories.ts';
import { asActor } from '../inventory/helpers.ts';
import { buildTestApp, type TestApp } from '../test-app.ts';
import { caller, expectError, expectFieldError, newWarehouse } from '../workspaces/helpers.ts';

// The distributor channel's distributors (ADR 0071): real database, every answer through HTTP.

let app: TestApp;
let call: ReturnType<typeof caller>;
beforeAll(async () => {
  app = await buildTestApp();
  call = caller(app);
});
afterAll(async () => app?.close());

type Setup = { owner: Actor; channel: string; warehouse: string; url: string };

/** A workspace with its distributor channel and a warehouse (named `Gudang <last 6 of its id>` by the helper). */
async function setUp(): Promise<Setup> {
  const owner = await newWorkspace(app);
  const opened = await call('POST', '/api/distributor-channels', owner, { name: 'Kanal Distributor' });
  expect(opened.statusCode, opened.body).toBe(201);
  const channel = opened.json().id as string;
  const warehouse = (await newWarehouse(app, owner)).id;
  return { owner, channel, warehouse, url: `/api/distributor-channels/${channel}/distributors` };
}

/** A complete, valid form: a main distributor in Kiaracondong, Kota Bandung. */
const form = (s: Setup, overrides: Record<string, unknown> = {}) => ({
  code: 'DIST-BDG-01',
  name: 'CV Maju Jaya Distribusi',
  phone: '0812-2045-7788',
  email: 'Order@MajuJaya.co.id',
  category: 'MAIN',
  npwp_id: '02.345.678.9-424.000',
  npwp_name: 'CV Maju Jaya',
  address: 'Jl. Kiaracondong No. 215',
  province_code: '32',
  city_code: '32.73',
  district_code: '32.73.16',
  subdistrict_code: '32.73.16.1002',
  postal_code: '40281',
  bank_code: '014',
  bank_account_number: '7310456789',
  bank_account_name: 'CV Maju Jaya Distribusi',
  warehouse_id: s.warehouse,
  coverage_area: 'Kota Bandung, Kab. Bandung Barat',
  status: 'ACTIVE',
  ...overrides,
});

const create = async (s: Setup, overrides: Record<string, unknown> = {}, as: Actor = s.owner) => {
  const res = await call('POST', s.url, as, form(s, overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; code: string; name: string; warehouse_id: string };
};

const fieldCodes = (res: Awaited<ReturnType<typeof call>>) =>
  Object.fromEntries(res.json().details.fields.map((f: { path: string; code: string }) => [f.path, f.code]));

const total = async (s: Setup, as: Actor = s.owner) => (await call('GET', s.url, as)).json().total_row as number;

const warehouseName = (id: string) => `Gudang ${id.slice(-6)}`;

describe('distributors', () => {
  it('creates a distributor with every field normalised and names resolved, reads, replaces and deletes it, each audited', async () => {
    const s = await setUp();
    const created = await call('POST', s.url, s.owner, form(s));
    expect(created.statusCode, created.body).toBe(201);
    const distributor = created.json();
    expect(distributor).toEqual({
      id: expect.any(String),
      channel_id: s.channel,
      code: 'DIST-BDG-01',
      name: 'CV Maju Jaya Distribusi',
      phone: '+6281220457788',
      email: 'order@majujaya.co.id',
      category: 'MAIN',
      npwp_id: '0023456789424000',
      npwp_name: 'CV Maju Jaya',
      address: 'Jl. Kiaracondong No. 215',
      province_code: '32',
      city_code: '32.73',
      district_code: '32.73.16',
      subdistrict_code: '32.73.16.1002',
      city_name: 'Kota Bandung',
      district_name: 'Kiaracondong',
      postal_code: '40281',
      bank_code: '014',
      bank_name: 'BCA',
      bank_account_number: '7310456789',
      bank_account_name: 'CV Maju Jaya Distribusi',
      warehouse_id: s.warehouse,
      warehouse_name: warehouseName(s.warehouse),
      coverage_area: 'Kota Bandung, Kab. Bandung Barat',
      status: 'ACTIVE',
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect((await call('GET', `${s.url}/${distributor.id}`, s.owner)).json()).toEqual(distributor);

    // PUT sends the whole form: optional fields left out or empty are cleared, the status is kept as sent.
    const surabaya = { province_code: '35', city_code: '35.78', district_code: '35.78.07', subdistrict_code: '', postal_code: '60272' };
    const replaced = await call(
      'PUT',
      `${s.url}/${distributor.id}`,
      s.owner,
      form(s, { ...surabaya, name: 'PT Sinar Niaga', category: 'SUB', email: '', npwp_name: null, bank_code: '008', status: 'INACTIVE' }),
    );
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json()).toMatchObject({
      id: distributor.id,
      name: 'PT Sinar Niaga',
      category: 'SUB',
      email: null,
      npwp_name: null,
      subdistrict_code: null,
      city_name: 'Kota Surabaya',
      district_name: 'Genteng',
      bank_name: 'Bank Mandiri',
      status: 'INACTIVE',
      created_at: distributor.created_at,
    });
    expect((await call('GET', `${s.url}/${distributor.id}`, s.owner)).json()).toEqual(replaced.json());

    const deleted = await call('DELETE', `${s.url}/${distributor.id}`, s.owner);
    expect(deleted.statusCode).toBe(204);
    expectError(await call('GET', `${s.url}/${distributor.id}`, s.owner), 404, 'DISTRIBUTOR_NOT_FOUND');
    expectError(await call('DELETE', `${s.url}/${distributor.id}`, s.owner), 404, 'DISTRIBUTOR_NOT_FOUND');
    expect(await total(s)).toBe(0);
    const audit = await call('GET', `/api/audit?entity=distributor&entity_id=${distributor.id}`, s.owner);
    expect(
      audit
        .json()
        .items.map((a: { action: string }) => a.action)
        .sort(),
    ).toEqual(['create', 'delete', 'update']);
  });

  it('lists newest first, searches code, name and phone ignoring case, and filters by category and status', async () => {
    const s = await setUp();
    const maju = await create(s, { code: 'DIST-BDG-01', name: 'CV Maju Jaya Distribusi', phone: '081220457788', category: 'MAIN' });
    const sinar = await create(s, { code: 'DIST-SBY-01', name: 'PT Sinar Niaga Surabaya', phone: '(031) 5470 2211', category: 'SUB' });
    const agen = await create(s, {
      code: 'AGN-BKS-01',
      name: 'Agen Berkah Sentosa',
      phone: '0857-1122-9090',
      category: 'AGENT',
      status: 'INACTIVE',
    });
    const ids = async (query = '') => (await call('GET', `${s.url}${query}`, s.owner)).json().items.map((d: { id: string }) => d.id);
    expect(await ids()).toEqual([agen.id, sinar.id, maju.id]);
    expect(await ids('?q=niaga')).toEqual([sinar.id]);
    expect(await ids('?q=dist-')).toEqual([sinar.id, maju.id]);
    expect(await ids('?q=agn')).toEqual([agen.id]);
    expect(await ids(`?q=${encodeURIComponent('+6281220')}`)).toEqual([maju.id]);
    expect(await ids(`?q=${encodeURIComponent('0857-1122')}`)).toEqual([agen.id]);
    expect(await ids('?q=0315470')).toEqual([sinar.id]);
    expect(await ids(`?q=${encodeURIComponent('100%')}`)).toEqual([]);
    expect(await ids('?category=SUB')).toEqual([sinar.id]);
    expect(await ids('?status=ACTIVE')).toEqual([sinar.id, maju.id]);
    expect(await ids('?status=INACTIVE&category=AGENT')).toEqual([agen.id]);
    expect(await ids('?status=INACTIVE&category=MAIN')).toEqual([]);
    expectFieldError(await call('GET', `${s.url}?category=PUSAT`, s.owner), 'category');
    const page = (await call('GET', `${s.url}?size=2&page=2`, s.owner)).json();
    expect(page).toMatchObject({ page: 2, size: 2, total_row: 3 });
    expect(page.items.map((d: { id: string }) => d.id)).toEqual([maju.id]);
    expect(page.items[0]).toMatchObject({ city_name: 'Kota Bandung', bank_name: 'BCA', warehouse_name: warehouseName(s.warehouse) });
    // Another workspace's channel lists none of them.
    expect(await total(await setUp())).toBe(0);
  });

  it('refuses a code another distributor of the workspace uses (409 on code) and writes nothing; another workspace may use it', async () => {
    const s = await setUp();
    const first = await create(s, { code: 'DIST-01' });
    const taken = await call('POST', s.url, s.owner, form(s, { code: 'DIST-01', name: 'Lain' }));
    expectError(taken, 409, 'DISTRIBUTOR_CODE_TAKEN');
    expect(fieldCodes(taken)).toEqual({ code: 'DISTRIBUTOR_CODE_TAKEN' });
    expect(await total(s)).toBe(1);
    const second = await create(s, { code: 'DIST-02' });
    const renamed = await call('PUT', `${s.url}/${second.id}`, s.owner, form(s, { code: 'DIST-01' }));
    expectError(renamed, 409, 'DISTRIBUTOR_CODE_TAKEN');
    expect((await call('GET', `${s.url}/${second.id}`, s.owner)).json().code).toBe('DIST-02');
    // With another field wrong too, the code is one of the 400's fields.
    const both = await call('POST', s.url, s.owner, form(s, { code: 'DIST-01', warehouse_id: uuidv7() }));
    expectError(both, 400, 'VALIDATION_FAILED');
    expect(fieldCodes(both)).toEqual({ warehouse_id: 'WAREHOUSE_NOT_FOUND', code: 'DISTRIBUTOR_CODE_TAKEN' });
    // Its own code is fine.
    expect((await call('PUT', `${s.url}/${first.id}`, s.owner, form(s, { code: 'DIST-01', name: 'Baru' }))).statusCode).toBe(200);
    await create(await setUp(), { code: 'DIST-01' });
    expect(await total(s)).toBe(2);
  });

  it('answers REQUIRED on each required field of an empty form, in one 400, and writes nothing', async () => {
    const s = await setUp();
    const empty = await call('POST', s.url, s.owner, {});
    expectError(empty, 400, 'VALIDATION_FAILED');
    const required = [
      'code',
      'name',
      'phone',
      'npwp_id',
      'bank_code',
      'bank_account_number',
      'bank_account_name',
      'city_code',
      'district_code',
      'postal_code',
      'address',
      'warehouse_id',
      'coverage_area',
      'category',
    ];
    const codes = fieldCodes(empty);
    for (const field of required) expect(codes[field], field).toBe('REQUIRED');
    // The province too (the city is checked within it); the optional fields are not named.
    expect(Object.keys(codes).sort()).toEqual([...required, 'province_code'].sort());
    // Cleared text fields and selects are REQUIRED as well.
    const blank = await call(
      'POST',
      s.url,
      s.owner,
      form(s, { code: ' ', name: '', phone: '', npwp_id: '', bank_code: '', category: '', bank_account_number: '', warehouse_id: '' }),
    );
    expect(fieldCodes(blank)).toEqual({
      code: 'REQUIRED',
      name: 'REQUIRED',
      phone: 'REQUIRED',
      npwp_id: 'REQUIRED',
      bank_code: 'REQUIRED',
      category: 'REQUIRED',
      bank_account_number: 'REQUIRED',
      warehouse_id: 'REQUIRED',
    });
    expect(await total(s)).toBe(0);
  });

  it('answers 400 on the field for an invalid phone, NPWP, e-mail, postal code, account number, bank or category', async () => {
    const s = await setUp();
    const res = await call(
      'POST',
      s.url,
      s.owner,
      form(s, {
        phone: '0812',
        npwp_id: '1234',
        email: 'bukan-email',
        postal_code: '0123',
        bank_account_number: '12-34',
        bank_code: '999',
        category: 'PUSAT',
        status: 'AKTIF',
        warehouse_id: 'gudang',
      }),
    );
    expect(fieldCodes(res)).toEqual({
      phone: 'INVALID_PHONE',
      npwp_id: 'INVALID_NPWP',
      email: 'INVALID_EMAIL',
      postal_code: 'INVALID_POSTAL_CODE',
      bank_account_number: 'INVALID_ACCOUNT_NUMBER',
      bank_code: 'INVALID_VALUE',
      category: 'INVALID_VALUE',
      status: 'INVALID_VALUE',
      warehouse_id: 'INVALID_ID',
    });
    expect(res.json().details.fields.find((f: { path: string }) => f.path === 'bank_account_number').message).toBe(
      'Nomor rekening harus 5 sampai 20 angka.',
    );
    expect(await total(s)).toBe(0);
  });

  it('answers a field error on the deepest area code that does not exist or nest, and on a warehouse the workspace lacks', async () => {
    const s = await setUp();
    const codes = async (overrides: Record<string, unknown>) => {
      const res = await call('POST', s.url, s.owner, form(s, overrides));
      expectError(res, 400, 'VALIDATION_FAILED');
      return fieldCodes(res);
    };
    // Kota Surabaya is not in Jawa Barat (its district, Genteng, is in Surabaya: only the city is wrong).
    expect(await codes({ city_code: '35.78', district_code: '35.78.07', subdistrict_code: null })).toEqual({ city_code: 'AREA_MISMATCH' });
    // Sukajadi is a district of Kota Bandung, not of Kota Bekasi.
    expect(await codes({ city_code: '32.75', district_code: '32.73.07', subdistrict_code: null })).toEqual({
      district_code: 'AREA_MISMATCH',
    });
    // Pasteur (Sukajadi) is not in Kiaracondong.
    expect(await codes({ subdistrict_code: '32.73.07.1001' })).toEqual({ subdistrict_code: 'AREA_MISMATCH' });
    expect(await codes({ district_code: '32.73.99', subdistrict_code: null })).toEqual({ district_code: 'AREA_NOT_FOUND' });
    expect(await codes({ subdistrict_code: '32.73.16.9999' })).toEqual({ subdistrict_code: 'AREA_NOT_FOUND' });
    // A city code given as the province is no province.
    expect(await codes({ province_code: '32', city_code: '32', subdistrict_code: null })).toMatchObject({ city_code: 'INVALID_FORMAT' });
    const theirs = await newWarehouse(app, (await setUp()).owner);
    expect(await codes({ warehouse_id: theirs.id })).toEqual({ warehouse_id: 'WAREHOUSE_NOT_FOUND' });
    expect(await codes({ warehouse_id: uuidv7() })).toEqual({ warehouse_id: 'WAREHOUSE_NOT_FOUND' });
    expect(await total(s)).toBe(0);
    // Without a subdistrict the path ends at the district.
    expect((await create(s, { subdistrict_code: null })).code).toBe('DIST-BDG-01');
  });

  it('answers 404 for a channel id that is not the workspace distributor channel, on every route', async () => {
    const s = await setUp();
    const other = await setUp();
    const mine = await create(s);
    for (const channel of [uuidv7(), other.channel]) {
      const url = `/api/distributor-channels/${channel}/distributors`;
      expectError(await call('GET', url, s.owner), 404, 'CHANNEL_NOT_FOUND');
      expectError(await call('POST', url, s.owner, form(s, { code: 'X-1' })), 404, 'CHANNEL_NOT_FOUND');
      expectError(await call('GET', `${url}/${mine.id}`, s.owner), 404, 'CHANNEL_NOT_FOUND');
      expectError(await call('PUT', `${url}/${mine.id}`, s.owner, form(s)), 404, 'CHANNEL_NOT_FOUND');
      expectError(await call('DELETE', `${url}/${mine.id}`, s.owner), 404, 'CHANNEL_NOT_FOUND');
    }
    // A workspace without a distributor channel has none to name.
    const bare = await newWorkspace(app);
    expectError(await call('GET', s.url, bare), 404, 'CHANNEL_NOT_FOUND');
    expectFieldError(await call('GET', '/api/distributor-channels/abc/distributors', s.owner), 'params.id');
    expectFieldError(await call('GET', `${s.url}/abc`, s.owner), 'params.distributorId');
    expect(await total(s)).toBe(1);
  });

  it("answers 404 for another workspace's distributor on every id route, and leaves it as it was", async () => {
    const s = await setUp();
    const other = await setUp();
    const theirs = await create(other);
    expectError(await call('GET', `${s.url}/${theirs.id}`, s.owner), 404, 'DISTRIBUTOR_NOT_FOUND');
    expectError(await call('PUT', `${s.url}/${theirs.id}`, s.owner, form(s, { code: 'X' })), 404, 'DISTRIBUTOR_NOT_FOUND');
    expectError(await call('DELETE', `${s.url}/${theirs.id}`, s.owner), 404, 'DISTRIBUTOR_NOT_FOUND');
    expect((await call('GET', `${other.url}/${theirs.id}`, other.owner)).json()).toMatchObject({ code: 'DIST-BDG-01', name: theirs.name });
  });

  it('lets a member with READ only read, and a member without the menu nothing', async () => {
    const s = await setUp();
    const distributor = await create(s);
    const reader = await newMember(app, s.owner, { 'distributor-channel': 'READ' });
    expect((await call('GET', s.url, reader)).statusCode).toBe(200);
    expect((await call('GET', `${s.url}/${distributor.id}`, reader)).statusCode).toBe(200);
    expectError(await call('POST', s.url, reader, form(s, { code: 'R-1' })), 403, 'FORBIDDEN');
    expectError(await call('PUT', `${s.url}/${distributor.id}`, reader, form(s)), 403, 'FORBIDDEN');
    expectError(await call('DELETE', `${s.url}/${distributor.id}`, reader), 403, 'FORBIDDEN');
    const stranger = await newMember(app, s.owner, { 'product-channel': 'WRITE' });
    expectError(await call('GET', s.url, stranger), 403, 'FORBIDDEN');
    expect(await total(s)).toBe(1);
  });

  it('keeps a member restricted to some warehouses to their distributors, and to their warehouses when writing', async () => {
    const s = await setUp();
    const mine = (await newWarehouse(app, s.owner)).id;
    const theirs = await create(s, { code: 'DIST-GP' });
    const member = await newMember(app, s.owner, { 'distributor-channel': 'WRITE' });
    await app.platform.database.db
      .update(memberships)
      .set({ restrictionBase: 'WAREHOUSE', restrictionList: [mine] })
      .where(eq(memberships.userId, member.userId));

    const refused = await call('POST', s.url, member, form(s, { code: 'DIST-M' }));
    expectError(refused, 400, 'VALIDATION_FAILED');
    expect(fieldCodes(refused)).toEqual({ warehouse_id: 'WAREHOUSE_NOT_FOUND' });
    const own = await create(s, { code: 'DIST-M', warehouse_id: mine }, member);
    expect(own).toMatchObject({ warehouse_id: mine, warehouse_name: warehouseName(mine) });
    // They cannot move their distributor to a warehouse outside their list either.
    const moved = await call('PUT', `${s.url}/${own.id}`, member, form(s, { code: 'DIST-M' }));
    expect(fieldCodes(moved)).toEqual({ warehouse_id: 'WAREHOUSE_NOT_FOUND' });

    expect((await call('GET', s.url, member)).json().items.map((d: { id: string }) => d.id)).toEqual([own.id]);
    expectError(await call('GET', `${s.url}/${theirs.id}`, member), 404, 'DISTRIBUTOR_NOT_FOUND');
    expectError(await call('PUT', `${s.url}/${theirs.id}`, member, form(s, { warehouse_id: mine })), 404, 'DISTRIBUTOR_NOT_FOUND');
    expectError(await call('DELETE', `${s.url}/${theirs.id}`, member), 404, 'DISTRIBUTOR_NOT_FOUND');
    expect(await total(s)).toBe(2);
  });

  it('is seeded for the demo: three distributors in real areas of the demo provinces, one per warehouse', async () => {
    const s = await setUp();
    const jakarta = s.warehouse;
    const bandung = (await newWarehouse(app, s.owner)).id;
    const surabaya = (await newWarehouse(app, s.owner)).id;
    await asActor(app, s.owner, (ctx) => seedDemoDistributors(ctx, s.channel, { jakarta, bandung, surabaya }));
    const list = (await call('GET', s.url, s.owner)).json();
    expect(
      list.items.map((d: Record<string, string>) => [d.name, d.category, d.city_name, d.district_name, d.bank_name, d.warehouse_id]),
    ).toEqual([
      ['Agen Berkah Sentosa', 'AGENT', 'Kota Bekasi', 'Bekasi Selatan', 'BRI', jakarta],
      ['PT Sinar Niaga Surabaya', 'SUB', 'Kota Surabaya', 'Genteng', 'Bank Mandiri', surabaya],
      ['CV Maju Jaya Distribusi', 'MAIN', 'Kota Bandung', 'Kiaracondong', 'BCA', bandung],
    ]);
  });
});
