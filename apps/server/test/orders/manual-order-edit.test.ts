import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newWorkspace, type Actor } from '../factories.ts';
import { newSku, receive } from '../inventory/helpers.ts';
import { buildTestApp, type TestApp } from '../test-app.ts';
import { caller, expectError, expectFieldError, newWarehouse } from '../workspaces/helpers.ts';

/** PUT /api/manual-orders/:id: a manual DRAFT order edited with the create form again (spec sales-manual calls). */

let app: TestApp;
let call: ReturnType<typeof caller>;
beforeAll(async () => {
  app = await buildTestApp();
  call = caller(app);
});
afterAll(async () => app?.close());

type Setup = { owner: Actor; wh: string; a: string; b: string };
async function setup(): Promise<Setup> {
  const owner = await newWorkspace(app);
  const wh = (await newWarehouse(app, owner)).id;
  const a = (await newSku(app, owner)).id;
  const b = (await newSku(app, owner)).id;
  await receive(app, owner, wh, [
    { catalog_id: a, quantity: 10 },
    { catalog_id: b, quantity: 10 },
  ]);
  return { owner, wh, a, b };
}

const form = (s: Setup, overrides: Record<string, unknown> = {}) => ({
  warehouse_id: s.wh,
  order_date: '2026-11-24',
  buyer_name: 'Budi Santoso',
  lines: [{ catalog_id: s.a, quantity: 3 }],
  confirm: false,
  ...overrides,
});

async function available(s: Setup) {
  const list = (await call('GET', `/api/inventory?warehouse_id=${s.wh}`, s.owner)).json();
  const of = (id: string) => list.items.find((i: { catalog_id: string }) => i.catalog_id === id)?.available as number;
  return [of(s.a), of(s.b)];
}

describe('editing a manual draft', () => {
  it('replaces lines, prices and amounts of a draft, keeps its number, then confirms it (stock reserved)', async () => {
    const s = await setup();
    const draft = (await call('POST', '/api/manual-orders', s.owner, form(s))).json();
    expect(draft).toMatchObject({ status: 'DRAFT', amounts: { subtotal: 30_000 } });

    const edited = await call(
      'PUT',
      `/api/manual-orders/${draft.id}`,
      s.owner,
      form(s, {
        buyer_name: 'Siti Aminah',
        lines: [
          { catalog_id: s.b, quantity: 2, unit_price: 12_500, discount: 1_000 },
          { catalog_id: s.a, quantity: 1 },
        ],
        shipping_fee: 9_000,
        notes: 'Kirim sore',
      }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    const order = edited.json();
    expect(order).toMatchObject({
      id: draft.id,
      order_number: draft.order_number,
      status: 'DRAFT',
      buyer_name: 'Siti Aminah',
      notes: 'Kirim sore',
      total_item: 3,
      amounts: { subtotal: 34_000, shipping_fee_buyer: 9_000, buyer_total: 43_000 },
    });
    expect(
      order.lines.map((l: { catalog_id: string; quantity: number; unit_price: number; price_source: string }) => [
        l.catalog_id,
        l.quantity,
        l.unit_price,
        l.price_source,
      ]),
    ).toEqual([
      [s.b, 2, 12_500, 'INPUT'],
      [s.a, 1, 10_000, 'LIST_PRICE'],
    ]);
    expect(order.timeline.map((t: { event: string }) => t.event)).toEqual(['CREATED', 'EDITED']);
    // A draft holds no stock.
    expect(await available(s)).toEqual([10, 10]);

    const confirmed = await call('PUT', `/api/manual-orders/${draft.id}`, s.owner, form(s, { confirm: true }));
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ status: 'CONFIRMED', total_item: 3 });
    expect(await available(s)).toEqual([7, 10]);

    // Confirmed: no longer editable; 409 names the state and nothing changes.
    const late = await call('PUT', `/api/manual-orders/${draft.id}`, s.owner, form(s, { lines: [{ catalog_id: s.b, quantity: 5 }] }));
    expectError(late, 409, 'ORDER_STATE_CONFLICT');
    expect(late.json().details.status).toBe('CONFIRMED');
    expect((await call('GET', `/api/orders/${draft.id}`, s.owner)).json().lines).toHaveLength(1);
    expect(await available(s)).toEqual([7, 10]);
  });

  it('answers 400 on bad fields and changes nothing; another workspace’s order is 404', async () => {
    const s = await setup();
    const draft = (await call('POST', '/api/manual-orders', s.owner, form(s))).json();
    expectFieldError(await call('PUT', `/api/manual-orders/${draft.id}`, s.owner, form(s, { lines: [] })), 'lines');
    expectFieldError(await call('PUT', `/api/manual-orders/${draft.id}`, s.owner, form(s, { buyer_name: '' })), 'buyer_name');
    const other = await setup();
    expectFieldError(
      await call('PUT', `/api/manual-orders/${draft.id}`, s.owner, form(s, { lines: [{ catalog_id: other.a, quantity: 1 }] })),
      'lines.0.catalog_id',
    );
    const after = (await call('GET', `/api/orders/${draft.id}`, s.owner)).json();
    expect(after).toMatchObject({ buyer_name: 'Budi Santoso', total_item: 3 });
    expect(after.timeline).toHaveLength(1);

    expectError(await call('PUT', `/api/manual-orders/${draft.id}`, other.owner, form(other)), 404, 'ORDER_NOT_FOUND');
    expectError(await call('PUT', `/api/manual-orders/01900000-0000-7000-8000-000000000000`, s.owner, form(s)), 404, 'ORDER_NOT_FOUND');
  });
});
