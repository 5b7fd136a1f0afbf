import type { Order, OrderList, OrderListQuery, OrderSummary } from '@kelola/contracts';
import {
  allowedActions,
  ORDER_TAB_KEYS,
  ORDER_TABS,
  orderAmounts,
  transition,
  type OrderAction,
  type OrderCharges,
  type OrderStatus,
} from '@kelola/domain';
import type { TenantCtx } from '../../http/context.ts';
import type { JsonText } from '../../http/route.ts';
import { DomainError } from '../../platform/errors.ts';
import { listChannels } from '../channels/index.ts';
import { listWarehouseOptions } from '../warehouses/index.ts';
import { listUsersByIds } from '../identity/index.ts';
import * as repo from './orders.repository.ts';

export type ActorType = 'USER' | 'MARKETPLACE' | 'RECONCILIATION' | 'JOB' | 'SYSTEM';
/** Who changes an order: the signed-in user, or a marketplace push, a reconciliation, a job. */
export type OrderActor = { type: ActorType; id: string | null };
export const userActor = (ctx: TenantCtx): OrderActor => ({ type: 'USER', id: ctx.actor.userId });

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** The one place where stored amounts are computed: list columns and detail come from these. */
export function amountColumns(lines: readonly repo.NewLine[], charges: OrderCharges) {
  const a = orderAmounts(
    lines.map((l) => ({ quantity: l.quantity, unitPrice: l.unitPrice ?? 0, discount: l.discount ?? 0, unitCost: l.unitCost ?? null })),
    charges,
  );
  return {
    ...charges,
    subtotal: a.subtotal,
    totalItem: a.totalItems,
    buyerTotal: a.buyerTotal,
    merchantNet: a.merchantNet,
    cost: a.cost,
    costComplete: a.costComplete,
  };
}

/** Each state's allowed actions, computed once: every list row would otherwise filter the whole action table. */
const actionsOf = new Map<OrderStatus, OrderAction[]>();
const allowedActionsOf = (status: OrderStatus): OrderAction[] => {
  let actions = actionsOf.get(status);
  if (!actions) actionsOf.set(status, (actions = allowedActions(status)));
  return actions;
};

function summary(row: repo.SummaryRow): OrderSummary {
  return {
    id: row.id,
    order_number: row.orderNumber,
    source: row.source as OrderSummary['source'],
    status: row.status as OrderStatus,
    marketplace_status: row.marketplaceStatus,
    marketplace: row.marketplace,
    channel_id: row.channelId,
    channel_name: row.channelId ? row.channelName : null,
    business_id: row.businessId,
    warehouse_id: row.warehouseId,
    order_date: row.orderDate.toISOString(),
    buyer_name: row.buyerName,
    buyer_phone: row.buyerPhone,
    courier_name: row.courierName,
    receipt_number: row.receiptNumber,
    total_item: row.totalItem,
    buyer_total: row.buyerTotal,
    currency: 'IDR',
    payment_status: row.paymentStatus as OrderSummary['payment_status'],
    stock_short: row.stockShort,
    has_unmapped_lines: row.hasUnmapped,
    marketplace_action:
      row.marketplaceAction && row.marketplaceActionState
        ? {
            action: row.marketplaceAction as OrderAction,
            state: row.marketplaceActionState as 'SENDING' | 'FAILED',
            message: row.marketplaceActionMessage,
            at: iso(row.marketplaceActionAt) ?? row.updatedAt.toISOString(),
          }
        : null,
    allowed_actions: allowedActionsOf(row.status as OrderStatus),
  };
}

const withChannelName = (row: repo.OrderRow, names: ReadonlyMap<string, string>): repo.SummaryRow => ({
  ...row,
  channelName: row.channelId ? (names.get(row.channelId) ?? null) : null,
});

async function channelNames(ctx: TenantCtx): Promise<Map<string, string>> {
  return new Map((await listChannels(ctx)).items.map((c) => [c.id, c.name]));
}

/** List rows of orders read elsewhere (the fulfillment list) in the order list's shape. */
export async function summarizeOrders(ctx: TenantCtx, rows: readonly repo.OrderRow[]): Promise<OrderSummary[]> {
  if (rows.length === 0) return [];
  const names = await channelNames(ctx);
  return rows.map((r) => summary(withChannelName(r, names)));
}

export async function orderOr404(ctx: TenantCtx, id: string, lock = false): Promise<repo.OrderRow> {
  const row = await repo.findOrder(ctx, id, lock);
  if (!row) throw new DomainError('ORDER_NOT_FOUND');
  return row;
}

/** Marketplaces by the names merchants know them (brand names: the same in every language). */
const MARKETPLACE_NAMES: Record<string, string> = {
  shopee: 'Shopee',
  tiktok: 'TikTok Shop',
  tokopedia: 'Tokopedia',
  lazada: 'Lazada',
  blibli: 'Blibli',
  zalora: 'Zalora',
};

/**
 * Who made each timeline entry, by name: a user's name, the order's marketplace ("Shopee"); a reconciliation or a
 * job has no name here (the screen says "Rekonsiliasi" / "Job" in the user's language).
 */
async function actorNames(ctx: TenantCtx, row: repo.OrderRow, timeline: readonly repo.TimelineRow[]) {
  const userIds = [...new Set(timeline.filter((t) => t.actorType === 'USER' && t.actorId).map((t) => t.actorId!))];
  const users = new Map(
    (userIds.length > 0 ? await listUsersByIds(ctx, userIds) : []).map((u) => [u.id, [u.firstName, u.lastName].filter(Boolean).join(' ')]),
  );
  const marketplace = row.marketplace ? (MARKETPLACE_NAMES[row.marketplace] ?? row.marketplace) : null;
  return (t: repo.TimelineRow): string | null =>
    t.actorType === 'USER' ? (t.actorId ? (users.get(t.actorId) ?? null) : null) : t.actorType === 'MARKETPLACE' ? marketplace : null;
}

/** The order with its lines, amounts breakdown, address and timeline (the detail screen). */
export async function getOrder(ctx: TenantCtx, id: string): Promise<Order> {
  const row = await orderOr404(ctx, id);
  const [lines, timeline, names] = [await repo.linesOf(ctx, id), await repo.timelineOf(ctx, id), await channelNames(ctx)];
  const actorName = await actorNames(ctx, row, timeline);
  const warehouseName = row.warehouseId ? ((await listWarehouseOptions(ctx)).find((w) => w.id === row.warehouseId)?.name ?? null) : null;
  return {
    ...summary(withChannelName(row, names)),
    warehouse_name: warehouseName,
    shipping_id: row.shippingId,
    service_type: row.serviceType,
    courier_service: row.courierService,
    pickup_address: row.pickupAddress,
    dropshipper: row.dropshipper,
    dropshipper_name: row.dropshipperName,
    dropshipper_phone: row.dropshipperPhone,
    payment_method: row.paymentMethod,
    customer_id: row.customerId,
    buyer_email: row.buyerEmail,
    shipping_address: {
      name: row.shipName,
      phone: row.shipPhone,
      address: row.shipAddress,
      province_code: row.provinceCode,
      city_code: row.cityCode,
      district_code: row.districtCode,
      subdistrict_code: row.subdistrictCode,
      postal_code: row.postalCode,
      city: row.shipCity,
    },
    notes: row.notes,
    voucher_code: row.voucherCode,
    cancel_reason: row.cancelReason,
    amounts: {
      subtotal: row.subtotal,
      seller_discount: row.sellerDiscount,
      marketplace_discount: row.marketplaceDiscount,
      voucher: row.voucher,
      deposit: row.deposit,
      loyalty: row.loyalty,
      shipping_fee_buyer: row.shippingFeeBuyer,
      shipping_fee_seller: row.shippingFeeSeller,
      admin_fee: row.adminFee,
      buyer_total: row.buyerTotal,
      merchant_net: row.merchantNet,
      cost: row.cost,
      profit: row.merchantNet - row.cost,
      cost_complete: row.costComplete,
    },
    lines: lines.map((l) => ({
      id: l.id,
      catalog_id: l.catalogId,
      sku: l.sku,
      marketplace_sku: l.marketplaceSku,
      unmapped: l.unmapped,
      name: l.name,
      options: l.options,
      quantity: l.quantity,
      unit_price: l.unitPrice,
      discount: l.discount,
      total: l.quantity * l.unitPrice - l.discount,
      unit_cost: l.unitCost,
      price_source: l.priceSource,
      reserved_quantity: l.reservedQuantity,
      short_quantity: l.shortQuantity,
    })),
    timeline: timeline.map((t) => ({
      id: t.id,
      at: t.at.toISOString(),
      actor_type: t.actorType as ActorType,
      actor_id: t.actorId,
      actor_name: actorName(t),
      event: t.event,
      from_status: t.fromStatus as OrderStatus | null,
      to_status: t.toStatus as OrderStatus | null,
      note: t.note,
    })),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** A page of orders with the count of every tab for the same filters (ADR 0018). */
/**
 * The /sales list as the JSON text of `OrderList`, in its key order: the page's rows as PostgreSQL wrote them and the
 * count of every tab, from one statement (ADR 0055, 0062). The route sends it as it is.
 */
export async function listOrdersJson(ctx: TenantCtx, query: OrderListQuery): Promise<JsonText<OrderList>> {
  const { items, perStatus } = await repo.listPage(ctx, query);
  const counts = Object.fromEntries(
    ORDER_TAB_KEYS.map((tab) => {
      const states = ORDER_TABS[tab];
      const n = states
        ? states.reduce((sum, s) => sum + (perStatus.get(s) ?? 0), 0)
        : [...perStatus].filter(([s]) => s !== 'DRAFT').reduce((sum, [, v]) => sum + v, 0);
      return [tab, n];
    }),
  ) as OrderList['counts'];
  const total = query.tab === 'all' ? counts.all : counts[query.tab];
  return `{"items":[${items}],"page":${query.page},"size":${query.size},"total_row":${total},"counts":${JSON.stringify(counts)}}` as JsonText<OrderList>;
}

/** The /sales list as an object, for the server's own callers (the demo seed). */
export async function listOrders(ctx: TenantCtx, query: OrderListQuery): Promise<OrderList> {
  return JSON.parse(await listOrdersJson(ctx, query)) as OrderList;
}

export type TransitionOptions = {
  actor: OrderActor;
  note?: string | null;
  /** Extra columns to set with the state (cancel reason, marketplace action state …). */
  values?: Partial<repo.OrderRow>;
  event?: string;
};

/**
 * Applies one action of the state machine to a locked order: 409 ORDER_STATE_CONFLICT naming the current state
 * when the table refuses it (nothing changes), else the new row and a timeline entry.
 */
export async function applyAction(
  ctx: TenantCtx,
  order: repo.OrderRow,
  action: OrderAction,
  options: TransitionOptions,
): Promise<repo.OrderRow> {
  const from = order.status as OrderStatus;
  const result = transition(from, action, order.resumeStatus as OrderStatus | null);
  if (!result.ok) throw new DomainError('ORDER_STATE_CONFLICT', { status: from, action });
  return setStatus(ctx, order, result.to, { ...options, event: options.event ?? action });
}

/** Sets the state (the machine's answer, or a marketplace's status on import) with its timeline entry. */
export async function setStatus(ctx: TenantCtx, order: repo.OrderRow, to: OrderStatus, options: TransitionOptions): Promise<repo.OrderRow> {
  const from = order.status as OrderStatus;
  const values: Partial<repo.OrderRow> = { ...options.values, status: to };
  if (to === 'CANCEL_REQUESTED' && from !== 'CANCEL_REQUESTED') values.resumeStatus = from;
  const row = await repo.updateOrder(ctx, order, values);
  if (!row) {
    const current = await repo.findOrder(ctx, order.id);
    throw new DomainError('ORDER_STATE_CONFLICT', { status: current?.status ?? from });
  }
  await repo.addTimeline(ctx, order.id, {
    actorType: options.actor.type,
    actorId: options.actor.id,
    event: options.event ?? 'STATUS_CHANGED',
    fromStatus: from,
    toStatus: to,
    note: options.note ?? null,
  });
  return row;
}

/** The sales-manual cancellation reasons (spec: GET /sales-manual/cancellation-reasons). */
export const MANUAL_CANCELLATION_REASONS = [
  { id: 'CUSTOMER_REQUEST', label: 'Permintaan pelanggan' },
  { id: 'OUT_OF_STOCK', label: 'Stok habis' },
  { id: 'WRONG_PRICE', label: 'Harga salah' },
  { id: 'DUPLICATE_ORDER', label: 'Pesanan ganda' },
  { id: 'PAYMENT_NOT_RECEIVED', label: 'Pembayaran tidak diterima' },
  { id: 'OTHER', label: 'Lainnya' },
] as const;
