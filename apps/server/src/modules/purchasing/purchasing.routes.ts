import {
  PurchaseOrder,
  PurchaseOrderInput,
  PurchaseOrderList,
  PurchaseOrderListQuery,
  PurchaseOrderReceiveInput,
  Supplier,
  SupplierInput,
  SupplierList,
  SupplierListQuery,
} from '@kelola/contracts';
import { z } from 'zod';
import type { Router } from '../../http/route.ts';
import * as orders from './purchase-orders.service.ts';
import * as suppliers from './suppliers.service.ts';

const IdParams = z.object({ id: z.uuid({ error: 'INVALID_ID' }) });

/** Suppliers (spec part 2 /supplier/list) and purchase orders (/purchase-order/list, /create; part 4 states; ADR 0070). */
export function registerPurchasingRoutes({ route }: Router): void {
  const stags = ['suppliers'];
  route(
    {
      method: 'GET',
      url: '/api/suppliers',
      permission: ['supplier', 'READ'],
      tags: stags,
      summary: 'Suppliers, newest first, searched by name, code, contact or phone',
      querystring: SupplierListQuery,
      response: SupplierList,
    },
    (ctx, { query }) => suppliers.listSuppliers(ctx, query),
  );
  route(
    { method: 'GET', url: '/api/suppliers/:id', permission: ['supplier', 'READ'], tags: stags, params: IdParams, response: Supplier },
    (ctx, { params }) => suppliers.getSupplier(ctx, params.id),
  );
  route(
    {
      method: 'POST',
      url: '/api/suppliers',
      permission: ['supplier', 'WRITE'],
      tags: stags,
      body: SupplierInput,
      response: Supplier,
      status: 201,
    },
    (ctx, { body }) => suppliers.createSupplier(ctx, body),
  );
  route(
    {
      method: 'PUT',
      url: '/api/suppliers/:id',
      permission: ['supplier', 'WRITE'],
      tags: stags,
      params: IdParams,
      body: SupplierInput,
      response: Supplier,
    },
    (ctx, { params, body }) => suppliers.updateSupplier(ctx, params.id, body),
  );
  route(
    {
      method: 'DELETE',
      url: '/api/suppliers/:id',
      permission: ['supplier', 'WRITE'],
      tags: stags,
      summary: 'Deletes a supplier no purchase order names (409 SUPPLIER_IN_USE otherwise)',
      params: IdParams,
    },
    (ctx, { params }) => suppliers.deleteSupplier(ctx, params.id),
  );

  const tags = ['purchase-orders'];
  route(
    {
      method: 'GET',
      url: '/api/purchase-orders',
      permission: ['purchase-order', 'READ'],
      tags,
      summary: 'Purchase orders the member may see, newest order date first, with counts per status (the tabs)',
      querystring: PurchaseOrderListQuery,
      response: PurchaseOrderList,
    },
    (ctx, { query }) => orders.listPurchaseOrders(ctx, query),
  );
  route(
    {
      method: 'GET',
      url: '/api/purchase-orders/:id',
      permission: ['purchase-order', 'READ'],
      tags,
      summary: 'A purchase order with its lines and the goods receipts its deliveries posted',
      params: IdParams,
      response: PurchaseOrder,
    },
    (ctx, { params }) => orders.getPurchaseOrder(ctx, params.id),
  );
  route(
    {
      method: 'POST',
      url: '/api/purchase-orders',
      permission: ['purchase-order', 'WRITE'],
      tags,
      summary: 'Creates a purchase order (CREATED, numbered PO/yyyy/mm/nnnnnn)',
      body: PurchaseOrderInput,
      response: PurchaseOrder,
      status: 201,
    },
    (ctx, { body }) => orders.createPurchaseOrder(ctx, body),
  );
  route(
    {
      method: 'POST',
      url: '/api/purchase-orders/:id/receive',
      permission: ['purchase-order', 'WRITE'],
      tags,
      summary: "A supplier's delivery: posts a goods receipt and adds the quantities to the lines",
      params: IdParams,
      body: PurchaseOrderReceiveInput,
      response: PurchaseOrder,
    },
    (ctx, { params, body }) => orders.receivePurchaseOrder(ctx, params.id, body),
  );
  route(
    {
      method: 'POST',
      url: '/api/purchase-orders/:id/cancel',
      permission: ['purchase-order', 'WRITE'],
      tags,
      summary: 'Cancels an order nothing has arrived for (CREATED → CANCELLED)',
      params: IdParams,
      response: PurchaseOrder,
    },
    (ctx, { params }) => orders.cancelPurchaseOrder(ctx, params.id),
  );
  route(
    {
      method: 'POST',
      url: '/api/purchase-orders/:id/close',
      permission: ['purchase-order', 'WRITE'],
      tags,
      summary: 'Closes a partly received order whose rest will never come (PARTIAL_RECEIVED → UNRECEIVED)',
      params: IdParams,
      response: PurchaseOrder,
    },
    (ctx, { params }) => orders.closePurchaseOrder(ctx, params.id),
  );
}
