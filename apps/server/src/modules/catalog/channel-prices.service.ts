import {
  ChannelPriceInput,
  type CatalogChannelPrices,
  type ChannelPrice,
  type ChannelPriceList,
  type ChannelPriceListQuery,
  type ChannelPriceRow,
  type ChannelPriceSource,
  type FormulaProblem,
  type PriceChannel,
} from '@kelola/contracts';
import { salePrice } from '@kelola/domain';
import type { z } from 'zod';
import type { TenantCtx } from '../../http/context.ts';
import { DomainError } from '../../platform/errors.ts';
import { getChannel, listChannels, notePriceChanged, type ChannelValue } from '../channels/index.ts';
import { formulaProblem, loadFormula, type LoadedFormula } from '../pricing/index.ts';
import { audit, parseInput, toNumber } from './catalog.common.ts';
import * as repo from './channel-prices.repository.ts';
import { evaluateFor, skuValues } from './formula-pricing.service.ts';

/** What the SKU's price is without a manual entry: its formula's result, or its base price when it has no formula. */
export type DerivedPrice = { source: Exclude<ChannelPriceSource, 'MANUAL'>; price: bigint | null; errors: FormulaProblem[] };

/** An effective channel price in whole rupiah (bigint), before it becomes JSON. */
export type ResolvedChannelPrice = {
  channelId: string;
  mode: 'FORMULA' | 'MANUAL';
  source: ChannelPriceSource;
  priceMsrp: bigint | null;
  priceSales: bigint | null;
  /** The discount applied to price_sales (spec part 5), when the caller gave one. */
  discountPercent: string | null;
  formulaErrors: FormulaProblem[];
  manual: { priceMsrp: bigint; priceSales: bigint } | null;
  updatedAt: Date | null;
};

/**
 * The effective price of a SKU on one channel. MANUAL: the typed MSRP and sale price. Otherwise the derived price is
 * both MSRP and sale price. Where a discount exists for the SKU, spec part 5 sets the sale price to
 * MSRP × (100 − discount) / 100 in both modes (domain `salePrice`).
 */
export function resolveChannelPrice(
  channelId: string,
  stored: repo.StoredPrice | undefined,
  derived: DerivedPrice,
  discountPercent: string | number | null = null,
): ResolvedChannelPrice {
  const manual = stored ? { priceMsrp: stored.priceMsrp, priceSales: stored.priceSales } : null;
  const base = { channelId, discountPercent: null, manual, updatedAt: stored?.updatedAt ?? null };
  const discounted = (msrp: bigint) => {
    const sale = salePrice(msrp, discountPercent);
    return { priceSales: sale.price, discountPercent: sale.discountPercent };
  };
  if (stored?.mode === 'MANUAL') {
    const sales = discountPercent === null ? { priceSales: stored.priceSales, discountPercent: null } : discounted(stored.priceMsrp);
    return { ...base, mode: 'MANUAL', source: 'MANUAL', priceMsrp: stored.priceMsrp, ...sales, formulaErrors: [] };
  }
  if (derived.price === null)
    return { ...base, mode: 'FORMULA', source: derived.source, priceMsrp: null, priceSales: null, formulaErrors: derived.errors };
  return { ...base, mode: 'FORMULA', source: derived.source, priceMsrp: derived.price, ...discounted(derived.price), formulaErrors: [] };
}

/**
 * Derived prices of SKUs, evaluated with the existing formula engine (`evaluateFor`: stored variable values, the
 * SKU's own product-variable values, list_price and component_total). Each formula loads once per call, and the
 * per-SKU values and bundle totals come in one query each, so a page costs a fixed number of queries.
 */
export async function derivedPrices(ctx: TenantCtx, skus: readonly repo.SkuRow[]): Promise<Map<string, DerivedPrice>> {
  const result = new Map<string, DerivedPrice>();
  const priced = skus.filter((s) => s.formulaId !== null);
  for (const s of skus) if (s.formulaId === null) result.set(s.id, { source: 'BASE_PRICE', price: s.price, errors: [] });
  if (priced.length === 0) return result;
  const formulas = new Map<string, LoadedFormula>();
  for (const id of new Set(priced.map((s) => s.formulaId!))) formulas.set(id, await loadFormula(ctx, id));
  const perSku = await skuValues(
    ctx,
    priced.map((s) => s.id),
  );
  const totals = await repo.componentTotals(ctx, [...new Set(priced.filter((s) => s.productType === 'BUNDLING').map((s) => s.productId))]);
  for (const s of priced) {
    const evaluation = evaluateFor(
      formulas.get(s.formulaId!)!,
      { catalogId: s.id, listPrice: s.price, componentTotal: totals.get(s.productId) ?? 0n },
      perSku.get(s.id),
    );
    result.set(
      s.id,
      evaluation.ok
        ? { source: 'FORMULA', price: evaluation.value, errors: [] }
        : { source: 'FORMULA', price: null, errors: evaluation.errors.map((e) => formulaProblem(ctx, e)) },
    );
  }
  return result;
}

/**
 * The price of SKUs outside the marketplaces (manual orders): the SKU's formula result, else its base price. A SKU
 * whose formula cannot be evaluated has `price: null` and the formula's problems. Unknown ids are left out.
 */
export async function derivedPricesOf(ctx: TenantCtx, catalogIds: readonly string[]): Promise<Map<string, DerivedPrice>> {
  return derivedPrices(ctx, await repo.findSkus(ctx, catalogIds));
}

const toJson = (p: ResolvedChannelPrice): ChannelPrice => ({
  channel_id: p.channelId,
  mode: p.mode,
  source: p.source,
  price_msrp: p.priceMsrp === null ? null : toNumber(p.priceMsrp),
  price_sales: p.priceSales === null ? null : toNumber(p.priceSales),
  formula_errors: p.formulaErrors,
  manual: p.manual ? { price_msrp: toNumber(p.manual.priceMsrp), price_sales: toNumber(p.manual.priceSales) } : null,
  updated_at: p.updatedAt?.toISOString() ?? null,
});

const toChannel = (c: PriceChannel): PriceChannel => ({ id: c.id, name: c.name, marketplace: c.marketplace, status: c.status });

/** SKUs with their channel prices: the formula is evaluated only for the SKUs given (a page). */
async function rowsOf(ctx: TenantCtx, skus: readonly repo.SkuRow[], channels: readonly PriceChannel[]): Promise<ChannelPriceRow[]> {
  const ids = skus.map((s) => s.id);
  const stored = await repo.storedPrices(ctx, ids, channels.length === 1 ? channels[0]!.id : undefined);
  const byKey = new Map(stored.map((row) => [`${row.catalogId}:${row.channelConnectionId}`, row]));
  const derived = await derivedPrices(ctx, skus);
  return skus.map((s) => ({
    catalog_id: s.id,
    sku: s.sku,
    name: s.name,
    options: s.options,
    product_id: s.productId,
    product_name: s.productName,
    product_type: s.productType,
    base_price: toNumber(s.price),
    formula: s.formulaId ? { id: s.formulaId, name: s.formulaName ?? '' } : null,
    prices: channels.map((c) => toJson(resolveChannelPrice(c.id, byKey.get(`${s.id}:${c.id}`), derived.get(s.id)!))),
  }));
}

/** Every channel (connected shop) of the workspace: web store and manual orders are not connections, they sell at the base price. */
async function channelsFor(ctx: TenantCtx): Promise<PriceChannel[]> {
  return (await listChannels(ctx)).items.map(toChannel);
}

/**
 * /price: a page of SKUs (by SKU code) with their base price and their effective price on each channel, or on the
 * channel of `channel_id` only (CHANNEL_NOT_FOUND when it is not the workspace's). `channels` always lists them all,
 * for the channel filter.
 */
export async function listChannelPrices(ctx: TenantCtx, query: ChannelPriceListQuery): Promise<ChannelPriceList> {
  const channels = await channelsFor(ctx);
  const shown = query.channel_id ? channels.filter((c) => c.id === query.channel_id) : channels;
  if (query.channel_id && shown.length === 0) throw new DomainError('CHANNEL_NOT_FOUND');
  const { rows, total, capped } = await repo.pageOfSkus(ctx, query);
  return { items: await rowsOf(ctx, rows, shown), channels, page: query.page, size: query.size, total_row: total, total_capped: capped };
}

async function skuOrThrow(ctx: TenantCtx, catalogId: string): Promise<repo.SkuRow> {
  const sku = await repo.findSku(ctx, catalogId);
  if (!sku) throw new DomainError('CATALOG_NOT_FOUND');
  return sku;
}

/** One SKU's prices on every channel of the workspace. */
export async function getCatalogChannelPrices(ctx: TenantCtx, catalogId: string): Promise<CatalogChannelPrices> {
  const sku = await skuOrThrow(ctx, catalogId);
  const channels = await channelsFor(ctx);
  const [row] = await rowsOf(ctx, [sku], channels);
  return { ...row!, channels };
}

async function oneChannelPrice(ctx: TenantCtx, catalogId: string, channelId: string): Promise<ChannelPrice> {
  const sku = await skuOrThrow(ctx, catalogId);
  const [row] = await rowsOf(ctx, [sku], [toChannel(await getChannel(ctx, channelId))]);
  return row!.prices[0]!;
}

/** Sets a manual price of a SKU on a channel (whole rupiah, sale price ≤ MSRP). */
export async function setManualChannelPrice(
  ctx: TenantCtx,
  catalogId: string,
  channelId: string,
  input: z.input<typeof ChannelPriceInput>,
): Promise<ChannelPrice> {
  if (!(await repo.lockCatalog(ctx, catalogId))) throw new DomainError('CATALOG_NOT_FOUND');
  await getChannel(ctx, channelId);
  const data = parseInput(ChannelPriceInput, input);
  const [before] = await repo.storedPrices(ctx, [catalogId], channelId);
  const after = await repo.saveManual(ctx, catalogId, channelId, { msrp: data.price_msrp, sales: data.price_sales });
  await audit(ctx, {
    entity: 'catalog_channel_price',
    entityId: catalogId,
    action: before ? 'update' : 'create',
    before: before ?? null,
    after,
  });
  await notePriceChanged(ctx, [catalogId], channelId);
  return oneChannelPrice(ctx, catalogId, channelId);
}

/** Puts a SKU's price on a channel back on the formula (nothing to do when it is already). */
export async function useFormulaChannelPrice(ctx: TenantCtx, catalogId: string, channelId: string): Promise<void> {
  if (!(await repo.lockCatalog(ctx, catalogId))) throw new DomainError('CATALOG_NOT_FOUND');
  await getChannel(ctx, channelId);
  const [before] = await repo.storedPrices(ctx, [catalogId], channelId);
  const after = await repo.setFormulaMode(ctx, catalogId, channelId);
  if (after) {
    await audit(ctx, { entity: 'catalog_channel_price', entityId: catalogId, action: 'update', before: before ?? null, after });
    await notePriceChanged(ctx, [catalogId], channelId);
  }
}

/**
 * What a SKU sells for on a channel, for orders and publishing: the manual price, else the formula's, else the base
 * price. With `discountPercent` (a discount exists for the SKU) the sale price follows spec part 5. Prices are
 * whole rupiah; they are null only when the product's formula cannot be evaluated for this SKU (`formulaErrors`).
 * CATALOG_NOT_FOUND / CHANNEL_NOT_FOUND for ids outside the workspace.
 */
export async function channelPriceOf(
  ctx: TenantCtx,
  catalogId: string,
  channelConnectionId: string,
  options: { discountPercent?: string | number | null } = {},
): Promise<ResolvedChannelPrice> {
  const sku = await skuOrThrow(ctx, catalogId);
  await getChannel(ctx, channelConnectionId);
  const [stored] = await repo.storedPrices(ctx, [catalogId], channelConnectionId);
  const derived = (await derivedPrices(ctx, [sku])).get(catalogId)!;
  return resolveChannelPrice(channelConnectionId, stored, derived, options.discountPercent ?? null);
}

const SOURCE_TEXT: Record<ChannelPriceSource, { id: string; en: string }> = {
  MANUAL: { id: 'harga manual', en: 'manual price' },
  FORMULA: { id: 'rumus harga', en: 'price formula' },
  BASE_PRICE: { id: 'harga dasar', en: 'base price' },
};
const rupiah = (n: bigint) => `Rp ${n.toString().replace(/\B(?=(\d{3})+(?!\d))/gu, '.')}`;

/**
 * The `channelPrice` port (ADR 0030): the sale price a shop is told, with where it comes from. A SKU whose formula
 * cannot give a price is left out (nothing is pushed; the price screen shows the formula's errors).
 */
export async function channelPriceValues(
  ctx: TenantCtx,
  channelId: string,
  catalogIds: readonly string[],
): Promise<Map<string, ChannelValue>> {
  const out = new Map<string, ChannelValue>();
  for (const id of new Set(catalogIds)) {
    let price: ResolvedChannelPrice;
    try {
      price = await channelPriceOf(ctx, id, channelId);
    } catch (error) {
      if (error instanceof DomainError && (error.code === 'CATALOG_NOT_FOUND' || error.code === 'CHANNEL_NOT_FOUND')) continue;
      throw error;
    }
    if (price.priceSales === null) continue;
    const source = SOURCE_TEXT[price.source];
    out.set(id, {
      value: Number(price.priceSales),
      explanation: { id: `${rupiah(price.priceSales)} (${source.id})`, en: `${rupiah(price.priceSales)} (${source.en})` },
    });
  }
  return out;
}
