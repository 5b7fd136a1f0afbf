import { z } from 'zod';

/**
 * Every error code the API can answer with. The server maps each to one HTTP status
 * (apps/server/src/http/error-status.ts); the texts live in locales/{id,en}/errors.json.
 */
export const ERROR_CODES = [
  // platform
  'VALIDATION_FAILED',
  'NOT_FOUND',
  'ROUTE_NOT_FOUND',
  'UNAUTHENTICATED',
  'TOKEN_EXPIRED',
  'FORBIDDEN',
  'WORKSPACE_REQUIRED',
  'WORKSPACE_FORBIDDEN',
  'BUSINESS_FORBIDDEN',
  'RATE_LIMITED',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'INTERNAL',
  // identity
  'INVALID_CREDENTIALS',
  'ACCOUNT_NOT_VERIFIED',
  'USER_NOT_FOUND',
  'USER_ALREADY_EXISTS',
  'OTP_INVALID',
  'OTP_EXPIRED',
  'OTP_RESEND_TOO_EARLY',
  'LINK_EXPIRED',
  'LINK_INVALID',
  'REFRESH_TOKEN_INVALID',
  'REFRESH_TOKEN_REUSED',
  'PASSWORD_WRONG',
  'RESET_TOKEN_INVALID',
  // workspaces
  'WORKSPACE_NOT_FOUND',
  'ROLE_NOT_FOUND',
  'ROLE_IN_USE',
  'ROLE_NAME_TAKEN',
  'SYSTEM_ROLE_READONLY',
  'ROLE_NO_MENU',
  'MEMBER_NOT_FOUND',
  'MEMBER_ALREADY_EXISTS',
  'LAST_OWNER',
  'INVITATION_NOT_FOUND',
  'INVITATION_EXPIRED',
  'INVITATION_USED',
  'INVITATION_MISMATCH',
  'OWNER_ONLY',
  'CANNOT_REMOVE_SELF',
  // businesses and warehouses
  'BUSINESS_NOT_FOUND',
  'WAREHOUSE_NOT_FOUND',
  'WAREHOUSE_CODE_TAKEN',
  'AREA_NOT_FOUND',
  'AREA_MISMATCH',
  // channels
  'CHANNEL_NOT_FOUND',
  'CHANNEL_NOT_CONNECTED',
  'CHANNEL_NOT_CONFIGURED',
  'CHANNEL_PUSH_SIGNATURE_INVALID',
  // pricing
  'VARIABLE_NOT_FOUND',
  'VARIABLE_NAME_TAKEN',
  'VARIABLE_IN_USE',
  'FORMULA_NOT_FOUND',
  'FORMULA_NAME_TAKEN',
  'FORMULA_IN_USE',
  // catalog
  'CATEGORY_NOT_FOUND',
  'CATEGORY_NAME_TAKEN',
  'CATEGORY_IN_USE',
  'CATEGORY_HAS_CHILDREN',
  'CATEGORY_CYCLE',
  'BRAND_NOT_FOUND',
  'BRAND_NAME_TAKEN',
  'BRAND_IN_USE',
  'PRODUCT_NOT_FOUND',
  'CATALOG_NOT_FOUND',
  'SKU_TAKEN',
  'SLUG_TAKEN',
  'CATALOG_IN_BUNDLE',
  'IMAGE_NOT_FOUND',
  'AREA_PRICE_NOT_FOUND',
  'AREA_PRICE_OVERLAP',
  'IMPORT_NOT_FOUND',
  'IMPORT_FILE_INVALID',
  'IMPORT_NOT_CONFIRMABLE',
  'EXPORT_NOT_FOUND',
  'FILE_NOT_READY',
  'EXPORT_NOT_RETRYABLE',
  // inventory
  'INSUFFICIENT_STOCK',
  'SAME_WAREHOUSE',
  'STOCK_REFERENCE_CONFLICT',
  'CATALOG_IS_BUNDLE',
  'GOODS_RECEIPT_NOT_FOUND',
  'ADJUSTMENT_NOT_FOUND',
  'DOCUMENT_ALREADY_POSTED',
  'STOCK_MOVEMENT_NOT_FOUND',
  'INVENTORY_NOT_FOUND',
  // orders and customers
  'ORDER_NOT_FOUND',
  'ORDER_STATE_CONFLICT',
  'ORDER_NOT_MANUAL',
  'ORDER_ACTION_PENDING',
  'CANCEL_REASON_INVALID',
  'CUSTOMER_NOT_FOUND',
  'CUSTOMER_CODE_TAKEN',
  'CUSTOMER_CATEGORY_NOT_FOUND',
  'CUSTOMER_CATEGORY_IN_USE',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const FieldIssue = z.object({
  path: z.string(),
  code: z.string(),
  message: z.string(),
});
export type FieldIssue = z.infer<typeof FieldIssue>;

export const ErrorBody = z.object({
  code: z.string(),
  message: z.string(),
  details: z.record(z.string(), z.unknown()).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody> & { details?: { fields?: FieldIssue[]; [k: string]: unknown } };
