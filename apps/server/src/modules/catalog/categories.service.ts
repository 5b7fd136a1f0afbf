import { CategoryInput, CategoryMoveInput, type Category, type CategoryNode } from '@kelola/contracts';
import { and, asc, count, eq, isNotNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { TenantCtx } from '../../http/context.ts';
import { uuidv7 } from '../../platform/db/ids.ts';
import { DomainError, fieldError } from '../../platform/errors.ts';
import { audit, parseInput, pgCode } from './catalog.common.ts';
import { categories, products } from './catalog.schema.ts';

type Row = typeof categories.$inferSelect;

/**
 * Every category of the workspace (hundreds at most): trees are built in memory. Product counts (one grouped scan
 * of the workspace's products) only for the category screens, never for product answers or imports.
 */
async function loadAll(ctx: TenantCtx, withCounts = true) {
  const rows = await ctx.db
    .select()
    .from(categories)
    .where(eq(categories.workspaceId, ctx.workspaceId))
    .orderBy(asc(categories.position), asc(categories.name));
  if (!withCounts) return { rows, productCounts: new Map<string, number>() };
  const counts = await ctx.db
    .select({ categoryId: products.categoryId, n: count() })
    .from(products)
    .where(and(eq(products.workspaceId, ctx.workspaceId), isNotNull(products.categoryId)))
    .groupBy(products.categoryId);
  return { rows, productCounts: new Map(counts.map((c) => [c.categoryId!, c.n])) };
}

const pathOf = (byId: Map<string, Row>, id: string) => {
  const path: { id: string; name: string }[] = [];
  for (let row = byId.get(id); row; row = row.parentId ? byId.get(row.parentId) : undefined) {
    path.unshift({ id: row.id, name: row.name });
    if (path.length > 100) break;
  }
  return path;
};

/** The category tree, roots first, each level by position then name. */
export async function categoryTree(ctx: TenantCtx): Promise<{ items: CategoryNode[] }> {
  const { rows, productCounts } = await loadAll(ctx);
  const build = (parentId: string | null, level: number): CategoryNode[] =>
    rows
      .filter((r) => r.parentId === parentId)
      .map((r) => ({
        id: r.id,
        name: r.name,
        parent_id: r.parentId,
        position: r.position,
        level,
        product_count: productCounts.get(r.id) ?? 0,
        children: build(r.id, level + 1),
      }));
  return { items: build(null, 1) };
}

async function present(ctx: TenantCtx, id: string): Promise<Category> {
  const { rows, productCounts } = await loadAll(ctx);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const row = byId.get(id);
  if (!row) throw new DomainError('CATEGORY_NOT_FOUND');
  return {
    id: row.id,
    name: row.name,
    parent_id: row.parentId,
    position: row.position,
    path: pathOf(byId, id),
    children_count: rows.filter((r) => r.parentId === id).length,
    product_count: productCounts.get(id) ?? 0,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

async function find(ctx: TenantCtx, id: string): Promise<Row | undefined> {
  const [row] = await ctx.db
    .select()
    .from(categories)
    .where(and(eq(categories.workspaceId, ctx.workspaceId), eq(categories.id, id)));
  return row;
}

async function findOrThrow(ctx: TenantCtx, id: string): Promise<Row> {
  const row = await find(ctx, id);
  if (!row) throw new DomainError('CATEGORY_NOT_FOUND');
  return row;
}

const nameTaken = () => fieldError('CATEGORY_NAME_TAKEN', 'name', 'CATEGORY_NAME_TAKEN');

async function guardName<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (pgCode(error) === '23505') throw nameTaken();
    throw error;
  }
}

/** A parent must exist in the workspace and must not be the category itself or one of its descendants. */
async function checkParent(ctx: TenantCtx, parentId: string | null, selfId?: string): Promise<void> {
  if (!parentId) return;
  const parent = await find(ctx, parentId);
  if (!parent)
    throw new DomainError('VALIDATION_FAILED', {
      fields: [{ path: 'parent_id', code: 'CATEGORY_NOT_FOUND', message: 'CATEGORY_NOT_FOUND' }],
    });
  if (!selfId) return;
  const { rows } = await loadAll(ctx, false);
  const byId = new Map(rows.map((r) => [r.id, r]));
  if (pathOf(byId, parentId).some((p) => p.id === selfId)) throw new DomainError('CATEGORY_CYCLE');
}

export const getCategory = (ctx: TenantCtx, id: string) => present(ctx, id);

export async function createCategory(ctx: TenantCtx, input: z.input<typeof CategoryInput>): Promise<Category> {
  const data = parseInput(CategoryInput, input);
  await checkParent(ctx, data.parent_id ?? null);
  const row = await guardName(async () => {
    const [inserted] = await ctx.db
      .insert(categories)
      .values({
        id: uuidv7(),
        workspaceId: ctx.workspaceId,
        parentId: data.parent_id ?? null,
        name: data.name,
        position: data.position ?? 0,
      })
      .returning();
    return inserted!;
  });
  await audit(ctx, { entity: 'category', entityId: row.id, action: 'create', before: null, after: row });
  return present(ctx, row.id);
}

/** Renames, re-positions and (when parent_id changes) moves a category. */
export async function updateCategory(ctx: TenantCtx, id: string, input: z.input<typeof CategoryInput>): Promise<Category> {
  const before = await findOrThrow(ctx, id);
  const data = parseInput(CategoryInput, input);
  const parentId = data.parent_id === undefined ? before.parentId : data.parent_id;
  if (parentId !== before.parentId) await checkParent(ctx, parentId, id);
  const after = await guardName(async () => {
    const [row] = await ctx.db
      .update(categories)
      .set({ name: data.name, parentId, position: data.position ?? before.position, updatedAt: new Date() })
      .where(and(eq(categories.workspaceId, ctx.workspaceId), eq(categories.id, id)))
      .returning();
    return row!;
  });
  await audit(ctx, { entity: 'category', entityId: id, action: 'update', before, after });
  return present(ctx, id);
}

/** Moves a category (and its subtree) under another parent, or to the root; never under itself. */
export async function moveCategory(ctx: TenantCtx, id: string, input: z.input<typeof CategoryMoveInput>): Promise<Category> {
  const before = await findOrThrow(ctx, id);
  const data = parseInput(CategoryMoveInput, input);
  await checkParent(ctx, data.parent_id, id);
  const after = await guardName(async () => {
    const [row] = await ctx.db
      .update(categories)
      .set({ parentId: data.parent_id, position: data.position ?? before.position, updatedAt: new Date() })
      .where(and(eq(categories.workspaceId, ctx.workspaceId), eq(categories.id, id)))
      .returning();
    return row!;
  });
  await audit(ctx, { entity: 'category', entityId: id, action: 'update', before, after });
  return present(ctx, id);
}

/** Deletes a leaf category no product uses. */
export async function deleteCategory(ctx: TenantCtx, id: string): Promise<void> {
  const before = await findOrThrow(ctx, id);
  const [child] = await ctx.db
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.workspaceId, ctx.workspaceId), eq(categories.parentId, id)))
    .limit(1);
  if (child) throw new DomainError('CATEGORY_HAS_CHILDREN');
  const [used] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(products)
    .where(and(eq(products.workspaceId, ctx.workspaceId), eq(products.categoryId, id)));
  if ((used?.n ?? 0) > 0) throw new DomainError('CATEGORY_IN_USE', { product_count: used!.n });
  await ctx.db.delete(categories).where(and(eq(categories.workspaceId, ctx.workspaceId), eq(categories.id, id)));
  await audit(ctx, { entity: 'category', entityId: id, action: 'delete', before, after: null });
}

/** The ids of a category and all its descendants (for list filters), or null when it does not exist. */
export async function categorySubtree(ctx: TenantCtx, id: string): Promise<string[] | null> {
  const { rows } = await loadAll(ctx, false);
  if (!rows.some((r) => r.id === id)) return null;
  const ids = [id];
  for (let i = 0; i < ids.length; i += 1) for (const r of rows) if (r.parentId === ids[i]) ids.push(r.id);
  return ids;
}

/** Root-to-leaf names of categories, by id (for product answers and exports). */
export async function categoryPaths(ctx: TenantCtx): Promise<Map<string, { id: string; name: string }[]>> {
  const { rows } = await loadAll(ctx, false);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return new Map(rows.map((r) => [r.id, pathOf(byId, r.id)]));
}
