import type { KelolaModule } from '../../http/context.ts';
import { registerFulfillmentRoutes } from './fulfillment.routes.ts';
export { FULFILLMENT_ROUTES } from './fulfillment.paths.ts';
export {
  fulfillmentInfo,
  fulfillmentOrderOr404,
  getFulfillment,
  packLines,
  saveFulfillment,
  type FulfillmentRow,
  type FulfillmentValues,
  type PackLine,
} from './fulfillment.service.ts';

/** The warehouse's steps on orders (pick, pack, goods issue, ship); the writes that move orders and stock are flows. */
export const fulfillmentModule: KelolaModule = { name: 'fulfillment', routes: registerFulfillmentRoutes };
