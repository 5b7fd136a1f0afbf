import { WalletQuery, type WalletHistory } from '@kelola/contracts';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { TenantCtx } from '../../http/context.ts';
import { findCustomer } from '../orders/index.ts';
import { offset, parseOrFail } from './common.ts';
import { accountId, balanceOf } from './ledger.service.ts';

const rowsOf = <T>(r: unknown) => ((r as { rows?: T[] }).rows ?? (r as T[])) as T[];

/**
 * A customer's (distributor's, reseller's) wallet history, newest first: every posting set that moved the wallet or
 * its held money (payments overpaid, credit notes, withdrawals held, paid out or released), with the wallet balance
 * after it, and the withdrawal steps that move no money (approved, processed) at the balance of their moment.
 */
export async function walletHistory(ctx: TenantCtx, query: z.input<typeof WalletQuery>): Promise<WalletHistory> {
  const q = parseOrFail(WalletQuery, query);
  const customer = await findCustomer(ctx, q.customer_id);
  const wallet = await accountId(ctx, 'WALLET', customer.id);
  const hold = await accountId(ctx, 'WALLET_HOLD', customer.id);
  const [balance, held] = [await balanceOf(ctx, 'WALLET', customer.id), await balanceOf(ctx, 'WALLET_HOLD', customer.id)];
  const base = {
    customer_id: customer.id,
    customer_name: customer.name,
    currency: 'IDR' as const,
    balance,
    held,
    page: q.page,
    size: q.size,
  };
  if (!wallet && !hold) return { ...base, items: [], total_row: 0 };
  const none = '00000000-0000-0000-0000-000000000000';
  const w = wallet ?? none;
  const h = hold ?? none;
  const ws = ctx.workspaceId;
  const history = sql`
    select e.id::text as id, e.created_at as at, e.event, e.source_type, e.source_id::text as source_id, e.memo,
      coalesce(sum(case when p.account_id = ${w} then -p.amount end), 0) as amount,
      max(case when p.account_id = ${w} then -p.balance_after end) as balance
    from ledger_postings p join ledger_entries e on e.workspace_id = p.workspace_id and e.id = p.entry_id
    where p.workspace_id = ${ws} and p.account_id in (${w}, ${h})
    group by e.id
    union all
    select x.id::text || ':' || s.event, s.at, s.event, 'WITHDRAWAL', x.id::text, x.number, 0, null
    from withdrawals x cross join lateral (values ('WITHDRAWAL_APPROVED', x.approved_at), ('WITHDRAWAL_PROCESSED', x.processed_at)) as s(event, at)
    where x.workspace_id = ${ws} and x.customer_id = ${customer.id} and s.at is not null`;
  const rows = rowsOf<{
    id: string;
    at: Date | string;
    event: string;
    source_type: string;
    source_id: string | null;
    memo: string | null;
    amount: string | number;
    balance: string | number | null;
  }>(
    await ctx.db.execute(sql`with h as (${history})
      select h.*, coalesce(h.balance, (select -p.balance_after from ledger_postings p
        where p.workspace_id = ${ws} and p.account_id = ${w} and p.created_at <= h.at order by p.created_at desc, p.id desc limit 1), 0) as running
      from h order by h.at desc, h.id desc limit ${q.size} offset ${offset(q)}`),
  );
  const [total] = rowsOf<{ n: string | number }>(await ctx.db.execute(sql`select count(*) as n from (${history}) t`));
  return {
    ...base,
    items: rows.map((r) => ({
      id: r.id,
      at: new Date(r.at).toISOString(),
      event: r.event,
      source_type: r.source_type,
      source_id: r.source_id,
      memo: r.memo,
      amount: Number(r.amount),
      balance: Number((r as { running?: string | number }).running ?? 0),
    })),
    total_row: Number(total?.n ?? 0),
  };
}
