import type { FulfillmentCancelInput, FulfillmentKind, FulfillmentUpdateInput, PackInput, ShipInput } from '@kelola/contracts';
import {
  effectiveStep,
  fulfillmentTransition,
  isOrderEditable,
  type FulfillmentAction,
  type FulfillmentStep,
  type OrderStatus,
} from '@kelola/domain';
import type { TenantCtx } from '../http/context.ts';
import { enqueueChannelCall, fetchPickupSlots, type ChannelCallSettledHandler } from '../modules/channels/index.ts';
import {
  fulfillmentOrderOr404,
  getFulfillment,
  packLines,
  saveFulfillment,
  type FulfillmentRow,
  type FulfillmentValues,
} from '../modules/fulfillment/index.ts';
import { addTimeline, applyAction, nextSequence, updateOrder, userActor, type OrderActor, type OrderRow } from '../modules/orders/index.ts';
import { getWarehouse } from '../modules/warehouses/index.ts';
import { inTenant } from '../platform/db/database.ts';
import { DomainError, fieldError } from '../platform/errors.ts';
import { jobCtx } from '../platform/system-ctx.ts';
import { runOrderAction } from './order-actions.ts';
import { issueOrderGoods, moveOrderStock, moveOrderWarehouse } from './order-stock.ts';

/** Which columns record who did a step and when. */
const STAMP: Record<FulfillmentAction, (at: Date, by: string | null) => FulfillmentValues> = {
  CONFIRM_PICK: (at, by) => ({ pickedAt: at, pickedBy: by }),
  CONFIRM_PACK: (at, by) => ({ packedAt: at, packedBy: by }),
  COMPLETE_PACKING: (at, by) => ({ packingCompletedAt: at, packingCompletedBy: by }),
  ISSUE_GOODS: (at, by) => ({ goodsIssuedAt: at, goodsIssuedBy: by }),
  SHIP: (at, by) => ({ shippedAt: at, shippedBy: by }),
};

const stepOf = (f: FulfillmentRow | null) => (f?.step as FulfillmentStep | undefined) ?? 'NEW';

/** Refuses an action the machine does not allow: 409 naming the current step, or the order's state. */
function check(order: OrderRow, f: FulfillmentRow | null, action: FulfillmentAction) {
  const result = fulfillmentTransition(stepOf(f), order.status as OrderStatus, action);
  if (result.ok) return result;
  if (result.conflict === 'STEP') throw new DomainError('FULFILLMENT_STEP_CONFLICT', { step: result.step, action }, { step: result.step });
  throw new DomainError('ORDER_STATE_CONFLICT', { status: result.status, action });
}

/**
 * One step on a locked order: the machine's answer, the order's own state where the step moves it (with its stock:
 * goods issue takes the goods out of on-hand, once), who and when on the order's timeline and on the step's row.
 */
async function applyStep(
  ctx: TenantCtx,
  kind: FulfillmentKind,
  order: OrderRow,
  f: FulfillmentRow | null,
  action: FulfillmentAction,
  actor: OrderActor,
  extra: FulfillmentValues = {},
): Promise<OrderRow> {
  const result = check(order, f, action);
  let row = order;
  if (action === 'ISSUE_GOODS') await issueOrderGoods(ctx, order);
  if (result.orderAction) {
    row = await applyAction(ctx, order, result.orderAction, { actor, event: action });
    row = await moveOrderStock(ctx, row, order.status as OrderStatus, actor);
  } else {
    await addTimeline(ctx, order.id, {
      actorType: actor.type,
      actorId: actor.id,
      event: action,
      fromStatus: null,
      toStatus: null,
      note: null,
    });
  }
  const values: FulfillmentValues = {
    ...extra,
    step: result.to,
    ...STAMP[action](ctx.platform.now(), actor.type === 'USER' ? actor.id : null),
  };
  if (action === 'ISSUE_GOODS' && kind === 'delivery-order' && !f?.deliveryNoteNumber)
    values.deliveryNoteNumber = await deliveryNoteNumber(ctx);
  await saveFulfillment(ctx, order.id, values);
  return row;
}

/** DO/yyyy/mm/nnnnnn, per workspace and month (Jakarta time), like the manual orders' SO numbers. */
async function deliveryNoteNumber(ctx: TenantCtx): Promise<string> {
  const jakarta = new Date(ctx.platform.now().getTime() + 7 * 3_600_000);
  const yyyy = jakarta.getUTCFullYear();
  const mm = String(jakarta.getUTCMonth() + 1).padStart(2, '0');
  const n = await nextSequence(ctx, `DO/${yyyy}/${mm}`);
  return `DO/${yyyy}/${mm}/${String(n).padStart(6, '0')}`;
}

async function locked(ctx: TenantCtx, kind: FulfillmentKind, id: string) {
  const { order, f } = await fulfillmentOrderOr404(ctx, kind, id, true);
  if (f?.shipmentState === 'SENDING') throw new DomainError('SHIPMENT_PENDING', { step: stepOf(f) });
  return { order, f };
}

/** A step by the user (SHIP has its own call: it needs the method or the receipt number). */
export async function runFulfillmentStep(ctx: TenantCtx, kind: FulfillmentKind, id: string, action: FulfillmentAction) {
  if (action === 'SHIP') throw fieldError('VALIDATION_FAILED', 'action', 'INVALID_VALUE');
  const { order, f } = await locked(ctx, kind, id);
  await applyStep(ctx, kind, order, f, action, userActor(ctx));
  return getFulfillment(ctx, kind, id);
}

/** Many orders, one step: each in its own savepoint, so one refusal does not undo the others. */
export async function bulkFulfillmentStep(
  ctx: TenantCtx,
  kind: FulfillmentKind,
  input: { action: FulfillmentAction; order_ids: string[] },
) {
  const items = [];
  for (const id of [...new Set(input.order_ids)]) {
    try {
      const detail = await ctx.db.transaction((tx) => runFulfillmentStep({ ...ctx, db: tx }, kind, id, input.action));
      items.push({ order_id: id, ok: true, code: null, step: detail.fulfillment.step, status: detail.status });
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      const d = error.details ?? {};
      items.push({
        order_id: id,
        ok: false,
        code: error.code,
        step: (d.step as FulfillmentStep | undefined) ?? null,
        status: (d.status as OrderStatus | undefined) ?? null,
      });
    }
  }
  return { items };
}

/** Scan to pack: the scanned codes must be exactly the order's lines; then pack confirmed and packing completed. */
export async function packByScan(ctx: TenantCtx, kind: FulfillmentKind, id: string, input: PackInput) {
  const { order, f } = await locked(ctx, kind, id);
  const lines = await packLines(ctx, id);
  const need = new Map(lines.map((l) => [l.id, l.quantity]));
  const unknown: string[] = [];
  for (const { code, quantity } of input.scanned) {
    const c = code.toLowerCase();
    const line = lines.find((l) => l.barcode?.toLowerCase() === c) ?? lines.find((l) => l.sku?.toLowerCase() === c);
    if (!line) unknown.push(code);
    else need.set(line.id, need.get(line.id)! - quantity);
  }
  const off = lines.filter((l) => need.get(l.id) !== 0).map((l) => ({ sku: l.sku, missing: need.get(l.id)! }));
  if (unknown.length > 0 || off.length > 0) throw new DomainError('PACK_MISMATCH', { unknown, lines: off });
  const actor = userActor(ctx);
  let row = order;
  let current = f;
  if (stepOf(f) === 'PICK_CONFIRMED') {
    row = await applyStep(ctx, kind, row, current, 'CONFIRM_PACK', actor);
    current = (await fulfillmentOrderOr404(ctx, kind, id)).f;
  }
  await applyStep(ctx, kind, row, current, 'COMPLETE_PACKING', actor);
  return getFulfillment(ctx, kind, id);
}

/**
 * Ship. A marketplace order arranges shipment through the adapter as a channel call (pickup or drop-off); the step
 * moves when the marketplace answers with the receipt number (`settleShipment`). An own-courier order takes the
 * courier's receipt number and ships at once.
 */
export async function shipOrder(ctx: TenantCtx, kind: FulfillmentKind, id: string, input: ShipInput) {
  const { order, f } = await locked(ctx, kind, id);
  check(order, f, 'SHIP');
  const marketplace = order.source === 'MARKETPLACE' && order.channelId && order.externalId;
  if (marketplace) {
    if (input.method === 'OWN_COURIER') throw fieldError('VALIDATION_FAILED', 'method', 'INVALID_VALUE');
    await saveFulfillment(ctx, id, { shipMethod: input.method, shipmentState: 'SENDING', shipmentMessage: null });
    await enqueueChannelCall(
      ctx,
      order.channelId!,
      'arrangeShipment',
      {
        orderId: order.externalId!,
        method: input.method === 'PICKUP' ? 'pickup' : 'dropoff',
        ...(input.method === 'PICKUP' && input.pickup_slot_id ? { pickupSlotId: input.pickup_slot_id } : {}),
      },
      { kind: 'fulfillment', id },
    );
    await addTimeline(ctx, id, {
      actorType: 'USER',
      actorId: ctx.actor.userId,
      event: 'SHIPMENT_SENDING',
      fromStatus: null,
      toStatus: null,
      note: input.method === 'PICKUP' && input.pickup_slot_id ? `${input.method} ${input.pickup_slot_id}` : input.method,
    });
    return getFulfillment(ctx, kind, id);
  }
  const receipt = input.receipt_number ?? order.receiptNumber;
  if (!receipt) throw fieldError('VALIDATION_FAILED', 'receipt_number', 'REQUIRED');
  const withReceipt = (await updateOrder(ctx, order, { receiptNumber: receipt })) ?? order;
  await applyStep(ctx, kind, withReceipt, f, 'SHIP', userActor(ctx), { shipMethod: 'OWN_COURIER', shipmentState: 'DONE' });
  return getFulfillment(ctx, kind, id);
}

/** The marketplace's answer to arrange-shipment: the receipt number and the SHIPPED step, or FAILED with its message. */
export const settleShipment: ChannelCallSettledHandler = async (platform, settled) => {
  if (settled.ref.kind !== 'fulfillment') return;
  await inTenant(platform.database.db, settled.workspaceId, async (db) => {
    const ctx = jobCtx(platform, db, settled.workspaceId);
    const found = await fulfillmentOrderOr404(ctx, 'fulfillment', settled.ref.id, true).catch(() => null);
    if (!found) return;
    const { order, f } = found;
    const actor: OrderActor = { type: 'MARKETPLACE', id: null };
    if (!settled.ok) {
      await saveFulfillment(ctx, order.id, { shipmentState: 'FAILED', shipmentMessage: settled.error });
      await addTimeline(ctx, order.id, {
        actorType: 'MARKETPLACE',
        actorId: null,
        event: 'SHIPMENT_FAILED',
        fromStatus: null,
        toStatus: null,
        note: settled.error,
      });
      return;
    }
    const tracking = (settled.value as { trackingNumber?: string } | undefined)?.trackingNumber ?? null;
    const row = tracking ? ((await updateOrder(ctx, order, { receiptNumber: tracking })) ?? order) : order;
    const done = { shipmentState: 'DONE', shipmentMessage: null } as const;
    if (fulfillmentTransition(stepOf(f), row.status as OrderStatus, 'SHIP').ok)
      await applyStep(ctx, 'fulfillment', row, f, 'SHIP', actor, done);
    else await saveFulfillment(ctx, order.id, done);
  });
};

/** Cancelling from fulfillment: before the goods leave, with a reason and a detail of at least 30 characters. */
export async function cancelFromFulfillment(ctx: TenantCtx, kind: FulfillmentKind, id: string, input: FulfillmentCancelInput) {
  const { order, f } = await locked(ctx, kind, id);
  const result = fulfillmentTransition(stepOf(f), order.status as OrderStatus, 'SHIP');
  if (!result.ok && result.conflict === 'STEP' && result.step === 'SHIPPED')
    throw new DomainError('FULFILLMENT_STEP_CONFLICT', { step: 'SHIPPED', action: 'CANCEL' }, { step: 'SHIPPED' });
  await runOrderAction(ctx, id, 'CANCEL', { reason_id: input.reason_id, reason_detail: input.reason_detail });
  return getFulfillment(ctx, kind, id);
}

/** detail/update-order: warehouse (its reservations move with it), courier, receipt number, dropshipper, address. */
export async function updateFulfillmentOrder(ctx: TenantCtx, kind: FulfillmentKind, id: string, input: FulfillmentUpdateInput) {
  const { order, f } = await locked(ctx, kind, id);
  const status = order.status as OrderStatus;
  if (!isOrderEditable(stepOf(f), status)) {
    const step = effectiveStep(stepOf(f), status);
    if (step === 'GOODS_ISSUED' || step === 'SHIPPED') throw new DomainError('FULFILLMENT_LOCKED', { step }, { step });
    throw new DomainError('ORDER_STATE_CONFLICT', { status });
  }
  const values: Partial<OrderRow> = {};
  const changed: string[] = [];
  const set = <K extends keyof OrderRow>(key: K, value: OrderRow[K] | undefined, name: string) => {
    if (value === undefined || value === order[key]) return;
    values[key] = value;
    changed.push(name);
  };
  if (input.warehouse_id && input.warehouse_id !== order.warehouseId) {
    await getWarehouse(ctx, input.warehouse_id); // another workspace's (or an unseen) warehouse: 404
    const move = (f?.warehouseMoves ?? 0) + 1;
    await moveOrderWarehouse(ctx, order, input.warehouse_id, move);
    await saveFulfillment(ctx, id, { warehouseMoves: move, step: stepOf(f) });
    set('warehouseId', input.warehouse_id, 'warehouse');
  }
  set('courierName', input.courier_name, 'courier');
  set('courierService', input.courier_service, 'service');
  set('receiptNumber', input.receipt_number, 'receipt');
  set('dropshipper', input.dropshipper, 'dropshipper');
  set('dropshipperName', input.dropshipper_name, 'dropshipper');
  set('dropshipperPhone', input.dropshipper_phone, 'dropshipper');
  const a = input.shipping_address;
  if (a) {
    set('shipName', a.name, 'address');
    set('shipPhone', a.phone, 'address');
    set('shipAddress', a.address, 'address');
    set('provinceCode', a.province_code, 'address');
    set('cityCode', a.city_code, 'address');
    set('districtCode', a.district_code, 'address');
    set('subdistrictCode', a.subdistrict_code, 'address');
    set('postalCode', a.postal_code, 'address');
  }
  if (changed.length === 0) return getFulfillment(ctx, kind, id);
  const row = await updateOrder(ctx, order, values);
  if (!row) throw new DomainError('ORDER_STATE_CONFLICT', { status: order.status });
  await addTimeline(ctx, id, {
    actorType: 'USER',
    actorId: ctx.actor.userId,
    event: 'FULFILLMENT_UPDATED',
    fromStatus: null,
    toStatus: null,
    note: [...new Set(changed)].join(', '),
  });
  return getFulfillment(ctx, kind, id);
}

/**
 * The pickup time slots of a marketplace order that waits to ship (goods issued): what the marketplace offers now
 * (Shopee's time_slot_list, TikTok's handover slots), for the ship dialog. None for an own-courier order or a
 * marketplace without slots.
 */
export async function pickupSlotsFor(ctx: TenantCtx, kind: FulfillmentKind, id: string) {
  const { order } = await fulfillmentOrderOr404(ctx, kind, id);
  if (order.source !== 'MARKETPLACE' || !order.channelId || !order.externalId) return { items: [] };
  const slots = await fetchPickupSlots(ctx, order.channelId, order.externalId);
  return {
    items: slots.map((slot) => ({
      id: slot.id,
      start: new Date(slot.start).toISOString(),
      end: slot.end === null ? null : new Date(slot.end).toISOString(),
      label: slot.label,
    })),
  };
}
