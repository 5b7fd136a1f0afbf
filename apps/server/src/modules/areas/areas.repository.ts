import { asc, eq, inArray } from 'drizzle-orm';
import type { Ctx } from '../../http/context.ts';
import { areas } from './areas.schema.ts';

// Areas are reference data shared by every workspace (no workspace_id, no row-level security): the one table
// whose queries carry no tenant filter.

export type AreaRow = typeof areas.$inferSelect;

export async function findAreasByCodes(ctx: Ctx, codes: readonly string[]): Promise<AreaRow[]> {
  if (codes.length === 0) return [];
  return ctx.db
    .select()
    .from(areas)
    .where(inArray(areas.code, [...new Set(codes)]));
}

export async function listChildAreas(ctx: Ctx, parentCode: string | null): Promise<AreaRow[]> {
  // Provinces have no parent row: level 1 instead of parent_code IS NULL keeps the (parent_code, name) index for the rest.
  return ctx.db
    .select()
    .from(areas)
    .where(parentCode === null ? eq(areas.level, 1) : eq(areas.parentCode, parentCode))
    .orderBy(asc(areas.name));
}
