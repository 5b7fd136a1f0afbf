import {
  CancellationReasonList,
  Customer,
  CustomerCategory,
  CustomerCategoryInput,
  CustomerCategoryList,
  CustomerExportInput,
  CustomerImport,
  CustomerImportUpload,
  CustomerInput,
  CustomerList,
  CustomerListQuery,
  ExportRecord,
  Order,
  OrderIdParams,
  OrderList,
  OrderListQuery,
} from '@kelola/contracts';
import type { Ctx, TenantCtx } from '../../http/context.ts';
import type { Router } from '../../http/route.ts';
import { download } from '../../platform/files/download.ts';
import * as customerIo from './customer-io.service.ts';
import * as customers from './customers.service.ts';
import { getOrder, listOrdersJson, MANUAL_CANCELLATION_REASONS } from './orders.service.ts';

const t = (ctx: Ctx) => ctx as TenantCtx;
const tags = ['orders'];

/** Reads of orders and the customer screens; order writes that move stock or call marketplaces are flows (flows/orders.routes.ts). */
export function registerOrderRoutes({ route }: Router): void {
  route(
    {
      method: 'GET',
      url: '/api/orders',
      permission: ['sales', 'READ'],
      tags,
      summary: 'Orders of every channel with the count of each tab (/sales, /sales-channel/:id with channel_id, manual with source)',
      querystring: OrderListQuery,
      response: OrderList,
      // One statement sent with the tenant settings in one message (ADR 0055): no BEGIN/COMMIT round trips.
      transaction: false,
      // The answer's JSON is built in the schema's shape and key order, the rows by PostgreSQL (ADR 0062).
      prebuiltJson: true,
    },
    (ctx, { query }) => listOrdersJson(t(ctx), query),
  );
  route(
    { method: 'GET', url: '/api/orders/:id', permission: ['sales', 'READ'], tags, params: OrderIdParams, response: Order },
    (ctx, { params }) => getOrder(t(ctx), params.id),
  );
  route(
    {
      method: 'GET',
      url: '/api/manual-orders/cancellation-reasons',
      permission: ['manual-order', 'READ'],
      tags,
      summary: 'The spec GET /sales-manual/cancellation-reasons',
      response: CancellationReasonList,
    },
    async () => ({ items: [...MANUAL_CANCELLATION_REASONS] }),
  );

  const ctags = ['customers'];
  route(
    {
      method: 'GET',
      url: '/api/customers',
      permission: ['customer-channel', 'READ'],
      tags: ctags,
      querystring: CustomerListQuery,
      response: CustomerList,
    },
    (ctx, { query }) => customers.listCustomers(t(ctx), query),
  );
  route(
    {
      method: 'GET',
      url: '/api/customers/:id',
      permission: ['customer-channel', 'READ'],
      tags: ctags,
      params: OrderIdParams,
      response: Customer,
    },
    (ctx, { params }) => customers.getCustomer(t(ctx), params.id),
  );
  route(
    {
      method: 'POST',
      url: '/api/customers',
      permission: ['customer-channel', 'WRITE'],
      tags: ctags,
      body: CustomerInput,
      response: Customer,
      status: 201,
    },
    (ctx, { body }) => customers.createCustomer(t(ctx), body),
  );
  route(
    {
      method: 'PUT',
      url: '/api/customers/:id',
      permission: ['customer-channel', 'WRITE'],
      tags: ctags,
      params: OrderIdParams,
      body: CustomerInput,
      response: Customer,
    },
    (ctx, { params, body }) => customers.updateCustomer(t(ctx), params.id, body),
  );
  route(
    { method: 'DELETE', url: '/api/customers/:id', permission: ['customer-channel', 'WRITE'], tags: ctags, params: OrderIdParams },
    async (ctx, { params }) => customers.deleteCustomer(t(ctx), params.id),
  );
  route(
    {
      method: 'GET',
      url: '/api/customer-categories',
      permission: ['customer-channel', 'READ'],
      tags: ctags,
      response: CustomerCategoryList,
    },
    (ctx) => customers.listCategories(t(ctx)),
  );
  route(
    {
      method: 'POST',
      url: '/api/customer-categories',
      permission: ['customer-channel', 'WRITE'],
      tags: ctags,
      body: CustomerCategoryInput,
      response: CustomerCategory,
      status: 201,
    },
    (ctx, { body }) => customers.createCategory(t(ctx), body),
  );
  route(
    {
      method: 'PUT',
      url: '/api/customer-categories/:id',
      permission: ['customer-channel', 'WRITE'],
      tags: ctags,
      params: OrderIdParams,
      body: CustomerCategoryInput,
      response: CustomerCategory,
    },
    (ctx, { params, body }) => customers.updateCategory(t(ctx), params.id, body),
  );
  route(
    {
      method: 'DELETE',
      url: '/api/customer-categories/:id',
      permission: ['customer-channel', 'WRITE'],
      tags: ctags,
      params: OrderIdParams,
    },
    async (ctx, { params }) => customers.deleteCategory(t(ctx), params.id),
  );
  // Customer import (a preview, then the import with the file of the refused rows) and export (ADR 0042 §3).
  route(
    {
      method: 'GET',
      url: '/api/customers/import/template',
      permission: ['customer-channel', 'WRITE'],
      tags: ctags,
      summary: 'The XLSX customer template (streamed): example rows, marked as examples, and the column guide',
    },
    async (_ctx, { reply }) => download(reply, customerIo.customerTemplate()),
  );
  route(
    {
      method: 'POST',
      url: '/api/customers/imports',
      permission: ['customer-channel', 'WRITE'],
      tags: ctags,
      summary: 'Uploads a filled customer sheet (base64 JSON) and answers its preview per row; nothing changes until confirmed',
      body: CustomerImportUpload,
      response: CustomerImport,
    },
    (ctx, { body }) => customerIo.previewCustomerImport(t(ctx), body),
  );
  route(
    {
      method: 'GET',
      url: '/api/customers/imports',
      permission: ['customer-channel', 'READ'],
      tags: ctags,
      summary: 'The 20 latest customer imports',
    },
    (ctx) => customerIo.listCustomerImports(t(ctx)),
  );
  route(
    {
      method: 'GET',
      url: '/api/customers/imports/:id',
      permission: ['customer-channel', 'READ'],
      tags: ctags,
      summary: 'A customer import: its preview and, once confirmed, its result',
      params: OrderIdParams,
      response: CustomerImport,
    },
    (ctx, { params }) => customerIo.getCustomerImport(t(ctx), params.id),
  );
  route(
    {
      method: 'POST',
      url: '/api/customers/imports/:id/confirm',
      permission: ['customer-channel', 'WRITE'],
      tags: ctags,
      summary: 'Imports a previewed sheet: rows that pass create or update (by code), the others go to the error file; once only',
      params: OrderIdParams,
      response: CustomerImport,
    },
    (ctx, { params }) => customerIo.confirmCustomerImport(t(ctx), params.id),
  );
  route(
    {
      method: 'GET',
      url: '/api/customers/imports/:id/errors',
      permission: ['customer-channel', 'READ'],
      tags: ctags,
      summary: 'XLSX of the refused rows with their reasons (409 FILE_NOT_READY when none was refused)',
      params: OrderIdParams,
    },
    async (ctx, { params, reply }) => download(reply, await customerIo.customerImportErrors(t(ctx), params.id)),
  );
  route(
    {
      method: 'POST',
      url: '/api/customers/exports',
      permission: ['customer-channel', 'READ'],
      tags: ctags,
      summary: 'Queues an export of the customers matching the search and category (XLSX, streamed); recorded in export history',
      body: CustomerExportInput,
      response: ExportRecord,
      status: 202,
    },
    (ctx, { body }) => customerIo.startCustomerExport(t(ctx), body),
  );
}
