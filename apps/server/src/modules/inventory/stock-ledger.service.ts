import { isUuid } from '../../platform/db/ids.ts';
import { inTenant } from '../../platform/db/database.ts';
import { DomainError, fieldError } from '../../platform/errors.ts';
import type { Platform } from '../../platform/platform.ts';
import { systemCtx, tenantCtxFor } from '../../platform/system-ctx.ts';
import type { TenantCtx } from '../../http/context.ts';
import { bundleComponentsOf, catalogRefs } from '../catalog/index.ts';
import { noteStockChangedAlone } from '../channels/index.ts';
import { allBalances } from './stock-balances.repository.ts';
import * as repo from './stock-ledger.repository.ts';
import { ledgerSums } from './stock-movements.repository.ts';

// ---------------------------------------------------------------------------------------------------------------
// Public module API: reserve, release, ship, return

export type StockRequest = {
  /** Idempotency key: the same key applies once, a replay answers `replayed: true` and changes nothing. */
  referenceKey: string;
  referenceType: string;
  referenceId?: string | null;
  lines: readonly repo.StockLine[];
  /** The order's channel: a reservation then first uses the stock set aside for that channel. */
  channelId?: string | null;
};
export type StockResult = { replayed: boolean; lines: repo.AppliedLine[] };

/** Bundle lines become their components' lines (quantity × component quantity); other SKUs stay as they are. */
async function expandBundles(ctx: TenantCtx, lines: readonly repo.StockLine[], allowBundles: boolean): Promise<repo.StockLine[]> {
  const ids = [...new Set(lines.map((l) => l.catalogId))];
  const refs = new Map((await catalogRefs(ctx, ids)).map((r) => [r.id, r]));
  const out: repo.StockLine[] = [];
  for (const [i, line] of lines.entries()) {
    const ref = refs.get(line.catalogId);
    if (!ref)
      throw new DomainError('CATALOG_NOT_FOUND', {
        fields: [{ path: `lines.${i}.catalog_id`, code: 'CATALOG_NOT_FOUND', message: 'CATALOG_NOT_FOUND' }],
      });
    if (ref.productType !== 'BUNDLING') {
      out.push(line);
      continue;
    }
    if (!allowBundles)
      throw new DomainError('CATALOG_IS_BUNDLE', {
        fields: [{ path: `lines.${i}.catalog_id`, code: 'CATALOG_IS_BUNDLE', message: 'CATALOG_IS_BUNDLE' }],
      });
    for (const c of await bundleComponentsOf(ctx, ref.productId))
      out.push({ warehouseId: line.warehouseId, catalogId: c.catalogId, quantity: line.quantity * c.quantity });
  }
  return out;
}

function checkRequest(type: repo.MovementType, request: StockRequest) {
  if (request.channelId != null && !isUuid(request.channelId)) throw fieldError('VALIDATION_FAILED', 'channel_id', 'INVALID_ID');
  for (const line of request.lines) {
    if (!isUuid(line.catalogId) || !isUuid(line.warehouseId))
      throw new DomainError('VALIDATION_FAILED', { fields: [{ path: 'lines.catalog_id', code: 'INVALID_ID', message: 'INVALID_ID' }] });
    if (!Number.isSafeInteger(line.quantity) || (type !== 'ADJUSTMENT' && line.quantity < 1))
      throw new DomainError('VALIDATION_FAILED', { fields: [{ path: 'lines.quantity', code: 'INVALID_VALUE', message: 'INVALID_VALUE' }] });
  }
}

/** One line of a single-statement type, and no channel whose set-aside stock a reservation would have to use. */
const takesSinglePath = (type: repo.MovementType, request: StockRequest): type is repo.SingleType =>
  request.lines.length === 1 && repo.isSingleType(type) && !(type === 'RESERVE' && request.channelId);

const referenceOf = (request: StockRequest): repo.Reference => ({
  type: request.referenceType,
  id: request.referenceId ?? null,
  key: request.referenceKey,
});

/** The one way a use case changes stock: checks, claims the reference key, expands bundles, applies all lines or none. */
export async function applyOperation(
  ctx: TenantCtx,
  type: repo.MovementType,
  request: StockRequest,
  allowBundles = true,
): Promise<StockResult> {
  checkRequest(type, request);
  const ref = referenceOf(request);
  const replay = (kind: string): StockResult => {
    if (kind !== type) throw new DomainError('STOCK_REFERENCE_CONFLICT', { reference_key: ref.key, kind });
    return { replayed: true, lines: [] };
  };
  // One line of a plain SKU (the common order line) takes the one-statement path; a bundle, an unknown SKU or a
  // failed rule falls through to the general path below, in the same transaction, with the key already claimed.
  const single = takesSinglePath(type, request) ? await repo.applySingle(ctx, type, request.lines[0]!, ref) : null;
  if (single?.outcome === 'applied') return { replayed: false, lines: [single.line] };
  if (single?.outcome === 'claimed-before') return replay(single.kind);
  if (!single) {
    const claim = await repo.claimOperation(ctx, type, ref);
    if (!claim.claimed) return replay(claim.kind);
  }
  const lines = await expandBundles(ctx, request.lines, allowBundles);
  const { applied, failed } = await repo.applyLines(ctx, type, lines, ref, type === 'RESERVE' ? (request.channelId ?? null) : null);
  if (failed.length > 0)
    throw new DomainError('INSUFFICIENT_STOCK', {
      lines: failed.map((l) => ({ warehouse_id: l.warehouseId, catalog_id: l.catalogId, quantity: l.quantity })),
    });
  return { replayed: false, lines: applied };
}

/**
 * The public API for work outside a request's transaction (jobs such as a marketplace order sync, which reserve
 * per order with the order's key): each call is its own tenant transaction, acting for `actorId`. A one-line
 * reserve, release or ship of a plain SKU is then a single message to the database; anything else, and every
 * case where that statement did not apply (not enough stock, a bundle, a replayed key), runs `applyOperation`.
 */
export function standaloneStock(platform: Platform, workspaceId: string, actorId: string) {
  const db = platform.database.db;
  const run =
    (type: repo.MovementType, allowBundles = true) =>
    async (request: StockRequest): Promise<StockResult> => {
      checkRequest(type, request);
      if (takesSinglePath(type, request)) {
        const line = await repo.applySingleAlone(db, { workspaceId, actorId }, type, request.lines[0]!, referenceOf(request));
        if (line) {
          await noteStockChangedAlone(platform, workspaceId, [line.catalogId]);
          return { replayed: false, lines: [line] };
        }
      }
      return inTenant(db, workspaceId, (tx) =>
        applyOperation(tenantCtxFor(systemCtx(platform, tx), workspaceId, actorId), type, request, allowBundles),
      );
    };
  return { reserve: run('RESERVE'), release: run('RELEASE'), ship: run('SHIP'), return: run('RETURN'), receive: run('INBOUND', false) };
}

/** What runs when stock arrives in a warehouse (the `stockArrived` port, ADR 0069), inside the arriving transaction. */
export type StockArrivedHandler = (ctx: TenantCtx, warehouseId: string) => Promise<void>;

/**
 * Stock arrived in these warehouses by a merchant's document (a goods receipt, an adjustment up, a transfer in): the
 * port's handlers run in the same transaction (the order flows queue the short orders' second try after commit).
 */
export async function noteStockArrived(ctx: TenantCtx, warehouseIds: Iterable<string>): Promise<void> {
  for (const warehouseId of new Set(warehouseIds)) for (const handler of ctx.platform.ports.stockArrived) await handler(ctx, warehouseId);
}

/** Reserves stock for an order (in order += qty where available ≥ qty), all lines or none; bundles reserve components. */
export const reserveStock = (ctx: TenantCtx, request: StockRequest) => applyOperation(ctx, 'RESERVE', request);
/** Releases a reservation (cancelled order), all lines or none. */
export const releaseStock = (ctx: TenantCtx, request: StockRequest) => applyOperation(ctx, 'RELEASE', request);
/** Ships reserved stock: on hand and in order both go down. */
export const shipStock = (ctx: TenantCtx, request: StockRequest) => applyOperation(ctx, 'SHIP', request);
/** Returned goods back on hand. */
export const returnStock = (ctx: TenantCtx, request: StockRequest) => applyOperation(ctx, 'RETURN', request);
/** Stock added outside a goods receipt document (inbound from a purchase order, transfer in). */
export const receiveStock = (ctx: TenantCtx, request: StockRequest) => applyOperation(ctx, 'INBOUND', request, false);
/** A signed change of on hand; a decrease cannot go below what is reserved. */
export const adjustStock = (ctx: TenantCtx, request: StockRequest) => applyOperation(ctx, 'ADJUSTMENT', request, false);

/** Balances compared with the ledger: every balance whose on hand or in order differs from the sum of its movements. */
export async function ledgerMismatches(ctx: TenantCtx) {
  const sums = new Map((await ledgerSums(ctx)).map((s) => [`${s.warehouseId}|${s.catalogId}`, s]));
  const balances = await allBalances(ctx);
  return balances
    .map((bal) => ({ bal, sum: sums.get(`${bal.warehouseId}|${bal.catalogId}`) ?? { onHand: 0, inOrder: 0, allocated: 0 } }))
    .filter(({ bal, sum }) => bal.onHand !== sum.onHand || bal.inOrder !== sum.inOrder || bal.allocated !== sum.allocated)
    .map(({ bal, sum }) => ({
      warehouseId: bal.warehouseId,
      catalogId: bal.catalogId,
      onHand: bal.onHand,
      inOrder: bal.inOrder,
      allocated: bal.allocated,
      ledgerOnHand: sum.onHand,
      ledgerInOrder: sum.inOrder,
      ledgerAllocated: sum.allocated,
    }));
}
