import {
  BulkOrderActionInput,
  BulkOrderResult,
  CancellationReasonList,
  ManualOrderInput,
  ManualPricePreview,
  ManualPricePreviewInput,
  ManualVoucherCheck,
  ManualOrderQuote,
  ManualOrderQuoteInput,
  ManualVoucherCheckInput,
  ManualOrderStateInput,
  Order,
  OrderCancelInput,
  OrderIdParams,
  OrderSyncStatus,
} from '@kelola/contracts';
import type { Ctx, TenantCtx } from '../http/context.ts';
import type { Router } from '../http/route.ts';
import { getOrder } from '../modules/orders/index.ts';
import {
  bulkOrderAction,
  cancelInput,
  cancellationReasonsFor,
  reserveOrderStock,
  retryMarketplaceAction,
  runOrderAction,
} from './order-actions.ts';
import { orderSyncStatus, startOrderSync } from './import-marketplace-order.ts';
import {
  cancelManualOrder,
  changeManualOrderState,
  editManualOrder,
  checkManualVoucher,
  quoteManualOrder,
  placeManualOrder,
  previewManualPrices,
} from './place-manual-order.ts';

const t = (ctx: Ctx) => ctx as TenantCtx;
const tags = ['orders'];

/** Order writes: each moves stock through the inventory module and, for marketplace orders, calls the marketplace after commit. */
export function registerOrderFlowRoutes({ route }: Router): void {
  const action = (url: string, name: 'ACCEPT' | 'REJECT' | 'ACCEPT_CANCEL' | 'REFUSE_CANCEL', summary: string) =>
    route(
      { method: 'POST', url, permission: ['sales', 'WRITE'], tags, summary, params: OrderIdParams, response: Order },
      async (ctx, { params }) => {
        await runOrderAction(t(ctx), params.id, name);
        return getOrder(t(ctx), params.id);
      },
    );
  action('/api/orders/:id/accept', 'ACCEPT', 'Spec: accept (POST /channel/{code}/order/cmd/accept)');
  action('/api/orders/:id/reject', 'REJECT', 'Spec: reject');
  action('/api/orders/:id/accept-cancel', 'ACCEPT_CANCEL', "Spec: accept the buyer's cancel request");
  action('/api/orders/:id/refuse-cancel', 'REFUSE_CANCEL', "Spec: refuse the buyer's cancel request");
  route(
    {
      method: 'POST',
      url: '/api/orders/:id/cancel',
      permission: ['sales', 'WRITE'],
      tags,
      summary: 'Spec: cancel with reason (POST /channel/{code}/order/cmd/{channel_id}/{order_id}/cancel)',
      params: OrderIdParams,
      body: OrderCancelInput,
      response: Order,
    },
    async (ctx, { params, body }) => {
      await runOrderAction(t(ctx), params.id, 'CANCEL', cancelInput(body));
      return getOrder(t(ctx), params.id);
    },
  );
  route(
    {
      method: 'POST',
      url: '/api/orders/:id/retry-marketplace',
      permission: ['sales', 'WRITE'],
      tags,
      summary: 'Sends a failed marketplace action again',
      params: OrderIdParams,
      response: Order,
    },
    (ctx, { params }) => retryMarketplaceAction(t(ctx), params.id),
  );
  route(
    {
      method: 'POST',
      url: '/api/orders/:id/reserve-stock',
      permission: ['sales', 'WRITE'],
      tags,
      summary: "Reserves a short order's missing stock now, if it has arrived (ADR 0069)",
      params: OrderIdParams,
      response: Order,
    },
    (ctx, { params }) => reserveOrderStock(t(ctx), params.id),
  );
  route(
    {
      method: 'GET',
      url: '/api/orders/:id/cancellation-reasons',
      permission: ['sales', 'READ'],
      tags,
      summary: "Spec: GET /channel/{code}/order/query/cancellation-reasons (the channel's own list)",
      params: OrderIdParams,
      response: CancellationReasonList,
    },
    (ctx, { params }) => cancellationReasonsFor(t(ctx), params.id),
  );
  route(
    {
      method: 'POST',
      url: '/api/orders/bulk',
      permission: ['sales', 'WRITE'],
      tags,
      summary: 'Bulk accept or cancel, with a result per order',
      body: BulkOrderActionInput,
      response: BulkOrderResult,
    },
    (ctx, { body }) => bulkOrderAction(t(ctx), body),
  );

  // Sync on demand per shop
  route(
    {
      method: 'POST',
      url: '/api/channels/:id/orders/sync',
      permission: ['sales', 'WRITE'],
      tags,
      summary: 'Spec: POST order sync (Shopee synchronize/order, Tokopedia/Tiktok orders/sync, Lazada synchronize)',
      params: OrderIdParams,
      response: OrderSyncStatus,
      status: 202,
    },
    (ctx, { params }) => startOrderSync(t(ctx), params.id),
  );
  route(
    {
      method: 'GET',
      url: '/api/channels/:id/orders/sync',
      permission: ['sales', 'READ'],
      tags,
      summary: 'Spec: GET synchronize status',
      params: OrderIdParams,
      response: OrderSyncStatus,
    },
    (ctx, { params }) => orderSyncStatus(t(ctx), params.id),
  );

  // Manual orders (spec sales-manual calls)
  route(
    {
      method: 'POST',
      url: '/api/manual-orders',
      permission: ['manual-order', 'WRITE'],
      tags,
      summary: 'Manual order: save as draft or confirm',
      body: ManualOrderInput,
      response: Order,
      status: 201,
    },
    (ctx, { body }) => placeManualOrder(t(ctx), body),
  );
  route(
    {
      method: 'POST',
      url: '/api/manual-orders/price-preview',
      permission: ['manual-order', 'READ'],
      tags,
      summary: "Prices of manual order lines for a customer's area and type on a date, and which rule applied",
      body: ManualPricePreviewInput,
      response: ManualPricePreview,
    },
    (ctx, { body }) => previewManualPrices(t(ctx), body),
  );
  route(
    {
      method: 'POST',
      url: '/api/manual-orders/quote',
      permission: ['manual-order', 'READ'],
      tags,
      summary: "A manual order form's lines priced as saving would price them, promotions included (nothing used)",
      body: ManualOrderQuoteInput,
      response: ManualOrderQuote,
    },
    (ctx, { body }) => quoteManualOrder(t(ctx), body),
  );
  route(
    {
      method: 'POST',
      url: '/api/manual-orders/voucher-check',
      permission: ['manual-order', 'READ'],
      tags,
      summary: "What a voucher code would take off a manual order before it is saved (the save's rules; nothing used)",
      body: ManualVoucherCheckInput,
      response: ManualVoucherCheck,
    },
    (ctx, { body }) => checkManualVoucher(t(ctx), body),
  );
  route(
    {
      method: 'PUT',
      url: '/api/manual-orders/:id',
      permission: ['manual-order', 'WRITE'],
      tags,
      summary: 'Edit a manual DRAFT order (the create form again; confirm: true confirms it)',
      params: OrderIdParams,
      body: ManualOrderInput,
      response: Order,
    },
    (ctx, { params, body }) => editManualOrder(t(ctx), params.id, body),
  );
  route(
    {
      method: 'PUT',
      url: '/api/manual-orders/:id/state',
      permission: ['manual-order', 'WRITE'],
      tags,
      summary: 'Spec: PUT /sales-manual/state',
      params: OrderIdParams,
      body: ManualOrderStateInput,
      response: Order,
    },
    (ctx, { params, body }) => changeManualOrderState(t(ctx), params.id, body.action),
  );
  route(
    {
      method: 'PUT',
      url: '/api/manual-orders/:id/cancel',
      permission: ['manual-order', 'WRITE'],
      tags,
      summary: 'Spec: PUT /sales-manual/cancel',
      params: OrderIdParams,
      body: OrderCancelInput,
      response: Order,
    },
    (ctx, { params, body }) => cancelManualOrder(t(ctx), params.id, cancelInput(body)),
  );
}
