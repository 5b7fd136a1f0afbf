import { randomBytes } from 'node:crypto';
import { OrderList } from '@kelola/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importMarketplaceOrder } from '../../src/flows/import-marketplace-order.ts';
import { jobCtx } from '../../src/platform/system-ctx.ts';
import type { MarketplaceOrder } from '../../src/modules/channels/index.ts';
import { channelConnections } from '../../src/modules/channels/channels.schema.ts';
import { summarizeOrders } from '../../src/modules/orders/index.ts';
import { orders } from '../../src/modules/orders/orders.schema.ts';
import { users } from '../../src/modules/identity/identity.schema.ts';
import { inTenant } from '../../src/platform/db/database.ts';
import { uuidv7 } from '../../src/platform/db/ids.ts';
import { eq, sql } from 'drizzle-orm';
import { newWorkspace, type Actor } from '../factories.ts';
import { newSku, receive } from '../inventory/helpers.ts';
import { buildTestApp, type TestApp } from '../test-app.ts';
import { caller, expectFieldError, newWarehouse } from '../workspaces/helpers.ts';

/** The marketplace (channel type) filter of /sales, its tab counts, and who did what in an order's timeline, by name. */

let app: TestApp;
let call: ReturnType<typeof caller>;
beforeAll(async () => {
  app = await buildTestApp();
  call = caller(app);
});
afterAll(async () => app?.close());

type Marketplace = 'shopee' | 'lazada';

async function shop(owner: Actor, marketplace: Marketplace): Promise<string> {
  const id = uuidv7();
  await app.platform.database.db.insert(channelConnections).values({
    id,
    workspaceId: owner.workspaceId,
    marketplace,
    shopId: randomBytes(4).toString('hex'),
    name: `${marketplace} ${randomBytes(2).toString('hex')}`,
    accessToken: 'test',
  });
  return id;
}

const order = (orderId: string, sellerSku: string, rawStatus: string): MarketplaceOrder => ({
  orderId,
  status: 'new',
  rawStatus,
  createdAt: Date.parse('2026-11-24T03:00:00Z'),
  updatedAt: 1000,
  buyerName: 'Siti',
  recipient: { name: 'Siti Aminah', phone: '+6281311112222', address: 'Jl. Merdeka 5', city: 'Bandung' },
  items: [{ itemId: 'i1', productId: 'p1', skuId: 's1', sellerSku, name: 'Kopi Gayo 250g', quantity: 1, price: 50_000 }],
  totalAmount: 50_000,
  shippingFee: 0,
  currency: 'IDR',
});

const importInto = (owner: Actor, channelId: string, marketplace: Marketplace, mo: MarketplaceOrder) =>
  inTenant(app.platform.database.db, owner.workspaceId, (db) =>
    importMarketplaceOrder(jobCtx(app.platform, db, owner.workspaceId), { id: channelId, marketplace, businessId: owner.businessId }, mo, {
      type: 'MARKETPLACE',
      id: 'push',
    }),
  );

describe('orders by marketplace', () => {
  let owner: Actor;
  let manualId = '';
  beforeAll(async () => {
    owner = await newWorkspace(app);
    const wh = (await newWarehouse(app, owner)).id;
    const sku = await newSku(app, owner);
    await receive(app, owner, wh, [{ catalog_id: sku.id, quantity: 20 }]);
    const shopee = await shop(owner, 'shopee');
    const lazadaA = await shop(owner, 'lazada');
    const lazadaB = await shop(owner, 'lazada');
    expect(await importInto(owner, shopee, 'shopee', order('SHP-1', sku.sku, 'READY_TO_SHIP'))).toBe('created');
    expect(await importInto(owner, lazadaA, 'lazada', order('LZ-1', sku.sku, 'pending'))).toBe('created');
    expect(await importInto(owner, lazadaB, 'lazada', order('LZ-2', sku.sku, 'packed'))).toBe('created');
    const manual = await call('POST', '/api/manual-orders', owner, {
      warehouse_id: wh,
      order_date: '2026-11-24',
      buyer_name: 'Budi',
      lines: [{ catalog_id: sku.id, quantity: 1 }],
      confirm: true,
    });
    expect(manual.statusCode, manual.body).toBe(201);
    manualId = manual.json().id;
  });

  it('lists only the orders of every shop of that marketplace, with tab counts for them (counts table and counted)', async () => {
    for (const extra of ['', '&date_from=2026-11-01']) {
      const lazada = (await call('GET', `/api/orders?marketplace=lazada${extra}`, owner)).json();
      expect(lazada.items.map((o: { order_number: string }) => o.order_number).sort()).toEqual(['LZ-1', 'LZ-2']);
      expect(lazada.counts).toMatchObject({ all: 2, new: 1, confirmed: 1 });
      const shopee = (await call('GET', `/api/orders?marketplace=shopee&tab=new${extra}`, owner)).json();
      expect(shopee.items.map((o: { order_number: string }) => o.order_number)).toEqual(['SHP-1']);
      expect(shopee.counts).toMatchObject({ all: 1, new: 1, confirmed: 0 });
      const blibli = (await call('GET', `/api/orders?marketplace=blibli${extra}`, owner)).json();
      expect(blibli).toMatchObject({ total_row: 0, items: [], counts: { all: 0, new: 0, confirmed: 0 } });
    }
    const all = (await call('GET', '/api/orders', owner)).json();
    expect(all.counts).toMatchObject({ all: 4, new: 2, confirmed: 2 });
    expectFieldError(await call('GET', '/api/orders?marketplace=amazon', owner), 'marketplace');
  });

  it("pages through the list in either order (a later page planned per call); the answer is byte for byte the schema's", async () => {
    const newest = (await call('GET', '/api/orders?size=10', owner)).json();
    const ids = newest.items.map((o: { id: string }) => o.id);
    expect(ids).toHaveLength(4);
    for (const [sort, expected] of [
      ['-order_date', ids],
      ['order_date', [...ids].reverse()],
    ] as const) {
      const paged: string[] = [];
      for (let page = 1; page <= 5; page++) {
        const res = await call('GET', `/api/orders?size=1&page=${page}&sort=${sort}`, owner);
        expect(res.statusCode, res.body).toBe(200);
        expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
        // The list skips zod's encoding (ADR 0055): the same bytes as zod's, key order included.
        expect(res.body).toBe(JSON.stringify(OrderList.encode(res.json())));
        const body = res.json();
        expect(body).toMatchObject({ page, size: 1, total_row: 4, counts: { all: 4, new: 2, confirmed: 2 } });
        paged.push(...body.items.map((o: { id: string }) => o.id));
      }
      expect(paged).toEqual(expected);
    }
    const searched = await call('GET', '/api/orders?search_by=order_number&q=LZ&page=2&size=1', owner);
    expect(searched.body).toBe(JSON.stringify(OrderList.encode(searched.json())));
    expect(searched.json()).toMatchObject({ total_row: 2, items: [{ order_number: expect.stringMatching(/^LZ-/u) }] });
  });

  it('writes each row as summary() does for rows read elsewhere: texts that need escaping, microseconds, a failed marketplace call', async () => {
    const odd = 'Siti "Ani" \\ Aminah\t<b>&</b>\u0001 \u2028 ☕ 🍵';
    const ids = (await call('GET', '/api/orders?size=10', owner)).json().items.map((o: { id: string }) => o.id as string);
    await inTenant(app.platform.database.db, owner.workspaceId, async (db) => {
      await db.update(orders).set({ buyerName: odd, courierName: 'J&T "Express"', receiptNumber: 'RESI\n1' }).where(eq(orders.id, ids[0]!));
      await db.execute(sql`update orders set order_date = '2026-11-24 03:00:00.999999+00' where id = ${ids[1]}`);
      await db
        .update(orders)
        .set({
          marketplaceAction: 'ACCEPT',
          marketplaceActionState: 'FAILED',
          marketplaceActionMessage: 'Pesanan "dibatalkan"',
          marketplaceActionAt: null,
        })
        .where(eq(orders.id, ids[2]!));
    });
    const res = await call('GET', '/api/orders?size=10', owner);
    expect(res.body).toBe(JSON.stringify(OrderList.encode(res.json())));
    const items = res.json().items as { id: string }[];
    const expected = await inTenant(app.platform.database.db, owner.workspaceId, async (db) => {
      const ctx = jobCtx(app.platform, db, owner.workspaceId);
      const rows = await db.select().from(orders).where(eq(orders.workspaceId, owner.workspaceId));
      const byId = new Map(rows.map((r) => [r.id, r]));
      return summarizeOrders(
        ctx,
        items.map((i) => byId.get(i.id)!),
      );
    });
    expect(items).toEqual(expected);
    const item = (id: string) => items.find((i) => i.id === id);
    expect(item(ids[0]!)).toMatchObject({ buyer_name: odd, courier_name: 'J&T "Express"' });
    expect(item(ids[1]!)).toMatchObject({ order_date: '2026-11-24T03:00:00.999Z' });
    expect(item(ids[2]!)).toMatchObject({ marketplace_action: { action: 'ACCEPT', state: 'FAILED', message: 'Pesanan "dibatalkan"' } });
    // Key order included: the text PostgreSQL wrote is the text JSON.stringify writes for summary()'s objects.
    expect(res.body).toContain(JSON.stringify(expected).slice(1, -1));
  });

  it('names who made each timeline entry: the user, the marketplace', async () => {
    const [user] = await app.platform.database.db.select().from(users).where(eq(users.id, owner.userId));
    const manual = (await call('GET', `/api/orders/${manualId}`, owner)).json();
    expect(manual.timeline[0]).toMatchObject({
      actor_type: 'USER',
      actor_id: owner.userId,
      actor_name: `${user!.firstName} ${user!.lastName}`,
    });
    const list = (await call('GET', '/api/orders?marketplace=lazada', owner)).json();
    const lazada = (await call('GET', `/api/orders/${list.items[0].id}`, owner)).json();
    expect(lazada.timeline[0]).toMatchObject({ actor_type: 'MARKETPLACE', actor_name: 'Lazada' });
    const shopeeList = (await call('GET', '/api/orders?marketplace=shopee', owner)).json();
    const shopee = (await call('GET', `/api/orders/${shopeeList.items[0].id}`, owner)).json();
    expect(shopee.timeline[0]).toMatchObject({ actor_type: 'MARKETPLACE', actor_name: 'Shopee' });
  });
});
