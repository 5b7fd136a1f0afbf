import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerWorkers } from '../src/composition.ts';
import type { TenantCtx } from '../src/http/context.ts';
import { createProduct as createProductIn, getProduct } from '../src/modules/catalog/index.ts';
import { createGoodsReceipt } from '../src/modules/inventory/index.ts';
import { createWarehouse } from '../src/modules/warehouses/index.ts';
import { inTenant } from '../src/platform/db/database.ts';
import { systemCtx, tenantCtxFor } from '../src/platform/system-ctx.ts';
import { singleForm, uniqueSku } from './catalog/helpers.ts';
import { newWorkspace, type Actor } from './factories.ts';
import { openTestPlatform, type TestPlatform } from './test-app.ts';

// The worker process (`npm run worker`) alone: the composed platform and its workers, no HTTP server.
let worker: TestPlatform;
let owner: Actor;
beforeAll(async () => {
  worker = await openTestPlatform();
  owner = await newWorkspace(worker);
  await worker.platform.jobs.start();
  await registerWorkers(worker.platform);
});
afterAll(async () => {
  await worker?.close();
});

const asOwner = <T>(fn: (ctx: TenantCtx) => Promise<T>) =>
  inTenant(worker.platform.database.db, owner.workspaceId, (db) =>
    fn(tenantCtxFor(systemCtx(worker.platform, db), owner.workspaceId, owner.userId)),
  );

type ProductForm = Parameters<typeof createProductIn>[1];
const createProduct = (ctx: TenantCtx, form: Record<string, unknown>) => createProductIn(ctx, form as ProductForm);

describe('the composition root without the HTTP server', () => {
  it('gives a job the inventory’s stock through the catalog, not zero', async () => {
    const { platform } = worker;
    const bundleId = await asOwner(async (ctx) => {
      const warehouse = await createWarehouse(ctx, {
        business_id: owner.businessId,
        name: 'Gudang Pusat',
        code: 'GP-1',
        address_line_1: 'Jl. Contoh No. 1',
        province_code: '31',
        city_code: '31.73',
        district_code: '31.73.05',
        subdistrict_code: '31.73.05.1001',
        postal_code: '11530',
      });
      const component = await createProduct(ctx, singleForm({ catalogs: [{ sku: uniqueSku('KOPI'), price: 10_000 }] }));
      await createGoodsReceipt(ctx, {
        date: '2026-11-20',
        warehouse_id: warehouse.id,
        lines: [{ catalog_id: component.catalogs[0]!.id, quantity: 7 }],
        post: true,
      });
      const bundle = await createProduct(
        ctx,
        singleForm({
          type: 'BUNDLING',
          name: 'Paket Dua',
          catalogs: [{ sku: uniqueSku('PKT'), price: 18_000 }],
          bundle: { components: [{ catalog_id: component.catalogs[0]!.id, quantity: 2 }] },
        }),
      );
      return bundle.id;
    });

    // A job on its own queue, run by pg-boss in this process, reads the bundle as any job would: through a system ctx.
    const seen = new Promise<number | undefined>((resolve, reject) => {
      void platform.jobs.work<{ productId: string }>('test-composition-stock', async ({ productId }) => {
        try {
          resolve((await asOwner((ctx) => getProduct(ctx, productId))).availability?.quantity);
        } catch (error) {
          reject(error as Error);
        }
      });
    });
    await platform.jobs.send('test-composition-stock', { productId: bundleId });
    expect(await seen).toBe(3);
  });
});
