import { ChannelProductList, ChannelProductQuery, ImportStatus, MappingInput, ProductSkuParams } from '@kelola/contracts/channel-products';
import { ChannelParams } from '@kelola/contracts/channels';
import type { Ctx, KelolaModule, TenantCtx } from '../http/context.ts';
import type { Router } from '../http/route.ts';
import { fieldError } from '../platform/errors.ts';
import { catalogRefs, catalogRefsByName, catalogRefsBySku } from '../modules/catalog/index.ts';
import {
  importProductsOf,
  listChannelProducts,
  PRODUCT_IMPORT_QUEUE,
  setMapping,
  startProductImport,
  type CatalogMatcher,
  type ProductImportJob,
} from '../modules/channels/index.ts';
import { jobCtx } from '../platform/system-ctx.ts';

// Channel products (issue 15): the shop's products imported and mapped to catalog SKUs. A flow, because mapping
// reads the catalog and the catalog already depends on the channels module.

/** Catalog SKUs by seller SKU (exact) and by name (case and outer spaces ignored; several may share a name). */
export const matchCatalog: CatalogMatcher = async (ctx, wanted) => {
  const bySku = new Map((await catalogRefsBySku(ctx, wanted.sellerSkus)).map((c) => [c.sku, c.id]));
  const byName = new Map<string, string[]>();
  for (const c of await catalogRefsByName(ctx, wanted.names)) {
    const key = c.name.trim().toLowerCase();
    byName.set(key, [...(byName.get(key) ?? []), c.id]);
  }
  return { bySku, byName };
};

const masterProducts = (ctx: TenantCtx) => async (ids: string[]) => new Map((await catalogRefs(ctx, ids)).map((c) => [c.id, c.productId]));

const t = (ctx: Ctx) => ctx as TenantCtx;

function registerRoutes({ route }: Router): void {
  const tags = ['channels'];
  route(
    {
      method: 'POST',
      url: '/api/channels/:id/products/synchronize',
      permission: ['product', 'WRITE'],
      tags,
      summary: "Spec: /store/:id/product/synchronize: imports the shop's products (poll the list's `import` for its status)",
      params: ChannelParams,
      response: ImportStatus,
    },
    (ctx, { params }) => startProductImport(t(ctx), params.id),
  );
  route(
    {
      method: 'GET',
      url: '/api/channels/:id/products',
      permission: ['product', 'READ'],
      tags,
      summary: 'Spec: /product-channel/:id: the shop’s products with counts, price range, variants, mapping and import status',
      params: ChannelParams,
      querystring: ChannelProductQuery,
      response: ChannelProductList,
    },
    (ctx, { params, query }) => listChannelProducts(t(ctx), params.id, query, masterProducts(t(ctx))),
  );
  route(
    {
      method: 'PUT',
      url: '/api/channels/:id/products/:productId/skus/:skuId/mapping',
      permission: ['product', 'WRITE'],
      tags,
      summary: 'Confirms a channel SKU’s catalog SKU, or unmaps it (catalog_id null: UNCONFIRMED, also Zalora’s unmap)',
      params: ProductSkuParams,
      body: MappingInput,
      response: ChannelProductList,
    },
    async (raw, { params, body }) => {
      const ctx = t(raw);
      if (body.catalog_id) {
        const [found] = await catalogRefs(ctx, [body.catalog_id]);
        if (!found) throw fieldError('VALIDATION_FAILED', 'catalog_id', 'CATALOG_NOT_FOUND');
      }
      await setMapping(ctx, params.id, params.productId, params.skuId, body.catalog_id);
      return listChannelProducts(ctx, params.id, { status: 'all', page: 1, size: 100 }, masterProducts(ctx));
    },
  );
}

/** The channel product flows as the composition root wires them (ADR 0020). */
export const channelProductFlows: KelolaModule = {
  name: 'channel-product-flows',
  routes: registerRoutes,
  workers: async (platform) => {
    await platform.jobs.work<ProductImportJob>(PRODUCT_IMPORT_QUEUE, async (job) => {
      await importProductsOf(platform, job, matchCatalog, (db) => jobCtx(platform, db, job.workspaceId));
    });
  },
};
