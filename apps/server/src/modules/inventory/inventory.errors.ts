import type { ModuleErrors } from '../../platform/errors.ts';

/** This module's error codes and the HTTP status each answers with; merged into the one table in http/error-status.ts. */
export const inventoryErrors = {
  INSUFFICIENT_STOCK: 409,
  SAME_WAREHOUSE: 400,
  STOCK_REFERENCE_CONFLICT: 409,
  CATALOG_IS_BUNDLE: 422,
  GOODS_RECEIPT_NOT_FOUND: 404,
  ADJUSTMENT_NOT_FOUND: 404,
  DOCUMENT_ALREADY_POSTED: 409,
  STOCK_MOVEMENT_NOT_FOUND: 404,
  INVENTORY_NOT_FOUND: 404,
} as const satisfies ModuleErrors;
