import { BrandInput, type Brand } from '@kelola/contracts';
import { and, asc, count, eq, ilike, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { TenantCtx } from '../../http/context.ts';
import { uuidv7 } from '../../platform/db/ids.ts';
import { DomainError, fieldError } from '../../platform/errors.ts';
import { audit, likePattern, parseInput, pgCode } from './catalog.common.ts';
import { brands } from './catalog.schema.ts';

type Row = typeof brands.$inferSelect;

// Written out in full: inside a select list drizzle leaves column names unqualified, and products has an id too.
const productCount = sql<number>`(select count(*)::int from "products" p where p.brand_id = "brands"."id")`;

const present = (row: Row, n: number): Brand => ({
  id: row.id,
  name: row.name,
  product_count: Number(n),
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

async function findOrThrow(ctx: TenantCtx, id: string) {
  const [found] = await ctx.db
    .select({ row: brands, n: productCount })
    .from(brands)
    .where(and(eq(brands.workspaceId, ctx.workspaceId), eq(brands.id, id)));
  if (!found) throw new DomainError('BRAND_NOT_FOUND');
  return found;
}

async function guardName<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (pgCode(error) === '23505') throw fieldError('BRAND_NAME_TAKEN', 'name', 'BRAND_NAME_TAKEN');
    throw error;
  }
}

export async function listBrands(ctx: TenantCtx, query: { q?: string; page: number; size: number }) {
  const where = and(eq(brands.workspaceId, ctx.workspaceId), query.q ? ilike(brands.name, likePattern(query.q)) : undefined);
  const rows = await ctx.db
    .select({ row: brands, n: productCount })
    .from(brands)
    .where(where)
    .orderBy(asc(brands.name))
    .limit(query.size)
    .offset((query.page - 1) * query.size);
  const [counted] = await ctx.db.select({ total: count() }).from(brands).where(where);
  return { items: rows.map((r) => present(r.row, r.n)), page: query.page, size: query.size, total_row: counted?.total ?? 0 };
}

export async function getBrand(ctx: TenantCtx, id: string): Promise<Brand> {
  const found = await findOrThrow(ctx, id);
  return present(found.row, found.n);
}

/** Creates a brand; names are unique in the workspace regardless of case. */
export async function createBrand(ctx: TenantCtx, input: z.input<typeof BrandInput>): Promise<Brand> {
  const data = parseInput(BrandInput, input);
  const row = await guardName(async () => {
    // A savepoint keeps the request's transaction usable after a unique violation.
    const [inserted] = await ctx.db.transaction(async (tx) =>
      tx.insert(brands).values({ id: uuidv7(), workspaceId: ctx.workspaceId, name: data.name }).returning(),
    );
    return inserted!;
  });
  await audit(ctx, { entity: 'brand', entityId: row.id, action: 'create', before: null, after: row });
  return present(row, 0);
}

export async function updateBrand(ctx: TenantCtx, id: string, input: z.input<typeof BrandInput>): Promise<Brand> {
  const before = await findOrThrow(ctx, id);
  const data = parseInput(BrandInput, input);
  const row = await guardName(async () => {
    const [updated] = await ctx.db.transaction(async (tx) =>
      tx
        .update(brands)
        .set({ name: data.name, updatedAt: new Date() })
        .where(and(eq(brands.workspaceId, ctx.workspaceId), eq(brands.id, id)))
        .returning(),
    );
    return updated!;
  });
  await audit(ctx, { entity: 'brand', entityId: id, action: 'update', before: before.row, after: row });
  return present(row, before.n);
}

export async function deleteBrand(ctx: TenantCtx, id: string): Promise<void> {
  const before = await findOrThrow(ctx, id);
  if (before.n > 0) throw new DomainError('BRAND_IN_USE', { product_count: Number(before.n) });
  await ctx.db.delete(brands).where(and(eq(brands.workspaceId, ctx.workspaceId), eq(brands.id, id)));
  await audit(ctx, { entity: 'brand', entityId: id, action: 'delete', before: before.row, after: null });
}

/** A brand by name (case-insensitive) for imports, created when missing. */
export async function brandIdByName(ctx: TenantCtx, name: string): Promise<string> {
  const [found] = await ctx.db
    .select({ id: brands.id })
    .from(brands)
    .where(and(eq(brands.workspaceId, ctx.workspaceId), sql`lower(${brands.name}) = lower(${name})`));
  if (found) return found.id;
  return (await createBrand(ctx, { name })).id;
}
