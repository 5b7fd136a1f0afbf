import {
  BinLocation,
  BinLocationInput,
  BinLocationList,
  BinLocationQuery,
  DocumentOrdersInput,
  DocumentOrdersQuery,
  PrintStatusList,
} from '@kelola/contracts';
import type { FastifyReply } from 'fastify';
import type { Ctx, TenantCtx } from '../../http/context.ts';
import type { Router } from '../../http/route.ts';
import {
  listBinLocations,
  printLabels,
  printPackingLists,
  printPickingList,
  printStatus,
  setBinLocation,
  type PdfAnswer,
} from './documents.service.ts';

const t = (ctx: Ctx) => ctx as TenantCtx;
const tags = ['fulfillment-documents'];

/** A printable PDF, shown in the browser (inline) rather than saved. */
const pdf = (reply: FastifyReply, answer: PdfAnswer) => {
  void reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `inline; filename="${answer.fileName}"`)
    .header('cache-control', 'no-store');
  return answer.pdf;
};

/** Labels, picking and packing lists (POST: printing counts a print of each order), print counts and bin locations. */
export function registerDocumentRoutes({ route }: Router): void {
  route(
    {
      method: 'POST',
      url: '/api/documents/labels',
      permission: ['fulfillment', 'READ'],
      tags,
      summary: 'Shipping labels (100 × 150 mm, one page per order; marketplace labels merged in order) as one PDF',
      body: DocumentOrdersInput,
    },
    async (ctx, { body, reply }) => pdf(reply, await printLabels(t(ctx), body.order_ids)),
  );
  route(
    {
      method: 'POST',
      url: '/api/documents/picking-list',
      permission: ['fulfillment', 'READ'],
      tags,
      summary: 'The picking list of a pick wave: per warehouse and SKU, sorted by bin location, as a PDF',
      body: DocumentOrdersInput,
    },
    async (ctx, { body, reply }) => pdf(reply, await printPickingList(t(ctx), body.order_ids)),
  );
  route(
    {
      method: 'POST',
      url: '/api/documents/packing-lists',
      permission: ['fulfillment', 'READ'],
      tags,
      summary: 'A packing list per order (one A4 page each) as a PDF',
      body: DocumentOrdersInput,
    },
    async (ctx, { body, reply }) => pdf(reply, await printPackingLists(t(ctx), body.order_ids)),
  );
  route(
    {
      method: 'GET',
      url: '/api/documents/prints',
      permission: ['fulfillment', 'READ'],
      tags,
      summary: 'How often the label, picking and packing list of these orders were printed',
      querystring: DocumentOrdersQuery,
      response: PrintStatusList,
    },
    (ctx, { query }) => printStatus(t(ctx), query.order_ids),
  );
  route(
    {
      method: 'GET',
      url: '/api/bin-locations',
      permission: ['list-inventory', 'READ'],
      tags,
      summary: 'Rack / bin locations of SKUs in a warehouse (catalog_ids: comma-separated)',
      querystring: BinLocationQuery,
      response: BinLocationList,
    },
    (ctx, { query }) =>
      listBinLocations(
        t(ctx),
        query.warehouse_id,
        query.catalog_ids ? query.catalog_ids.split(',').filter((id) => /^[0-9a-f-]{36}$/iu.test(id)) : undefined,
      ),
  );
  route(
    {
      method: 'PUT',
      url: '/api/bin-locations',
      permission: ['list-inventory', 'WRITE'],
      tags,
      summary: 'Sets where a SKU lies in a warehouse; an empty location clears it',
      body: BinLocationInput,
      response: BinLocation,
    },
    (ctx, { body }) => setBinLocation(t(ctx), body),
  );
}
