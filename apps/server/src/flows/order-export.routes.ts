import { ExportRecord, IdParams, OrderExportInput } from '@kelola/contracts';
import type { Ctx, TenantCtx } from '../http/context.ts';
import type { KelolaModule } from '../http/context.ts';
import type { Router } from '../http/route.ts';
import { download } from '../platform/files/download.ts';
import {
  getOrderExport,
  ORDER_EXPORT_QUEUE,
  orderExportFile,
  runOrderExport,
  startOrderExport,
  type OrderExportJob,
  type OrderExportKind,
} from './order-export.ts';

const t = (ctx: Ctx) => ctx as TenantCtx;
const tags = ['fulfillment-documents'];

/** /fulfillment/export and /delivery-order/export: start, follow and download, each behind its own list's menu key. */
export function registerOrderExportRoutes({ route }: Router): void {
  const routes = (kind: OrderExportKind, base: string) => {
    route(
      {
        method: 'POST',
        url: base,
        permission: [kind, 'READ'],
        tags,
        summary: `Queues an export of the ${kind} list (period of at most 3 months required; XLSX or CSV), recorded in export history`,
        body: OrderExportInput,
        response: ExportRecord,
        status: 202,
      },
      (ctx, { body }) => startOrderExport(t(ctx), kind, body),
    );
    route(
      { method: 'GET', url: `${base}/:id`, permission: [kind, 'READ'], tags, params: IdParams, response: ExportRecord },
      (ctx, { params }) => getOrderExport(t(ctx), kind, params.id),
    );
    route(
      { method: 'GET', url: `${base}/:id/file`, permission: [kind, 'READ'], tags, summary: 'The exported file', params: IdParams },
      async (ctx, { params, reply }) => download(reply, await orderExportFile(t(ctx), kind, params.id)),
    );
  };
  routes('fulfillment', '/api/fulfillment/exports');
  routes('delivery-order', '/api/delivery-orders/exports');
}

/** The order export flow as the composition root wires it: its routes and its job. */
export const orderExportFlows: KelolaModule = {
  name: 'order-export',
  routes: registerOrderExportRoutes,
  workers: async (platform) => {
    await platform.jobs.work<OrderExportJob>(ORDER_EXPORT_QUEUE, (job) =>
      runOrderExport(platform, job, platform.config.orderExportPageSize),
    );
  },
};
