import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type { TenantCtx } from '../../src/http/context.ts';
import { channelConnections } from '../../src/modules/channels/channels.schema.ts';
import { inTenant } from '../../src/platform/db/database.ts';
import { uuidv7 } from '../../src/platform/db/ids.ts';
import { systemCtx, tenantCtxFor } from '../../src/platform/system-ctx.ts';
import { createProduct, singleForm, uniqueSku } from '../catalog/helpers.ts';
import type { Actor } from '../factories.ts';
import type { TestApp } from '../test-app.ts';
import { caller } from '../workspaces/helpers.ts';

/** A single product; answers its one SKU. */
export async function newSku(app: TestApp, as: Actor): Promise<{ id: string; sku: string; productId: string }> {
  const product = await createProduct(app, as, singleForm({ catalogs: [{ sku: uniqueSku('INV'), price: 10_000 }] }));
  return { id: product.catalogs[0]!.id, sku: product.catalogs[0]!.sku, productId: product.id };
}

/** A bundle of the given components (catalog id × quantity); answers the bundle's SKU id. */
export async function newBundle(app: TestApp, as: Actor, components: { catalog_id: string; quantity: number }[]): Promise<string> {
  const product = await createProduct(
    app,
    as,
    singleForm({ type: 'BUNDLING', name: 'Paket Hemat', catalogs: [{ sku: uniqueSku('PKT'), price: 30_000 }], bundle: { components } }),
  );
  return product.catalogs[0]!.id;
}

/** Posts a goods receipt through the API. */
export async function receive(app: TestApp, as: Actor, warehouseId: string, lines: { catalog_id: string; quantity: number }[]) {
  const res = await caller(app)('POST', '/api/inventory/goods-receipts', as, {
    date: '2026-11-20',
    warehouse_id: warehouseId,
    supplier_reference: 'PO-1',
    lines,
    post: true,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** A connected channel row (the marketplace handshake is the channel module's test). */
export async function newChannel(app: TestApp, as: Actor, name = `Toko ${randomBytes(3).toString('hex')}`): Promise<string> {
  const id = uuidv7();
  await app.platform.database.db
    .insert(channelConnections)
    .values({ id, workspaceId: as.workspaceId, marketplace: 'shopee', shopId: randomBytes(4).toString('hex'), name, accessToken: 'test' });
  return id;
}

/** Runs fn as the actor inside the workspace, the way a flow of another module would call the inventory API. */
export async function asActor<T>(app: TestApp, as: Actor, fn: (ctx: TenantCtx) => Promise<T>): Promise<T> {
  return inTenant(app.platform.database.db, as.workspaceId, (db) =>
    fn(tenantCtxFor(systemCtx(app.platform, db), as.workspaceId, as.userId)),
  );
}
