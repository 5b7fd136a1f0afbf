import {
  BulkFulfillmentInput,
  BulkFulfillmentResult,
  CancellationReasonList,
  FulfillmentCancelInput,
  FulfillmentDetail,
  FulfillmentStepInput,
  FulfillmentUpdateInput,
  OrderIdParams,
  PackInput,
  PickupSlotList,
  ShipInput,
} from '@kelola/contracts';
import type { Ctx, TenantCtx } from '../http/context.ts';
import type { Router } from '../http/route.ts';
import { fulfillmentOrderOr404, FULFILLMENT_ROUTES } from '../modules/fulfillment/index.ts';
import { cancellationReasonsFor } from './order-actions.ts';
import {
  bulkFulfillmentStep,
  cancelFromFulfillment,
  packByScan,
  pickupSlotsFor,
  runFulfillmentStep,
  shipOrder,
  updateFulfillmentOrder,
} from './fulfillment-actions.ts';

const t = (ctx: Ctx) => ctx as TenantCtx;
const tags = ['fulfillment'];

/** Fulfillment writes: each step may move the order's state and its stock; ship calls the marketplace after commit. */
export function registerFulfillmentFlowRoutes({ route }: Router): void {
  for (const { kind, base, menu } of FULFILLMENT_ROUTES) {
    const write = [menu, 'WRITE'] as const;
    route(
      {
        method: 'POST',
        url: `${base}/:id/steps`,
        permission: [...write],
        tags,
        summary: 'One fulfillment step (pick, pack, packing completed, goods issue); 409 naming the current step when out of order',
        params: OrderIdParams,
        body: FulfillmentStepInput,
        response: FulfillmentDetail,
      },
      (ctx, { params, body }) => runFulfillmentStep(t(ctx), kind, params.id, body.action),
    );
    route(
      {
        method: 'POST',
        url: `${base}/bulk`,
        permission: [...write],
        tags,
        summary: 'One step on many orders, with a result per order',
        body: BulkFulfillmentInput,
        response: BulkFulfillmentResult,
      },
      (ctx, { body }) => bulkFulfillmentStep(t(ctx), kind, body),
    );
    route(
      {
        method: 'POST',
        url: `${base}/:id/pack`,
        permission: [...write],
        tags,
        summary: 'Scan to pack: the scanned items must match the order; then pack confirmed and packing completed',
        params: OrderIdParams,
        body: PackInput,
        response: FulfillmentDetail,
      },
      (ctx, { params, body }) => packByScan(t(ctx), kind, params.id, body),
    );
    route(
      {
        method: 'POST',
        url: `${base}/:id/ship`,
        permission: [...write],
        tags,
        summary: 'Ship: arrange shipment with the marketplace (pickup or drop-off), or the own courier with its receipt number',
        params: OrderIdParams,
        body: ShipInput,
        response: FulfillmentDetail,
      },
      (ctx, { params, body }) => shipOrder(t(ctx), kind, params.id, body),
    );
    route(
      {
        method: 'GET',
        url: `${base}/:id/pickup-slots`,
        permission: [menu, 'READ'],
        tags,
        summary: "The ship dialog's pickup time slots: what the marketplace offers now (none for an own-courier order)",
        params: OrderIdParams,
        response: PickupSlotList,
      },
      (ctx, { params }) => pickupSlotsFor(t(ctx), kind, params.id),
    );
    route(
      {
        method: 'POST',
        url: `${base}/:id/cancel`,
        permission: [...write],
        tags,
        summary: 'Cancel from fulfillment: a reason and a detail of at least 30 characters (spec part 5)',
        params: OrderIdParams,
        body: FulfillmentCancelInput,
        response: FulfillmentDetail,
      },
      (ctx, { params, body }) => cancelFromFulfillment(t(ctx), kind, params.id, body),
    );
    route(
      {
        method: 'GET',
        url: `${base}/:id/cancellation-reasons`,
        permission: [menu, 'READ'],
        tags,
        summary: "The cancel dialog's reasons: the channel's own list, or the sales-manual list",
        params: OrderIdParams,
        response: CancellationReasonList,
      },
      async (ctx, { params }) => {
        await fulfillmentOrderOr404(t(ctx), kind, params.id);
        return cancellationReasonsFor(t(ctx), params.id);
      },
    );
    route(
      {
        method: 'PUT',
        url: `${base}/:id`,
        permission: [...write],
        tags,
        summary: 'detail/update-order: warehouse, courier/service, receipt number, dropshipper, address (before goods issue)',
        params: OrderIdParams,
        body: FulfillmentUpdateInput,
        response: FulfillmentDetail,
      },
      (ctx, { params, body }) => updateFulfillmentOrder(t(ctx), kind, params.id, body),
    );
  }
}
