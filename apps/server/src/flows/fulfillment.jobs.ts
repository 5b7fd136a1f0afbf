import type { KelolaModule } from '../http/context.ts';
import { settleShipment } from './fulfillment-actions.ts';
import { registerFulfillmentFlowRoutes } from './fulfillment.routes.ts';

/** The fulfillment flows as the composition root wires them (ADR 0020): their routes and the marketplace's answer to a shipment. */
export const fulfillmentFlows: KelolaModule = {
  name: 'fulfillment-flows',
  routes: registerFulfillmentFlowRoutes,
  provides: { channelCallSettled: [settleShipment] },
};
