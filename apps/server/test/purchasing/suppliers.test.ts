import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newMember, newWorkspace, type Actor } from '../factories.ts';
import { newSku } from '../inventory/helpers.ts';
import { buildTestApp, type TestApp } from '../test-app.ts';
import { caller, expectError, expectFieldError, newWarehouse } from '../workspaces/helpers.ts';

let app: TestApp;
let call: ReturnType<typeof caller>;
beforeAll(async () => {
  app = await buildTestApp();
  call = caller(app);
});
afterAll(async () => app?.close());

/** A complete, valid form: a fabric supplier in Bandung. */
const form = (overrides: Record<string, unknown> = {}) => ({
  name: 'CV Sumber Kain Bandung',
  code: 'SKB',
  contact_name: 'Hendra Gunawan',
  phone: '0813-2211-4455',
  email: 'Penjualan@SumberKain.co.id',
  npwp: '01.234.567.8-901.000',
  address: 'Jl. Cigondewah Kaler No. 88, Bandung',
  payment_term_days: 30,
  notes: 'Kirim tiap Senin',
  ...overrides,
});

const create = async (as: Actor, overrides: Record<string, unknown> = {}) => {
  const res = await call('POST', '/api/suppliers', as, form(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; name: string; code: string | null };
};

const fieldCodes = (res: Awaited<ReturnType<typeof call>>) =>
  Object.fromEntries(res.json().details.fields.map((f: { path: string; code: string }) => [f.path, f.code]));

const total = async (as: Actor) => (await call('GET', '/api/suppliers', as)).json().total_row as number;

describe('suppliers', () => {
  it('creates a supplier with every field normalised, reads, replaces and deletes it, each audited', async () => {
    const owner = await newWorkspace(app);
    const created = await call('POST', '/api/suppliers', owner, form());
    expect(created.statusCode, created.body).toBe(201);
    const supplier = created.json();
    expect(supplier).toMatchObject({
      name: 'CV Sumber Kain Bandung',
      code: 'SKB',
      contact_name: 'Hendra Gunawan',
      phone: '+6281322114455',
      email: 'penjualan@sumberkain.co.id',
      npwp: '0012345678901000',
      address: 'Jl. Cigondewah Kaler No. 88, Bandung',
      payment_term_days: 30,
      notes: 'Kirim tiap Senin',
      purchase_order_count: 0,
    });
    expect((await call('GET', `/api/suppliers/${supplier.id}`, owner)).json()).toEqual(supplier);

    const replaced = await call('PUT', `/api/suppliers/${supplier.id}`, owner, {
      name: 'CV Sumber Kain',
      code: '',
      contact_name: null,
      phone: '',
      email: '',
      npwp: '',
      payment_term_days: 0,
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json()).toMatchObject({
      id: supplier.id,
      name: 'CV Sumber Kain',
      code: null,
      contact_name: null,
      phone: null,
      email: null,
      npwp: null,
      address: null,
      payment_term_days: 0,
      notes: null,
    });

    const deleted = await call('DELETE', `/api/suppliers/${supplier.id}`, owner);
    expect(deleted.statusCode).toBe(204);
    expectError(await call('GET', `/api/suppliers/${supplier.id}`, owner), 404, 'SUPPLIER_NOT_FOUND');
    const audit = await call('GET', `/api/audit?entity=supplier&entity_id=${supplier.id}`, owner);
    expect(
      audit
        .json()
        .items.map((a: { action: string }) => a.action)
        .sort(),
    ).toEqual(['create', 'delete', 'update']);
  });

  it('lists newest first and searches name, code, contact and phone, ignoring case', async () => {
    const owner = await newWorkspace(app);
    const kain = await create(owner, { name: 'CV Sumber Kain Bandung', code: 'SKB', contact_name: 'Hendra', phone: '081322114455' });
    const kopi = await create(owner, { name: 'PT Kopi Nusantara', code: 'KOPI-01', contact_name: 'Rudi Hartono', phone: '0215551234' });
    const kemasan = await create(owner, { name: 'UD Kemasan Jaya', code: null, contact_name: 'Wati', phone: '0317778899' });
    const names = async (q = '') =>
      (await call('GET', `/api/suppliers${q ? `?q=${encodeURIComponent(q)}` : ''}`, owner)).json().items.map((s: { id: string }) => s.id);
    expect(await names()).toEqual([kemasan.id, kopi.id, kain.id]);
    expect(await names('nusantara')).toEqual([kopi.id]);
    expect(await names('skb')).toEqual([kain.id]);
    expect(await names('RUDI')).toEqual([kopi.id]);
    expect(await names('0317')).toEqual([kemasan.id]);
    expect(await names('+62215551234')).toEqual([kopi.id]);
    expect(await names('100%')).toEqual([]);
    const page = (await call('GET', '/api/suppliers?size=2&page=2', owner)).json();
    expect(page).toMatchObject({ page: 2, size: 2, total_row: 3 });
    expect(page.items.map((s: { id: string }) => s.id)).toEqual([kain.id]);
    // Another workspace sees none of them.
    expect(await total(await newWorkspace(app))).toBe(0);
  });

  it('refuses a code another supplier of the workspace uses (409 on code), not one of another workspace', async () => {
    const owner = await newWorkspace(app);
    const first = await create(owner, { code: 'SUP-01' });
    const taken = await call('POST', '/api/suppliers', owner, form({ code: 'SUP-01', name: 'Lain' }));
    expectError(taken, 409, 'SUPPLIER_CODE_TAKEN');
    expect(fieldCodes(taken)).toEqual({ code: 'SUPPLIER_CODE_TAKEN' });
    const second = await create(owner, { code: 'SUP-02' });
    expectError(await call('PUT', `/api/suppliers/${second.id}`, owner, form({ code: 'SUP-01' })), 409, 'SUPPLIER_CODE_TAKEN');
    // Its own code, and suppliers without a code, are fine.
    expect((await call('PUT', `/api/suppliers/${first.id}`, owner, form({ code: 'SUP-01', name: 'Baru' }))).statusCode).toBe(200);
    await create(owner, { code: null });
    await create(owner, { code: '' });
    await create(await newWorkspace(app), { code: 'SUP-01' });
    expect(await total(owner)).toBe(4);
  });

  it('answers 400 on the field for bad input and writes nothing', async () => {
    const owner = await newWorkspace(app);
    const res = await call(
      'POST',
      '/api/suppliers',
      owner,
      form({ name: '', phone: '0812', email: 'bukan-email', npwp: '1234', payment_term_days: 400 }),
    );
    expectFieldError(res, 'name');
    expect(fieldCodes(res)).toMatchObject({
      name: 'REQUIRED',
      phone: 'INVALID_PHONE',
      email: 'INVALID_EMAIL',
      npwp: 'INVALID_NPWP',
      payment_term_days: 'INVALID_VALUE',
    });
    expectFieldError(await call('POST', '/api/suppliers', owner, {}), 'name');
    expectFieldError(await call('POST', '/api/suppliers', owner, form({ payment_term_days: '30' })), 'payment_term_days');
    expect(await total(owner)).toBe(0);
  });

  it("answers 404 for another workspace's supplier on every id route, and 400 for a malformed id", async () => {
    const owner = await newWorkspace(app);
    const other = await newWorkspace(app);
    const theirs = await create(other);
    expectError(await call('GET', `/api/suppliers/${theirs.id}`, owner), 404, 'SUPPLIER_NOT_FOUND');
    expectError(await call('PUT', `/api/suppliers/${theirs.id}`, owner, form({ code: 'X' })), 404, 'SUPPLIER_NOT_FOUND');
    expectError(await call('DELETE', `/api/suppliers/${theirs.id}`, owner), 404, 'SUPPLIER_NOT_FOUND');
    expectFieldError(await call('GET', '/api/suppliers/abc', owner), 'params.id');
    expect((await call('GET', `/api/suppliers/${theirs.id}`, other)).json()).toMatchObject({ name: 'CV Sumber Kain Bandung', code: 'SKB' });
  });

  it('refuses to delete a supplier a purchase order names (409), and counts its orders', async () => {
    const owner = await newWorkspace(app);
    const supplier = await create(owner);
    const warehouse = await newWarehouse(app, owner);
    const sku = await newSku(app, owner);
    const order = await call('POST', '/api/purchase-orders', owner, {
      supplier_id: supplier.id,
      warehouse_id: warehouse.id,
      order_date: '2026-11-20',
      lines: [{ catalog_id: sku.id, quantity: 5, unit_cost: 20_000 }],
    });
    expect(order.statusCode, order.body).toBe(201);
    expectError(await call('DELETE', `/api/suppliers/${supplier.id}`, owner), 409, 'SUPPLIER_IN_USE');
    expect((await call('GET', `/api/suppliers/${supplier.id}`, owner)).json().purchase_order_count).toBe(1);
    expect((await call('GET', '/api/suppliers', owner)).json().items[0].purchase_order_count).toBe(1);
    // Cancelled, the order still names it.
    expect((await call('POST', `/api/purchase-orders/${order.json().id}/cancel`, owner)).statusCode).toBe(200);
    expectError(await call('DELETE', `/api/suppliers/${supplier.id}`, owner), 409, 'SUPPLIER_IN_USE');
  });

  it('lets a member with READ only read, and a member without the menu nothing', async () => {
    const owner = await newWorkspace(app);
    const supplier = await create(owner);
    const reader = await newMember(app, owner, { supplier: 'READ' });
    expect((await call('GET', '/api/suppliers', reader)).statusCode).toBe(200);
    expect((await call('GET', `/api/suppliers/${supplier.id}`, reader)).statusCode).toBe(200);
    expectError(await call('POST', '/api/suppliers', reader, form({ code: 'R-1' })), 403, 'FORBIDDEN');
    expectError(await call('PUT', `/api/suppliers/${supplier.id}`, reader, form()), 403, 'FORBIDDEN');
    expectError(await call('DELETE', `/api/suppliers/${supplier.id}`, reader), 403, 'FORBIDDEN');
    const stranger = await newMember(app, owner, { 'purchase-order': 'WRITE' });
    expectError(await call('GET', '/api/suppliers', stranger), 403, 'FORBIDDEN');
    expect(await total(owner)).toBe(1);
  });
});
