import sharp from 'sharp';
import { publishProduct } from '../flows/publish-product.ts';
import { getProduct, productImageFiles, uploadImage } from '../modules/catalog/index.ts';
import { adapterFor, publicationsOfProducts, publishableShop } from '../modules/channels/index.ts';
import type { MarketplaceCode } from '@kelola/contracts/channels';
import { inTenant } from '../platform/db/database.ts';
import type { Platform } from '../platform/platform.ts';
import { systemCtx, tenantCtxFor } from '../platform/system-ctx.ts';
import { products } from '../modules/catalog/catalog.schema.ts';
import { and, eq } from 'drizzle-orm';

/** The demo product published from Kelola to every demo shop (the shops list the other demo products themselves). */
export const DEMO_PUBLISHED_PRODUCT = 'Kopi Toraja Robusta 500 g';

/**
 * Publishes the demo's Toraja coffee to one demo shop through the real publish flow (images, draft, review poll,
 * mapping), once: a shop that already has a publication of it is left alone. The first leaf category of the shop's
 * marketplace tree is used. The job runs on the demo's own workers after this returns.
 */
export async function publishDemoProduct(
  platform: Platform,
  owner: { workspaceId: string; userId: string },
  channelId: string,
): Promise<void> {
  const pending: (() => Promise<void>)[] = [];
  await inTenant(platform.database.db, owner.workspaceId, async (db) => {
    const ctx = {
      ...tenantCtxFor(systemCtx(platform, db, 'demo-publish'), owner.workspaceId, owner.userId),
      afterCommit: (task: () => Promise<void>) => void pending.push(task),
    };
    const [row] = await db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.workspaceId, owner.workspaceId), eq(products.name, DEMO_PUBLISHED_PRODUCT)));
    if (!row) return;
    const done = await publicationsOfProducts(ctx, [row.id]);
    if (done.some((p) => p.channel_id === channelId && p.status !== 'FAILED')) return;
    if ((await productImageFiles(ctx, row.id)).length === 0) {
      const image = await sharp({ create: { width: 600, height: 600, channels: 3, background: '#6b3e26' } })
        .png()
        .toBuffer();
      await uploadImage(ctx, row.id, { file_name: 'kopi-toraja.png', content_base64: image.toString('base64') });
    }
    const shop = await publishableShop(ctx, channelId);
    const adapter = adapterFor(platform, shop.marketplace as MarketplaceCode);
    const auth = { shopId: shop.shopId, accessToken: shop.accessToken, ...(shop.shopCipher ? { shopCipher: shop.shopCipher } : {}) };
    const categories = await adapter.listCategories(auth);
    const leaf = categories.find((c) => c.isLeaf);
    if (!leaf) return;
    // The marketplace refuses a product without the category's mandatory attributes: the first listed value of each.
    const attributes = (await adapter.listAttributes(auth, leaf.id))
      .filter((a) => a.mandatory && a.values.length > 0)
      .map((a) => ({ id: a.id, values: [a.values[0]!.id] }));
    const product = await getProduct(ctx, row.id);
    await publishProduct(ctx, product.id, {
      channels: [
        {
          channel_id: channelId,
          category_path: [leaf.parentId, leaf.id].filter((id): id is string => Boolean(id)),
          ...(attributes.length > 0 ? { attributes } : {}),
        },
      ],
    });
  });
  for (const task of pending) await task();
}
