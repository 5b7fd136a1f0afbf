import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberships } from '../../src/modules/workspaces/workspaces.schema.ts';
import { newMember, newWorkspace, type Actor } from '../factories.ts';
import { newChannel, newSku, receive } from '../inventory/helpers.ts';
import { buildTestApp, type TestApp } from '../test-app.ts';
import { caller, expectError, expectFieldError, newBusiness, newWarehouse } from '../workspaces/helpers.ts';

type Method = Parameters<ReturnType<typeof caller>>[0];

/**
 * Issue 13 "done means": another workspace's order, manual order, customer, category and shop ids answer 404 on
 * every orders and customers route (and change nothing); a BUSINESS-restricted member sees only their businesses'
 * orders in lists and in the tab counts (both the counts table and the counted path) and 404 for the others; every
 * write route answers 400 with field errors on bad input.
 */

let app: TestApp;
let call: ReturnType<typeof caller>;
beforeAll(async () => {
  app = await buildTestApp();
  call = caller(app);
});
afterAll(async () => app?.close());

type World = { owner: Actor; wh: string; sku: string; order: string; customer: string; category: string; channel: string };

async function world(): Promise<World> {
  const owner = await newWorkspace(app);
  const wh = (await newWarehouse(app, owner)).id;
  const sku = (await newSku(app, owner)).id;
  await receive(app, owner, wh, [{ catalog_id: sku, quantity: 10 }]);
  const category = (await call('POST', '/api/customer-categories', owner, { name: 'Grosir' })).json().id;
  const customer = (await call('POST', '/api/customers', owner, { code: 'C-1', name: 'Toko Makmur', category_id: category })).json().id;
  const order = await call('POST', '/api/manual-orders', owner, {
    warehouse_id: wh,
    customer_id: customer,
    order_date: '2026-11-24',
    buyer_name: 'Toko Makmur',
    lines: [{ catalog_id: sku, quantity: 2 }],
    confirm: false,
  });
  expect(order.statusCode, order.body).toBe(201);
  return { owner, wh, sku, order: order.json().id, customer, category, channel: await newChannel(app, owner) };
}

describe('orders and customers across workspaces', () => {
  let mine: World;
  let theirs: World;
  beforeAll(async () => {
    mine = await world();
    theirs = await world();
  });

  it("answers 404 for another workspace's order on every order route and changes nothing", async () => {
    const id = theirs.order;
    const me = mine.owner;
    const manualBody = { warehouse_id: mine.wh, order_date: '2026-11-24', buyer_name: 'X', lines: [{ catalog_id: mine.sku, quantity: 1 }] };
    const routes: [Method, string, unknown?][] = [
      ['GET', `/api/orders/${id}`],
      ['GET', `/api/orders/${id}/cancellation-reasons`],
      ['POST', `/api/orders/${id}/accept`],
      ['POST', `/api/orders/${id}/reject`],
      ['POST', `/api/orders/${id}/accept-cancel`],
      ['POST', `/api/orders/${id}/refuse-cancel`],
      ['POST', `/api/orders/${id}/cancel`, { reason_id: 'OTHER' }],
      ['POST', `/api/orders/${id}/retry-marketplace`],
      ['PUT', `/api/manual-orders/${id}`, manualBody],
      ['PUT', `/api/manual-orders/${id}/state`, { action: 'CONFIRM' }],
      ['PUT', `/api/manual-orders/${id}/cancel`, { reason_id: 'OTHER' }],
    ];
    for (const [method, url, body] of routes) expectError(await call(method, url, me, body), 404, 'ORDER_NOT_FOUND');
    // Bulk answers per order: theirs is not found, nothing happens to it.
    const bulk = await call('POST', '/api/orders/bulk', me, { action: 'ACCEPT', order_ids: [id] });
    expect(bulk.statusCode, bulk.body).toBe(200);
    expect(bulk.json().items).toEqual([expect.objectContaining({ order_id: id, ok: false, code: 'ORDER_NOT_FOUND' })]);
    const after = (await call('GET', `/api/orders/${id}`, theirs.owner)).json();
    expect(after).toMatchObject({ status: 'DRAFT', total_item: 2 });
    expect(after.timeline).toHaveLength(1);
  });

  it("answers 404 for another workspace's customer, category and shop; a reference to them is a field error", async () => {
    const me = mine.owner;
    expectError(await call('GET', `/api/customers/${theirs.customer}`, me), 404, 'CUSTOMER_NOT_FOUND');
    expectError(await call('PUT', `/api/customers/${theirs.customer}`, me, { code: 'C', name: 'C' }), 404, 'CUSTOMER_NOT_FOUND');
    expectError(await call('DELETE', `/api/customers/${theirs.customer}`, me), 404, 'CUSTOMER_NOT_FOUND');
    expectError(await call('PUT', `/api/customer-categories/${theirs.category}`, me, { name: 'X' }), 404, 'CUSTOMER_CATEGORY_NOT_FOUND');
    expectError(await call('DELETE', `/api/customer-categories/${theirs.category}`, me), 404, 'CUSTOMER_CATEGORY_NOT_FOUND');
    expectError(await call('POST', `/api/channels/${theirs.channel}/orders/sync`, me), 404, 'CHANNEL_NOT_FOUND');
    expectError(await call('GET', `/api/channels/${theirs.channel}/orders/sync`, me), 404, 'CHANNEL_NOT_FOUND');
    expectFieldError(await call('POST', '/api/customers', me, { code: 'C-9', name: 'Y', category_id: theirs.category }), 'category_id');
    expectFieldError(
      await call('POST', '/api/manual-orders', me, {
        warehouse_id: mine.wh,
        customer_id: theirs.customer,
        order_date: '2026-11-24',
        buyer_name: 'X',
        lines: [{ catalog_id: mine.sku, quantity: 1 }],
      }),
      'customer_id',
    );
    // Their data is untouched, and lists show none of it.
    expect((await call('GET', `/api/customers/${theirs.customer}`, theirs.owner)).json()).toMatchObject({ name: 'Toko Makmur' });
    const customers = (await call('GET', '/api/customers', me)).json();
    expect(customers.items.map((c: { id: string }) => c.id)).toEqual([mine.customer]);
    const orders = (await call('GET', '/api/orders?source=MANUAL&tab=draft', me)).json();
    expect(orders.items.map((o: { id: string }) => o.id)).toEqual([mine.order]);
  });

  it('answers 400 with field errors on every orders and customers write route', async () => {
    const me = mine.owner;
    const cases: [Method, string, unknown, string][] = [
      ['POST', `/api/orders/${mine.order}/cancel`, {}, 'reason_id'],
      ['POST', '/api/orders/bulk', { action: 'SHIP', order_ids: [mine.order] }, 'action'],
      ['POST', '/api/orders/bulk', { action: 'CANCEL', order_ids: [mine.order] }, 'reason_id'],
      ['POST', '/api/orders/bulk', { action: 'ACCEPT', order_ids: [] }, 'order_ids'],
      ['POST', '/api/manual-orders', { lines: [] }, 'lines'],
      ['POST', '/api/manual-orders/price-preview', { order_date: 'kemarin', catalog_ids: [mine.sku] }, 'order_date'],
      ['PUT', `/api/manual-orders/${mine.order}`, { buyer_name: '' }, 'buyer_name'],
      ['PUT', `/api/manual-orders/${mine.order}/state`, { action: 'FLY' }, 'action'],
      ['PUT', `/api/manual-orders/${mine.order}/cancel`, {}, 'reason_id'],
      ['POST', '/api/customers', { code: 'C-2', name: 'Y', email: 'bukan-email' }, 'email'],
      ['POST', '/api/customers', { code: 'C-2', name: 'Y', credit_limit: -1 }, 'credit_limit'],
      ['PUT', `/api/customers/${mine.customer}`, { code: 'C-1', name: '' }, 'name'],
      ['POST', '/api/customer-categories', { name: '' }, 'name'],
      ['PUT', `/api/customer-categories/${mine.category}`, { name: '' }, 'name'],
    ];
    for (const [method, url, body, field] of cases) {
      const res = await call(method, url, me, body);
      expectFieldError(res, field);
      // Translated: the message is a sentence in the caller's language, not the code.
      const fieldError = res.json().details.fields.find((f: { path: string }) => f.path === field);
      expect(fieldError.message, `${method} ${url} ${field}`).not.toBe(fieldError.code);
    }
    const after = (await call('GET', `/api/orders/${mine.order}`, me)).json();
    expect(after).toMatchObject({ status: 'DRAFT', total_item: 2 });
    expect((await call('GET', `/api/customers/${mine.customer}`, me)).json()).toMatchObject({ name: 'Toko Makmur' });
  });
});

describe('a BUSINESS-restricted member', () => {
  it("sees only their businesses' orders in lists and tab counts (counts table and counted), 404 for the others", async () => {
    const w = await world();
    const b2 = await newBusiness(app, w.owner);
    const place = (business?: string) =>
      call('POST', '/api/manual-orders', w.owner, {
        warehouse_id: w.wh,
        order_date: '2026-11-24',
        buyer_name: 'Budi',
        lines: [{ catalog_id: w.sku, quantity: 1 }],
        confirm: true,
        ...(business ? { business_id: business } : {}),
      }).then((r) => r.json().id as string);
    const outside = await place();
    const inside = await place(b2.id);
    const member = await newMember(app, w.owner, { sales: 'READ' });
    await app.platform.database.db
      .update(memberships)
      .set({ restrictionBase: 'BUSINESS', restrictionList: [b2.id] })
      .where(eq(memberships.userId, member.userId));
    for (const extra of ['', '&date_from=2026-11-01', '&source=MANUAL', '&payment_status=UNPAID']) {
      const list = (await call('GET', `/api/orders?page=1${extra}`, member)).json();
      expect(
        list.items.map((o: { id: string }) => o.id),
        extra,
      ).toEqual([inside]);
      expect(list.counts, extra).toMatchObject({ all: 1, confirmed: 1, draft: 0 });
    }
    expectError(await call('GET', `/api/orders/${outside}`, member), 404, 'ORDER_NOT_FOUND');
    expect((await call('GET', `/api/orders/${inside}`, member)).statusCode).toBe(200);
    expect((await call('GET', '/api/orders', w.owner)).json().counts).toMatchObject({ all: 2, confirmed: 2, draft: 1 });
  });
});
