import type { MarketplaceCode } from '@kelola/contracts/channels';
import type { TenantCtx } from '../../http/context.ts';
import { DomainError } from '../../platform/errors.ts';
import type { CancellationReason, MarketplaceAdapter, ShopAuth } from './adapters/types.ts';
import { adapterFor } from './channels.adapters.ts';
import * as repo from './channels.repository.ts';
import type { ConnectionRow, NewCall } from './channels.repository.ts';
import { callRecord, refreshedTokens, shopAuth, tokenDue } from './channels.service.ts';

/** What a call inside a request needs of its context: the transaction, the workspace, the platform, after-rollback writes. */
export type CallNowCtx = Pick<TenantCtx, 'db' | 'workspaceId' | 'platform' | 'afterRollback'>;

/**
 * Records a call in the request's transaction and again after its rollback: exactly one row stands whether the
 * request commits (a caller that catches the failure, as label printing does) or fails.
 */
async function recordEither(ctx: CallNowCtx, call: NewCall): Promise<void> {
  ctx.afterRollback((db) => repo.insertCall({ db, workspaceId: ctx.workspaceId }, call));
  // A transaction that is already failing cannot take the row: the after-rollback write keeps it.
  await repo.insertCall(ctx, call).catch(() => undefined);
}

/** The shop's token, refreshed in the request's transaction under the row lock when it expires within five minutes. */
async function withUsableToken(ctx: CallNowCtx, row: ConnectionRow): Promise<ConnectionRow> {
  if (!tokenDue(ctx.platform, row)) return row;
  const locked = (await repo.findConnectionForUpdate(ctx, row.id)) ?? row;
  // Someone else refreshed while this request waited for the lock: their token is the one to use.
  if (locked.accessToken !== row.accessToken || !tokenDue(ctx.platform, locked)) return locked;
  const started = Date.now();
  try {
    const values = await refreshedTokens(ctx.platform, locked);
    await repo.updateConnection(ctx, locked.id, values);
    const call = callRecord(ctx.platform, locked, 'refreshAccessToken', 1, started, undefined);
    await repo.insertCall(ctx, call);
    // The old refresh token is spent (Shopee's are single-use): the new one must outlive a failed request.
    ctx.afterRollback(async (db) => {
      await repo.updateConnection({ db, workspaceId: ctx.workspaceId }, locked.id, values);
      await repo.insertCall({ db, workspaceId: ctx.workspaceId }, call);
    });
    return { ...locked, ...values };
  } catch (error) {
    await recordEither(ctx, callRecord(ctx.platform, locked, 'refreshAccessToken', 1, started, error));
    throw error;
  }
}

/**
 * The one way to call a marketplace while a request waits (ADR 0050): everything happens in the request's
 * transaction, because a transaction of its own would wait for ever on the embedded database (one connection, held
 * by the request). The token is refreshed first when it expires within five minutes; each call (and refresh) is
 * one row of the call log, kept also when the request fails. Request calls take no slot of the shop's pace: a user
 * waits, and the slot's row would stay locked until the request ends. Marketplace errors are thrown as they come;
 * a shop the workspace does not have is 404 CHANNEL_NOT_FOUND. Jobs use `callShopFromJob` instead.
 */
export async function callNow<T>(
  ctx: CallNowCtx,
  shop: ConnectionRow | string,
  operation: string,
  fn: (adapter: MarketplaceAdapter, auth: ShopAuth) => Promise<T>,
): Promise<T> {
  const row = typeof shop === 'string' ? await repo.findConnection(ctx, shop) : shop;
  if (!row) throw new DomainError('CHANNEL_NOT_FOUND');
  const current = await withUsableToken(ctx, row);
  const adapter = adapterFor(ctx.platform, current.marketplace as MarketplaceCode);
  const started = Date.now();
  let value: T;
  try {
    value = await fn(adapter, shopAuth(current));
  } catch (error) {
    await recordEither(ctx, callRecord(ctx.platform, current, operation, 1, started, error));
    throw error;
  }
  await repo.insertCall(ctx, callRecord(ctx.platform, current, operation, 1, started, undefined));
  return value;
}

// ---------------------------------------------------------------------------------------------------------------
// Reads other modules' requests wait for

/** The marketplace's own shipping label of an order (a PDF where it serves one), printed while the user waits. */
export const fetchShippingLabel = (ctx: CallNowCtx, connectionId: string, orderId: string) =>
  callNow(ctx, connectionId, 'shippingLabel', (adapter, auth) => adapter.getShippingLabel(auth, orderId));

/** The pickup time slots the marketplace offers for an order (none where it has no slots), for the ship dialog. */
export const fetchPickupSlots = (ctx: CallNowCtx, connectionId: string, orderId: string) =>
  callNow(ctx, connectionId, 'pickupSlots', async (adapter, auth) => (adapter.pickupSlots ? adapter.pickupSlots(auth, orderId) : []));

/** The marketplace's cancellation reasons for one of its orders, for the cancel dialog (spec: GET cancellation-reasons). */
export const fetchCancellationReasons = (ctx: CallNowCtx, connectionId: string, orderId: string): Promise<CancellationReason[]> =>
  callNow(ctx, connectionId, 'cancellationReasons', (adapter, auth) => adapter.cancellationReasons(auth, orderId));
