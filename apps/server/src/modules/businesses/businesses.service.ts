import { parseNpwp } from '@kelola/domain';
import type { TenantCtx } from '../../http/context.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import { uuidv7 } from '../../platform/db/ids.ts';
import { DomainError, fieldError } from '../../platform/errors.ts';
import { listWarehouseOptions } from '../warehouses/index.ts';
import * as repo from './businesses.repository.ts';

export type BusinessRow = repo.BusinessRow;

export type NewBusiness = {
  name: string;
  currency?: 'IDR' | 'MYR';
  category?: string | null;
  companyName?: string | null;
  taxLiability?: boolean;
  npwp?: string | null;
  address?: string | null;
};

const blankToNull = (value: string | null | undefined) =>
  value === undefined || value === null || value.trim() === '' ? null : value.trim();

/** Callers other than the HTTP schema (seed, flows) get the same NPWP rule: 15 or 16 digits, stored as 16. */
function normalise(input: NewBusiness) {
  let npwp = blankToNull(input.npwp);
  if (npwp !== null) {
    const parsed = parseNpwp(npwp);
    if (!parsed) throw fieldError('VALIDATION_FAILED', 'npwp', 'INVALID_NPWP');
    npwp = parsed.digits;
  }
  return {
    name: input.name.trim(),
    currency: input.currency ?? 'IDR',
    category: blankToNull(input.category),
    companyName: blankToNull(input.companyName),
    taxLiability: input.taxLiability ?? false,
    npwp,
    address: blankToNull(input.address),
  };
}

/**
 * The businesses a member's restriction reaches, or null for all of them (an empty list means no restriction).
 * A BUSINESS restriction reaches its businesses; a WAREHOUSE restriction reaches, to read only, the businesses its
 * warehouses belong to: never a business none of its warehouses is in.
 */
async function reachableIds(ctx: TenantCtx): Promise<ReadonlySet<string> | null> {
  const { restriction } = ctx;
  if (restriction.ids.length === 0) return null;
  if (restriction.base === 'BUSINESS') return new Set(restriction.ids);
  return new Set((await listWarehouseOptions(ctx)).flatMap((w) => (w.businessId ? [w.businessId] : [])));
}

const isRestricted = (ctx: TenantCtx) => ctx.restriction.ids.length > 0;

export async function createBusiness(ctx: TenantCtx, input: NewBusiness): Promise<BusinessRow> {
  // A restricted member could not see what they create: only unrestricted members add businesses.
  if (isRestricted(ctx)) throw new DomainError('BUSINESS_FORBIDDEN');
  const row = await repo.insertBusiness(ctx, { id: uuidv7(), ...normalise(input) });
  await recordAudit(ctx, { entity: 'business', entityId: row.id, action: 'create', before: null, after: row });
  return row;
}

/** The businesses the member may see, by name. */
export async function listBusinesses(ctx: TenantCtx): Promise<BusinessRow[]> {
  const reachable = await reachableIds(ctx);
  return repo.listBusinesses(ctx, reachable && [...reachable]);
}

/** One business of the workspace that the member may see, or BUSINESS_NOT_FOUND. */
export async function getBusiness(ctx: TenantCtx, id: string): Promise<BusinessRow> {
  const reachable = await reachableIds(ctx);
  const row = !reachable || reachable.has(id) ? await repo.findBusiness(ctx, id) : undefined;
  if (!row) throw new DomainError('BUSINESS_NOT_FOUND');
  return row;
}

/**
 * Replaces every field of the business (the form sends them all). A warehouse-restricted member may not: a business
 * also holds warehouses outside their list.
 */
export async function updateBusiness(ctx: TenantCtx, id: string, input: NewBusiness): Promise<BusinessRow> {
  const before = await getBusiness(ctx, id);
  if (ctx.restriction.base === 'WAREHOUSE' && isRestricted(ctx)) throw new DomainError('BUSINESS_FORBIDDEN');
  const after = await repo.updateBusiness(ctx, id, normalise(input));
  if (!after) throw new DomainError('BUSINESS_NOT_FOUND');
  await recordAudit(ctx, { entity: 'business', entityId: id, action: 'update', before, after });
  return after;
}

/** Names of the visible businesses among ids, in one query (for answers of other modules). */
export async function businessNames(ctx: TenantCtx, ids: readonly string[]): Promise<Map<string, string>> {
  const reachable = await reachableIds(ctx);
  const wanted = [...new Set(ids)].filter((id) => !reachable || reachable.has(id));
  return new Map((await repo.findBusinesses(ctx, wanted)).map((row) => [row.id, row.name]));
}

/** Whether the id names a business of this workspace that the member may see. */
export async function isVisibleBusiness(ctx: TenantCtx, id: string): Promise<boolean> {
  const reachable = await reachableIds(ctx);
  return (!reachable || reachable.has(id)) && (await repo.findBusiness(ctx, id)) !== undefined;
}

/** The top bar's business entries as one JSON array, for `GET /api/me`'s single statement (ADR 0043). */
export { businessOptionsJsonSql } from './businesses.repository.ts';
