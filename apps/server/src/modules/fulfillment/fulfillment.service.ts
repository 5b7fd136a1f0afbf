import type { FulfillmentDetail, FulfillmentInfo, FulfillmentKind, FulfillmentList, FulfillmentListQuery } from '@kelola/contracts';
import {
  allowedFulfillmentActions,
  effectiveStep,
  FULFILLMENT_STEPS,
  isOrderEditable,
  type FulfillmentStep,
  type OrderStatus,
} from '@kelola/domain';
import type { TenantCtx } from '../../http/context.ts';
import { DomainError } from '../../platform/errors.ts';
import { catalogRefs } from '../catalog/index.ts';
import { getOrder, linesOf, orderOr404, summarizeOrders, type OrderRow } from '../orders/index.ts';
import * as repo from './fulfillment.repository.ts';

export type { FulfillmentRow, FulfillmentValues } from './fulfillment.repository.ts';
export { saveFulfillment } from './fulfillment.repository.ts';

const record = (at: Date | null, by: string | null) => (at ? { at: at.toISOString(), by } : null);

export function fulfillmentInfo(order: Pick<OrderRow, 'status'>, f: repo.FulfillmentRow | null | undefined): FulfillmentInfo {
  const status = order.status as OrderStatus;
  const stored = (f?.step as FulfillmentStep | undefined) ?? null;
  return {
    step: effectiveStep(stored, status),
    allowed_actions: allowedFulfillmentActions(stored, status),
    editable: isOrderEditable(stored, status),
    delivery_note_number: f?.deliveryNoteNumber ?? null,
    ship_method: (f?.shipMethod as FulfillmentInfo['ship_method']) ?? null,
    shipment_state: (f?.shipmentState as FulfillmentInfo['shipment_state']) ?? null,
    shipment_message: f?.shipmentMessage ?? null,
    picked: f ? record(f.pickedAt, f.pickedBy) : null,
    packed: f ? record(f.packedAt, f.packedBy) : null,
    packing_completed: f ? record(f.packingCompletedAt, f.packingCompletedBy) : null,
    goods_issued: f ? record(f.goodsIssuedAt, f.goodsIssuedBy) : null,
    shipped: f ? record(f.shippedAt, f.shippedBy) : null,
  };
}

/** The order for a fulfillment screen of one kind: another kind's order, or another workspace's, is 404. */
export async function fulfillmentOrderOr404(ctx: TenantCtx, kind: FulfillmentKind, id: string, lock = false) {
  const order = await orderOr404(ctx, id, lock);
  if (order.source !== repo.SOURCE_OF[kind]) throw new DomainError('ORDER_NOT_FOUND');
  return { order, f: (await repo.findFulfillment(ctx, id)) ?? null };
}

/** One step's page with the count of every step for the same filters. */
export async function listFulfillment(ctx: TenantCtx, kind: FulfillmentKind, query: FulfillmentListQuery): Promise<FulfillmentList> {
  const rows = await repo.listByStep(ctx, kind, query);
  const perStep = await repo.stepCounts(ctx, kind, query);
  const summaries = await summarizeOrders(
    ctx,
    rows.map((r) => r.order),
  );
  const counts = Object.fromEntries(FULFILLMENT_STEPS.map((s) => [s, perStep.get(s) ?? 0])) as FulfillmentList['counts'];
  return {
    items: summaries.map((s, i) => ({ ...s, fulfillment: fulfillmentInfo(rows[i]!.order, rows[i]!.f) })),
    page: query.page,
    size: query.size,
    total_row: counts[query.step],
    counts,
  };
}

/** The order with its fulfillment and the lines a packer scans (barcode from the catalog, SKU as fallback). */
export async function getFulfillment(ctx: TenantCtx, kind: FulfillmentKind, id: string): Promise<FulfillmentDetail> {
  const { order, f } = await fulfillmentOrderOr404(ctx, kind, id);
  return { ...(await getOrder(ctx, id)), fulfillment: fulfillmentInfo(order, f), pack_lines: await packLines(ctx, id) };
}

export type PackLine = { id: string; sku: string | null; barcode: string | null; name: string; options: string | null; quantity: number };

export async function packLines(ctx: TenantCtx, orderId: string): Promise<PackLine[]> {
  const lines = await linesOf(ctx, orderId);
  const ids = lines.flatMap((l) => (l.catalogId ? [l.catalogId] : []));
  const refs = new Map((ids.length ? await catalogRefs(ctx, ids) : []).map((r) => [r.id, r]));
  return lines.map((l) => ({
    id: l.id,
    sku: l.sku ?? l.marketplaceSku,
    barcode: (l.catalogId && refs.get(l.catalogId)?.barcode) || null,
    name: l.name,
    options: l.options,
    quantity: l.quantity,
  }));
}

/** The order a scanned order, receipt or delivery note number belongs to (404 when none in this kind). */
export async function lookupScan(ctx: TenantCtx, kind: FulfillmentKind, code: string) {
  const order = await repo.findByCode(ctx, kind, code);
  if (!order) throw new DomainError('ORDER_NOT_FOUND');
  return { order_id: order.id };
}
