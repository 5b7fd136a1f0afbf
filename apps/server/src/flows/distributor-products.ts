import { ChannelProductList, ChannelProductQuery } from '@kelola/contracts/channel-products';
import { ChannelParams } from '@kelola/contracts/channels';
import {
  DistributorChannel,
  DistributorChannelInput,
  DistributorChannelList,
  DistributorImageParams,
  DistributorImagesInput,
  DistributorPriceList,
  DistributorPriceQuery,
  DistributorProduct,
  DistributorProductEdit,
  DistributorProductInput,
  DistributorProductParams,
} from '@kelola/contracts/distributor-channel';
import type { Ctx, KelolaModule, TenantCtx } from '../http/context.ts';
import type { Router } from '../http/route.ts';
import { DomainError, fieldError } from '../platform/errors.ts';
import { getProduct } from '../modules/catalog/index.ts';
import {
  createDistributorChannel,
  distributorImageFile,
  distributorPricesOn,
  getDistributorProduct,
  listDistributorChannels,
  listDistributorProducts,
  saveDistributorProduct,
  setDistributorImages,
  type DistributorMaster,
} from '../modules/channels/index.ts';

// The distributor channel's products (issue 15, ADR 0047). A flow, because create and edit read the master product
// from the catalog and the catalog already depends on the channels module.

const t = (ctx: Ctx) => ctx as TenantCtx;
const tags = ['channels'];

/** The master product and its SKUs; an unknown or foreign product is a field error on `product_id` (create) or 404. */
async function masterOf(ctx: TenantCtx, productId: string, field: string | null): Promise<DistributorMaster> {
  try {
    const product = await getProduct(ctx, productId);
    return { id: product.id, name: product.name, catalogs: product.catalogs.map((c) => ({ id: c.id, sku: c.sku, name: c.name })) };
  } catch (error) {
    if (error instanceof DomainError && error.code === 'PRODUCT_NOT_FOUND') {
      if (field) throw fieldError('VALIDATION_FAILED', field, 'PRODUCT_NOT_FOUND');
      throw new DomainError('CHANNEL_PRODUCT_NOT_FOUND');
    }
    throw error;
  }
}

function registerRoutes({ route }: Router): void {
  route(
    {
      method: 'GET',
      url: '/api/distributor-channels',
      permission: ['product-channel', 'READ'],
      tags,
      summary: "The workspace's distributor channel (none or one)",
      response: DistributorChannelList,
    },
    (ctx) => listDistributorChannels(t(ctx)),
  );
  route(
    {
      method: 'POST',
      url: '/api/distributor-channels',
      permission: ['store-list', 'WRITE'],
      tags,
      summary: 'Opens the distributor channel of the workspace (409 when it has one)',
      body: DistributorChannelInput,
      response: DistributorChannel,
      status: 201,
    },
    (ctx, { body }) => createDistributorChannel(t(ctx), body),
  );
  route(
    {
      method: 'GET',
      url: '/api/distributor-channels/:id/products',
      permission: ['product-channel', 'READ'],
      tags,
      summary: 'Spec /product-channel/:id for the distributor channel: its products as the channel product list shows them',
      params: ChannelParams,
      querystring: ChannelProductQuery,
      response: ChannelProductList,
    },
    (ctx, { params, query }) => listDistributorProducts(t(ctx), params.id, query),
  );
  route(
    {
      method: 'GET',
      url: '/api/distributor-channels/:id/products/:productId',
      permission: ['product-channel', 'READ'],
      tags,
      summary: 'Spec GET /channel/distributor/product/query/{product}/{id}: one product, its SKU prices today and their history',
      params: DistributorProductParams,
      response: DistributorProduct,
    },
    (ctx, { params }) => getDistributorProduct(t(ctx), params.id, params.productId),
  );
  route(
    {
      method: 'POST',
      url: '/api/distributor-channels/:id/products',
      permission: ['product-channel', 'WRITE'],
      tags,
      summary: 'Spec create-product-distributor: offers a master product to distributors with a price per SKU from a date',
      params: ChannelParams,
      body: DistributorProductInput,
      response: DistributorProduct,
      status: 201,
    },
    async (raw, { params, body }) => {
      const ctx = t(raw);
      const { product_id, ...rest } = body;
      return saveDistributorProduct(ctx, params.id, await masterOf(ctx, product_id, 'product_id'), rest, 'CREATE');
    },
  );
  route(
    {
      method: 'PUT',
      url: '/api/distributor-channels/:id/products/:productId',
      permission: ['product-channel', 'WRITE'],
      tags,
      summary: 'Spec edit-product-distributor: status, minimum order, SKUs offered; a price for a new date joins the history',
      params: DistributorProductParams,
      body: DistributorProductEdit,
      response: DistributorProduct,
    },
    async (raw, { params, body }) => {
      const ctx = t(raw);
      return saveDistributorProduct(ctx, params.id, await masterOf(ctx, params.productId, null), body, 'UPDATE');
    },
  );
  route(
    {
      method: 'POST',
      url: '/api/distributor-channels/:id/products/:productId/images',
      // Nine images of 1 MB as base64.
      bodyLimit: 13 * 1024 * 1024,
      permission: ['product-channel', 'WRITE'],
      tags,
      summary: 'Spec add-delete-images {images, images_existing}: keeps the listed images, adds the new ones (≤ 1 MB each)',
      params: DistributorProductParams,
      body: DistributorImagesInput,
      response: DistributorProduct,
    },
    (ctx, { params, body }) => setDistributorImages(t(ctx), params.id, params.productId, body),
  );
  route(
    {
      method: 'GET',
      url: '/api/distributor-channels/:id/products/:productId/images/:key',
      permission: ['product-channel', 'READ'],
      tags,
      summary: "One of a distributor product's images",
      params: DistributorImageParams,
    },
    async (ctx, { params, reply }) => {
      const file = await distributorImageFile(t(ctx), params.id, params.productId, params.key);
      void reply.header('content-type', file.mimeType).header('cache-control', 'private, max-age=3600');
      return file.stream;
    },
  );
  route(
    {
      method: 'GET',
      url: '/api/distributor-channels/:id/prices',
      permission: ['product-channel', 'READ'],
      tags,
      summary: 'Spec GET /channel/distributor/price/query/v2: the distributor price of each SKU on a date {product_id, effective_date}',
      params: ChannelParams,
      querystring: DistributorPriceQuery,
      response: DistributorPriceList,
    },
    (ctx, { params, query }) =>
      distributorPricesOn(t(ctx), params.id, Array.isArray(query.product_id) ? query.product_id : [query.product_id], query.effective_date),
  );
}

/** The distributor channel flows as the composition root wires them (ADR 0020). */
export const distributorFlows: KelolaModule = { name: 'distributor-flows', routes: registerRoutes };
