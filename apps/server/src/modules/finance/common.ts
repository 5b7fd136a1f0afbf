import type { TenantCtx } from '../../http/context.ts';
import { DomainError, parseOrFail } from '../../platform/errors.ts';
import { nextSequence } from '../orders/index.ts';

export { parseOrFail };

/** A document number PREFIX/yyyy/mm/nnnnnn, one sequence per prefix and month (Asia/Jakarta). */
export async function documentNumber(ctx: TenantCtx, prefix: string): Promise<string> {
  const local = new Date(ctx.platform.now().getTime() + 7 * 3_600_000);
  const kind = `${prefix}/${local.getUTCFullYear()}/${String(local.getUTCMonth() + 1).padStart(2, '0')}`;
  const n = await nextSequence(ctx, kind);
  return `${kind}/${String(n).padStart(6, '0')}`;
}

/** A retried request with the key of another one (different payload) is refused rather than answered wrongly. */
export function sameRequest(same: boolean): void {
  if (!same) throw new DomainError('IDEMPOTENCY_KEY_REUSED');
}

export const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

export const offset = (q: { page: number; size: number }) => (q.page - 1) * q.size;
