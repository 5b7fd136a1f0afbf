import { ImageOrderInput, ImageUploadInput, type ProductImage } from '@kelola/contracts';
import { imageProblems, MIME_TYPES, sniffImageFormat, type ImageFormat } from '@kelola/domain';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Readable } from 'node:stream';
import type { z } from 'zod';
import type { TenantCtx } from '../../http/context.ts';
import { uuidv7 } from '../../platform/db/ids.ts';
import { DomainError } from '../../platform/errors.ts';
import { audit, parseInput } from './catalog.common.ts';
import { catalogs, productImages, products } from './catalog.schema.ts';
import { findProductOrThrow, presentImage } from './products.service.ts';
import * as repo from './products.repository.ts';

/** Images per product (marketplaces take 8–9; the master keeps a few more to choose from). */
export const MAX_IMAGES = 20;
export const THUMBNAIL_SIZE = 300;

const EXTENSIONS: Record<ImageFormat, string> = { jpeg: 'jpg', png: 'png', bmp: 'bmp', gif: 'gif' };

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/u;

/**
 * A 24- or 32-bit uncompressed BMP as raw RGB(A) pixels; sharp reads every other accepted format itself.
 * Null for BMP variants it does not cover (palette, RLE): those images are kept without a thumbnail.
 */
function decodeBmp(bytes: Buffer): { data: Buffer; width: number; height: number; channels: 3 | 4 } | null {
  if (bytes.length < 54) return null;
  const offset = bytes.readUInt32LE(10);
  const width = bytes.readInt32LE(18);
  const rawHeight = bytes.readInt32LE(22);
  const bpp = bytes.readUInt16LE(28);
  const compression = bytes.readUInt32LE(30);
  if (
    (bpp !== 24 && bpp !== 32) ||
    (compression !== 0 && compression !== 3) ||
    width <= 0 ||
    width > 20_000 ||
    Math.abs(rawHeight) > 20_000
  )
    return null;
  const height = Math.abs(rawHeight);
  const channels = bpp === 32 ? 4 : 3;
  const stride = Math.ceil((width * bpp) / 32) * 4;
  if (offset + stride * height > bytes.length) return null;
  const data = Buffer.alloc(width * height * channels);
  for (let y = 0; y < height; y += 1) {
    const row = offset + (rawHeight > 0 ? height - 1 - y : y) * stride;
    for (let x = 0; x < width; x += 1) {
      const src = row + x * (bpp / 8);
      const dst = (y * width + x) * channels;
      data[dst] = bytes[src + 2]!;
      data[dst + 1] = bytes[src + 1]!;
      data[dst + 2] = bytes[src]!;
      if (channels === 4) data[dst + 3] = bytes[src + 3]!;
    }
  }
  return { data, width, height, channels };
}

/** A JPEG thumbnail that fits THUMBNAIL_SIZE², with the original's dimensions; null when the image cannot be read. */
async function thumbnail(bytes: Buffer, format: ImageFormat): Promise<{ thumb: Buffer; width: number; height: number } | null> {
  try {
    let image: ReturnType<typeof sharp>;
    if (format === 'bmp') {
      const raw = decodeBmp(bytes);
      if (!raw) return null;
      image = sharp(raw.data, { raw: { width: raw.width, height: raw.height, channels: raw.channels } });
    } else image = sharp(bytes, { limitInputPixels: 100_000_000 });
    const meta = await image.metadata();
    const thumb = await image
      .clone()
      .rotate()
      .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 80 })
      .toBuffer();
    return { thumb, width: meta.width ?? 0, height: meta.height ?? 0 };
  } catch {
    return null;
  }
}

async function syncShowImage(ctx: TenantCtx, productId: string): Promise<void> {
  const [first] = await repo.imagesOf(ctx, productId);
  await ctx.db
    .update(products)
    .set({ imageKey: first?.thumbKey ? first.id : null })
    .where(and(eq(products.workspaceId, ctx.workspaceId), eq(products.id, productId)));
}

/**
 * Adds an image (JPG, JPEG, PNG, BMP, GIF; ≤ 15 MB; format checked by its bytes) to a product or one of its SKUs.
 * The file and its thumbnail are written before the row; if the transaction rolls back they are removed again.
 */
export async function uploadImage(ctx: TenantCtx, productId: string, input: z.input<typeof ImageUploadInput>): Promise<ProductImage> {
  await findProductOrThrow(ctx, productId, true);
  const data = parseInput(ImageUploadInput, input);
  const content = data.content_base64.replace(/^data:[^,]*,/u, '').replace(/\s/gu, '');
  if (!BASE64.test(content))
    throw new DomainError('VALIDATION_FAILED', { fields: [{ path: 'content_base64', code: 'INVALID_BASE64', message: 'INVALID_BASE64' }] });
  const bytes = Buffer.from(content, 'base64');
  const problems = imageProblems(data.file_name, bytes);
  if (problems.length > 0)
    throw new DomainError('VALIDATION_FAILED', {
      fields: problems.map((p) => ({ path: p === 'IMAGE_EXTENSION' ? 'file_name' : 'content_base64', code: p, message: p })),
    });
  if (data.catalog_id) {
    const [own] = await ctx.db
      .select({ id: catalogs.id })
      .from(catalogs)
      .where(and(eq(catalogs.workspaceId, ctx.workspaceId), eq(catalogs.id, data.catalog_id), eq(catalogs.productId, productId)));
    if (!own)
      throw new DomainError('VALIDATION_FAILED', {
        fields: [{ path: 'catalog_id', code: 'CATALOG_NOT_FOUND', message: 'CATALOG_NOT_FOUND' }],
      });
  }
  const existing = await repo.imagesOf(ctx, productId);
  if (existing.length >= MAX_IMAGES)
    throw new DomainError('VALIDATION_FAILED', {
      fields: [{ path: 'content_base64', code: 'TOO_BIG', message: 'TOO_BIG' }],
      max_images: MAX_IMAGES,
    });

  const format = sniffImageFormat(bytes)!;
  const id = uuidv7();
  const base = `workspaces/${ctx.workspaceId}/products/${productId}/${id}`;
  const fileKey = `${base}.${EXTENSIONS[format]}`;
  const made = await thumbnail(bytes, format);
  const thumbKey = made ? `${base}-thumb.jpg` : null;
  await ctx.platform.files.put(fileKey, bytes);
  if (made && thumbKey) await ctx.platform.files.put(thumbKey, made.thumb);
  ctx.afterRollback(async () => {
    await ctx.platform.files.remove(fileKey);
    if (thumbKey) await ctx.platform.files.remove(thumbKey);
  });
  const [row] = await ctx.db
    .insert(productImages)
    .values({
      id,
      workspaceId: ctx.workspaceId,
      productId,
      catalogId: data.catalog_id ?? null,
      fileKey,
      thumbKey,
      fileName: data.file_name,
      mimeType: MIME_TYPES[format],
      sizeBytes: bytes.length,
      width: made?.width ?? null,
      height: made?.height ?? null,
      position: existing.length,
    })
    .returning();
  await syncShowImage(ctx, productId);
  await audit(ctx, { entity: 'product_image', entityId: id, action: 'create', before: null, after: row! });
  return presentImage(row!);
}

async function renumber(ctx: TenantCtx, productId: string, orderedIds: readonly string[]) {
  for (const [position, imageId] of orderedIds.entries())
    await ctx.db
      .update(productImages)
      .set({ position })
      .where(and(eq(productImages.workspaceId, ctx.workspaceId), eq(productImages.id, imageId)));
  await syncShowImage(ctx, productId);
}

export async function deleteImage(ctx: TenantCtx, productId: string, imageId: string): Promise<void> {
  await findProductOrThrow(ctx, productId, true);
  const images = await repo.imagesOf(ctx, productId);
  const image = images.find((i) => i.id === imageId);
  if (!image) throw new DomainError('IMAGE_NOT_FOUND');
  await ctx.db.delete(productImages).where(and(eq(productImages.workspaceId, ctx.workspaceId), eq(productImages.id, imageId)));
  await renumber(
    ctx,
    productId,
    images.filter((i) => i.id !== imageId).map((i) => i.id),
  );
  await audit(ctx, { entity: 'product_image', entityId: imageId, action: 'delete', before: image, after: null });
  ctx.afterCommit(async () => {
    await ctx.platform.files.remove(image.fileKey);
    if (image.thumbKey) await ctx.platform.files.remove(image.thumbKey);
  });
}

/** Puts the images in a new order (every image id of the product, once): the first becomes show, the second thumb. */
export async function reorderImages(
  ctx: TenantCtx,
  productId: string,
  input: z.input<typeof ImageOrderInput>,
): Promise<{ items: ProductImage[] }> {
  await findProductOrThrow(ctx, productId, true);
  const data = parseInput(ImageOrderInput, input);
  const images = await repo.imagesOf(ctx, productId);
  const same =
    data.ids.length === images.length &&
    new Set(data.ids).size === images.length &&
    data.ids.every((id) => images.some((i) => i.id === id));
  if (!same) throw new DomainError('VALIDATION_FAILED', { fields: [{ path: 'ids', code: 'INVALID_VALUE', message: 'INVALID_VALUE' }] });
  await renumber(ctx, productId, data.ids);
  await audit(ctx, {
    entity: 'product',
    entityId: productId,
    action: 'update',
    before: { images: images.map((i) => i.id) },
    after: { images: data.ids },
  });
  return { items: (await repo.imagesOf(ctx, productId)).map(presentImage) };
}

/** The stored file of an image (or its thumbnail), for the route to stream. */
export async function imageFile(
  ctx: TenantCtx,
  productId: string,
  imageId: string,
  size: 'original' | 'thumb',
): Promise<{ stream: Readable; mimeType: string; fileName: string }> {
  await findProductOrThrow(ctx, productId);
  const image = (await repo.imagesOf(ctx, productId)).find((i) => i.id === imageId);
  if (!image) throw new DomainError('IMAGE_NOT_FOUND');
  const key = size === 'thumb' && image.thumbKey ? image.thumbKey : image.fileKey;
  const stream = await ctx.platform.files.get(key);
  if (!stream) throw new DomainError('IMAGE_NOT_FOUND');
  return { stream, mimeType: key === image.thumbKey ? 'image/jpeg' : image.mimeType, fileName: image.fileName };
}
