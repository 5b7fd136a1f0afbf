import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberships } from '../../src/modules/workspaces/workspaces.schema.ts';
import { newMember, newWorkspace, type Actor } from '../factories.ts';
import { buildTestApp, type TestApp } from '../test-app.ts';
import { caller, expectError, expectFieldError } from '../workspaces/helpers.ts';

let app: TestApp;
let call: ReturnType<typeof caller>;
beforeAll(async () => {
  app = await buildTestApp();
  call = caller(app);
});
afterAll(async () => app?.close());

let seq = 0;
/** A complete, valid form: Kebon Jeruk, Jakarta Barat. */
const form = (overrides: Record<string, unknown> = {}) => ({
  name: 'Gudang Kebon Jeruk',
  code: `JKT-${++seq}`,
  external_code: 'ERP-001',
  category: 'Gudang Utama',
  contact: 'Agus Pratama',
  phone: '0812-3456-7890',
  address_line_1: 'Jl. Kebon Jeruk Raya No. 27',
  address_line_2: 'Blok B2',
  province_code: '31',
  city_code: '31.73',
  district_code: '31.73.05',
  subdistrict_code: '31.73.05.1001',
  postal_code: '11530',
  ...overrides,
});

const create = async (as: Actor, overrides: Record<string, unknown> = {}) => {
  const res = await call('POST', '/api/warehouses', as, form(overrides));
  expect(res.statusCode).toBe(201);
  return res.json() as { id: string; code: string; name: string };
};

const fieldCodes = (res: Awaited<ReturnType<typeof call>>) =>
  Object.fromEntries(res.json().details.fields.map((f: { path: string; code: string }) => [f.path, f.code]));

async function restrictToWarehouses(member: Actor, ids: string[]) {
  await app.platform.database.db
    .update(memberships)
    .set({ restrictionBase: 'WAREHOUSE', restrictionList: ids })
    .where(eq(memberships.userId, member.userId));
}

describe('POST /api/warehouses', () => {
  it('creates a warehouse with every field, the phone in E.164 and the area names, and audits it', async () => {
    const owner = await newWorkspace(app);
    const res = await call('POST', '/api/warehouses', owner, form({ code: 'JKT-01', business_id: owner.businessId }));
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      warehouse_id: body.id,
      name: 'Gudang Kebon Jeruk',
      code: 'JKT-01',
      external_code: 'ERP-001',
      category: 'Gudang Utama',
      contact: 'Agus Pratama',
      phone: '+6281234567890',
      address_line_1: 'Jl. Kebon Jeruk Raya No. 27',
      address_line_2: 'Blok B2',
      country_code: 'ID',
      country_name: 'Indonesia',
      province_code: '31',
      province_name: 'Daerah Khusus Ibukota Jakarta',
      city_code: '31.73',
      city_name: 'Kota Administrasi Jakarta Barat',
      district_code: '31.73.05',
      district_name: 'Kebon Jeruk',
      subdistrict_code: '31.73.05.1001',
      subdistrict_name: 'Kebon Jeruk',
      postal_code: '11530',
      business_id: owner.businessId,
      business_name: expect.any(String),
      is_default: false,
    });
    const audit = await call('GET', `/api/audit?entity=warehouse&entity_id=${body.id}`, owner);
    expect(audit.json().items).toEqual([expect.objectContaining({ action: 'create', actor_id: owner.userId })]);
  });

  it('takes the optional fields empty and a fixed-line phone', async () => {
    const owner = await newWorkspace(app);
    const res = await call('POST', '/api/warehouses', owner, {
      ...form(),
      external_code: undefined,
      category: null,
      contact: '',
      phone: '(021) 5551234',
      address_line_2: null,
      postal_code: '',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      external_code: null,
      category: null,
      contact: null,
      phone: '+62215551234',
      address_line_2: null,
      postal_code: null,
      business_id: null,
    });
  });

  it('answers 400 with field details for bad input, never 500', async () => {
    const owner = await newWorkspace(app);
    const res = await call(
      'POST',
      '/api/warehouses',
      owner,
      form({ name: '', phone: '0812', postal_code: '01234', city_code: '3173', code: 'JKT 01' }),
    );
    expectFieldError(res, 'name');
    expect(fieldCodes(res)).toMatchObject({
      name: 'REQUIRED',
      phone: 'INVALID_PHONE',
      postal_code: 'INVALID_POSTAL_CODE',
      city_code: 'INVALID_FORMAT',
      code: 'NO_SPACE',
    });
    // An empty area code is only missing, not also badly formatted: one message on the field.
    const empty = await call('POST', '/api/warehouses', owner, form({ city_code: '' }));
    const cityIssues = (empty.json().details.fields as { path: string; code: string }[]).filter((f) => f.path === 'city_code');
    expect(cityIssues.map((f) => f.code)).toEqual(['REQUIRED']);
    const missing = await call('POST', '/api/warehouses', owner, {});
    expect(fieldCodes(missing)).toMatchObject({
      name: 'REQUIRED',
      code: 'REQUIRED',
      address_line_1: 'REQUIRED',
      province_code: 'REQUIRED',
      subdistrict_code: 'REQUIRED',
    });
    expectFieldError(await call('POST', '/api/warehouses', owner, form({ business_id: 'abc' })), 'business_id');
    expectFieldError(await call('POST', '/api/warehouses', owner, form({ country_code: 'MY' })), 'country_code');
    expectError(await call('POST', '/api/warehouses', owner, 'nope', { 'content-type': 'application/json' }), 400, 'VALIDATION_FAILED');
  });

  it('checks the area path: unknown codes and codes outside their parent, on the right field', async () => {
    const owner = await newWorkspace(app);
    const unknown = await call('POST', '/api/warehouses', owner, form({ province_code: '99' }));
    expectError(unknown, 400, 'VALIDATION_FAILED');
    expect(fieldCodes(unknown)).toEqual({ province_code: 'AREA_NOT_FOUND' });
    const wrongCity = await call(
      'POST',
      '/api/warehouses',
      owner,
      form({ city_code: '32.73', district_code: '32.73.07', subdistrict_code: '32.73.07.1001' }),
    );
    expect(fieldCodes(wrongCity)).toEqual({ city_code: 'AREA_MISMATCH' });
    const wrongSubdistrict = await call('POST', '/api/warehouses', owner, form({ subdistrict_code: '31.73.06.1001' }));
    expect(fieldCodes(wrongSubdistrict)).toEqual({ subdistrict_code: 'AREA_MISMATCH' });
    const missingSubdistrict = await call('POST', '/api/warehouses', owner, form({ subdistrict_code: '31.73.05.1999' }));
    expect(fieldCodes(missingSubdistrict)).toEqual({ subdistrict_code: 'AREA_NOT_FOUND' });
    expect(missingSubdistrict.json().details.fields[0].message).toBe('Wilayah tidak ditemukan.');
  });

  it("refuses another workspace's business as a field error", async () => {
    const owner = await newWorkspace(app);
    const other = await newWorkspace(app);
    const res = await call('POST', '/api/warehouses', owner, form({ business_id: other.businessId }));
    expectError(res, 400, 'VALIDATION_FAILED');
    expect(fieldCodes(res)).toEqual({ business_id: 'BUSINESS_NOT_FOUND' });
  });

  it('answers 409 WAREHOUSE_CODE_TAKEN on the code field for a code used in the workspace, not in another', async () => {
    const owner = await newWorkspace(app);
    const other = await newWorkspace(app);
    await create(owner, { code: 'GDG-1' });
    const res = await call('POST', '/api/warehouses', owner, form({ code: 'GDG-1' }));
    expectError(res, 409, 'WAREHOUSE_CODE_TAKEN');
    expect(fieldCodes(res)).toEqual({ code: 'WAREHOUSE_CODE_TAKEN' });
    await create(other, { code: 'GDG-1' });
  });

  it('lets one of two concurrent creates with the same code win; the other gets 409, not 500', async () => {
    const owner = await newWorkspace(app);
    const results = await Promise.all([1, 2].map(() => call('POST', '/api/warehouses', owner, form({ code: 'RACE-1' }))));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expectError(
      results.find((r) => r.statusCode !== 201)!,
      409,
      'WAREHOUSE_CODE_TAKEN',
    );
  });

  it('refuses a member without warehouse WRITE', async () => {
    const owner = await newWorkspace(app);
    const reader = await newMember(app, owner, { warehouse: 'READ' });
    expectError(await call('POST', '/api/warehouses', reader, form()), 403, 'FORBIDDEN');
    const none = await newMember(app, owner, { dashboard: 'READ' });
    expectError(await call('POST', '/api/warehouses', none, form()), 403, 'FORBIDDEN');
  });

  it('refuses a warehouse-restricted member, who could not see the new warehouse', async () => {
    const owner = await newWorkspace(app);
    const mine = await create(owner);
    const member = await newMember(app, owner, { warehouse: 'WRITE' });
    await restrictToWarehouses(member, [mine.id]);
    expectError(await call('POST', '/api/warehouses', member, form()), 403, 'BUSINESS_FORBIDDEN');
  });
});

describe('GET /api/warehouses', () => {
  it('pages the workspace warehouses by name with total_row (defaults page 1, size 10)', async () => {
    const owner = await newWorkspace(app);
    const other = await newWorkspace(app);
    for (let i = 0; i < 12; i++) await create(owner, { name: `Gudang ${String(i).padStart(2, '0')}` });
    await create(other);
    const first = await call('GET', '/api/warehouses', owner);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ page: 1, size: 10, total_row: 12 });
    expect(first.json().items).toHaveLength(10);
    expect(first.json().items[0]).toMatchObject({ name: 'Gudang 00', district_name: 'Kebon Jeruk' });
    const second = await call('GET', '/api/warehouses?page=2&size=10', owner);
    expect(second.json().items.map((w: { name: string }) => w.name)).toEqual(['Gudang 10', 'Gudang 11']);
    const desc = await call('GET', '/api/warehouses?sort=-name&size=1', owner);
    expect(desc.json().items[0].name).toBe('Gudang 11');
  });

  it('searches name, code, external code and contact with q, and filters by business', async () => {
    const owner = await newWorkspace(app);
    await create(owner, { name: 'Gudang Bekasi', code: 'BKS-1', contact: 'Rina' });
    await create(owner, { name: 'Gudang Depok', code: 'DPK-1', external_code: 'SAP-77', business_id: owner.businessId });
    const names = async (qs: string) =>
      (await call('GET', `/api/warehouses?${qs}`, owner)).json().items.map((w: { name: string }) => w.name);
    expect(await names('q=bekasi')).toEqual(['Gudang Bekasi']);
    expect(await names('q=dpk')).toEqual(['Gudang Depok']);
    expect(await names('q=sap-77')).toEqual(['Gudang Depok']);
    expect(await names('q=rina')).toEqual(['Gudang Bekasi']);
    expect(await names('q=%25')).toEqual([]);
    expect(await names(`business_id=${owner.businessId}`)).toEqual(['Gudang Depok']);
  });

  it('shows a warehouse-restricted member only the warehouses of the list', async () => {
    const owner = await newWorkspace(app);
    const a = await create(owner, { name: 'Gudang A' });
    await create(owner, { name: 'Gudang B' });
    const member = await newMember(app, owner, { warehouse: 'READ' });
    await restrictToWarehouses(member, [a.id]);
    const res = await call('GET', '/api/warehouses', member);
    expect(res.json()).toMatchObject({ total_row: 1, items: [expect.objectContaining({ id: a.id })] });
  });

  it('shows a business-restricted member only the warehouses of those businesses', async () => {
    const owner = await newWorkspace(app);
    const other = (await call('POST', '/api/businesses', owner, { name: 'Kedai Kopi' })).json();
    const mine = await create(owner, { name: 'Gudang Toko', business_id: owner.businessId });
    await create(owner, { name: 'Gudang Kedai', business_id: other.id });
    await create(owner, { name: 'Gudang Tanpa Usaha' });
    const member = await newMember(app, owner, { warehouse: 'READ' });
    await app.platform.database.db
      .update(memberships)
      .set({ restrictionBase: 'BUSINESS', restrictionList: [owner.businessId] })
      .where(eq(memberships.userId, member.userId));
    const res = await call('GET', '/api/warehouses', member);
    expect(res.json()).toMatchObject({ total_row: 1, items: [expect.objectContaining({ id: mine.id })] });
  });

  it('answers 400 for bad paging and 403 without warehouse READ', async () => {
    const owner = await newWorkspace(app);
    expectFieldError(await call('GET', '/api/warehouses?size=0', owner), 'size');
    expectFieldError(await call('GET', '/api/warehouses?page=abc', owner), 'page');
    expectFieldError(await call('GET', '/api/warehouses?sort=address', owner), 'sort');
    const member = await newMember(app, owner, { 'store-list': 'WRITE' });
    expectError(await call('GET', '/api/warehouses', member), 403, 'FORBIDDEN');
  });
});

describe('GET /api/warehouses/:id', () => {
  it('answers one warehouse with its area names', async () => {
    const owner = await newWorkspace(app);
    const created = await create(owner);
    const res = await call('GET', `/api/warehouses/${created.id}`, owner);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: created.id, warehouse_id: created.id, city_name: 'Kota Administrasi Jakarta Barat' });
  });

  it("answers 404 for another workspace's warehouse or one outside the restriction, 400 for a malformed id", async () => {
    const owner = await newWorkspace(app);
    const other = await newWorkspace(app);
    const theirs = await create(other);
    expectError(await call('GET', `/api/warehouses/${theirs.id}`, owner), 404, 'WAREHOUSE_NOT_FOUND');
    const a = await create(owner);
    const b = await create(owner);
    const member = await newMember(app, owner, { warehouse: 'READ' });
    await restrictToWarehouses(member, [a.id]);
    expect((await call('GET', `/api/warehouses/${a.id}`, member)).statusCode).toBe(200);
    expectError(await call('GET', `/api/warehouses/${b.id}`, member), 404, 'WAREHOUSE_NOT_FOUND');
    expectFieldError(await call('GET', '/api/warehouses/not-a-uuid', owner), 'params.id');
  });

  it('refuses a member without warehouse READ', async () => {
    const owner = await newWorkspace(app);
    const created = await create(owner);
    const member = await newMember(app, owner, { dashboard: 'READ' });
    expectError(await call('GET', `/api/warehouses/${created.id}`, member), 403, 'FORBIDDEN');
  });
});

describe('PUT /api/warehouses/:id', () => {
  it('replaces the fields (keeping its own code), moves the area, and audits the difference', async () => {
    const owner = await newWorkspace(app);
    const created = await create(owner, { code: 'JKT-9' });
    const res = await call(
      'PUT',
      `/api/warehouses/${created.id}`,
      owner,
      form({
        code: 'JKT-9',
        name: 'Gudang Pasteur',
        province_code: '32',
        city_code: '32.73',
        district_code: '32.73.07',
        subdistrict_code: '32.73.07.1001',
        postal_code: '40161',
        phone: '+62 811 2222 333',
      }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Gudang Pasteur',
      code: 'JKT-9',
      city_name: 'Kota Bandung',
      district_name: 'Sukajadi',
      subdistrict_name: 'Pasteur',
      phone: '+628112222333',
    });
    const audit = await call('GET', `/api/audit?entity=warehouse&entity_id=${created.id}`, owner);
    const update = audit.json().items.find((i: { action: string }) => i.action === 'update');
    expect(update.diff).toMatchObject({
      name: { from: 'Gudang Kebon Jeruk', to: 'Gudang Pasteur' },
      cityCode: { from: '31.73', to: '32.73' },
    });
  });

  it('answers 409 for a code of another warehouse and 400 for a broken area path', async () => {
    const owner = await newWorkspace(app);
    const a = await create(owner, { code: 'A-1' });
    const b = await create(owner, { code: 'B-1' });
    const taken = await call('PUT', `/api/warehouses/${b.id}`, owner, form({ code: 'A-1' }));
    expectError(taken, 409, 'WAREHOUSE_CODE_TAKEN');
    expect(fieldCodes(taken)).toEqual({ code: 'WAREHOUSE_CODE_TAKEN' });
    const both = await call('PUT', `/api/warehouses/${b.id}`, owner, form({ code: 'A-1', district_code: '35.78.03' }));
    expectError(both, 400, 'VALIDATION_FAILED');
    expect(fieldCodes(both)).toEqual({ district_code: 'AREA_MISMATCH', subdistrict_code: 'AREA_MISMATCH', code: 'WAREHOUSE_CODE_TAKEN' });
    expect((await call('GET', `/api/warehouses/${a.id}`, owner)).json().code).toBe('A-1');
  });

  it("answers 404 for another workspace's warehouse and leaves it alone", async () => {
    const owner = await newWorkspace(app);
    const other = await newWorkspace(app);
    const theirs = await create(other, { name: 'Milik Orang Lain' });
    expectError(await call('PUT', `/api/warehouses/${theirs.id}`, owner, form()), 404, 'WAREHOUSE_NOT_FOUND');
    expect((await call('GET', `/api/warehouses/${theirs.id}`, other)).json().name).toBe('Milik Orang Lain');
  });

  it('answers 404 to a restricted member for a warehouse outside the list, 403 without WRITE', async () => {
    const owner = await newWorkspace(app);
    const a = await create(owner);
    const b = await create(owner);
    const member = await newMember(app, owner, { warehouse: 'WRITE' });
    await restrictToWarehouses(member, [a.id]);
    expect((await call('PUT', `/api/warehouses/${a.id}`, member, form({ name: 'Boleh' }))).statusCode).toBe(200);
    expectError(await call('PUT', `/api/warehouses/${b.id}`, member, form()), 404, 'WAREHOUSE_NOT_FOUND');
    const reader = await newMember(app, owner, { warehouse: 'READ' });
    expectError(await call('PUT', `/api/warehouses/${a.id}`, reader, form()), 403, 'FORBIDDEN');
    expectFieldError(await call('PUT', `/api/warehouses/${a.id}`, owner, form({ address_line_1: '' })), 'address_line_1');
  });
});
