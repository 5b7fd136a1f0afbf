/**
 * Vouchers (issue 16; spec part 3 "Voucher (web store)" and "Voucher (admin)", part 4 voucher states, part 5 voucher
 * save rules). Pure rules: states and the discount a voucher gives a transaction. Money is integer rupiah.
 */

/** Web-store voucher types (spec part 3): 2 product, 3 courier, 4 brand. */
export const WEB_VOUCHER_TYPES = { PRODUCT: 2, COURIER: 3, BRAND: 4 } as const;
export const WEB_VOUCHER_TYPE_IDS = [2, 3, 4] as const;
export type WebVoucherTypeId = (typeof WEB_VOUCHER_TYPE_IDS)[number];

/** transaction_data.type: a percentage of the transaction or a fixed rupiah amount. */
export const VOUCHER_VALUE_TYPES = ['PERCENTAGE', 'AMOUNT'] as const;
export type VoucherValueType = (typeof VOUCHER_VALUE_TYPES)[number];

export const VOUCHER_STATUSES = ['WAITING', 'ACTIVE', 'CANCELED'] as const;
export type VoucherStatus = (typeof VOUCHER_STATUSES)[number];

export const VOUCHER_ACTIONS = ['APPROVE', 'CANCEL'] as const;
export type VoucherAction = (typeof VOUCHER_ACTIONS)[number];

/** waiting → active (approved) or canceled; active → canceled. Canceled is final. */
export function nextVoucherStatus(status: VoucherStatus, action: VoucherAction): VoucherStatus | null {
  if (action === 'APPROVE') return status === 'WAITING' ? 'ACTIVE' : null;
  return status === 'CANCELED' ? null : 'CANCELED';
}

export type VoucherTerms = { value: number; type: VoucherValueType; minTransaction: number; maxDiscount: number | null };

/**
 * The discount a voucher gives a transaction amount (the goods for types 2 and 4, the shipping fee for type 3):
 * nothing below the minimum transaction; a percentage is rounded half up and capped by the maximum discount; never
 * more than the amount itself.
 */
export function voucherDiscount(terms: VoucherTerms, amount: number, basis = amount): number {
  if (basis < terms.minTransaction) return 0;
  let discount = terms.type === 'PERCENTAGE' ? Math.floor((amount * terms.value) / 100 + 0.5) : terms.value;
  if (terms.maxDiscount !== null && terms.maxDiscount > 0) discount = Math.min(discount, terms.maxDiscount);
  return Math.max(0, Math.min(discount, amount));
}

/** Whether an instant (unix seconds) is inside a validity {from, until} given in unix seconds, both inclusive. */
export function voucherValidAt(validity: { from: number; until: number }, atSeconds: number): boolean {
  return atSeconds >= validity.from && atSeconds <= validity.until;
}

/** A code compared case-insensitively (unique per workspace): trimmed and upper-cased. */
export const normalizeVoucherCode = (code: string) => code.trim().toUpperCase();

/** Admin voucher types (spec part 3 "Voucher (admin)"): money off the goods, or off the shipping fee. */
export const ADMIN_VOUCHER_TYPES = ['DISCOUNT', 'FREE_SHIPPING'] as const;
export type AdminVoucherType = (typeof ADMIN_VOUCHER_TYPES)[number];

/**
 * Whether an admin voucher can be used on a date (YYYY-MM-DD, Asia/Jakarta): active and inside its usage period.
 * The get period is when buyers may claim it; a claimed voucher is used inside the usage period.
 */
export function adminVoucherUsableOn(v: { status: VoucherStatus; useStart: string; useEnd: string }, date: string): boolean {
  return v.status === 'ACTIVE' && date >= v.useStart && date <= v.useEnd;
}
