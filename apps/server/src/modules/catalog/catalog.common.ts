import type { TenantCtx } from '../../http/context.ts';
import { recordAudit, recordAudits } from '../../platform/audit/audit.ts';

/** Request schemas already ran for API calls; imports and flows get the same rules and normalisation here. */
export { parseOrFail as parseInput, zodFieldIssues as zodFields } from '../../platform/errors.ts';

export { pgCode } from '../../platform/db/pg-errors.ts';

export const likePattern = (q: string) => `%${q.replace(/[\\%_]/gu, (c) => `\\${c}`)}%`;

/** Money leaves the API as a JSON number: whole rupiah below Rp 999 triliun are exact. */
export const toNumber = (value: bigint | number | string) => Number(value);

/** Audit diffs are JSON: bigint money is recorded as its decimal text. */
export function auditable<T extends object | null>(row: T): T {
  return row === null
    ? row
    : (JSON.parse(JSON.stringify(row, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value))) as T);
}

/** recordAudit with bigint-safe before/after. */
export async function audit(ctx: TenantCtx, entry: Parameters<typeof recordAudit>[1]): Promise<void> {
  await recordAudit(ctx, { ...entry, before: auditable(entry.before), after: auditable(entry.after) });
}

/** recordAudits with bigint-safe before/after. */
export async function auditMany(ctx: TenantCtx, entries: Parameters<typeof recordAudits>[1]): Promise<void> {
  await recordAudits(
    ctx,
    entries.map((entry) => ({ ...entry, before: auditable(entry.before), after: auditable(entry.after) })),
  );
}
