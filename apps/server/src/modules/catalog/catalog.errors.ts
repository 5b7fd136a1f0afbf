import type { ModuleErrors } from '../../platform/errors.ts';

/** This module's error codes and the HTTP status each answers with; merged into the one table in http/error-status.ts. */
export const catalogErrors = {
  CATEGORY_NOT_FOUND: 404,
  CATEGORY_NAME_TAKEN: 409,
  CATEGORY_IN_USE: 409,
  CATEGORY_HAS_CHILDREN: 409,
  CATEGORY_CYCLE: 422,
  BRAND_NOT_FOUND: 404,
  BRAND_NAME_TAKEN: 409,
  BRAND_IN_USE: 409,
  PRODUCT_NOT_FOUND: 404,
  CATALOG_NOT_FOUND: 404,
  SKU_TAKEN: 409,
  SLUG_TAKEN: 409,
  CATALOG_IN_BUNDLE: 409,
  IMAGE_NOT_FOUND: 404,
  AREA_PRICE_NOT_FOUND: 404,
  AREA_PRICE_OVERLAP: 409,
  IMPORT_NOT_FOUND: 404,
  IMPORT_FILE_INVALID: 422,
  IMPORT_NOT_CONFIRMABLE: 409,
} as const satisfies ModuleErrors;
