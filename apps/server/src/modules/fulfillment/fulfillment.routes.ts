import {
  FulfillmentDetail,
  FulfillmentList,
  FulfillmentListQuery,
  OrderIdParams,
  ScanLookupQuery,
  ScanLookupResult,
} from '@kelola/contracts';
import type { Ctx, TenantCtx } from '../../http/context.ts';
import type { Router } from '../../http/route.ts';
import { FULFILLMENT_ROUTES } from './fulfillment.paths.ts';
import { getFulfillment, listFulfillment, lookupScan } from './fulfillment.service.ts';

const t = (ctx: Ctx) => ctx as TenantCtx;
const tags = ['fulfillment'];

/** Reads of /fulfillment and /delivery-order (the step changes, ship and cancel move orders and stock: flows). */
export function registerFulfillmentRoutes({ route }: Router): void {
  for (const { kind, base, menu } of FULFILLMENT_ROUTES) {
    route(
      {
        method: 'GET',
        url: base,
        permission: [menu, 'READ'],
        tags,
        summary: `/${kind}: orders of one step, with the count of every step for the same filters`,
        querystring: FulfillmentListQuery,
        response: FulfillmentList,
      },
      (ctx, { query }) => listFulfillment(t(ctx), kind, query),
    );
    route(
      {
        method: 'GET',
        url: `${base}/scan`,
        permission: [menu, 'READ'],
        tags,
        summary: 'Scan to pack: the order a scanned order, receipt or delivery note number belongs to',
        querystring: ScanLookupQuery,
        response: ScanLookupResult,
      },
      (ctx, { query }) => lookupScan(t(ctx), kind, query.code),
    );
    route(
      { method: 'GET', url: `${base}/:id`, permission: [menu, 'READ'], tags, params: OrderIdParams, response: FulfillmentDetail },
      (ctx, { params }) => getFulfillment(t(ctx), kind, params.id),
    );
  }
}
