import { AreaPriceInput, type AreaPriceLookupQuery as LookupSchema } from '@kelola/contracts';
import { and, asc, desc, eq, gte, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { TenantCtx } from '../../http/context.ts';
import { uuidv7 } from '../../platform/db/ids.ts';
import { DomainError } from '../../platform/errors.ts';
import { areaNames } from '../areas/index.ts';
import { audit, parseInput, toNumber } from './catalog.common.ts';
import { areaPrices, catalogs } from './catalog.schema.ts';

type Row = typeof areaPrices.$inferSelect;
type Level = Row['areaLevel'];

const levelOf = (code: string): Level => (code.length === 2 ? 'province' : code.length === 5 ? 'city' : 'district');

/** Today in Asia/Jakarta (UTC+7, no daylight saving). */
export const jakartaToday = (now: Date) => new Date(now.getTime() + 7 * 3_600_000).toISOString().slice(0, 10);

async function present(ctx: TenantCtx, rows: Row[]) {
  const names = await areaNames(
    ctx,
    rows.map((r) => r.areaCode),
  );
  return rows.map((r) => ({
    id: r.id,
    catalog_id: r.catalogId,
    area_code: r.areaCode,
    area_level: r.areaLevel,
    area_name: names.get(r.areaCode) ?? null,
    customer_type: r.customerType,
    price: toNumber(r.price),
    effective_from: r.effectiveFrom,
    effective_until: r.effectiveUntil,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  }));
}

/** The catalog, locked: concurrent writes of area prices for one SKU queue here, so the overlap check holds. */
async function lockCatalog(ctx: TenantCtx, catalogId: string) {
  const [row] = await ctx.db
    .select({ id: catalogs.id, price: catalogs.price })
    .from(catalogs)
    .where(and(eq(catalogs.workspaceId, ctx.workspaceId), eq(catalogs.id, catalogId)))
    .for('update');
  if (!row) throw new DomainError('CATALOG_NOT_FOUND');
  return row;
}

async function findOrThrow(ctx: TenantCtx, id: string): Promise<Row> {
  const [row] = await ctx.db
    .select()
    .from(areaPrices)
    .where(and(eq(areaPrices.workspaceId, ctx.workspaceId), eq(areaPrices.id, id)));
  if (!row) throw new DomainError('AREA_PRICE_NOT_FOUND');
  return row;
}

type Data = z.output<typeof AreaPriceInput>;

/** The area must exist; another entry for the same SKU, area and customer type must not share a day. */
async function check(ctx: TenantCtx, catalogId: string, data: Data, exceptId?: string): Promise<void> {
  const names = await areaNames(ctx, [data.area_code]);
  if (!names.has(data.area_code))
    throw new DomainError('VALIDATION_FAILED', { fields: [{ path: 'area_code', code: 'AREA_NOT_FOUND', message: 'AREA_NOT_FOUND' }] });
  const [clash] = await ctx.db
    .select({ id: areaPrices.id })
    .from(areaPrices)
    .where(
      and(
        eq(areaPrices.workspaceId, ctx.workspaceId),
        eq(areaPrices.catalogId, catalogId),
        eq(areaPrices.customerType, data.customer_type),
        eq(areaPrices.areaCode, data.area_code),
        exceptId ? ne(areaPrices.id, exceptId) : undefined,
        data.effective_until ? lte(areaPrices.effectiveFrom, data.effective_until) : undefined,
        or(isNull(areaPrices.effectiveUntil), gte(areaPrices.effectiveUntil, data.effective_from)),
      ),
    )
    .limit(1);
  if (clash)
    throw new DomainError('AREA_PRICE_OVERLAP', {
      conflicting_id: clash.id,
      fields: [{ path: 'effective_from', code: 'AREA_PRICE_OVERLAP', message: 'AREA_PRICE_OVERLAP' }],
    });
}

const values = (data: Data) => ({
  areaCode: data.area_code,
  areaLevel: levelOf(data.area_code),
  customerType: data.customer_type,
  price: data.price,
  effectiveFrom: data.effective_from,
  effectiveUntil: data.effective_until ?? null,
});

export async function listAreaPrices(ctx: TenantCtx, catalogId: string) {
  await lockCatalog(ctx, catalogId);
  const rows = await ctx.db
    .select()
    .from(areaPrices)
    .where(and(eq(areaPrices.workspaceId, ctx.workspaceId), eq(areaPrices.catalogId, catalogId)))
    .orderBy(asc(areaPrices.customerType), asc(areaPrices.areaCode), asc(areaPrices.effectiveFrom));
  return { items: await present(ctx, rows) };
}

export async function createAreaPrice(ctx: TenantCtx, catalogId: string, input: z.input<typeof AreaPriceInput>) {
  await lockCatalog(ctx, catalogId);
  const data = parseInput(AreaPriceInput, input);
  await check(ctx, catalogId, data);
  const [row] = await ctx.db
    .insert(areaPrices)
    .values({ id: uuidv7(), workspaceId: ctx.workspaceId, catalogId, ...values(data) })
    .returning();
  await audit(ctx, { entity: 'area_price', entityId: row!.id, action: 'create', before: null, after: row! });
  return (await present(ctx, [row!]))[0]!;
}

export async function updateAreaPrice(ctx: TenantCtx, id: string, input: z.input<typeof AreaPriceInput>) {
  const before = await findOrThrow(ctx, id);
  await lockCatalog(ctx, before.catalogId);
  const data = parseInput(AreaPriceInput, input);
  await check(ctx, before.catalogId, data, id);
  const [row] = await ctx.db
    .update(areaPrices)
    .set({ ...values(data), updatedAt: new Date() })
    .where(and(eq(areaPrices.workspaceId, ctx.workspaceId), eq(areaPrices.id, id)))
    .returning();
  await audit(ctx, { entity: 'area_price', entityId: id, action: 'update', before, after: row! });
  return (await present(ctx, [row!]))[0]!;
}

export async function deleteAreaPrice(ctx: TenantCtx, id: string): Promise<void> {
  const before = await findOrThrow(ctx, id);
  await ctx.db.delete(areaPrices).where(and(eq(areaPrices.workspaceId, ctx.workspaceId), eq(areaPrices.id, id)));
  await audit(ctx, { entity: 'area_price', entityId: id, action: 'delete', before, after: null });
}

/**
 * What customer type X in area Y pays for a SKU on date Z: the entry of the most specific area (district, then
 * city, then province) in force that day; without one, the SKU's list price.
 */
export async function lookupAreaPrice(ctx: TenantCtx, query: z.output<typeof LookupSchema>) {
  const [catalog] = await ctx.db
    .select({ id: catalogs.id, price: catalogs.price })
    .from(catalogs)
    .where(and(eq(catalogs.workspaceId, ctx.workspaceId), eq(catalogs.id, query.catalog_id)));
  if (!catalog) throw new DomainError('CATALOG_NOT_FOUND');
  const date = query.date ?? jakartaToday(ctx.platform.now());
  const parts = query.area_code.split('.').slice(0, 3);
  const candidates = parts.map((_, i) => parts.slice(0, i + 1).join('.'));
  const [best] = await ctx.db
    .select()
    .from(areaPrices)
    .where(
      and(
        eq(areaPrices.workspaceId, ctx.workspaceId),
        eq(areaPrices.catalogId, query.catalog_id),
        eq(areaPrices.customerType, query.customer_type),
        inArray(areaPrices.areaCode, candidates),
        lte(areaPrices.effectiveFrom, date),
        or(isNull(areaPrices.effectiveUntil), gte(areaPrices.effectiveUntil, date)),
      ),
    )
    .orderBy(desc(sql`length(${areaPrices.areaCode})`), desc(areaPrices.effectiveFrom))
    .limit(1);
  if (!best)
    return {
      catalog_id: catalog.id,
      price: toNumber(catalog.price),
      source: 'LIST_PRICE' as const,
      area_price_id: null,
      area_code: null,
      area_level: null,
      date,
    };
  return {
    catalog_id: catalog.id,
    price: toNumber(best.price),
    source: 'AREA' as const,
    area_price_id: best.id,
    area_code: best.areaCode,
    area_level: best.areaLevel,
    date,
  };
}
