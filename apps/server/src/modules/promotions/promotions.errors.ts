import type { ModuleErrors } from '../../platform/errors.ts';

/** This module's error codes and the HTTP status each answers with; merged into the one table in http/error-status.ts. */
export const promotionErrors = {
  DISCOUNT_NOT_FOUND: 404,
  DISCOUNT_STATE_CONFLICT: 409,
  /** The maker of a programme asked to approve or reject it: only another user may (four eyes). */
  DISCOUNT_SELF_APPROVAL: 403,
  DISCOUNT_QUOTA_EXHAUSTED: 409,
  VOUCHER_NOT_FOUND: 404,
  /** Spec part 8: 409 shows 'Voucher code already exist'. */
  VOUCHER_CODE_EXISTS: 409,
  VOUCHER_SOLD_OUT: 409,
  VOUCHER_NOT_USABLE: 422,
  VOUCHER_STATE_CONFLICT: 409,
  /** An admin voucher's per-customer limit is reached. */
  VOUCHER_CUSTOMER_LIMIT: 409,
  SHOPEE_PROMOTION_NOT_FOUND: 404,
  /** Shopee refused a discount call; `details.marketplace_message` says why. */
  SHOPEE_PROMOTION_REFUSED: 422,
} as const satisfies ModuleErrors;
