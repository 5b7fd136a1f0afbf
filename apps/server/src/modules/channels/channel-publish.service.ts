import type {
  MarketplaceAttributeList,
  MarketplaceBrandList,
  MarketplaceCategoryList,
  Publication,
  PublicationStatus,
  PublishBatch,
} from '@kelola/contracts/channel-publish';
import type { MarketplaceCode } from '@kelola/contracts/channels';
import {
  channelWeight,
  imageStep,
  initialChannelStock,
  PUBLISH_DEFAULTS,
  PUBLISH_MAX_POLLS,
  PUBLISH_POLL_MS,
  publishMessage,
  TOKOPEDIA_ATTEMPTS,
  type PublishTarget,
} from '@kelola/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Readable } from 'node:stream';
import type { TenantCtx } from '../../http/context.ts';
import { uuidv7 } from '../../platform/db/ids.ts';
import { DomainError, fieldError } from '../../platform/errors.ts';
import type { Platform } from '../../platform/platform.ts';
import type { ImageUpload, MarketplaceAdapter, ProductInput, ShopAuth } from './adapters/types.ts';
import { channelProducts, channelProductSkus } from './channel-products.schema.ts';
import { channelPublications } from './channel-publish.schema.ts';
import { adapterFor } from './channels.adapters.ts';
import * as repo from './channels.repository.ts';
import type { ConnectionRow } from './channels.repository.ts';
import { callMarketplace, connectionOr404, inWorkspace, usableConnection } from './channels.service.ts';
import { callNow } from './call-now.ts';
import { forgetUnmapped, noteStockChanged, notePriceChanged } from './stock-push.service.ts';

// Publishing master products to shops (issue 15, spec part 4 "publishing flow", ADR 0038). A batch runs its
// publications one at a time: images uploaded and polled, the draft saved, the product created (or updated) and
// polled, then the new channel SKUs mapped to their master SKUs so stock and price pushes follow (ADR 0030, 0031).

export const PUBLISH_QUEUE = 'channels-publish';
export type PublishJob = { workspaceId: string; batchId: string };

/** A master SKU as it goes to the shop. */
export type PublishSku = { catalogId: string; sellerSku: string; price: number; options: Record<string, string> };
export type PublishImage = { fileKey: string; fileName: string; mimeType: string };

/** Everything the job needs, resolved from the catalog when the merchant asked (the flow builds it). */
export type PublicationInput = {
  categoryPath: string[];
  categoryId: string;
  brandId: string | null;
  name: string;
  /** Plain text: the rich text with its markup stripped. */
  description: string;
  weightGrams: number;
  dimensionsCm: { length: number; width: number; height: number } | null;
  attributes: { id: string; values: string[] }[];
  images: PublishImage[];
  skus: PublishSku[];
};

export type PublicationRequest = {
  productId: string;
  productName: string;
  channelId: string;
  target: PublishTarget;
  mode: 'CREATE' | 'UPDATE';
  channelProductId?: string;
  input: PublicationInput;
};

/** How the job waits between polls: real time in the app, the sandbox clock in tests. */
export type PublishTiming = { pollMs: number; maxPolls: number; sleep: (ms: number) => Promise<void> };
export const realTiming: PublishTiming = {
  pollMs: PUBLISH_POLL_MS,
  maxPolls: PUBLISH_MAX_POLLS,
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

const timings = new WeakMap<Platform, PublishTiming>();
/** Tests wait on the sandbox clock instead of real time. */
export function setPublishTiming(platform: Platform, timing: PublishTiming): void {
  timings.set(platform, timing);
}
const timingOf = (platform: Platform): PublishTiming => timings.get(platform) ?? realTiming;

const t = channelPublications;
const FINAL: readonly PublicationStatus[] = ['FINISHED', 'FAILED'];

/** The marketplace a publish target is served by: Tokopedia shops are TikTok Shop connections. */
export const marketplaceOfTarget = (target: PublishTarget): MarketplaceCode => (target === 'tokopedia' ? 'tiktok' : target);

/** The shop's publish target when the merchant named none (a TikTok connection publishes to TikTok Shop). */
export function targetFor(connection: ConnectionRow, wanted: PublishTarget | undefined, path: string): PublishTarget {
  const target = wanted ?? (connection.marketplace as PublishTarget);
  if (marketplaceOfTarget(target) !== connection.marketplace) throw fieldError('VALIDATION_FAILED', path, 'PUBLISH_TARGET_MISMATCH');
  return target;
}

/** The connected shop a publication goes to, or 404 / 409. */
export async function publishableShop(ctx: TenantCtx, channelId: string): Promise<ConnectionRow> {
  const connection = await connectionOr404(ctx, channelId);
  if (connection.status !== 'CONNECTED') throw new DomainError('CHANNEL_NOT_CONNECTED');
  return connection;
}

/** Saves the publications as one batch (in this order) and queues its job after commit. */
export async function startPublishBatch(ctx: TenantCtx, requests: readonly PublicationRequest[]): Promise<PublishBatch> {
  const batchId = uuidv7();
  const now = ctx.platform.now();
  await ctx.db.insert(t).values(
    requests.map((request, position) => ({
      id: uuidv7(),
      workspaceId: ctx.workspaceId,
      batchId,
      position,
      productId: request.productId,
      productName: request.productName,
      connectionId: request.channelId,
      target: request.target,
      mode: request.mode,
      input: request.input as unknown as Record<string, unknown>,
      channelProductId: request.channelProductId ?? null,
      createdBy: ctx.actor.userId,
      createdAt: now,
      updatedAt: now,
    })),
  );
  const job: PublishJob = { workspaceId: ctx.workspaceId, batchId };
  ctx.afterCommit(async () => {
    await ctx.platform.jobs.send(PUBLISH_QUEUE, job);
  });
  return getPublishBatch(ctx, batchId);
}

type Row = typeof t.$inferSelect;

async function present(ctx: { db: TenantCtx['db']; workspaceId: string }, rows: Row[]): Promise<Publication[]> {
  const ids = [...new Set(rows.map((r) => r.connectionId))];
  const names = new Map<string, string>();
  for (const id of ids) names.set(id, (await repo.findConnection(ctx, id))?.name ?? '');
  return rows.map((row) => ({
    id: row.id,
    batch_id: row.batchId,
    product_id: row.productId,
    product_name: row.productName,
    channel_id: row.connectionId,
    channel_name: names.get(row.connectionId) ?? '',
    target: row.target as PublishTarget,
    mode: row.mode as 'CREATE' | 'UPDATE',
    status: row.status as PublicationStatus,
    channel_product_id: row.channelProductId,
    errors: row.errors,
    attempts: row.attempts,
    draft: row.draft,
    mapped_skus: row.mappedSkus,
    updated_at: row.updatedAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
  }));
}

/** One batch with each publication's progress (the add-product-to-channel progress screen polls it). */
export async function getPublishBatch(ctx: TenantCtx, batchId: string): Promise<PublishBatch> {
  const rows = await ctx.db
    .select()
    .from(t)
    .where(and(eq(t.workspaceId, ctx.workspaceId), eq(t.batchId, batchId)))
    .orderBy(asc(t.position));
  if (rows.length === 0) throw new DomainError('PUBLISH_BATCH_NOT_FOUND');
  const items = await present(ctx, rows);
  return { id: batchId, done: items.every((i) => FINAL.includes(i.status)), items };
}

/** Several batches at once (bulk publish polls them together). */
export async function getPublishBatches(ctx: TenantCtx, batchIds: readonly string[]): Promise<PublishBatch[]> {
  return Promise.all(batchIds.map((id) => getPublishBatch(ctx, id)));
}

/** The newest publication of a channel product (the edit screen starts from its choices). */
export async function latestPublicationOf(ctx: TenantCtx, channelId: string, channelProductId: string) {
  const [row] = await ctx.db
    .select()
    .from(t)
    .where(and(eq(t.workspaceId, ctx.workspaceId), eq(t.connectionId, channelId), eq(t.channelProductId, channelProductId)))
    .orderBy(asc(t.createdAt))
    .then((rows) => rows.slice(-1));
  return row ? { publication: (await present(ctx, [row]))[0]!, input: row.input as unknown as PublicationInput } : null;
}

// ---------------------------------------------------------------------------------------------------------------
// Reference data for the create and edit screens: the marketplace's category tree, attributes and brands

export async function shopCategories(ctx: TenantCtx, channelId: string): Promise<MarketplaceCategoryList> {
  const shop = await publishableShop(ctx, channelId);
  const items = await callNow(ctx, shop, 'listCategories', (adapter, auth) => adapter.listCategories(auth));
  return { items: items.map((c) => ({ id: c.id, parent_id: c.parentId ?? null, name: c.name, is_leaf: c.isLeaf })) };
}

export async function shopAttributes(ctx: TenantCtx, channelId: string, categoryId: string): Promise<MarketplaceAttributeList> {
  const shop = await publishableShop(ctx, channelId);
  const items = await callNow(ctx, shop, 'listAttributes', (adapter, auth) => adapter.listAttributes(auth, categoryId));
  return { items: items.map((a) => ({ id: a.id, name: a.name, mandatory: a.mandatory, input_type: a.inputType, values: a.values })) };
}

export async function shopBrands(ctx: TenantCtx, channelId: string, categoryId: string | undefined): Promise<MarketplaceBrandList> {
  const shop = await publishableShop(ctx, channelId);
  const page = await callNow(ctx, shop, 'listBrands', (adapter, auth) =>
    adapter.listBrands(auth, { pageSize: 100, ...(categoryId ? { categoryId } : {}) }),
  );
  return { items: page.items };
}

// ---------------------------------------------------------------------------------------------------------------
// The job

async function update(platform: Platform, row: Row, values: Partial<typeof t.$inferInsert>): Promise<void> {
  await inWorkspace(platform, row.workspaceId, (ctx) =>
    ctx.db
      .update(t)
      .set({ ...values, updatedAt: platform.now() })
      .where(and(eq(t.workspaceId, row.workspaceId), eq(t.id, row.id))),
  );
}

async function readAll(stream: Readable): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return new Uint8Array(Buffer.concat(chunks));
}

/** The marketplace's own words ("tiktok 12052006: category_id must be a leaf category."), or the error's. */
const message = (error: unknown): string => (error instanceof Error ? error.message : String(error)).slice(0, 500);

/** Runs every publication of a batch that has not ended, one at a time, in order. */
export async function runPublishBatch(platform: Platform, job: PublishJob, timing: PublishTiming = timingOf(platform)): Promise<void> {
  const rows = await inWorkspace(platform, job.workspaceId, (ctx) =>
    ctx.db
      .select()
      .from(t)
      .where(and(eq(t.workspaceId, job.workspaceId), eq(t.batchId, job.batchId)))
      .orderBy(asc(t.position)),
  );
  for (const row of rows) {
    if (FINAL.includes(row.status as PublicationStatus)) continue;
    await runPublication(platform, row, timing);
  }
}

type Step = { ok: true } | { ok: false; error: string };

/** One channel: images, draft, product request and its poll, the link; Tokopedia removes a failed draft and retries. */
async function runPublication(platform: Platform, row: Row, timing: PublishTiming): Promise<void> {
  const input = row.input as unknown as PublicationInput;
  const target = row.target as PublishTarget;
  const errors: string[] = [...row.errors];
  const fail = async (error: string) => {
    errors.push(error);
    await update(platform, row, { status: 'FAILED', errors, finishedAt: platform.now() });
  };
  let connection: ConnectionRow;
  try {
    connection = await usableConnection(platform, row.workspaceId, row.connectionId);
    if (connection.status !== 'CONNECTED') return await fail('CHANNEL_NOT_CONNECTED');
  } catch (error) {
    return fail(message(error));
  }
  const adapter = adapterFor(platform, connection.marketplace as MarketplaceCode);
  const call = async <T>(operation: string, fn: (auth: ShopAuth) => Promise<T>): Promise<T> =>
    callMarketplace(platform, await usableConnection(platform, row.workspaceId, row.connectionId), operation, 1, undefined, fn);

  // A run cut short while the marketplace reviewed the product (a restarted worker) polls that request again
  // instead of creating the product a second time.
  const resume = row.status === 'ON_PROGRESS' && row.requestId ? row.requestId : undefined;
  let images: string[] = row.images;
  if (!resume) await update(platform, row, { status: 'IMAGES' });
  if (!resume)
    try {
      const uploads: ImageUpload[] = [];
      for (const image of input.images) {
        const stream = await platform.files.get(image.fileKey);
        if (!stream) {
          uploads.push({ id: '', status: 'FAILED', error: `${image.fileName}: file missing` });
          continue;
        }
        const data = await readAll(stream);
        uploads.push(
          await call('uploadImage', (auth) =>
            adapter.uploadImage(auth, { kind: 'bytes', fileName: image.fileName, contentType: image.mimeType, data }),
          ),
        );
      }
      let polls = 0;
      for (;;) {
        const decision = imageStep(uploads.map((u) => u.status));
        if (decision === 'FAILED') return await fail(uploads.map((u) => u.error).find(Boolean) ?? 'IMAGES_FAILED');
        if (decision === 'CONTINUE') break;
        if ((polls += 1) > timing.maxPolls) return await fail('IMAGES_TIMEOUT');
        await timing.sleep(timing.pollMs);
        for (const [i, upload] of uploads.entries()) {
          if (upload.status === 'ON_PROGRESS') uploads[i] = await call('getImageStatus', (auth) => adapter.getImageStatus(auth, upload.id));
        }
      }
      images = uploads.filter((u) => u.status === 'FINISHED').map((u) => u.id);
    } catch (error) {
      return fail(message(error));
    }

  // 2–3. Draft, product request, poll; a failed Tokopedia attempt removes its draft and tries again.
  const maxAttempts = target === 'tokopedia' ? TOKOPEDIA_ATTEMPTS : 1;
  let attempts = row.attempts;
  let resuming = resume;
  for (;;) {
    if (!resuming) attempts += 1;
    const outcome = await attempt(platform, row, adapter, call, input, target, images, attempts, timing, resuming);
    resuming = undefined;
    if (outcome.ok) return;
    errors.push(outcome.error);
    if (attempts >= maxAttempts) {
      await update(platform, row, { status: 'FAILED', errors, attempts, finishedAt: platform.now() });
      return;
    }
    // Spec: "A failed Tokopedia attempt removes the draft" (and a draft-exists answer deletes it and retries).
    await update(platform, row, { status: 'DRAFT', draft: null, requestId: null, errors, attempts });
  }
}

/** The draft as sent: the merchant's choices in the marketplace's units, with the spec's defaults. */
export function draftOf(input: PublicationInput, target: PublishTarget, images: readonly string[]): Record<string, unknown> {
  return {
    category_id: input.categoryId,
    category_path: input.categoryPath,
    brand_id: input.brandId,
    name: input.name,
    description: input.description,
    weight: channelWeight(input.weightGrams, target),
    images,
    skus: input.skus.map((s) => ({ seller_sku: s.sellerSku, price: s.price, stock: initialChannelStock(target), options: s.options })),
    defaults: PUBLISH_DEFAULTS[target],
  };
}

async function attempt(
  platform: Platform,
  row: Row,
  adapter: MarketplaceAdapter,
  call: <T>(operation: string, fn: (auth: ShopAuth) => Promise<T>) => Promise<T>,
  input: PublicationInput,
  target: PublishTarget,
  images: string[],
  attempts: number,
  timing: PublishTiming,
  resume?: string,
): Promise<Step> {
  if (!resume) await update(platform, row, { status: 'DRAFT', draft: draftOf(input, target, images), images, attempts });
  const productInput: ProductInput = {
    name: input.name,
    description: input.description,
    categoryId: input.categoryId,
    ...(input.brandId ? { brandId: input.brandId } : {}),
    images,
    weightGrams: input.weightGrams,
    ...(input.dimensionsCm && input.dimensionsCm.length > 0 && input.dimensionsCm.width > 0 && input.dimensionsCm.height > 0
      ? { dimensionsCm: input.dimensionsCm }
      : {}),
    ...(input.attributes.length > 0 ? { attributes: input.attributes } : {}),
    skus: input.skus.map((s) => ({
      sellerSku: s.sellerSku,
      price: s.price,
      stock: initialChannelStock(target),
      ...(Object.keys(s.options).length > 0 ? { options: s.options } : {}),
    })),
  };
  try {
    let request = resume
      ? await call('getProductRequestStatus', (auth) => adapter.getProductRequestStatus(auth, resume))
      : row.mode === 'UPDATE' && row.channelProductId
        ? await call('updateProduct', (auth) => adapter.updateProduct(auth, row.channelProductId!, productInput))
        : await call('createProduct', (auth) => adapter.createProduct(auth, productInput));
    const productId = request.productId ?? row.channelProductId ?? null;
    await update(platform, row, { status: 'ON_PROGRESS', requestId: request.requestId, channelProductId: productId });
    let polls = 0;
    while (request.status === 'ON_PROGRESS') {
      if ((polls += 1) > timing.maxPolls) return { ok: false, error: 'PRODUCT_TIMEOUT' };
      await timing.sleep(timing.pollMs);
      request = await call('getProductRequestStatus', (auth) => adapter.getProductRequestStatus(auth, request.requestId));
    }
    if (request.status === 'FAILED') return { ok: false, error: request.error ?? 'PRODUCT_FAILED' };
    // 4. FINISHED: save the link (the channel product and its SKUs, mapped to the master SKUs).
    const finalId = request.productId ?? productId;
    if (!finalId) return { ok: false, error: 'PRODUCT_ID_MISSING' };
    const product = await call('getProduct', (auth) => adapter.getProduct(auth, finalId));
    const bySku = new Map(input.skus.map((s) => [s.sellerSku, s.catalogId]));
    await inWorkspace(platform, row.workspaceId, async (ctx) => {
      const now = platform.now();
      await ctx.db
        .insert(channelProducts)
        .values({
          id: uuidv7(),
          workspaceId: row.workspaceId,
          connectionId: row.connectionId,
          productId: product.productId,
          name: product.name,
          status: product.status,
          categoryId: product.categoryId ?? input.categoryId,
          images: product.images,
          importedAt: now,
        })
        .onConflictDoUpdate({
          target: [channelProducts.workspaceId, channelProducts.connectionId, channelProducts.productId],
          set: {
            name: product.name,
            status: product.status,
            categoryId: product.categoryId ?? input.categoryId,
            images: product.images,
            importedAt: now,
          },
        });
      const mapped: string[] = [];
      for (const sku of product.skus) {
        const catalogId = bySku.get(sku.sellerSku) ?? null;
        if (catalogId) mapped.push(catalogId);
        const values = {
          sellerSku: sku.sellerSku,
          price: Math.round(sku.price),
          stock: sku.stock,
          updatedAt: now,
          ...(catalogId ? { catalogId, mapping: 'CONFIRMED', mappedBy: 'PUBLISH' } : {}),
        };
        await ctx.db
          .insert(channelProductSkus)
          .values({
            id: uuidv7(),
            workspaceId: row.workspaceId,
            connectionId: row.connectionId,
            productId: product.productId,
            skuId: sku.skuId,
            ...values,
          })
          .onConflictDoUpdate({
            target: [
              channelProductSkus.workspaceId,
              channelProductSkus.connectionId,
              channelProductSkus.productId,
              channelProductSkus.skuId,
            ],
            set: values,
          });
      }
      await ctx.db
        .update(t)
        .set({
          status: 'FINISHED',
          channelProductId: product.productId,
          mappedSkus: mapped.length,
          attempts,
          updatedAt: now,
          finishedAt: now,
        })
        .where(and(eq(t.workspaceId, row.workspaceId), eq(t.id, row.id)));
      if (mapped.length > 0) {
        // The new channel SKUs sell master SKUs now: their stock and price go out with the next push (ADR 0030).
        forgetUnmapped(platform, row.workspaceId);
        await noteStockChanged(ctx, mapped, 'mapping');
        await notePriceChanged(ctx, mapped, row.connectionId);
      }
    });
    return { ok: true };
  } catch (error) {
    // A marketplace refusal (or an outage that outlived the call's own retries) ends this attempt with its message.
    return { ok: false, error: message(error) };
  }
}

/** The spec's status message of a finished publication (server side, for logs and the demo). */
export const publicationMessage = (p: Pick<Publication, 'channel_name' | 'status' | 'target' | 'errors'>) =>
  publishMessage(p.channel_name, p.status === 'FINISHED', p.target, p.errors);

/** Publications of these master products, newest first (the product page shows where each product is published). */
export async function publicationsOfProducts(ctx: TenantCtx, productIds: readonly string[]): Promise<Publication[]> {
  if (productIds.length === 0) return [];
  const rows = await ctx.db
    .select()
    .from(t)
    .where(and(eq(t.workspaceId, ctx.workspaceId), inArray(t.productId, [...productIds])))
    .orderBy(asc(t.createdAt));
  return (await present(ctx, rows)).reverse();
}

export type { ProductInput };

/** A channel product's SKUs as stored (empty when the shop has no such product): the edit screen finds its master here. */
export async function channelSkusOf(ctx: TenantCtx, channelId: string, channelProductId: string) {
  return ctx.db
    .select({ skuId: channelProductSkus.skuId, catalogId: channelProductSkus.catalogId, mapping: channelProductSkus.mapping })
    .from(channelProductSkus)
    .where(
      and(
        eq(channelProductSkus.workspaceId, ctx.workspaceId),
        eq(channelProductSkus.connectionId, channelId),
        eq(channelProductSkus.productId, channelProductId),
      ),
    );
}
