import { compactLines, NON_NEGATIVE_KINDS, postingProblems, shownBalance, type AccountKind, type Currency } from '@kelola/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { TenantCtx } from '../../http/context.ts';
import type { Db } from '../../platform/db/database.ts';
import { uuidv7 } from '../../platform/db/ids.ts';
import { DomainError } from '../../platform/errors.ts';
import { ledgerAccounts, ledgerEntries, ledgerPostings, NO_PARTY } from './finance.schema.ts';

export type LedgerLine = { kind: AccountKind; party?: string | null; amount: number };

export type Posting = {
  /** The idempotency key: the same key posts once, a retry answers `replayed`. */
  key: string;
  sourceType: 'INVOICE' | 'PAYMENT' | 'CREDIT_NOTE' | 'WITHDRAWAL' | 'FEE' | 'ADJUSTMENT';
  sourceId: string | null;
  event: string;
  memo?: string | null;
  currency?: Currency;
  lines: LedgerLine[];
};

const accountKey = (kind: AccountKind, party: string | null | undefined) => `${kind}:${party ?? NO_PARTY}`;

/** The accounts of the lines, created when first used; answers key → id. */
async function accountIds(ctx: TenantCtx, currency: Currency, lines: readonly LedgerLine[]): Promise<Map<string, string>> {
  const wanted = new Map(lines.map((l) => [accountKey(l.kind, l.party), { kind: l.kind, partyId: l.party ?? NO_PARTY }]));
  await ctx.db
    .insert(ledgerAccounts)
    .values([...wanted.values()].map((a) => ({ id: uuidv7(), workspaceId: ctx.workspaceId, currency, ...a })))
    .onConflictDoNothing();
  const rows = await ctx.db
    .select({ id: ledgerAccounts.id, kind: ledgerAccounts.kind, partyId: ledgerAccounts.partyId })
    .from(ledgerAccounts)
    .where(
      and(
        eq(ledgerAccounts.workspaceId, ctx.workspaceId),
        eq(ledgerAccounts.currency, currency),
        inArray(ledgerAccounts.kind, [...new Set([...wanted.values()].map((a) => a.kind))]),
        inArray(ledgerAccounts.partyId, [...new Set([...wanted.values()].map((a) => a.partyId))]),
      ),
    );
  return new Map(rows.map((r) => [accountKey(r.kind as AccountKind, r.partyId), r.id]));
}

/**
 * Writes one balanced posting set in the caller's transaction (ADR 0034): the entry keyed by its idempotency key
 * (a second post with the same key changes nothing and answers `replayed`), each account's balance moved by an
 * atomic UPDATE in account-id order (no deadlock between two posts), and a posting per line with the balance after
 * it. A wallet that would go below zero refuses the whole set with WALLET_INSUFFICIENT, so concurrent withdrawals
 * cannot overdraw it: the second one waits for the first's row lock and sees its balance.
 */
export async function post(ctx: TenantCtx, p: Posting): Promise<{ entryId: string; replayed: boolean }> {
  const currency = p.currency ?? 'IDR';
  const merged = compactLines(p.lines.map((l) => ({ account: accountKey(l.kind, l.party), amount: l.amount })));
  const problems = postingProblems(merged);
  if (problems.length > 0) throw new Error(`unbalanced posting ${p.key}: ${problems.join(', ')}`);
  const id = uuidv7();
  const [entry] = await ctx.db
    .insert(ledgerEntries)
    .values({
      id,
      workspaceId: ctx.workspaceId,
      idempotencyKey: p.key,
      sourceType: p.sourceType,
      sourceId: p.sourceId,
      event: p.event,
      memo: p.memo ?? null,
      currency,
      actorId: ctx.actor.userId,
    })
    .onConflictDoNothing()
    .returning({ id: ledgerEntries.id });
  if (!entry) {
    const [existing] = await ctx.db
      .select({ id: ledgerEntries.id })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.workspaceId, ctx.workspaceId), eq(ledgerEntries.idempotencyKey, p.key)));
    return { entryId: existing!.id, replayed: true };
  }
  const kinds = new Map(p.lines.map((l) => [accountKey(l.kind, l.party), l.kind]));
  const ids = await accountIds(ctx, currency, p.lines);
  const lines = merged
    .map((l) => ({ ...l, kind: kinds.get(l.account)!, accountId: ids.get(l.account)! }))
    .sort((a, b) => (a.accountId < b.accountId ? -1 : 1));
  const postings = [];
  for (const line of lines) {
    const [after] = await ctx.db
      .update(ledgerAccounts)
      .set({ balance: sql`${ledgerAccounts.balance} + ${line.amount}` })
      .where(and(eq(ledgerAccounts.workspaceId, ctx.workspaceId), eq(ledgerAccounts.id, line.accountId)))
      .returning({ balance: ledgerAccounts.balance });
    if (NON_NEGATIVE_KINDS.includes(line.kind) && shownBalance(line.kind, after!.balance) < 0)
      throw new DomainError('WALLET_INSUFFICIENT', { balance: shownBalance(line.kind, after!.balance - line.amount) });
    postings.push({
      id: uuidv7(),
      workspaceId: ctx.workspaceId,
      entryId: id,
      accountId: line.accountId,
      amount: line.amount,
      balanceAfter: after!.balance,
    });
  }
  await ctx.db.insert(ledgerPostings).values(postings);
  return { entryId: id, replayed: false };
}

/** The shown balance of one account (0 when it was never used). */
export async function balanceOf(ctx: TenantCtx, kind: AccountKind, party: string | null, currency: Currency = 'IDR'): Promise<number> {
  const [row] = await ctx.db
    .select({ balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(
      and(
        eq(ledgerAccounts.workspaceId, ctx.workspaceId),
        eq(ledgerAccounts.kind, kind),
        eq(ledgerAccounts.partyId, party ?? NO_PARTY),
        eq(ledgerAccounts.currency, currency),
      ),
    );
  return row ? shownBalance(kind, row.balance) : 0;
}

/** The id of an account, or null when it was never used. */
export async function accountId(ctx: TenantCtx, kind: AccountKind, party: string | null, currency: Currency = 'IDR') {
  const [row] = await ctx.db
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(
      and(
        eq(ledgerAccounts.workspaceId, ctx.workspaceId),
        eq(ledgerAccounts.kind, kind),
        eq(ledgerAccounts.partyId, party ?? NO_PARTY),
        eq(ledgerAccounts.currency, currency),
      ),
    );
  return row?.id ?? null;
}

export type LedgerProblems = {
  unbalanced_entries: { entry_id: string; sum: number }[];
  balance_mismatches: { account_id: string; balance: number; postings: number }[];
  negative_wallets: { account_id: string; balance: number }[];
};

/**
 * The ledger check: every posting set sums to zero, every account's balance equals the sum of its postings, no
 * wallet is below zero. Run in a tenant transaction it checks that workspace (row-level security); run as the
 * database owner it checks the whole database (the test suites do so at the end).
 */
export async function ledgerProblems(db: Db): Promise<LedgerProblems> {
  const rows = <T>(r: unknown) => ((r as { rows?: T[] }).rows ?? (r as T[])) as T[];
  const unbalanced = rows<{ entry_id: string; sum: string }>(
    await db.execute(sql`select e.id as entry_id, coalesce(sum(p.amount), 0)::text as sum, count(p.id) as n
      from ledger_entries e left join ledger_postings p on p.entry_id = e.id and p.workspace_id = e.workspace_id
      group by e.id having coalesce(sum(p.amount), 0) <> 0 or count(p.id) < 2`),
  );
  const mismatches = rows<{ account_id: string; balance: string; postings: string }>(
    await db.execute(sql`select a.id as account_id, a.balance::text as balance, coalesce(sum(p.amount), 0)::text as postings
      from ledger_accounts a left join ledger_postings p on p.account_id = a.id and p.workspace_id = a.workspace_id
      group by a.id, a.balance having a.balance <> coalesce(sum(p.amount), 0)`),
  );
  const negative = rows<{ account_id: string; balance: string }>(
    await db.execute(sql`select id as account_id, (-balance)::text as balance from ledger_accounts
      where kind in ('WALLET', 'WALLET_HOLD') and balance > 0`),
  );
  return {
    unbalanced_entries: unbalanced.map((r) => ({ entry_id: r.entry_id, sum: Number(r.sum) })),
    balance_mismatches: mismatches.map((r) => ({ account_id: r.account_id, balance: Number(r.balance), postings: Number(r.postings) })),
    negative_wallets: negative.map((r) => ({ account_id: r.account_id, balance: Number(r.balance) })),
  };
}

/** Rebuilds every balance of the workspace from its postings (after a restore, or to prove they agree). */
export async function rebuildBalances(ctx: TenantCtx): Promise<number> {
  const r = await ctx.db.execute(sql`update ledger_accounts a set balance = coalesce(
      (select sum(p.amount) from ledger_postings p where p.account_id = a.id and p.workspace_id = a.workspace_id), 0)
    where a.workspace_id = ${ctx.workspaceId} and a.balance <> coalesce(
      (select sum(p.amount) from ledger_postings p where p.account_id = a.id and p.workspace_id = a.workspace_id), 0)`);
  return (r as { rowCount?: number; affectedRows?: number }).rowCount ?? (r as { affectedRows?: number }).affectedRows ?? 0;
}
