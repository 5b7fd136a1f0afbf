import type { BinLocation, BinLocationItem, PrintKind, PrintStatus } from '@kelola/contracts';
import { BinLocationInput } from '@kelola/contracts';
import type { z } from 'zod';
import type { TenantCtx } from '../../http/context.ts';
import { DomainError, parseOrFail } from '../../platform/errors.ts';
import { catalogRefs, catalogThumbnails } from '../catalog/index.ts';
import { fetchShippingLabel } from '../channels/index.ts';
import { ordersWithLines, type LineRow, type OrderRow } from '../orders/index.ts';
import { getWarehouse } from '../warehouses/index.ts';
import * as repo from './documents.repository.ts';
import { mergeLabels, renderPackingLists, renderPickingList } from './pdf-process.ts';
import type { LabelData, LabelPage, PackingOrder, PickLine } from './pdf-render.ts';

export type PdfAnswer = { pdf: Buffer; fileName: string };

type Loaded = { order: OrderRow; lines: LineRow[] }[];

/** The orders of a document, all of them visible in this workspace; any other id (another workspace's) is a 404. */
async function load(ctx: TenantCtx, orderIds: readonly string[]): Promise<Loaded> {
  const found = await ordersWithLines(ctx, orderIds);
  if (found.length !== orderIds.length) throw new DomainError('ORDER_NOT_FOUND');
  return found;
}

type WarehouseInfo = { name: string; phone: string | null; address: string | null };

/** Warehouse names and addresses (the sender of a label, the groups of a picking list), each read once. */
function warehouseLookup(ctx: TenantCtx) {
  const cache = new Map<string, Promise<WarehouseInfo>>();
  return (id: string | null): Promise<WarehouseInfo> => {
    if (!id) return Promise.resolve({ name: '-', phone: null, address: null });
    let hit = cache.get(id);
    if (!hit) {
      hit = getWarehouse(ctx, id).then(
        (w) => ({
          name: w.name,
          phone: w.phone ?? null,
          address: [w.address_line_1, w.address_line_2, w.postal_code].filter(Boolean).join(', '),
        }),
        () => ({ name: '-', phone: null, address: null }),
      );
      cache.set(id, hit);
    }
    return hit;
  };
}

const isCod = (o: OrderRow) => (o.paymentMethod ?? '').toUpperCase().includes('COD');

async function labelOf(o: OrderRow, lines: LineRow[], warehouse: WarehouseInfo): Promise<LabelData> {
  return {
    orderNumber: o.orderNumber,
    receiptNumber: o.receiptNumber,
    courier: o.courierName,
    service: o.courierService,
    // The dropshipper is the sender the buyer sees when set; otherwise the shipping warehouse.
    sender: o.dropshipper && o.dropshipperName ? { name: o.dropshipperName, phone: o.dropshipperPhone } : warehouse,
    recipient: {
      name: o.shipName ?? o.buyerName ?? '-',
      phone: o.shipPhone ?? o.buyerPhone,
      address: o.shipAddress,
      city: o.shipCity,
      postalCode: o.postalCode,
    },
    items: lines.map((l) => ({ sku: l.sku ?? l.marketplaceSku, name: l.name, options: l.options, quantity: l.quantity })),
    cod: isCod(o) ? o.buyerTotal : null,
    channel: o.marketplace ? o.marketplace.toUpperCase() : o.source === 'MANUAL' ? 'Manual' : null,
    orderDate: o.orderDate,
  };
}

const stamp = (ctx: TenantCtx) => ctx.platform.now().toISOString().slice(0, 19).replace(/[-:T]/gu, '');

/**
 * Shipping labels of these orders in one PDF, in the order given: the marketplace's own label where it serves one
 * (fetched through the adapter), else Kelola's 100 × 150 mm label. Each order counts one more label print.
 */
export async function printLabels(ctx: TenantCtx, orderIds: readonly string[]): Promise<PdfAnswer> {
  const loaded = await load(ctx, orderIds);
  const warehouse = warehouseLookup(ctx);
  const pages: LabelPage[] = [];
  for (const { order, lines } of loaded) {
    if (order.source === 'MARKETPLACE' && order.channelId && order.externalId && order.receiptNumber) {
      const pdf = await fetchShippingLabel(ctx, order.channelId, order.externalId).then(
        (label) => (label.contentType.includes('pdf') ? label.data : null),
        // A marketplace that cannot serve its label now: Kelola's own label still ships the parcel.
        () => null,
      );
      if (pdf) {
        pages.push({ kind: 'marketplace', pdf });
        continue;
      }
    }
    pages.push({ kind: 'own', label: await labelOf(order, lines, await warehouse(order.warehouseId)) });
  }
  const pdf = await mergeLabels(pages);
  await repo.countPrints(ctx, orderIds, 'label', ctx.platform.now());
  return { pdf, fileName: `label-${stamp(ctx)}.pdf` };
}

/** The pick lines of a wave: per warehouse and SKU, the total and the orders it serves, walked by bin location then SKU. */
export async function pickLines(ctx: TenantCtx, loaded: Loaded): Promise<PickLine[]> {
  const warehouse = warehouseLookup(ctx);
  const groups = new Map<string, PickLine & { warehouseId: string | null; catalogId: string | null }>();
  for (const { order, lines } of loaded) {
    for (const line of lines) {
      const sku = line.sku ?? line.marketplaceSku ?? '-';
      const key = `${order.warehouseId ?? ''}|${line.catalogId ?? `sku:${sku}`}`;
      let group = groups.get(key);
      if (!group) {
        group = {
          warehouseId: order.warehouseId,
          catalogId: line.catalogId,
          warehouse: (await warehouse(order.warehouseId)).name,
          sku,
          name: line.name,
          options: line.options,
          location: null,
          thumbnail: null,
          total: 0,
          orders: [],
        };
        groups.set(key, group);
      }
      group.total += line.quantity;
      if (!group.orders.includes(order.orderNumber)) group.orders.push(order.orderNumber);
    }
  }
  const list = [...groups.values()];
  const warehouseIds = [...new Set(list.flatMap((g) => (g.warehouseId ? [g.warehouseId] : [])))];
  const catalogIds = [...new Set(list.flatMap((g) => (g.catalogId ? [g.catalogId] : [])))];
  const bins = new Map((await repo.binsOf(ctx, warehouseIds, catalogIds)).map((b) => [`${b.warehouseId}|${b.catalogId}`, b.location]));
  const thumbnails = await catalogThumbnails(ctx, catalogIds);
  for (const g of list) {
    g.location = bins.get(`${g.warehouseId}|${g.catalogId}`) ?? null;
    g.thumbnail = g.catalogId ? (thumbnails.get(g.catalogId) ?? null) : null;
  }
  const cmp = (a: string, b: string) => a.localeCompare(b, 'id', { numeric: true });
  list.sort(
    (a, b) =>
      cmp(a.warehouse, b.warehouse) ||
      (a.location === null ? 1 : 0) - (b.location === null ? 1 : 0) ||
      cmp(a.location ?? '', b.location ?? '') ||
      cmp(a.sku, b.sku),
  );
  return list.map(({ warehouseId: _w, catalogId: _c, ...line }) => line);
}

/** The picking list (a pick wave) of these orders as a PDF; each order counts one more picking print. */
export async function printPickingList(ctx: TenantCtx, orderIds: readonly string[]): Promise<PdfAnswer> {
  const loaded = await load(ctx, orderIds);
  const lines = await pickLines(ctx, loaded);
  const pdf = await renderPickingList({ title: 'Picking List', printedAt: ctx.platform.now(), orderCount: loaded.length, lines });
  await repo.countPrints(ctx, orderIds, 'picking', ctx.platform.now());
  return { pdf, fileName: `picking-list-${stamp(ctx)}.pdf` };
}

/** A packing list per order (one page each), with bin locations; each order counts one more packing print. */
export async function printPackingLists(ctx: TenantCtx, orderIds: readonly string[]): Promise<PdfAnswer> {
  const loaded = await load(ctx, orderIds);
  const warehouse = warehouseLookup(ctx);
  const warehouseIds = [...new Set(loaded.flatMap(({ order }) => (order.warehouseId ? [order.warehouseId] : [])))];
  const bins = new Map((await repo.binsOf(ctx, warehouseIds)).map((b) => [`${b.warehouseId}|${b.catalogId}`, b.location]));
  const orders: PackingOrder[] = [];
  for (const { order, lines } of loaded) {
    orders.push({
      orderNumber: order.orderNumber,
      receiptNumber: order.receiptNumber,
      courier: [order.courierName, order.courierService].filter(Boolean).join(' - ') || null,
      recipient: [order.shipName ?? order.buyerName, order.shipPhone ?? order.buyerPhone].filter(Boolean).join(' · '),
      address: [order.shipAddress, order.shipCity, order.postalCode].filter(Boolean).join(', '),
      warehouse: (await warehouse(order.warehouseId)).name,
      items: lines.map((l) => ({
        sku: l.sku ?? l.marketplaceSku,
        name: l.name,
        options: l.options,
        quantity: l.quantity,
        location: bins.get(`${order.warehouseId}|${l.catalogId}`) ?? null,
      })),
    });
  }
  const pdf = await renderPackingLists(orders);
  await repo.countPrints(ctx, orderIds, 'packing', ctx.platform.now());
  return { pdf, fileName: `packing-list-${stamp(ctx)}.pdf` };
}

/** How often each document of these orders was printed (only visible orders; others are a 404). */
export async function printStatus(ctx: TenantCtx, orderIds: readonly string[]): Promise<{ items: PrintStatus[] }> {
  await load(ctx, orderIds);
  const rows = await repo.printsOf(ctx, orderIds);
  return {
    items: rows.map((r) => ({
      order_id: r.orderId,
      kind: r.kind,
      print_count: r.printCount,
      first_printed_at: r.firstPrintedAt.toISOString(),
      last_printed_at: r.lastPrintedAt.toISOString(),
    })),
  };
}

/**
 * For the fulfillment lists' "printed / not printed" filter: a condition on the orders' id column, e.g.
 * `printedFilter(orders.id, 'label', true)`.
 */
export const printedFilter = (orderId: Parameters<typeof repo.printedCondition>[0], kind: PrintKind, printed: boolean) =>
  repo.printedCondition(orderId, kind, printed);

/** The bin locations of a warehouse (of some SKUs), with each SKU's code and name, walked by location then SKU. */
export async function listBinLocations(ctx: TenantCtx, warehouseId: string, catalogIds?: string[]): Promise<{ items: BinLocationItem[] }> {
  await getWarehouse(ctx, warehouseId);
  const rows = await repo.binsOf(ctx, [warehouseId], catalogIds);
  const skus = new Map((await catalogRefs(ctx, [...new Set(rows.map((r) => r.catalogId))])).map((c) => [c.id, c]));
  const cmp = (a: string, b: string) => a.localeCompare(b, 'id', { numeric: true });
  return {
    items: rows
      .map((r) => ({
        warehouse_id: r.warehouseId,
        catalog_id: r.catalogId,
        location: r.location,
        sku: skus.get(r.catalogId)?.sku ?? '-',
        name: skus.get(r.catalogId)?.name ?? '-',
      }))
      .sort((a, b) => cmp(a.location, b.location) || cmp(a.sku, b.sku)),
  };
}

/** Sets (or, with an empty location, clears) where a SKU lies in a warehouse. */
export async function setBinLocation(ctx: TenantCtx, input: z.input<typeof BinLocationInput>): Promise<BinLocation> {
  const body = parseOrFail(BinLocationInput, input);
  await getWarehouse(ctx, body.warehouse_id);
  if ((await catalogRefs(ctx, [body.catalog_id])).length === 0) throw new DomainError('CATALOG_NOT_FOUND');
  await repo.saveBin(ctx, body.warehouse_id, body.catalog_id, body.location, ctx.platform.now());
  return { warehouse_id: body.warehouse_id, catalog_id: body.catalog_id, location: body.location };
}
