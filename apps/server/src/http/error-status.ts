import type { ErrorCode } from '@kelola/contracts';
import { platformErrors } from '../platform/platform.errors.ts';
import { exportErrors } from '../platform/exports/exports.errors.ts';
import { identityErrors } from '../modules/identity/identity.errors.ts';
import { workspaceErrors } from '../modules/workspaces/workspaces.errors.ts';
import { businessErrors } from '../modules/businesses/businesses.errors.ts';
import { warehouseErrors } from '../modules/warehouses/warehouses.errors.ts';
import { areaErrors } from '../modules/areas/areas.errors.ts';
import { channelErrors } from '../modules/channels/channels.errors.ts';
import { channelShopErrors } from '../modules/channels/channel-shops.errors.ts';
import { channelPublishErrors } from '../modules/channels/channel-publish.errors.ts';
import { distributorChannelErrors } from '../modules/channels/distributor-channel.errors.ts';
import { pricingErrors } from '../modules/pricing/pricing.errors.ts';
import { catalogErrors } from '../modules/catalog/catalog.errors.ts';
import { inventoryErrors } from '../modules/inventory/inventory.errors.ts';
import { orderErrors } from '../modules/orders/orders.errors.ts';
import { fulfillmentErrors } from '../modules/fulfillment/fulfillment.errors.ts';
import { promotionErrors } from '../modules/promotions/promotions.errors.ts';
import { financeErrors } from '../modules/finance/finance.errors.ts';
import { documentErrors } from '../modules/documents/documents.errors.ts';
import { purchasingErrors } from '../modules/purchasing/purchasing.errors.ts';
import { distributorErrors } from '../modules/distributors/distributors.errors.ts';

/**
 * Each module lists its own error codes with their HTTP status in `<module>.errors.ts`; this is where they meet, as
 * the one table from error code to HTTP status. `satisfies Record<ErrorCode, …>` makes the compiler flag a code
 * (in packages/contracts' ERROR_CODES) that no module gives a status; `MODULE_ERRORS` lets a test check that no code
 * is claimed by two modules.
 */
export const MODULE_ERRORS = {
  platformErrors,
  exportErrors,
  identityErrors,
  workspaceErrors,
  businessErrors,
  warehouseErrors,
  areaErrors,
  channelErrors,
  channelShopErrors,
  channelPublishErrors,
  distributorChannelErrors,
  pricingErrors,
  catalogErrors,
  inventoryErrors,
  orderErrors,
  fulfillmentErrors,
  promotionErrors,
  financeErrors,
  documentErrors,
  purchasingErrors,
  distributorErrors,
};

export const ERROR_STATUS = {
  ...platformErrors,
  ...exportErrors,
  ...identityErrors,
  ...workspaceErrors,
  ...businessErrors,
  ...warehouseErrors,
  ...areaErrors,
  ...channelErrors,
  ...channelShopErrors,
  ...channelPublishErrors,
  ...distributorChannelErrors,
  ...pricingErrors,
  ...catalogErrors,
  ...inventoryErrors,
  ...orderErrors,
  ...fulfillmentErrors,
  ...promotionErrors,
  ...financeErrors,
  ...documentErrors,
  ...purchasingErrors,
  ...distributorErrors,
} as const satisfies Record<ErrorCode, number>;
