/**
 * Double-entry rules of the finance ledger (issue 17, ADR 0034). Amounts are integers in the currency's minor unit
 * (IDR: whole rupiah, ADR 0008; MYR: sen). A posting's amount is signed: debit positive, credit negative, so every
 * posting set sums to zero.
 */
export const CURRENCIES = ['IDR', 'MYR'] as const;
export type Currency = (typeof CURRENCIES)[number];

/** Decimal places of each currency's minor unit. */
export const CURRENCY_DECIMALS: Record<Currency, number> = { IDR: 0, MYR: 2 };

/** Account kinds of a workspace; RECEIVABLE and WALLET and WALLET_HOLD are per customer (the party). */
export const ACCOUNT_KINDS = ['RECEIVABLE', 'WALLET', 'WALLET_HOLD', 'CASH', 'REVENUE', 'TAX', 'FEES', 'CREDIT_NOTES'] as const;
export type AccountKind = (typeof ACCOUNT_KINDS)[number];

/** Accounts that can never go below zero (a wallet cannot be overdrawn). Debit-normal balances are positive. */
export const NON_NEGATIVE_KINDS: readonly AccountKind[] = ['WALLET', 'WALLET_HOLD'];

/** Credit-normal accounts show their balance with the sign flipped (what the customer holds, what was earned). */
export const CREDIT_NORMAL_KINDS: readonly AccountKind[] = ['WALLET', 'WALLET_HOLD', 'REVENUE', 'TAX', 'FEES'];

export type PostingLine = { account: string; amount: number };

export type PostingProblem = 'EMPTY' | 'NOT_INTEGER' | 'ZERO_LINE' | 'UNBALANCED';

/** Why a posting set cannot be written; empty when it balances. */
export function postingProblems(lines: readonly PostingLine[]): PostingProblem[] {
  const problems: PostingProblem[] = [];
  if (lines.length < 2) problems.push('EMPTY');
  if (lines.some((l) => !Number.isSafeInteger(l.amount))) problems.push('NOT_INTEGER');
  if (lines.some((l) => l.amount === 0)) problems.push('ZERO_LINE');
  if (lines.reduce((sum, l) => sum + BigInt(Number.isSafeInteger(l.amount) ? l.amount : 0), 0n) !== 0n) problems.push('UNBALANCED');
  return problems;
}

/** The balance an account shows: debit-normal as is, credit-normal negated (a wallet holding Rp 10.000 shows 10.000). */
export function shownBalance(kind: AccountKind, raw: number): number {
  return CREDIT_NORMAL_KINDS.includes(kind) ? -raw : raw;
}

/** Merges lines on the same account and drops zero lines, so a posting set is as small as it can be. */
export function compactLines(lines: readonly PostingLine[]): PostingLine[] {
  const sums = new Map<string, number>();
  for (const l of lines) sums.set(l.account, (sums.get(l.account) ?? 0) + l.amount);
  return [...sums].filter(([, amount]) => amount !== 0).map(([account, amount]) => ({ account, amount }));
}

/**
 * Currency parsing (spec part 9: "removes locale separators"): '1.500.000' (IDR) → 1500000; 'Rp 1.500.000' too;
 * MYR '1,500.50' → 150050 sen. Null when the text is no amount of that currency (a negative, letters, more decimals
 * than the currency has, misplaced separators).
 */
export function parseAmount(text: string, currency: Currency = 'IDR'): number | null {
  const t = text
    .trim()
    .replace(/^(?:Rp|RM|IDR|MYR)\s*/iu, '')
    .replace(/\s/gu, '');
  if (t === '') return null;
  const decimals = CURRENCY_DECIMALS[currency];
  // IDR: '.' groups thousands, ',' starts decimals (none allowed beyond ',00'); MYR: ',' groups, '.' decimals.
  const [group, point] = currency === 'IDR' ? ['.', ','] : [',', '.'];
  const g = group === '.' ? '\\.' : ',';
  const p = point === '.' ? '\\.' : ',';
  const match = new RegExp(`^(\\d{1,3}(?:${g}\\d{3})+|\\d+)(?:${p}(\\d+))?$`, 'u').exec(t);
  if (!match) return null;
  const whole = match[1]!.split(group).join('');
  const fraction = match[2] ?? '';
  const minor = (fraction.replace(/0+$/u, '') + '0'.repeat(decimals)).slice(0, decimals);
  if (fraction.replace(/0+$/u, '').length > decimals) return null;
  const value = Number(whole) * 10 ** decimals + (decimals > 0 ? Number(minor) : 0);
  return Number.isSafeInteger(value) ? value : null;
}

/** An amount for people: 'Rp 1.500.000' or 'RM 1,500.50'. */
export function formatAmount(amount: number, currency: Currency = 'IDR'): string {
  const negative = amount < 0;
  const abs = Math.abs(amount);
  if (currency === 'IDR') return `${negative ? '-' : ''}Rp ${String(abs).replace(/\B(?=(\d{3})+(?!\d))/gu, '.')}`;
  const whole = Math.floor(abs / 100);
  const sen = String(abs % 100).padStart(2, '0');
  return `${negative ? '-' : ''}RM ${String(whole).replace(/\B(?=(\d{3})+(?!\d))/gu, ',')}.${sen}`;
}
