import { ShopeePromotionInput, ShopeePromotionUpdateInput, type ShopeePromotion, type ShopeePromotionQuery } from '@kelola/contracts';
import { jakartaDate } from '@kelola/domain';
import { and, desc, eq, inArray, notInArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { TenantCtx } from '../../http/context.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import { uuidv7 } from '../../platform/db/ids.ts';
import { DomainError, fieldError, parseOrFail } from '../../platform/errors.ts';
import { catalogRefs } from '../catalog/index.ts';
import { callShopPromotions, isMarketplaceError, shopOf, shopSkuLinks, type MarketplaceDiscountItem } from '../channels/index.ts';
import { clashesWithMarketplace } from './discounts.service.ts';
import { shopeePromotionItems, shopeePromotionSyncs, shopeePromotions } from './promotions.schema.ts';

type Row = typeof shopeePromotions.$inferSelect;
type ItemRow = typeof shopeePromotionItems.$inferSelect;
type Detail = {
  discountId: string;
  name: string;
  status: string;
  startTime: number;
  endTime: number;
  items: {
    productId: string;
    skuId: string;
    name: string;
    originalPrice: number;
    promotionPrice: number;
    promotionStock?: number;
    purchaseLimit: number;
  }[];
};
const scope = (ctx: TenantCtx) => eq(shopeePromotions.workspaceId, ctx.workspaceId);

/** A Shopee refusal (its message) becomes 422 SHOPEE_PROMOTION_REFUSED; anything else passes up. */
async function shopee<T>(ctx: TenantCtx, shopId: string, operation: string, fn: Parameters<typeof callShopPromotions<T>>[3]): Promise<T> {
  try {
    return await callShopPromotions(ctx, shopId, operation, fn);
  } catch (error) {
    if (isMarketplaceError(error) && (error.kind === 'bad_request' || error.kind === 'not_found'))
      throw new DomainError('SHOPEE_PROMOTION_REFUSED', { marketplace_code: error.code, marketplace_message: error.message });
    throw error;
  }
}

async function promotionOr404(ctx: TenantCtx, id: string): Promise<Row> {
  const [row] = await ctx.db
    .select()
    .from(shopeePromotions)
    .where(and(scope(ctx), eq(shopeePromotions.id, id)));
  if (!row) throw new DomainError('SHOPEE_PROMOTION_NOT_FOUND');
  return row;
}

async function itemsOf(ctx: TenantCtx, ids: readonly string[]): Promise<ItemRow[]> {
  if (ids.length === 0) return [];
  return ctx.db
    .select()
    .from(shopeePromotionItems)
    .where(and(eq(shopeePromotionItems.workspaceId, ctx.workspaceId), inArray(shopeePromotionItems.promotionId, [...ids])));
}

const statusAt = (row: Pick<Row, 'startTime' | 'endTime'>, now: Date) =>
  now < row.startTime ? 'upcoming' : now < row.endTime ? 'ongoing' : 'expired';

async function present(ctx: TenantCtx, row: Row, items: ItemRow[], withItems: boolean): Promise<ShopeePromotion> {
  const mapped = items.filter((i) => i.catalogId);
  const refs = new Map((await catalogRefs(ctx, [...new Set(mapped.map((i) => i.catalogId!))])).map((r) => [r.id, r]));
  const clashes = await clashesWithMarketplace(
    ctx,
    row.connectionId,
    { startDate: jakartaDate(row.startTime), endDate: jakartaDate(new Date(row.endTime.getTime() - 1)) },
    mapped.map((i) => ({
      catalogId: i.catalogId!,
      sku: refs.get(i.catalogId!)?.sku ?? '',
      originalPrice: i.originalPrice,
      promotionPrice: i.promotionPrice,
    })),
  );
  return {
    id: row.id,
    shop_id: row.connectionId,
    discount_id: row.discountId,
    name: row.name,
    status: statusAt(row, ctx.platform.now()),
    start_time: row.startTime.toISOString(),
    end_time: row.endTime.toISOString(),
    synced_at: row.syncedAt.toISOString(),
    item_count: items.length,
    items: withItems
      ? items.map((i) => ({
          product_id: i.productId,
          sku_id: i.skuId,
          name: i.name,
          catalog_id: i.catalogId,
          sku: i.catalogId ? (refs.get(i.catalogId)?.sku ?? null) : null,
          original_price: i.originalPrice,
          promotion_price: i.promotionPrice,
          promotion_stock: i.promotionStock,
          purchase_limit: i.purchaseLimit,
        }))
      : [],
    clashes,
    failures: withItems ? row.failures : [],
  };
}

/** Stores a discount as Shopee answered it (with every page of its items), its SKUs mapped to the catalog. */
async function store(ctx: TenantCtx, shopId: string, detail: Detail, failures: Row['failures'] = []): Promise<Row> {
  const links = await shopSkuLinks(ctx, shopId, { productIds: detail.items.map((i) => i.productId) });
  const catalogOf = (productId: string, skuId: string) =>
    links.find((l) => l.productId === productId && l.skuId === skuId)?.catalogId ?? null;
  const now = ctx.platform.now();
  const values = {
    name: detail.name,
    status: detail.status,
    startTime: new Date(detail.startTime),
    endTime: new Date(detail.endTime),
    syncedAt: now,
    failures,
  };
  const [row] = await ctx.db
    .insert(shopeePromotions)
    .values({ id: uuidv7(), workspaceId: ctx.workspaceId, connectionId: shopId, discountId: detail.discountId, ...values })
    .onConflictDoUpdate({ target: [shopeePromotions.workspaceId, shopeePromotions.connectionId, shopeePromotions.discountId], set: values })
    .returning();
  await ctx.db.delete(shopeePromotionItems).where(eq(shopeePromotionItems.promotionId, row!.id));
  if (detail.items.length > 0)
    await ctx.db.insert(shopeePromotionItems).values(
      detail.items.map((i) => ({
        workspaceId: ctx.workspaceId,
        promotionId: row!.id,
        productId: i.productId,
        skuId: i.skuId,
        name: i.name,
        catalogId: catalogOf(i.productId, i.skuId),
        originalPrice: i.originalPrice,
        promotionPrice: i.promotionPrice,
        promotionStock: i.promotionStock ?? null,
        purchaseLimit: i.purchaseLimit,
      })),
    );
  return row!;
}

/** Shopee's get_discount, every page of its items. */
async function fetchDetail(ctx: TenantCtx, shopId: string, discountId: string): Promise<Detail> {
  return shopee(ctx, shopId, 'getDiscount', async (api, auth) => {
    let cursor = '1';
    const first = await api.getDiscount(auth, discountId, { cursor, pageSize: 100 });
    const items = [...first.items];
    for (let more = first.more; more;) {
      cursor = String(Number(cursor) + 1);
      const next = await api.getDiscount(auth, discountId, { cursor, pageSize: 100 });
      items.push(...next.items);
      more = next.more;
    }
    return { ...first, items };
  });
}

/** The catalog SKUs as the shop's channel SKUs (they must be on the shop and mapped), for add_discount_item. */
async function toShopItems(ctx: TenantCtx, shopId: string, items: z.output<typeof ShopeePromotionInput>['items']) {
  const links = await shopSkuLinks(ctx, shopId, { catalogIds: items.map((i) => i.catalog_id) });
  return items.map((item, i): MarketplaceDiscountItem => {
    const link = links.find((l) => l.catalogId === item.catalog_id);
    if (!link) throw fieldError('VALIDATION_FAILED', `items.${i}.catalog_id`, 'NOT_ON_SHOP');
    if (item.promotion_price >= link.price) throw fieldError('VALIDATION_FAILED', `items.${i}.promotion_price`, 'INVALID_VALUE');
    return {
      productId: link.productId,
      skuId: link.skuId,
      promotionPrice: item.promotion_price,
      ...(item.promotion_stock != null ? { promotionStock: item.promotion_stock } : {}),
      purchaseLimit: item.purchase_limit,
    };
  });
}

const failuresOf = (result: { failures: { productId: string; skuId: string; code: string; message: string }[] }) =>
  result.failures.map((f) => ({ product_id: f.productId, sku_id: f.skuId, code: f.code, message: f.message }));

/** Spec part 7 "create discount": add_discount, then add_discount_item; what Shopee answers is stored. */
export async function createShopeePromotion(ctx: TenantCtx, input: z.input<typeof ShopeePromotionInput>) {
  const d = parseOrFail(ShopeePromotionInput, input);
  await shopOf(ctx, d.shop_id, 'shopee');
  const items = await toShopItems(ctx, d.shop_id, d.items);
  const created = await shopee(ctx, d.shop_id, 'createDiscount', (api, auth) =>
    api.createDiscount(auth, { name: d.name, startTime: Date.parse(d.start_time), endTime: Date.parse(d.end_time) }),
  );
  const added =
    items.length > 0
      ? await shopee(ctx, d.shop_id, 'addDiscountItems', (api, auth) => api.addDiscountItems(auth, created.discountId, items))
      : { added: 0, failures: [] };
  const row = await store(ctx, d.shop_id, await fetchDetail(ctx, d.shop_id, created.discountId), failuresOf(added));
  await recordAudit(ctx, { entity: 'shopee_promotion', entityId: row.id, action: 'create', before: null, after: row });
  return present(ctx, row, await itemsOf(ctx, [row.id]), true);
}

/** Spec part 7 "update": name and period (update_discount), more or repriced items (add_discount_item), items taken out (delete_discount_item). */
export async function updateShopeePromotion(ctx: TenantCtx, id: string, input: z.input<typeof ShopeePromotionUpdateInput>) {
  const d = parseOrFail(ShopeePromotionUpdateInput, input);
  const before = await promotionOr404(ctx, id);
  const items = d.items?.length ? await toShopItems(ctx, before.connectionId, d.items) : [];
  if (d.name !== undefined || d.start_time !== undefined || d.end_time !== undefined)
    await shopee(ctx, before.connectionId, 'updateDiscount', (api, auth) =>
      api.updateDiscount(auth, before.discountId, {
        ...(d.name !== undefined ? { name: d.name } : {}),
        ...(d.start_time !== undefined ? { startTime: Date.parse(d.start_time) } : {}),
        ...(d.end_time !== undefined ? { endTime: Date.parse(d.end_time) } : {}),
      }),
    );
  const added =
    items.length > 0
      ? await shopee(ctx, before.connectionId, 'addDiscountItems', (api, auth) => api.addDiscountItems(auth, before.discountId, items))
      : { added: 0, failures: [] };
  if (d.remove_catalog_ids?.length) {
    const held = await itemsOf(ctx, [id]);
    for (const [i, catalogId] of d.remove_catalog_ids.entries()) {
      const rows = held.filter((h) => h.catalogId === catalogId);
      if (rows.length === 0) throw fieldError('VALIDATION_FAILED', `remove_catalog_ids.${i}`, 'NOT_IN_PROMOTION');
      for (const productId of new Set(rows.map((r) => r.productId)))
        await shopee(ctx, before.connectionId, 'deleteDiscountItem', (api, auth) =>
          api.deleteDiscountItem(
            auth,
            before.discountId,
            productId,
            rows.filter((r) => r.productId === productId).map((r) => r.skuId),
          ),
        );
    }
  }
  const row = await store(ctx, before.connectionId, await fetchDetail(ctx, before.connectionId, before.discountId), failuresOf(added));
  await recordAudit(ctx, { entity: 'shopee_promotion', entityId: id, action: 'update', before, after: row });
  return present(ctx, row, await itemsOf(ctx, [row.id]), true);
}

/** Spec part 7 "end": an ongoing discount ends now. */
export async function endShopeePromotion(ctx: TenantCtx, id: string) {
  const before = await promotionOr404(ctx, id);
  await shopee(ctx, before.connectionId, 'endDiscount', (api, auth) => api.endDiscount(auth, before.discountId));
  const row = await store(ctx, before.connectionId, await fetchDetail(ctx, before.connectionId, before.discountId), before.failures);
  await recordAudit(ctx, { entity: 'shopee_promotion', entityId: id, action: 'update', before, after: row });
  return present(ctx, row, await itemsOf(ctx, [row.id]), true);
}

/** Spec part 7 "delete discount": an upcoming discount is deleted on Shopee and here. */
export async function deleteShopeePromotion(ctx: TenantCtx, id: string) {
  const before = await promotionOr404(ctx, id);
  await shopee(ctx, before.connectionId, 'deleteDiscount', (api, auth) => api.deleteDiscount(auth, before.discountId));
  await ctx.db.delete(shopeePromotions).where(and(scope(ctx), eq(shopeePromotions.id, id)));
  await recordAudit(ctx, { entity: 'shopee_promotion', entityId: id, action: 'delete', before, after: null });
}

export async function getShopeePromotion(ctx: TenantCtx, id: string) {
  const row = await promotionOr404(ctx, id);
  return present(ctx, row, await itemsOf(ctx, [id]), true);
}

/** Spec part 7 "list": the shop's discounts as last synced, newest first, each with its clashes. */
export async function listShopeePromotions(ctx: TenantCtx, query: z.output<typeof ShopeePromotionQuery>) {
  await shopOf(ctx, query.shop_id, 'shopee');
  const where = and(scope(ctx), eq(shopeePromotions.connectionId, query.shop_id));
  const now = ctx.platform.now();
  const rows = await ctx.db
    .select()
    .from(shopeePromotions)
    .where(where)
    .orderBy(desc(shopeePromotions.startTime), desc(shopeePromotions.id));
  // the status moves with the clock: filter on it after reading (a shop holds at most 1000 live discounts)
  const matching = query.status ? rows.filter((r) => statusAt(r, now) === query.status) : rows;
  const pageRows = matching.slice((query.page - 1) * query.limit, query.page * query.limit);
  const items = await itemsOf(
    ctx,
    pageRows.map((r) => r.id),
  );
  const out = [];
  for (const r of pageRows) {
    const {
      items: _items,
      failures: _failures,
      ...summary
    } = await present(
      ctx,
      r,
      items.filter((i) => i.promotionId === r.id),
      false,
    );
    out.push(summary);
  }
  return { items: out, page: query.page, limit: query.limit, total_row: matching.length };
}

/**
 * Spec part 7 "sync all or one": reads the shop's discounts (every page, every status) or one of them from Shopee
 * and stores them with their items; the outcome is the shop's sync status.
 */
export async function syncShopeePromotions(ctx: TenantCtx, input: { shop_id: string; discount_id?: string | undefined }) {
  await shopOf(ctx, input.shop_id, 'shopee');
  const record = async (status: 'DONE' | 'FAILED', synced: number, error: string | null) => {
    const values = { status, synced, lastSyncedAt: ctx.platform.now(), error };
    await ctx.db
      .insert(shopeePromotionSyncs)
      .values({ workspaceId: ctx.workspaceId, connectionId: input.shop_id, ...values })
      .onConflictDoUpdate({ target: shopeePromotionSyncs.connectionId, set: values });
  };
  let synced = 0;
  try {
    const ids: string[] = [];
    if (input.discount_id) ids.push(input.discount_id);
    else {
      let cursor: string | undefined = '1';
      while (cursor) {
        const page = await shopee(ctx, input.shop_id, 'listDiscounts', (api, auth) =>
          api.listDiscounts(auth, { status: 'all', cursor: cursor!, pageSize: 100 }),
        );
        ids.push(...page.items.map((d) => d.discountId));
        cursor = page.nextCursor;
      }
    }
    for (const discountId of ids) {
      await store(ctx, input.shop_id, await fetchDetail(ctx, input.shop_id, discountId));
      synced += 1;
    }
    // Shopee is the source of truth: after a full sync, a discount it no longer lists is gone here too.
    if (!input.discount_id)
      await ctx.db
        .delete(shopeePromotions)
        .where(
          and(
            scope(ctx),
            eq(shopeePromotions.connectionId, input.shop_id),
            ids.length > 0 ? notInArray(shopeePromotions.discountId, ids) : undefined,
          ),
        );
  } catch (error) {
    await record('FAILED', synced, error instanceof DomainError ? String(error.details?.marketplace_message ?? error.code) : String(error));
    if (input.discount_id) throw error;
    return syncStatus(ctx, input.shop_id);
  }
  await record('DONE', synced, null);
  return syncStatus(ctx, input.shop_id);
}

/** Spec part 7 "sync status". */
export async function syncStatus(ctx: TenantCtx, shopId: string) {
  await shopOf(ctx, shopId, 'shopee');
  const [row] = await ctx.db
    .select()
    .from(shopeePromotionSyncs)
    .where(and(eq(shopeePromotionSyncs.workspaceId, ctx.workspaceId), eq(shopeePromotionSyncs.connectionId, shopId)));
  return {
    shop_id: shopId,
    status: (row?.status ?? 'IDLE') as 'IDLE' | 'DONE' | 'FAILED',
    synced: row?.synced ?? 0,
    last_synced_at: row?.lastSyncedAt?.toISOString() ?? null,
    error: row?.error ?? null,
  };
}

/** Spec part 7 "items_available": the shop's active items in no running or upcoming discount, with their catalog SKUs. */
export async function shopeeItemsAvailable(ctx: TenantCtx, shopId: string) {
  await shopOf(ctx, shopId, 'shopee');
  const found = await shopee(ctx, shopId, 'listDiscountableItems', async (api, auth) => {
    const all = [];
    let cursor: string | undefined;
    for (let page = 0; page < 10; page += 1) {
      const next = await api.listDiscountableItems(auth, { ...(cursor ? { cursor } : {}), pageSize: 50 });
      all.push(...next.items);
      cursor = next.nextCursor;
      if (!cursor) break;
    }
    return all;
  });
  const links = await shopSkuLinks(ctx, shopId, { productIds: found.map((p) => p.productId) });
  const refs = new Map(
    (
      await catalogRefs(
        ctx,
        links.flatMap((l) => (l.catalogId ? [l.catalogId] : [])),
      )
    ).map((r) => [r.id, r]),
  );
  return {
    items: found.flatMap((p) =>
      p.skus.map((s) => {
        const catalogId = links.find((l) => l.productId === p.productId && l.skuId === s.skuId)?.catalogId ?? null;
        return {
          product_id: p.productId,
          sku_id: s.skuId,
          name: p.name,
          price: s.price,
          catalog_id: catalogId,
          sku: catalogId ? (refs.get(catalogId)?.sku ?? null) : null,
        };
      }),
    ),
  };
}
