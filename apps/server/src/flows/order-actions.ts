import type { OrderCancelInput } from '@kelola/contracts';
import { stockPhase, type OrderAction, type OrderStatus } from '@kelola/domain';
import type { TenantCtx } from '../http/context.ts';
import { enqueueChannelCall, fetchCancellationReasons, type ChannelCallSettledHandler } from '../modules/channels/index.ts';
import {
  addTimeline,
  applyAction,
  getOrder,
  MANUAL_CANCELLATION_REASONS,
  orderOr404,
  updateOrder,
  userActor,
  type OrderRow,
} from '../modules/orders/index.ts';
import { followOrderCredit } from '../modules/finance/index.ts';
import { releaseAdminVouchers, releaseQuota } from '../modules/promotions/index.ts';
import { inTenant } from '../platform/db/database.ts';
import { DomainError, fieldError } from '../platform/errors.ts';
import { jobCtx } from '../platform/system-ctx.ts';
import { moveOrderStock, reserveShortLines } from './order-stock.ts';

export type UserOrderAction = 'ACCEPT' | 'REJECT' | 'ACCEPT_CANCEL' | 'REFUSE_CANCEL' | 'CANCEL';

const MARKETPLACE_NAMES: Record<string, string> = {
  shopee: 'Shopee',
  tiktok: 'TikTok Shop',
  lazada: 'Lazada',
  blibli: 'Blibli',
  zalora: 'Zalora',
};

/**
 * One action of the spec on one order, in the request's transaction: the state machine's answer (409 naming the
 * current state when refused), the stock it moves, and for a marketplace order the call to the marketplace,
 * queued for after commit; the order shows SENDING until the marketplace answers.
 */
export async function runOrderAction(
  ctx: TenantCtx,
  orderId: string,
  action: UserOrderAction | OrderAction,
  cancel?: { reason_id: string; reason_detail?: string | null | undefined },
): Promise<OrderRow> {
  const order = await orderOr404(ctx, orderId, true);
  if (order.source === 'MARKETPLACE' && order.marketplaceActionState === 'SENDING')
    throw new DomainError('ORDER_ACTION_PENDING', { status: order.status });
  const cancelling = action === 'CANCEL' || action === 'REJECT';
  if (cancelling && order.source === 'MANUAL' && cancel && !MANUAL_CANCELLATION_REASONS.some((r) => r.id === cancel.reason_id))
    throw fieldError('VALIDATION_FAILED', 'reason_id', 'CANCEL_REASON_INVALID');
  const reasonText = cancel ? [cancel.reason_id, cancel.reason_detail].filter(Boolean).join(': ') : null;
  const answering = action === 'ACCEPT_CANCEL' || action === 'REFUSE_CANCEL';
  const outbound =
    order.source === 'MARKETPLACE' && order.channelId && order.externalId && (action === 'ACCEPT' || cancelling || answering);
  const values: Partial<OrderRow> = {
    ...(cancelling && reasonText ? { cancelReason: reasonText } : {}),
    ...(outbound
      ? {
          marketplaceAction: action,
          marketplaceActionState: 'SENDING',
          marketplaceActionMessage: null,
          marketplaceActionAt: ctx.platform.now(),
        }
      : {}),
  };
  const after = await applyAction(ctx, order, action as OrderAction, { actor: userActor(ctx), note: reasonText, values });
  const moved = await moveOrderStock(ctx, after, order.status as OrderStatus, userActor(ctx));
  await followOrderCredit(ctx, moved, order.status); // credit limits (finance, issue 17): same transaction
  // A cancelled manual order gives back the promotion quota its lines used and its admin voucher use (issue 16).
  if (moved.source === 'MANUAL' && moved.status === 'CANCELED' && order.status !== 'CANCELED') {
    await releaseQuota(ctx, moved.orderNumber);
    await releaseAdminVouchers(ctx, moved.orderNumber);
  }
  if (outbound) await sendToMarketplace(ctx, moved, action as OrderAction, cancel?.reason_id);
  return moved;
}

async function sendToMarketplace(ctx: TenantCtx, order: OrderRow, action: OrderAction, reasonId?: string) {
  const ref = { kind: 'order', id: order.id };
  if (action === 'ACCEPT') await enqueueChannelCall(ctx, order.channelId!, 'acceptOrder', { orderId: order.externalId! }, ref);
  else if (action === 'ACCEPT_CANCEL' || action === 'REFUSE_CANCEL')
    await enqueueChannelCall(
      ctx,
      order.channelId!,
      'answerCancelRequest',
      { orderId: order.externalId!, accept: action === 'ACCEPT_CANCEL' },
      ref,
    );
  else
    await enqueueChannelCall(
      ctx,
      order.channelId!,
      'cancelOrder',
      // A reject names no reason: the adapter sends the marketplace's own out-of-stock reason (ADR 0039).
      reasonId ? { orderId: order.externalId!, reasonId } : { orderId: order.externalId! },
      ref,
    );
  await addTimeline(ctx, order.id, {
    actorType: 'JOB',
    actorId: null,
    event: 'MARKETPLACE_SENDING',
    fromStatus: null,
    toStatus: null,
    note: `${action} → ${MARKETPLACE_NAMES[order.marketplace ?? ''] ?? order.marketplace}`,
  });
}

/** Sends the failed marketplace action of an order again. */
export async function retryMarketplaceAction(ctx: TenantCtx, orderId: string) {
  const order = await orderOr404(ctx, orderId, true);
  if (order.marketplaceActionState !== 'FAILED' || !order.marketplaceAction)
    throw new DomainError('ORDER_STATE_CONFLICT', { status: order.status, action: 'RETRY' });
  const reason = order.cancelReason?.split(':')[0];
  const row = await updateOrder(ctx, order, {
    marketplaceActionState: 'SENDING',
    marketplaceActionMessage: null,
    marketplaceActionAt: ctx.platform.now(),
  });
  await sendToMarketplace(ctx, row!, order.marketplaceAction as OrderAction, reason);
  return getOrder(ctx, orderId);
}

/**
 * "Check stock again" on a short order (ADR 0069): its short lines try their reservation now. 409 when the order is
 * not short or holds no reservation (a draft, shipped, cancelled); otherwise the order, still short if stock lacks.
 */
export async function reserveOrderStock(ctx: TenantCtx, orderId: string) {
  const order = await orderOr404(ctx, orderId, true);
  if (!order.stockShort || stockPhase(order.status as OrderStatus) !== 'reserved')
    throw new DomainError('ORDER_STATE_CONFLICT', { status: order.status, action: 'RESERVE_STOCK' });
  await reserveShortLines(ctx, order, userActor(ctx));
  return getOrder(ctx, orderId);
}

/** Accept or cancel many orders: each in its own savepoint, so one refusal does not undo the others. */
export async function bulkOrderAction(
  ctx: TenantCtx,
  input: { action: 'ACCEPT' | 'CANCEL'; order_ids: string[]; reason_id?: string | undefined; reason_detail?: string | null | undefined },
) {
  const items = [];
  for (const id of [...new Set(input.order_ids)]) {
    try {
      const row = await ctx.db.transaction((tx) =>
        runOrderAction(
          { ...ctx, db: tx },
          id,
          input.action,
          input.action === 'CANCEL' ? { reason_id: input.reason_id!, reason_detail: input.reason_detail } : undefined,
        ),
      );
      items.push({ order_id: id, ok: true, code: null, status: row.status as OrderStatus });
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      const status = (error.details?.status as OrderStatus | undefined) ?? null;
      items.push({ order_id: id, ok: false, code: error.code, status });
    }
  }
  return { items };
}

/** The channel's own cancellation reasons for an order; manual orders use the sales-manual list. */
export async function cancellationReasonsFor(ctx: TenantCtx, orderId: string) {
  const order = await orderOr404(ctx, orderId);
  if (order.source !== 'MARKETPLACE' || !order.channelId || !order.externalId) return { items: [...MANUAL_CANCELLATION_REASONS] };
  return { items: await fetchCancellationReasons(ctx, order.channelId, order.externalId) };
}

export function cancelInput(body: OrderCancelInput) {
  return { reason_id: body.reason_id, reason_detail: body.reason_detail ?? null };
}

/** The marketplace's answer to an accept or cancel: clears SENDING, or keeps the order flagged FAILED with its message. */
export const settleMarketplaceAction: ChannelCallSettledHandler = async (platform, settled) => {
  if (settled.ref.kind !== 'order') return;
  await inTenant(platform.database.db, settled.workspaceId, async (db) => {
    const ctx = jobCtx(platform, db, settled.workspaceId);
    const order = await orderOr404(ctx, settled.ref.id, true).catch(() => null);
    if (!order) return;
    await updateOrder(ctx, order, {
      marketplaceActionState: settled.ok ? null : 'FAILED',
      marketplaceAction: settled.ok ? null : order.marketplaceAction,
      marketplaceActionMessage: settled.error,
      marketplaceActionAt: platform.now(),
    });
    await addTimeline(ctx, order.id, {
      actorType: 'MARKETPLACE',
      actorId: null,
      event: settled.ok ? 'MARKETPLACE_DONE' : 'MARKETPLACE_FAILED',
      fromStatus: null,
      toStatus: null,
      note: settled.error ?? settled.operation,
    });
  });
};
