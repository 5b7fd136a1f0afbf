import {
  BulkPublishInput,
  BulkPublishResult,
  ChannelProductEdit,
  ChannelProductParams,
  ProductParams,
  ProductPublicationList,
  PublishBatch,
  PublishEditInput,
  PublishInput,
  type PublishChannelInput,
} from '@kelola/contracts/channel-publish';
import type { FieldIssue, Product } from '@kelola/contracts';
import {
  CHANNEL_IMAGE_MAX_BYTES,
  deepestCategory,
  PUBLISH_MAX_IMAGES,
  PUBLISH_TARGETS,
  SHOPEE_MAX_TIERS,
  stripRichText,
} from '@kelola/domain';
import { z } from 'zod';
import type { Ctx, KelolaModule, TenantCtx } from '../http/context.ts';
import type { Router } from '../http/route.ts';
import { DomainError } from '../platform/errors.ts';
import { catalogRefs, channelPriceValues, getProduct, productImageFiles, setManualChannelPrice } from '../modules/catalog/index.ts';
import {
  channelSkusOf,
  latestPublicationOf,
  publishableShop,
  publicationsOfProducts,
  PUBLISH_QUEUE,
  runPublishBatch,
  startPublishBatch,
  targetFor,
  type PublicationInput,
  type PublicationRequest,
  type PublishJob,
} from '../modules/channels/index.ts';

// Publishing master products to shops (issue 15, ADR 0038). A flow, because it reads the catalog (product, SKUs,
// images, channel prices) and hands the channels module a complete publication to run.

const t = (ctx: Ctx) => ctx as TenantCtx;

/**
 * Resolves the merchant's choices for one shop against the master product: the deepest category, stripped
 * description, weight, images (each at most 1 MB for a marketplace), channel prices, Shopee's two variant tiers.
 */
async function publicationOf(
  ctx: TenantCtx,
  product: Product,
  choice: Omit<PublishChannelInput, 'channel_id'> & { channel_id: string },
  path: string,
  mode: 'CREATE' | 'UPDATE',
  channelProductId?: string,
): Promise<PublicationRequest> {
  const connection = await publishableShop(ctx, choice.channel_id);
  const at = (field: string) => (path ? `${path}.${field}` : field);
  const target = targetFor(connection, choice.target, at('target'));
  const issues: FieldIssue[] = [];
  const issue = (field: string, code: string) => issues.push({ path: at(field), code, message: code });
  if (product.catalogs.length === 0) issue('channel_id', 'PUBLISH_NO_SKUS');
  if (target === 'shopee' && product.variant_tiers.length > SHOPEE_MAX_TIERS) issue('channel_id', 'SHOPEE_TOO_MANY_TIERS');
  const files = await productImageFiles(ctx, product.id);
  const chosen = choice.image_ids
    ? choice.image_ids.map((id, i) => {
        const file = files.find((f) => f.id === id);
        if (!file) issue(`image_ids.${i}`, 'IMAGE_NOT_FOUND');
        return file;
      })
    : files.slice(0, PUBLISH_MAX_IMAGES);
  const images = chosen.filter((f): f is NonNullable<typeof f> => f !== undefined);
  images.forEach((f) => {
    if (f.sizeBytes > CHANNEL_IMAGE_MAX_BYTES)
      issue(choice.image_ids ? `image_ids.${choice.image_ids.indexOf(f.id)}` : 'image_ids', 'CHANNEL_IMAGE_TOO_LARGE');
  });
  if (images.length === 0 && !choice.image_ids) issue('image_ids', 'PUBLISH_NO_IMAGES');
  (choice.prices ?? []).forEach((p, i) => {
    if (!product.catalogs.some((c) => c.id === p.catalog_id)) issue(`prices.${i}.catalog_id`, 'CATALOG_NOT_FOUND');
  });
  if (issues.length > 0) throw new DomainError('VALIDATION_FAILED', { fields: issues });
  const channelPrices = await channelPriceValues(
    ctx,
    connection.id,
    product.catalogs.map((c) => c.id),
  );
  // A price chosen here becomes the SKU's manual price on this shop, so the price pushes that follow agree with it.
  for (const p of choice.prices ?? []) {
    if (channelPrices.get(p.catalog_id)?.value !== p.price)
      await setManualChannelPrice(ctx, p.catalog_id, connection.id, { price_msrp: p.price, price_sales: p.price });
  }
  const input: PublicationInput = {
    categoryPath: choice.category_path,
    categoryId: deepestCategory(choice.category_path)!,
    brandId: choice.brand_id ?? null,
    name: choice.name ?? product.name,
    description: stripRichText(choice.description ?? product.description ?? product.short_description ?? product.name) || product.name,
    weightGrams: choice.weight_grams ?? (product.weight > 0 ? product.weight : 1),
    dimensionsCm: { length: product.length, width: product.width, height: product.height },
    attributes: choice.attributes ?? [],
    images: images.map((f) => ({ fileKey: f.fileKey, fileName: f.fileName, mimeType: f.mimeType })),
    skus: product.catalogs.map((c) => ({
      catalogId: c.id,
      sellerSku: c.sku,
      price: choice.prices?.find((p) => p.catalog_id === c.id)?.price ?? channelPrices.get(c.id)?.value ?? Math.round(c.price),
      options: Object.fromEntries(product.variant_tiers.map((tier, i) => [tier.name, c.options[i] ?? ''])),
    })),
  };
  return {
    productId: product.id,
    productName: product.name,
    channelId: connection.id,
    target,
    mode,
    ...(channelProductId ? { channelProductId } : {}),
    input,
  };
}

/** One master product to one or more shops, one channel after the other (spec part 4). */
export async function publishProduct(ctx: TenantCtx, productId: string, body: PublishInput): Promise<PublishBatch> {
  const product = await getProduct(ctx, productId);
  const requests: PublicationRequest[] = [];
  for (const [i, choice] of body.channels.entries()) {
    requests.push(await publicationOf(ctx, product, choice, `channels.${i}`, 'CREATE'));
  }
  return startPublishBatch(ctx, requests);
}

/** `/product/bulk-publish`: each product its own batch, so each gets its own result. */
export async function bulkPublish(ctx: TenantCtx, body: BulkPublishInput): Promise<BulkPublishResult> {
  const own = body.choices ?? [];
  const stray: FieldIssue[] = [];
  own.forEach((c, k) => {
    if (!body.product_ids.includes(c.product_id))
      stray.push({ path: `choices.${k}.product_id`, code: 'INVALID_VALUE', message: 'INVALID_VALUE' });
    if (!body.channels.some((ch) => ch.channel_id === c.channel_id))
      stray.push({ path: `choices.${k}.channel_id`, code: 'INVALID_VALUE', message: 'INVALID_VALUE' });
  });
  if (stray.length > 0) throw new DomainError('VALIDATION_FAILED', { fields: stray });
  const prepared: PublicationRequest[][] = [];
  for (const [p, productId] of body.product_ids.entries()) {
    let product: Product;
    try {
      product = await getProduct(ctx, productId);
    } catch (error) {
      if (error instanceof DomainError && error.code === 'PRODUCT_NOT_FOUND')
        throw new DomainError('VALIDATION_FAILED', {
          fields: [{ path: `product_ids.${p}`, code: 'PRODUCT_NOT_FOUND', message: 'PRODUCT_NOT_FOUND' }],
        });
      throw error;
    }
    const requests: PublicationRequest[] = [];
    for (const [i, shared] of body.channels.entries()) {
      // The product's own category and attributes on this shop, when the merchant changed them; else the shop's.
      const k = own.findIndex((c) => c.product_id === productId && c.channel_id === shared.channel_id);
      const mine = own[k];
      const choice = mine
        ? {
            ...shared,
            category_path: mine.category_path,
            ...(mine.brand_id !== undefined ? { brand_id: mine.brand_id } : {}),
            attributes: mine.attributes ?? [],
          }
        : shared;
      try {
        requests.push(await publicationOf(ctx, product, choice, mine ? `choices.${k}` : `channels.${i}`, 'CREATE'));
      } catch (error) {
        // A product's own problem (no image, too many tiers) names the product, so the screen shows which one.
        if (error instanceof DomainError && error.code === 'VALIDATION_FAILED') {
          const fields = ((error.details as { fields?: FieldIssue[] }).fields ?? []).map((f) => ({ ...f, path: `product_ids.${p}` }));
          throw new DomainError('VALIDATION_FAILED', { fields });
        }
        throw error;
      }
    }
    prepared.push(requests);
  }
  const batches = [];
  for (const requests of prepared) batches.push(await startPublishBatch(ctx, requests));
  return { batches };
}

/** The master product a channel product's SKUs are confirmed to, if one. */
async function masterOf(ctx: TenantCtx, skus: { catalogId: string | null; mapping: string }[]): Promise<string | null> {
  const ids = skus.flatMap((s) => (s.catalogId && s.mapping === 'CONFIRMED' ? [s.catalogId] : []));
  const [ref] = await catalogRefs(ctx, ids.slice(0, 1));
  return ref?.productId ?? null;
}

/** The edit screen's starting point: the mapped master product and the last choices sent for this channel product. */
export async function channelProductEdit(
  ctx: TenantCtx,
  channelId: string,
  channelProductId: string,
  wanted: (typeof PUBLISH_TARGETS)[number] | undefined,
): Promise<ChannelProductEdit> {
  const connection = await publishableShop(ctx, channelId);
  const target = targetFor(connection, wanted, 'target');
  const skus = await channelSkusOf(ctx, channelId, channelProductId);
  const last = await latestPublicationOf(ctx, channelId, channelProductId);
  if (skus.length === 0 && !last) throw new DomainError('CHANNEL_PRODUCT_NOT_FOUND');
  const masterId = last?.publication.product_id ?? (await masterOf(ctx, skus));
  const product = masterId ? await getProduct(ctx, masterId) : null;
  const prices = product
    ? await channelPriceValues(
        ctx,
        channelId,
        product.catalogs.map((c) => c.id),
      )
    : new Map();
  return {
    channel_id: channelId,
    channel_product_id: channelProductId,
    product_id: product?.id ?? null,
    product_name: product?.name ?? null,
    target: last?.publication.target ?? target,
    category_path: last?.input.categoryPath ?? [],
    brand_id: last?.input.brandId ?? null,
    name: last?.input.name ?? product?.name ?? '',
    description: last?.input.description ?? stripRichText(product?.description ?? ''),
    weight_grams: last?.input.weightGrams ?? product?.weight ?? 0,
    prices: (product?.catalogs ?? []).map((c) => ({
      catalog_id: c.id,
      sku: c.sku,
      price: last?.input.skus.find((s) => s.catalogId === c.id)?.price ?? prices.get(c.id)?.value ?? Math.round(c.price),
    })),
    last: last?.publication ?? null,
  };
}

/** `edit-product-*`: sends the master product again, with the merchant's changes, to the product already on the shop. */
export async function editChannelProduct(ctx: TenantCtx, channelId: string, channelProductId: string, body: PublishEditInput) {
  const start = await channelProductEdit(ctx, channelId, channelProductId, body.target);
  if (!start.product_id)
    throw new DomainError('VALIDATION_FAILED', {
      fields: [{ path: 'channel_product_id', code: 'CHANNEL_PRODUCT_NOT_PUBLISHED', message: 'CHANNEL_PRODUCT_NOT_PUBLISHED' }],
    });
  const product = await getProduct(ctx, start.product_id);
  const request = await publicationOf(
    ctx,
    product,
    { ...body, channel_id: channelId, target: start.target },
    '',
    'UPDATE',
    channelProductId,
  );
  return startPublishBatch(ctx, [request]);
}

const EditQuery = z.object({ target: z.enum(PUBLISH_TARGETS, { error: 'INVALID_VALUE' }).optional() });

function registerRoutes({ route }: Router): void {
  const tags = ['channels'];
  route(
    {
      method: 'POST',
      url: '/api/products/:id/publish',
      permission: ['product', 'WRITE'],
      tags,
      summary: 'Spec publish-product: a master product to shops one channel at a time; poll GET /api/publish-batches/:id',
      params: ProductParams,
      body: PublishInput,
      response: PublishBatch,
      status: 202,
    },
    (ctx, { params, body }) => publishProduct(t(ctx), params.id, body),
  );
  route(
    {
      method: 'GET',
      url: '/api/products/:id/publications',
      permission: ['product', 'READ'],
      tags,
      summary: 'The shops a master product was published to, newest first (404 for a product of another workspace)',
      params: ProductParams,
      response: ProductPublicationList,
    },
    async (ctx, { params }) => {
      await getProduct(t(ctx), params.id);
      return { items: await publicationsOfProducts(t(ctx), [params.id]) };
    },
  );
  route(
    {
      method: 'POST',
      url: '/api/products/bulk-publish',
      permission: ['product', 'WRITE'],
      tags,
      summary: 'Spec /product/bulk-publish: many master products to the same shops, a batch (and result) per product',
      body: BulkPublishInput,
      response: BulkPublishResult,
      status: 202,
    },
    (ctx, { body }) => bulkPublish(t(ctx), body),
  );
  route(
    {
      method: 'GET',
      url: '/api/channels/:id/products/:productId/edit',
      permission: ['product', 'READ'],
      tags,
      summary: 'Spec edit-product-*: the mapped master product and the last choices sent for this channel product',
      params: ChannelProductParams,
      querystring: EditQuery,
      response: ChannelProductEdit,
    },
    (ctx, { params, query }) => channelProductEdit(t(ctx), params.id, params.productId, query.target),
  );
  route(
    {
      method: 'PUT',
      url: '/api/channels/:id/products/:productId/publish',
      permission: ['product', 'WRITE'],
      tags,
      summary: 'Spec edit-product-*: updates the product on the shop from its master product; poll the batch',
      params: ChannelProductParams,
      body: PublishEditInput,
      response: PublishBatch,
      status: 202,
    },
    (ctx, { params, body }) => editChannelProduct(t(ctx), params.id, params.productId, body),
  );
}

/** The publishing flows as the composition root wires them (ADR 0020, 0038). */
export const publishFlows: KelolaModule = {
  name: 'publish-flows',
  routes: registerRoutes,
  workers: async (platform) => {
    await platform.jobs.work<PublishJob>(PUBLISH_QUEUE, async (job) => {
      await runPublishBatch(platform, job);
    });
  },
};
