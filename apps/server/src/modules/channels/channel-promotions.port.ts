import type { MarketplaceCode } from '@kelola/contracts/channels';
import { and, eq, inArray, or } from 'drizzle-orm';
import type { TenantCtx } from '../../http/context.ts';
import { DomainError } from '../../platform/errors.ts';
import type { MarketplaceAdapter, PromotionCapability, ShopAuth } from './adapters/types.ts';
import { channelProductSkus } from './channel-products.schema.ts';
import { callNow } from './call-now.ts';
import * as repo from './channels.repository.ts';

/** A shop of this workspace on a marketplace, or 404 CHANNEL_NOT_FOUND (another workspace's shop too). */
export async function shopOf(ctx: TenantCtx, connectionId: string, marketplace: MarketplaceCode) {
  const row = await repo.findConnection(ctx, connectionId);
  if (!row || row.marketplace !== marketplace) throw new DomainError('CHANNEL_NOT_FOUND');
  return { id: row.id, name: row.name, shopId: row.shopId };
}

/**
 * One recorded call of a shop's promotion capability (Shopee's discount API) with a usable token, in the request's
 * transaction (issue 16).
 */
export async function callShopPromotions<T>(
  ctx: TenantCtx,
  connectionId: string,
  operation: string,
  fn: (promotions: PromotionCapability, auth: ShopAuth) => Promise<T>,
): Promise<T> {
  return callNow(ctx, connectionId, operation, (adapter: MarketplaceAdapter, auth) => {
    const capability = adapter as Partial<PromotionCapability>;
    if (!capability.createDiscount) throw new DomainError('CHANNEL_NOT_CONFIGURED', { operation });
    return fn(capability as PromotionCapability, auth);
  });
}

export type ShopSkuLink = { productId: string; skuId: string; catalogId: string | null; price: number; sellerSku: string };

/** A shop's channel SKUs by marketplace product and SKU id, or by the catalog SKUs they are mapped to. */
export async function shopSkuLinks(
  ctx: TenantCtx,
  connectionId: string,
  by: { productIds?: readonly string[]; catalogIds?: readonly string[] },
): Promise<ShopSkuLink[]> {
  const productIds = [...new Set(by.productIds ?? [])];
  const catalogIds = [...new Set(by.catalogIds ?? [])];
  if (productIds.length === 0 && catalogIds.length === 0) return [];
  return ctx.db
    .select({
      productId: channelProductSkus.productId,
      skuId: channelProductSkus.skuId,
      catalogId: channelProductSkus.catalogId,
      price: channelProductSkus.price,
      sellerSku: channelProductSkus.sellerSku,
    })
    .from(channelProductSkus)
    .where(
      and(
        eq(channelProductSkus.workspaceId, ctx.workspaceId),
        eq(channelProductSkus.connectionId, connectionId),
        or(
          productIds.length > 0 ? inArray(channelProductSkus.productId, productIds) : undefined,
          catalogIds.length > 0 ? inArray(channelProductSkus.catalogId, catalogIds) : undefined,
        ),
      ),
    );
}
