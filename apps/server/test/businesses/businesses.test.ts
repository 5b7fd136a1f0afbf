import { parseNpwp } from '@kelola/domain';
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

const full = {
  name: 'Toko Batik Sekar',
  currency: 'IDR',
  category: 'Fashion',
  company_name: 'PT Sekar Batik Nusantara',
  tax_liability: true,
  npwp: '01.312.166.0-091.000',
  address: 'Jl. Malioboro No. 5, Yogyakarta',
};

async function restrictTo(member: Actor, ids: string[]) {
  await app.platform.database.db
    .update(memberships)
    .set({ restrictionBase: 'BUSINESS', restrictionList: ids })
    .where(eq(memberships.userId, member.userId));
}

describe('parseNpwp', () => {
  it('accepts the legacy 15 digits (stored as 16), NPWP16 and a NIK, and flags a wrong check digit', () => {
    expect(parseNpwp('01.312.166.0-091.000')).toEqual({ digits: '0013121660091000', kind: 'npwp15', checksumOk: true });
    expect(parseNpwp('0016090524017000')).toEqual({ digits: '0016090524017000', kind: 'npwp16', checksumOk: true });
    expect(parseNpwp('02.183.241.5-000.000')?.checksumOk).toBe(true);
    expect(parseNpwp('01.312.166.1-091.000')?.checksumOk).toBe(false);
    expect(parseNpwp('3171054107900001')).toEqual({ digits: '3171054107900001', kind: 'nik', checksumOk: null });
  });

  it('rejects other lengths, letters and impossible NIKs', () => {
    expect(parseNpwp('12345')).toBeNull();
    expect(parseNpwp('01.312.166.0-091.00A')).toBeNull();
    expect(parseNpwp('3171059907900001')).toBeNull(); // day 99 - 40 = 59
    expect(parseNpwp('0013121660091000123456')).toBeNull();
  });
});

describe('POST /api/businesses', () => {
  it('creates a business with every field, the NPWP as 16 digits, and audits it', async () => {
    const owner = await newWorkspace(app);
    const res = await call('POST', '/api/businesses', owner, full);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      ...full,
      business_id: body.id,
      currency_id: 111,
      npwp: '0013121660091000',
      npwp_checksum_ok: true,
    });
    const audit = await call('GET', `/api/audit?entity=business&entity_id=${body.id}`, owner);
    expect(audit.json().items).toEqual([expect.objectContaining({ action: 'create', actor_id: owner.userId })]);
  });

  it('defaults to IDR without tax liability, and takes MYR', async () => {
    const owner = await newWorkspace(app);
    expect((await call('POST', '/api/businesses', owner, { name: 'Kedai Kopi' })).json()).toMatchObject({
      currency: 'IDR',
      tax_liability: false,
      npwp: null,
    });
    expect((await call('POST', '/api/businesses', owner, { name: 'Kedai KL', currency: 'MYR' })).json()).toMatchObject({
      currency: 'MYR',
      currency_id: 144,
    });
  });

  it('answers 400 with field details for bad input', async () => {
    const owner = await newWorkspace(app);
    expectFieldError(await call('POST', '/api/businesses', owner, { ...full, name: ' ' }), 'name');
    expectFieldError(await call('POST', '/api/businesses', owner, { ...full, currency: 'USD' }), 'currency');
    const npwp = await call('POST', '/api/businesses', owner, { ...full, npwp: '12.345' });
    expectFieldError(npwp, 'npwp');
    expect(npwp.json().details.fields).toContainEqual(expect.objectContaining({ path: 'npwp', code: 'INVALID_NPWP' }));
    expectFieldError(await call('POST', '/api/businesses', owner, { ...full, tax_liability: 'ya' }), 'tax_liability');
    expectError(
      await call('POST', '/api/businesses', owner, '{not json', { 'content-type': 'application/json' }),
      400,
      'VALIDATION_FAILED',
    );
  });

  it('refuses a member without store-list WRITE', async () => {
    const owner = await newWorkspace(app);
    const reader = await newMember(app, owner, { 'store-list': 'READ' });
    expectError(await call('POST', '/api/businesses', reader, full), 403, 'FORBIDDEN');
  });

  it('refuses a business-restricted member, who could not see the new business', async () => {
    const owner = await newWorkspace(app);
    const member = await newMember(app, owner, { 'store-list': 'WRITE' });
    await restrictTo(member, [owner.businessId]);
    expectError(await call('POST', '/api/businesses', member, full), 403, 'BUSINESS_FORBIDDEN');
  });
});

describe('GET /api/businesses', () => {
  it('lists the businesses of the workspace only, by name', async () => {
    const owner = await newWorkspace(app);
    const other = await newWorkspace(app);
    await call('POST', '/api/businesses', owner, { name: 'Aneka Snack' });
    const res = await call('GET', '/api/businesses', owner);
    expect(res.statusCode).toBe(200);
    const names = res.json().items.map((b: { name: string }) => b.name);
    expect(names[0]).toBe('Aneka Snack');
    expect(res.json().total_row).toBe(2);
    expect(res.json().items.map((b: { id: string }) => b.id)).not.toContain(other.businessId);
  });

  it('shows a business-restricted member only the businesses of the list', async () => {
    const owner = await newWorkspace(app);
    const second = (await call('POST', '/api/businesses', owner, { name: 'Bisnis Kedua' })).json();
    const member = await newMember(app, owner, { 'store-list': 'READ' });
    await restrictTo(member, [second.id]);
    expect((await call('GET', '/api/businesses', member)).json().items.map((b: { id: string }) => b.id)).toEqual([second.id]);
    expectError(await call('GET', `/api/businesses/${owner.businessId}`, member), 404, 'BUSINESS_NOT_FOUND');
  });

  it('refuses a member without store-list', async () => {
    const owner = await newWorkspace(app);
    const member = await newMember(app, owner, { warehouse: 'WRITE' });
    expectError(await call('GET', '/api/businesses', member), 403, 'FORBIDDEN');
  });
});

describe('GET /api/businesses/:id', () => {
  it('answers one business', async () => {
    const owner = await newWorkspace(app);
    const res = await call('GET', `/api/businesses/${owner.businessId}`, owner);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: owner.businessId, business_id: owner.businessId, currency: 'IDR' });
  });

  it("answers 404 for another workspace's business and 400 for a malformed id", async () => {
    const owner = await newWorkspace(app);
    const other = await newWorkspace(app);
    expectError(await call('GET', `/api/businesses/${other.businessId}`, owner), 404, 'BUSINESS_NOT_FOUND');
    expectFieldError(await call('GET', '/api/businesses/123', owner), 'params.id');
  });

  it('refuses a member without store-list', async () => {
    const owner = await newWorkspace(app);
    const member = await newMember(app, owner, { dashboard: 'READ' });
    expectError(await call('GET', `/api/businesses/${owner.businessId}`, member), 403, 'FORBIDDEN');
  });
});

describe('PUT /api/businesses/:id', () => {
  it('replaces the fields and audits the difference', async () => {
    const owner = await newWorkspace(app);
    const res = await call('PUT', `/api/businesses/${owner.businessId}`, owner, { ...full, name: 'Nama Baru', npwp: '' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Nama Baru', npwp: null, company_name: full.company_name });
    const audit = await call('GET', `/api/audit?entity=business&entity_id=${owner.businessId}`, owner);
    const update = audit.json().items.find((i: { action: string }) => i.action === 'update');
    expect(update.diff.name).toEqual({ from: expect.any(String), to: 'Nama Baru' });
  });

  it("answers 404 for another workspace's business, 400 for bad input, 403 without WRITE", async () => {
    const owner = await newWorkspace(app);
    const other = await newWorkspace(app);
    expectError(await call('PUT', `/api/businesses/${other.businessId}`, owner, full), 404, 'BUSINESS_NOT_FOUND');
    expectFieldError(await call('PUT', `/api/businesses/${owner.businessId}`, owner, { ...full, name: '' }), 'name');
    const reader = await newMember(app, owner, { 'store-list': 'READ' });
    expectError(await call('PUT', `/api/businesses/${owner.businessId}`, reader, full), 403, 'FORBIDDEN');
    // The other workspace's business is unchanged.
    expect((await call('GET', `/api/businesses/${other.businessId}`, other)).json().name).not.toBe(full.name);
  });
});
