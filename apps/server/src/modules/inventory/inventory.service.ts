import {
  AdjustmentInput,
  AllocationInput,
  GoodsReceiptInput,
  SetAsideInput,
  InventoryExportInput,
  StockSyncInput,
  StockTransferInput,
  type Adjustment,
  type AllocationView,
  type ErrorCode,
  type GoodsReceipt,
  type StockBalance,
  type StockSyncStatus,
  type StockTransfer,
} from '@kelola/contracts';
import { allocateToChannel, stockState } from '@kelola/domain';
import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import ExcelJS from 'exceljs';
import { PassThrough } from 'node:stream';
import type { z } from 'zod';
import type { TenantCtx } from '../../http/context.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import { inTenant } from '../../platform/db/database.ts';
import { isUuid, uuidv7 } from '../../platform/db/ids.ts';
import { DomainError, fieldError, parseOrFail } from '../../platform/errors.ts';
import type { Platform } from '../../platform/platform.ts';
import { systemCtx, tenantCtxFor } from '../../platform/system-ctx.ts';
import { exportFile, findExportRecord, getExport, recordExport, updateExportRecord } from '../../platform/exports/exports.ts';
import { bundleComponentsOf, catalogRefs } from '../catalog/index.ts';
import { getChannel, listChannels } from '../channels/index.ts';
import { listUsersByIds } from '../identity/index.ts';
import { getWarehouse, listWarehouseOptions, visibleWarehouseIds } from '../warehouses/index.ts';
import {
  channelAllocations,
  goodsReceiptLines,
  goodsReceipts,
  stockAdjustmentLines,
  stockAdjustments,
  stockBalances,
  stockSyncRuns,
} from './inventory.schema.ts';
import * as repo from './inventory.repository.ts';

export const QUEUES = { sync: 'inventory.stock-sync', export: 'inventory.export' } as const;
export type StockSyncJob = { workspaceId: string; runId: string };
export type InventoryExportJob = { workspaceId: string; exportId: string };
const EXPORT_MAX_ATTEMPTS = 3;

/** Warehouses a restricted member may see (its warehouses, or its businesses' warehouses); null when unrestricted. */
const visibleWarehouses = visibleWarehouseIds;

/** What the lists show: the visible warehouses, narrowed to the business chosen in the top bar (Business-Id). */
async function listedWarehouses(ctx: TenantCtx): Promise<string[] | null> {
  const visible = await visibleWarehouses(ctx);
  if (!ctx.businessId) return visible;
  const ofBusiness = (await listWarehouseOptions(ctx)).filter((w) => w.businessId === ctx.businessId).map((w) => w.id);
  return visible ? ofBusiness.filter((id) => visible.includes(id)) : ofBusiness;
}

/**
 * A list's warehouse and SKU filters name rows of this workspace: another workspace's (or an unknown) id answers 404,
 * as every id a request names does, instead of an empty page.
 */
async function checkListFilters(ctx: TenantCtx, query: { warehouse_id?: string; catalog_id?: string }): Promise<void> {
  if (query.warehouse_id) await getWarehouse(ctx, query.warehouse_id);
  if (query.catalog_id && (await catalogRefs(ctx, [query.catalog_id])).length === 0) throw new DomainError('CATALOG_NOT_FOUND');
}

const parse = parseOrFail;

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

async function applyOperation(ctx: TenantCtx, type: repo.MovementType, request: StockRequest, allowBundles = true): Promise<StockResult> {
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
        if (line) return { replayed: false, lines: [line] };
      }
      return inTenant(db, workspaceId, (tx) =>
        applyOperation(tenantCtxFor(systemCtx(platform, tx), workspaceId, actorId), type, request, allowBundles),
      );
    };
  return { reserve: run('RESERVE'), release: run('RELEASE'), ship: run('SHIP'), return: run('RETURN'), receive: run('INBOUND', false) };
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
  const sums = new Map((await repo.ledgerSums(ctx)).map((s) => [`${s.warehouseId}|${s.catalogId}`, s]));
  const balances = await ctx.db.select().from(stockBalances).where(eq(stockBalances.workspaceId, ctx.workspaceId));
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

// ---------------------------------------------------------------------------------------------------------------
// Inventory list v2 and detail

type BalanceRow = Awaited<ReturnType<typeof repo.listBalances>>['rows'][number];
type Names = {
  skus: Map<string, { sku: string; name: string; unit: string }>;
  warehouses: Map<string, string>;
  actors?: Map<string, string>;
  channels?: Map<string, string>;
};

/** SKU and warehouse names of a page of rows, through the catalog's and the warehouses' index (two queries). */
async function namesFor(ctx: TenantCtx, rows: readonly { catalogId: string; warehouseId: string }[]): Promise<Names> {
  const refs = await catalogRefs(ctx, [...new Set(rows.map((r) => r.catalogId))]);
  const warehouses = rows.length > 0 ? await listWarehouseOptions(ctx) : [];
  return {
    skus: new Map(refs.map((r) => [r.id, { sku: r.sku, name: r.name, unit: r.baseUnit }])),
    warehouses: new Map(warehouses.map((w) => [w.id, w.name])),
  };
}

const presentBalance =
  (names: Names) =>
  (r: BalanceRow): StockBalance => {
    const allocatable = r.balance.onHand - r.balance.inOrder - r.balance.safetyStock;
    return {
      warehouse_id: r.balance.warehouseId,
      warehouse_name: names.warehouses.get(r.balance.warehouseId) ?? '',
      catalog_id: r.balance.catalogId,
      sku: names.skus.get(r.balance.catalogId)?.sku ?? '',
      name: names.skus.get(r.balance.catalogId)?.name ?? '',
      unit: names.skus.get(r.balance.catalogId)?.unit ?? 'PCS',
      on_hand: r.balance.onHand,
      in_order: r.balance.inOrder,
      allocated: r.balance.allocated,
      safety_stock: r.balance.safetyStock,
      allocatable,
      available: r.available,
      stock_state: stockState(r.available),
      updated_at: r.balance.updatedAt.toISOString(),
    };
  };

async function presentBalances(ctx: TenantCtx, rows: BalanceRow[]) {
  return rows.map(
    presentBalance(
      await namesFor(
        ctx,
        rows.map((r) => r.balance),
      ),
    ),
  );
}

export async function listInventory(
  ctx: TenantCtx,
  query: {
    page: number;
    size: number;
    warehouse_id?: string;
    catalog_id?: string;
    status?: 'IN_STOCK' | 'OUT_OF_STOCK' | 'MINUS_STOCK';
    sort: string;
  },
) {
  await checkListFilters(ctx, query);
  const { rows, counts } = await repo.listBalances(ctx, {
    warehouseId: query.warehouse_id,
    catalogId: query.catalog_id,
    state: query.status,
    warehouseIds: await listedWarehouses(ctx),
    page: query.page,
    size: query.size,
    sort: query.sort,
  });
  const c = { in_stock: counts.inStock, out_of_stock: counts.outOfStock, minus_stock: counts.minusStock, all: counts.all };
  const total =
    query.status === 'IN_STOCK'
      ? c.in_stock
      : query.status === 'OUT_OF_STOCK'
        ? c.out_of_stock
        : query.status === 'MINUS_STOCK'
          ? c.minus_stock
          : c.all;
  return { items: await presentBalances(ctx, rows), page: query.page, size: query.size, total_row: total, counts: c };
}

export async function inventoryDetail(ctx: TenantCtx, catalogId: string) {
  const [ref] = await catalogRefs(ctx, [catalogId]);
  if (!ref) throw new DomainError('CATALOG_NOT_FOUND');
  const items = await presentBalances(
    ctx,
    (await repo.listBalances(ctx, { catalogId, warehouseIds: await visibleWarehouses(ctx), page: 1, size: 500, sort: 'on_hand' })).rows,
  );
  const sum = (k: 'on_hand' | 'in_order' | 'allocated' | 'safety_stock' | 'allocatable' | 'available') =>
    items.reduce((n, i) => n + i[k], 0);
  return {
    catalog_id: ref.id,
    sku: ref.sku,
    name: ref.name,
    unit: ref.baseUnit,
    warehouses: items,
    totals: {
      on_hand: sum('on_hand'),
      in_order: sum('in_order'),
      allocated: sum('allocated'),
      safety_stock: sum('safety_stock'),
      allocatable: sum('allocatable'),
      available: sum('available'),
    },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Movements

const presentMovement = (names: Names) => (m: repo.MovementRow) => ({
  id: m.id,
  type: m.type,
  warehouse_id: m.warehouseId,
  warehouse_name: names.warehouses.get(m.warehouseId) ?? '',
  catalog_id: m.catalogId,
  sku: names.skus.get(m.catalogId)?.sku ?? '',
  name: names.skus.get(m.catalogId)?.name ?? '',
  quantity: m.quantity,
  on_hand_before: m.onHandBefore,
  on_hand_after: m.onHandAfter,
  in_order_before: m.inOrderBefore,
  in_order_after: m.inOrderAfter,
  allocated_before: m.allocatedBefore,
  allocated_after: m.allocatedAfter,
  channel_id: m.channelId,
  channel_name: (m.channelId && names.channels?.get(m.channelId)) ?? null,
  reference_type: m.referenceType,
  reference_id: m.referenceId,
  reference_key: m.referenceKey,
  actor_id: m.actorId,
  actor_name: (m.actorId && names.actors?.get(m.actorId)) ?? null,
  at: m.at.toISOString(),
});

export async function listMovements(
  ctx: TenantCtx,
  query: {
    page: number;
    size: number;
    warehouse_id?: string;
    catalog_id?: string;
    type?: repo.MovementType;
    reference_id?: string;
    sort: 'at' | '-at';
  },
) {
  await checkListFilters(ctx, query);
  const { rows, total } = await repo.listMovements(ctx, {
    warehouseId: query.warehouse_id,
    catalogId: query.catalog_id,
    type: query.type,
    referenceId: query.reference_id,
    warehouseIds: await listedWarehouses(ctx),
    page: query.page,
    size: query.size,
    sort: query.sort,
  });
  return { items: rows.map(presentMovement(await movementNames(ctx, rows))), page: query.page, size: query.size, total_row: total };
}

/** SKU and warehouse names, and who made each movement, for a page of the ledger. */
async function movementNames(ctx: TenantCtx, rows: readonly repo.MovementRow[]): Promise<Names> {
  const actorIds = [...new Set(rows.flatMap((r) => (r.actorId ? [r.actorId] : [])))];
  const users = actorIds.length > 0 ? await listUsersByIds(ctx, actorIds) : [];
  const channels = rows.some((r) => r.channelId) ? (await listChannels(ctx)).items : [];
  return {
    ...(await namesFor(ctx, rows)),
    actors: new Map(users.map((u) => [u.id, [u.firstName, u.lastName].filter(Boolean).join(' ')])),
    channels: new Map(channels.map((c) => [c.id, c.name])),
  };
}

export async function getMovement(ctx: TenantCtx, id: string) {
  const row = await repo.findMovement(ctx, id);
  const visible = await visibleWarehouses(ctx);
  if (!row || (visible && !visible.includes(row.warehouseId))) throw new DomainError('STOCK_MOVEMENT_NOT_FOUND');
  return presentMovement(await movementNames(ctx, [row]))(row);
}

// ---------------------------------------------------------------------------------------------------------------
// Documents: goods receipt and stock adjustment

const docNumber = (prefix: string, n: number) => `${prefix}-${String(n).padStart(6, '0')}`;

async function checkCatalogs(ctx: TenantCtx, ids: readonly string[], path: string) {
  const refs = new Map((await catalogRefs(ctx, [...new Set(ids)])).map((r) => [r.id, r]));
  // A list's items answer on `<path>.<i>.catalog_id`; a body's one SKU (path 'catalog_id') on that field.
  const field = (i: number) => (path === 'catalog_id' ? path : `${path}.${i}.catalog_id`);
  const fields = ids.flatMap((id, i) => {
    const ref = refs.get(id);
    if (!ref) return [{ path: field(i), code: 'CATALOG_NOT_FOUND', message: 'CATALOG_NOT_FOUND' }];
    if (ref.productType === 'BUNDLING') return [{ path: field(i), code: 'CATALOG_IS_BUNDLE', message: 'CATALOG_IS_BUNDLE' }];
    return [];
  });
  if (fields.length > 0)
    throw new DomainError(fields.some((f) => f.code === 'CATALOG_NOT_FOUND') ? 'CATALOG_NOT_FOUND' : 'CATALOG_IS_BUNDLE', { fields });
  return refs;
}

/** Awaits a look-up whose `code` (a NOT_FOUND) concerns a field of the request: the same error, on `path`. */
async function onField<T>(path: string, code: ErrorCode, lookup: Promise<T>): Promise<T> {
  try {
    return await lookup;
  } catch (error) {
    if (error instanceof DomainError && error.code === code) throw fieldError(code, path, code);
    throw error;
  }
}

const warehouseOrFieldError = (ctx: TenantCtx, id: string, path = 'warehouse_id') =>
  onField(path, 'WAREHOUSE_NOT_FOUND', getWarehouse(ctx, id));
const channelOrFieldError = (ctx: TenantCtx, id: string, path = 'channel_id') => onField(path, 'CHANNEL_NOT_FOUND', getChannel(ctx, id));

/**
 * Moves stock between two warehouses at once: out of the source (only what is available there), into the target,
 * both sides in the ledger as TRANSFER under one TRF number; all lines or none.
 */
export async function transferStock(ctx: TenantCtx, input: StockTransferInput): Promise<StockTransfer> {
  const data = parse(StockTransferInput, input);
  if (data.from_warehouse_id === data.to_warehouse_id)
    throw new DomainError('VALIDATION_FAILED', {
      fields: [{ path: 'to_warehouse_id', code: 'SAME_WAREHOUSE', message: 'SAME_WAREHOUSE' }],
    });
  const from = await warehouseOrFieldError(ctx, data.from_warehouse_id, 'from_warehouse_id');
  const to = await warehouseOrFieldError(ctx, data.to_warehouse_id, 'to_warehouse_id');
  const refs = await checkCatalogs(
    ctx,
    data.lines.map((l) => l.catalog_id),
    'lines',
  );
  const number = docNumber('TRF', await repo.nextNumber(ctx, 'TRANSFER'));
  const ref = { type: 'TRANSFER', id: number, key: `transfer:${number}` };
  await repo.claimOperation(ctx, 'TRANSFER', ref);
  const { applied, failed } = await repo.applyLines(
    ctx,
    'TRANSFER',
    data.lines.flatMap((l) => [
      { warehouseId: from.id, catalogId: l.catalog_id, quantity: -l.quantity },
      { warehouseId: to.id, catalogId: l.catalog_id, quantity: l.quantity },
    ]),
    ref,
  );
  if (failed.length > 0)
    throw new DomainError('INSUFFICIENT_STOCK', {
      lines: failed.map((l) => ({ warehouse_id: l.warehouseId, catalog_id: l.catalogId, quantity: -l.quantity })),
      fields: failed.map((l) => {
        const i = data.lines.findIndex((x) => x.catalog_id === l.catalogId);
        return { path: `lines.${i}.quantity`, code: 'INSUFFICIENT_STOCK', message: 'INSUFFICIENT_STOCK' };
      }),
    });
  const after = (warehouseId: string, catalogId: string) =>
    applied.find((a) => a.warehouseId === warehouseId && a.catalogId === catalogId)?.onHandAfter ?? 0;
  const result: StockTransfer = {
    number,
    from_warehouse_id: from.id,
    from_warehouse_name: from.name,
    to_warehouse_id: to.id,
    to_warehouse_name: to.name,
    note: data.note ?? null,
    lines: data.lines.map((l) => ({
      catalog_id: l.catalog_id,
      sku: refs.get(l.catalog_id)?.sku ?? '',
      name: refs.get(l.catalog_id)?.name ?? '',
      quantity: l.quantity,
      from_on_hand_after: after(from.id, l.catalog_id),
      to_on_hand_after: after(to.id, l.catalog_id),
    })),
  };
  await recordAudit(ctx, { entity: 'stock_transfer', entityId: number, action: 'create', before: null, after: result });
  return result;
}

async function findReceipt(ctx: TenantCtx, id: string) {
  const [row] = await ctx.db
    .select()
    .from(goodsReceipts)
    .where(and(eq(goodsReceipts.workspaceId, ctx.workspaceId), eq(goodsReceipts.id, id)));
  const visible = await visibleWarehouses(ctx);
  if (!row || (visible && !visible.includes(row.warehouseId))) throw new DomainError('GOODS_RECEIPT_NOT_FOUND');
  return row;
}

export async function getGoodsReceipt(ctx: TenantCtx, id: string): Promise<GoodsReceipt> {
  const row = await findReceipt(ctx, id);
  const lines = await ctx.db
    .select()
    .from(goodsReceiptLines)
    .where(eq(goodsReceiptLines.receiptId, id))
    .orderBy(asc(goodsReceiptLines.position));
  const refs = new Map(
    (
      await catalogRefs(
        ctx,
        lines.map((l) => l.catalogId),
      )
    ).map((r) => [r.id, r]),
  );
  const warehouse = await getWarehouse(ctx, row.warehouseId);
  return {
    ...presentReceiptHead(
      row,
      warehouse.name,
      lines.reduce((n, l) => n + l.quantity, 0),
    ),
    lines: lines.map((l) => ({
      catalog_id: l.catalogId,
      sku: refs.get(l.catalogId)?.sku ?? '',
      name: refs.get(l.catalogId)?.name ?? '',
      quantity: l.quantity,
    })),
  };
}

const presentReceiptHead = (row: typeof goodsReceipts.$inferSelect, warehouseName: string, totalQuantity: number) => ({
  id: row.id,
  number: row.number,
  date: row.date,
  warehouse_id: row.warehouseId,
  warehouse_name: warehouseName,
  supplier_reference: row.supplierReference,
  note: row.note,
  status: row.status,
  total_quantity: totalQuantity,
  created_at: row.createdAt.toISOString(),
  posted_at: row.postedAt?.toISOString() ?? null,
});

/** Creates a goods receipt (GR-000001…); with `post` it adds the stock at once. */
export async function createGoodsReceipt(ctx: TenantCtx, input: GoodsReceiptInput): Promise<GoodsReceipt> {
  const data = parse(GoodsReceiptInput, input);
  await warehouseOrFieldError(ctx, data.warehouse_id);
  await checkCatalogs(
    ctx,
    data.lines.map((l) => l.catalog_id),
    'lines',
  );
  const id = uuidv7();
  const number = docNumber('GR', await repo.nextNumber(ctx, 'GR'));
  await ctx.db.insert(goodsReceipts).values({
    id,
    workspaceId: ctx.workspaceId,
    number,
    date: data.date,
    warehouseId: data.warehouse_id,
    supplierReference: data.supplier_reference ?? null,
    note: data.note ?? null,
    createdBy: ctx.actor.userId,
  });
  await ctx.db.insert(goodsReceiptLines).values(
    data.lines.map((l, position) => ({
      workspaceId: ctx.workspaceId,
      receiptId: id,
      position,
      catalogId: l.catalog_id,
      quantity: l.quantity,
    })),
  );
  await recordAudit(ctx, { entity: 'goods_receipt', entityId: id, action: 'create', before: null, after: { number, ...data } });
  if (data.post) return postGoodsReceipt(ctx, id);
  return getGoodsReceipt(ctx, id);
}

/** Posts a draft receipt: the status flips with a conditional UPDATE (a second post gets 409), then stock goes in. */
export async function postGoodsReceipt(ctx: TenantCtx, id: string): Promise<GoodsReceipt> {
  const row = await findReceipt(ctx, id);
  const [posted] = await ctx.db
    .update(goodsReceipts)
    .set({ status: 'POSTED', postedAt: new Date() })
    .where(and(eq(goodsReceipts.workspaceId, ctx.workspaceId), eq(goodsReceipts.id, id), eq(goodsReceipts.status, 'DRAFT')))
    .returning();
  if (!posted) throw new DomainError('DOCUMENT_ALREADY_POSTED');
  const lines = await ctx.db.select().from(goodsReceiptLines).where(eq(goodsReceiptLines.receiptId, id));
  await applyOperation(
    ctx,
    'RECEIPT',
    {
      referenceKey: `goods-receipt:${id}`,
      referenceType: 'GOODS_RECEIPT',
      referenceId: row.number,
      lines: lines.map((l) => ({ warehouseId: row.warehouseId, catalogId: l.catalogId, quantity: l.quantity })),
    },
    false,
  );
  await recordAudit(ctx, {
    entity: 'goods_receipt',
    entityId: id,
    action: 'update',
    before: { status: 'DRAFT' },
    after: { status: 'POSTED' },
  });
  return getGoodsReceipt(ctx, id);
}

type DocumentHead = typeof goodsReceipts | typeof stockAdjustments;
type DocumentLines = { table: typeof goodsReceiptLines | typeof stockAdjustmentLines; documentId: AnyPgColumn; catalogId: AnyPgColumn };

/**
 * The filters and sort both document lists (goods receipts, adjustments) share: the workspace, the listed
 * warehouses, warehouse, status, a SKU among the lines, and date or number order; `extra` adds a list's own filter.
 */
async function documentListQuery(
  ctx: TenantCtx,
  d: DocumentHead,
  lines: DocumentLines,
  query: { warehouse_id?: string; status?: 'DRAFT' | 'POSTED'; catalog_id?: string; sort: string },
  extra?: SQL,
) {
  await checkListFilters(ctx, query);
  const visible = await listedWarehouses(ctx);
  const where = and(
    eq(d.workspaceId, ctx.workspaceId),
    query.warehouse_id ? eq(d.warehouseId, query.warehouse_id) : undefined,
    visible ? inArray(d.warehouseId, visible) : undefined,
    query.status ? eq(d.status, query.status) : undefined,
    extra,
    query.catalog_id
      ? sql`exists (select 1 from ${lines.table} where ${lines.documentId} = ${d.id} and ${lines.catalogId} = ${query.catalog_id})`
      : undefined,
  );
  const orders: Record<string, SQL[]> = {
    date: [asc(d.date), asc(d.number)],
    '-date': [desc(d.date), desc(d.number)],
    number: [asc(d.number)],
    '-number': [desc(d.number)],
  };
  return { where, order: orders[query.sort] ?? [desc(d.date)] };
}

export async function listGoodsReceipts(
  ctx: TenantCtx,
  query: { page: number; size: number; warehouse_id?: string; status?: 'DRAFT' | 'POSTED'; catalog_id?: string; sort: string },
) {
  const g = goodsReceipts;
  const { where, order } = await documentListQuery(
    ctx,
    g,
    { table: goodsReceiptLines, documentId: goodsReceiptLines.receiptId, catalogId: goodsReceiptLines.catalogId },
    query,
  );
  const rows = await ctx.db
    .select({
      row: g,
      total:
        sql<number>`(select coalesce(sum(${goodsReceiptLines.quantity}), 0) from ${goodsReceiptLines} where ${goodsReceiptLines.receiptId} = ${g.id})`.mapWith(
          Number,
        ),
    })
    .from(g)
    .where(where)
    .orderBy(...order)
    .limit(query.size)
    .offset((query.page - 1) * query.size);
  const [total] = await ctx.db.select({ n: count() }).from(g).where(where);
  const names = await warehouseNames(
    ctx,
    rows.map((r) => r.row.warehouseId),
  );
  return {
    items: rows.map((r) => presentReceiptHead(r.row, names.get(r.row.warehouseId) ?? '', r.total)),
    page: query.page,
    size: query.size,
    total_row: total?.n ?? 0,
  };
}

async function warehouseNames(ctx: TenantCtx, ids: string[]) {
  return ids.length > 0 ? new Map((await listWarehouseOptions(ctx)).map((w) => [w.id, w.name])) : new Map<string, string>();
}

async function findAdjustment(ctx: TenantCtx, id: string) {
  const [row] = await ctx.db
    .select()
    .from(stockAdjustments)
    .where(and(eq(stockAdjustments.workspaceId, ctx.workspaceId), eq(stockAdjustments.id, id)));
  const visible = await visibleWarehouses(ctx);
  if (!row || (visible && !visible.includes(row.warehouseId))) throw new DomainError('ADJUSTMENT_NOT_FOUND');
  return row;
}

const presentAdjustmentHead = (row: typeof stockAdjustments.$inferSelect, warehouseName: string) => ({
  id: row.id,
  number: row.number,
  date: row.date,
  warehouse_id: row.warehouseId,
  warehouse_name: warehouseName,
  type: row.type,
  note: row.note,
  status: row.status,
  created_at: row.createdAt.toISOString(),
  posted_at: row.postedAt?.toISOString() ?? null,
});

/** Items show stock available, change and after change: current stock for a draft, stock at posting once posted. */
export async function getAdjustment(ctx: TenantCtx, id: string): Promise<Adjustment> {
  const row = await findAdjustment(ctx, id);
  const lines = await ctx.db
    .select()
    .from(stockAdjustmentLines)
    .where(eq(stockAdjustmentLines.adjustmentId, id))
    .orderBy(asc(stockAdjustmentLines.position));
  const refs = new Map(
    (
      await catalogRefs(
        ctx,
        lines.map((l) => l.catalogId),
      )
    ).map((r) => [r.id, r]),
  );
  const balances = new Map(
    (
      await repo.balancesOf(
        ctx,
        lines.map((l) => ({ warehouseId: row.warehouseId, catalogId: l.catalogId })),
      )
    ).map((bal) => [bal.catalogId, bal]),
  );
  const availableNow = (catalogId: string) => {
    const bal = balances.get(catalogId);
    return bal ? repo.availableOf(bal) : 0;
  };
  const warehouse = await getWarehouse(ctx, row.warehouseId);
  return {
    ...presentAdjustmentHead(row, warehouse.name),
    items: lines.map((l) => {
      const available = l.availableBefore ?? availableNow(l.catalogId);
      return {
        catalog_id: l.catalogId,
        sku: refs.get(l.catalogId)?.sku ?? '',
        name: refs.get(l.catalogId)?.name ?? '',
        stock_available: available,
        change: l.change,
        after_change: available + l.change,
      };
    }),
  };
}

/**
 * A draft's decreases checked with the rule of posting against the stock of now: the SKU's changes together may not
 * take away stock reserved for orders or set aside for channels (on hand + change ≥ in order + allocated). 400 with
 * STOCK_AFTER_NEGATIVE on each such `items.<i>.change`; posting checks again, against the stock of then.
 */
async function checkAdjustmentItems(ctx: TenantCtx, warehouseId: string, items: readonly { catalog_id: string; change: number }[]) {
  const balances = new Map(
    (
      await repo.balancesOf(
        ctx,
        items.map((l) => ({ warehouseId, catalogId: l.catalog_id })),
      )
    ).map((bal) => [bal.catalogId, bal]),
  );
  const total = (catalogId: string) => items.filter((l) => l.catalog_id === catalogId).reduce((n, l) => n + l.change, 0);
  const fields = items.flatMap((l, i) => {
    const bal = balances.get(l.catalog_id);
    const held = bal ? bal.inOrder + bal.allocated : 0;
    if (l.change >= 0 || (bal?.onHand ?? 0) + total(l.catalog_id) >= held) return [];
    return [{ path: `items.${i}.change`, code: 'STOCK_AFTER_NEGATIVE', message: 'STOCK_AFTER_NEGATIVE' }];
  });
  if (fields.length > 0) throw new DomainError('VALIDATION_FAILED', { fields });
}

async function writeAdjustmentLines(ctx: TenantCtx, id: string, items: { catalog_id: string; change: number }[]) {
  await ctx.db
    .delete(stockAdjustmentLines)
    .where(and(eq(stockAdjustmentLines.workspaceId, ctx.workspaceId), eq(stockAdjustmentLines.adjustmentId, id)));
  await ctx.db
    .insert(stockAdjustmentLines)
    .values(
      items.map((l, position) => ({ workspaceId: ctx.workspaceId, adjustmentId: id, position, catalogId: l.catalog_id, change: l.change })),
    );
}

/** Creates a draft stock adjustment (ADJ-000001…). */
export async function createAdjustment(ctx: TenantCtx, input: AdjustmentInput): Promise<Adjustment> {
  const data = parse(AdjustmentInput, input);
  await warehouseOrFieldError(ctx, data.warehouse_id);
  await checkCatalogs(
    ctx,
    data.items.map((l) => l.catalog_id),
    'items',
  );
  await checkAdjustmentItems(ctx, data.warehouse_id, data.items);
  const id = uuidv7();
  const number = docNumber('ADJ', await repo.nextNumber(ctx, 'ADJ'));
  await ctx.db.insert(stockAdjustments).values({
    id,
    workspaceId: ctx.workspaceId,
    number,
    date: data.date,
    warehouseId: data.warehouse_id,
    type: data.type,
    note: data.note ?? null,
    createdBy: ctx.actor.userId,
  });
  await writeAdjustmentLines(ctx, id, data.items);
  await recordAudit(ctx, { entity: 'stock_adjustment', entityId: id, action: 'create', before: null, after: { number, ...data } });
  return getAdjustment(ctx, id);
}

/** Replaces a draft's header and items; a posted adjustment cannot change (409). */
export async function updateAdjustment(ctx: TenantCtx, id: string, input: AdjustmentInput): Promise<Adjustment> {
  const data = parse(AdjustmentInput, input);
  const before = await findAdjustment(ctx, id);
  await warehouseOrFieldError(ctx, data.warehouse_id);
  await checkCatalogs(
    ctx,
    data.items.map((l) => l.catalog_id),
    'items',
  );
  await checkAdjustmentItems(ctx, data.warehouse_id, data.items);
  const [row] = await ctx.db
    .update(stockAdjustments)
    .set({ date: data.date, warehouseId: data.warehouse_id, type: data.type, note: data.note ?? null })
    .where(and(eq(stockAdjustments.workspaceId, ctx.workspaceId), eq(stockAdjustments.id, id), eq(stockAdjustments.status, 'DRAFT')))
    .returning();
  if (!row) throw new DomainError('DOCUMENT_ALREADY_POSTED');
  await writeAdjustmentLines(ctx, id, data.items);
  await recordAudit(ctx, {
    entity: 'stock_adjustment',
    entityId: id,
    action: 'update',
    before: { date: before.date, warehouse_id: before.warehouseId, type: before.type, note: before.note },
    after: data,
  });
  return getAdjustment(ctx, id);
}

/** Posts a draft: writes the ledger; a decrease below what is reserved fails the whole adjustment (409). */
export async function postAdjustment(ctx: TenantCtx, id: string): Promise<Adjustment> {
  const row = await findAdjustment(ctx, id);
  const [posted] = await ctx.db
    .update(stockAdjustments)
    .set({ status: 'POSTED', postedAt: new Date() })
    .where(and(eq(stockAdjustments.workspaceId, ctx.workspaceId), eq(stockAdjustments.id, id), eq(stockAdjustments.status, 'DRAFT')))
    .returning();
  if (!posted) throw new DomainError('DOCUMENT_ALREADY_POSTED');
  const lines = await ctx.db
    .select()
    .from(stockAdjustmentLines)
    .where(eq(stockAdjustmentLines.adjustmentId, id))
    .orderBy(asc(stockAdjustmentLines.position));
  try {
    await adjustStock(ctx, {
      referenceKey: `stock-adjustment:${id}`,
      referenceType: 'STOCK_ADJUSTMENT',
      referenceId: row.number,
      lines: lines.map((l) => ({ warehouseId: row.warehouseId, catalogId: l.catalogId, quantity: l.change })),
    });
  } catch (error) {
    // The stock moved since the draft was saved: say which items can no longer be posted, on their fields.
    if (!(error instanceof DomainError) || error.code !== 'INSUFFICIENT_STOCK') throw error;
    const failed = new Set(((error.details as { lines?: { catalog_id: string }[] }).lines ?? []).map((l) => l.catalog_id));
    const fields = lines.flatMap((l, i) =>
      failed.has(l.catalogId) && l.change < 0
        ? [{ path: `items.${i}.change`, code: 'INSUFFICIENT_STOCK', message: 'INSUFFICIENT_STOCK' }]
        : [],
    );
    throw new DomainError('INSUFFICIENT_STOCK', { ...error.details, fields });
  }
  // The available stock each line saw, for the posted document's "stock available / after change" columns.
  const balances = new Map(
    (
      await repo.balancesOf(
        ctx,
        lines.map((l) => ({ warehouseId: row.warehouseId, catalogId: l.catalogId })),
      )
    ).map((bal) => [bal.catalogId, bal]),
  );
  for (const l of lines) {
    const bal = balances.get(l.catalogId);
    const total = lines.filter((x) => x.catalogId === l.catalogId).reduce((n, x) => n + x.change, 0);
    const availableAfter = bal ? repo.availableOf(bal) : 0;
    await ctx.db
      .update(stockAdjustmentLines)
      .set({ availableBefore: availableAfter - total })
      .where(and(eq(stockAdjustmentLines.adjustmentId, id), eq(stockAdjustmentLines.position, l.position)));
  }
  await recordAudit(ctx, {
    entity: 'stock_adjustment',
    entityId: id,
    action: 'update',
    before: { status: 'DRAFT' },
    after: { status: 'POSTED' },
  });
  return getAdjustment(ctx, id);
}

export async function listAdjustments(
  ctx: TenantCtx,
  query: {
    page: number;
    size: number;
    warehouse_id?: string;
    status?: 'DRAFT' | 'POSTED';
    type?: (typeof stockAdjustments.$inferSelect)['type'];
    catalog_id?: string;
    sort: string;
  },
) {
  const a = stockAdjustments;
  const { where, order } = await documentListQuery(
    ctx,
    a,
    { table: stockAdjustmentLines, documentId: stockAdjustmentLines.adjustmentId, catalogId: stockAdjustmentLines.catalogId },
    query,
    query.type ? eq(a.type, query.type) : undefined,
  );
  const rows = await ctx.db
    .select()
    .from(a)
    .where(where)
    .orderBy(...order)
    .limit(query.size)
    .offset((query.page - 1) * query.size);
  const [total] = await ctx.db.select({ n: count() }).from(a).where(where);
  const names = await warehouseNames(
    ctx,
    rows.map((r) => r.warehouseId),
  );
  return {
    items: rows.map((r) => presentAdjustmentHead(r, names.get(r.warehouseId) ?? '')),
    page: query.page,
    size: query.size,
    total_row: total?.n ?? 0,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Allocation per channel

export async function getAllocation(ctx: TenantCtx, query: { warehouse_id: string; catalog_id?: string }): Promise<AllocationView> {
  await getWarehouse(ctx, query.warehouse_id);
  let available: number | null = null;
  let safety: number | null = null;
  let setAsides = new Map<string, number>();
  if (query.catalog_id) {
    const [ref] = await catalogRefs(ctx, [query.catalog_id]);
    if (!ref) throw new DomainError('CATALOG_NOT_FOUND');
    const [bal] = await repo.balancesOf(ctx, [{ warehouseId: query.warehouse_id, catalogId: query.catalog_id }]);
    available = bal ? repo.availableOf(bal) : 0;
    safety = bal?.safetyStock ?? 0;
    setAsides = new Map((await repo.setAsidesOf(ctx, query.warehouse_id, query.catalog_id)).map((r) => [r.channelId, r.quantity]));
  }
  const rules = await ctx.db
    .select()
    .from(channelAllocations)
    .where(and(eq(channelAllocations.workspaceId, ctx.workspaceId), eq(channelAllocations.warehouseId, query.warehouse_id)))
    .orderBy(asc(channelAllocations.channelId));
  const channels = (await listChannels(ctx)).items;
  const channelName = new Map(channels.map((c) => [c.id, c.name]));
  return {
    warehouse_id: query.warehouse_id,
    catalog_id: query.catalog_id ?? null,
    available,
    safety_stock: safety,
    rules: rules.map((r) => {
      const share =
        available === null
          ? null
          : allocateToChannel(available, { mode: r.mode, value: r.value, buffer: r.buffer }, setAsides.get(r.channelId) ?? 0);
      return {
        channel_id: r.channelId,
        channel_name: channelName.get(r.channelId) ?? '',
        mode: r.mode,
        value: r.value,
        buffer: r.buffer,
        quantity: share?.quantity ?? null,
        explanation: share ? share.explanation[ctx.locale === 'en' ? 'en' : 'id'] : null,
      };
    }),
    set_asides: query.catalog_id
      ? channels.map((c) => ({ channel_id: c.id, channel_name: c.name, quantity: setAsides.get(c.id) ?? 0 }))
      : [],
  };
}

/**
 * Sets the stock of a SKU in a warehouse set aside for a channel (an ALLOCATION row of the ledger records the
 * change). Setting more aside takes it from available stock: 409 INSUFFICIENT_STOCK on `quantity` otherwise.
 */
export async function saveSetAside(ctx: TenantCtx, input: SetAsideInput): Promise<AllocationView> {
  const data = parse(SetAsideInput, input);
  await warehouseOrFieldError(ctx, data.warehouse_id);
  await checkCatalogs(ctx, [data.catalog_id], 'catalog_id');
  await channelOrFieldError(ctx, data.channel_id);
  const ref = { type: 'ALLOCATION', id: null, key: `allocation:${uuidv7()}` };
  const line = { warehouseId: data.warehouse_id, catalogId: data.catalog_id };
  const delta = await repo.setAside(ctx, line, data.channel_id, data.quantity, ref);
  if (delta === null) throw fieldError('INSUFFICIENT_STOCK', 'quantity', 'INSUFFICIENT_STOCK');
  if (delta !== 0)
    await recordAudit(ctx, {
      entity: 'stock_set_aside',
      entityId: `${data.warehouse_id}:${data.catalog_id}:${data.channel_id}`,
      action: 'update',
      before: { quantity: data.quantity - delta },
      after: { quantity: data.quantity },
    });
  return getAllocation(ctx, { warehouse_id: data.warehouse_id, catalog_id: data.catalog_id });
}

/** Replaces the warehouse's channel rules (and a SKU's safety stock), then answers with the resulting shares. */
export async function saveAllocation(ctx: TenantCtx, input: AllocationInput): Promise<AllocationView> {
  const data = parse(AllocationInput, input);
  await warehouseOrFieldError(ctx, data.warehouse_id);
  for (const [i, rule] of data.rules.entries()) await channelOrFieldError(ctx, rule.channel_id, `rules.${i}.channel_id`);
  if (data.safety_stock !== undefined) {
    if (!data.catalog_id)
      throw new DomainError('VALIDATION_FAILED', { fields: [{ path: 'catalog_id', code: 'REQUIRED', message: 'REQUIRED' }] });
    await checkCatalogs(ctx, [data.catalog_id], 'catalog_id');
    await repo.setSafetyStock(ctx, data.warehouse_id, data.catalog_id, data.safety_stock);
  }
  await ctx.db
    .delete(channelAllocations)
    .where(and(eq(channelAllocations.workspaceId, ctx.workspaceId), eq(channelAllocations.warehouseId, data.warehouse_id)));
  if (data.rules.length > 0)
    await ctx.db.insert(channelAllocations).values(
      data.rules.map((r) => ({
        workspaceId: ctx.workspaceId,
        warehouseId: data.warehouse_id,
        channelId: r.channel_id,
        mode: r.mode,
        value: r.value,
        buffer: r.buffer,
      })),
    );
  await recordAudit(ctx, { entity: 'stock_allocation', entityId: data.warehouse_id, action: 'update', before: null, after: data });
  return getAllocation(ctx, { warehouse_id: data.warehouse_id, catalog_id: data.catalog_id });
}

// ---------------------------------------------------------------------------------------------------------------
// Warehouse stock sync (spec part 4): one run per warehouse, ONPROGRESS until its job ends

const presentRun = (r: typeof stockSyncRuns.$inferSelect) => ({
  warehouse_id: r.warehouseId,
  run_id: r.id,
  status: r.status,
  sku_count: r.skuCount,
  error: r.error,
  started_at: r.startedAt.toISOString(),
  finished_at: r.finishedAt?.toISOString() ?? null,
});

function summarise(items: ReturnType<typeof presentRun>[]): StockSyncStatus {
  const inProgress = items.some((i) => i.status === 'ONPROGRESS');
  return {
    in_progress: inProgress,
    success: inProgress ? [] : items.filter((i) => i.status === 'SUCCESS').map((i) => i.warehouse_id),
    error: inProgress ? [] : items.filter((i) => i.status !== 'SUCCESS').map((i) => i.warehouse_id),
    items,
  };
}

/** Starts a sync per warehouse; a warehouse already in progress keeps its run. */
export async function startStockSync(ctx: TenantCtx, input: z.input<typeof StockSyncInput>): Promise<StockSyncStatus> {
  const data = parse(StockSyncInput, input);
  const ids = [...new Set(data.warehouse_ids)];
  for (const [i, id] of ids.entries()) await warehouseOrFieldError(ctx, id, `warehouse_ids.${i}`);
  const current = await latestRuns(ctx, ids);
  for (const id of ids) {
    if (current.find((r) => r.warehouseId === id && r.status === 'ONPROGRESS')) continue;
    const runId = uuidv7();
    await ctx.db.insert(stockSyncRuns).values({ id: runId, workspaceId: ctx.workspaceId, warehouseId: id, requestedBy: ctx.actor.userId });
    const job: StockSyncJob = { workspaceId: ctx.workspaceId, runId };
    ctx.afterCommit(async () => {
      await ctx.platform.jobs.send(QUEUES.sync, job, { singletonKey: runId });
    });
  }
  return stockSyncStatus(ctx, { warehouse_ids: ids.join(',') });
}

async function latestRuns(ctx: TenantCtx, warehouseIds: string[] | null) {
  return ctx.db
    .selectDistinctOn([stockSyncRuns.warehouseId])
    .from(stockSyncRuns)
    .where(
      and(
        eq(stockSyncRuns.workspaceId, ctx.workspaceId),
        warehouseIds
          ? inArray(stockSyncRuns.warehouseId, warehouseIds.length > 0 ? warehouseIds : ['00000000-0000-0000-0000-000000000000'])
          : undefined,
      ),
    )
    .orderBy(stockSyncRuns.warehouseId, desc(stockSyncRuns.startedAt), desc(stockSyncRuns.id));
}

/** The latest run of each asked warehouse (all warehouses without a list): what the screen polls each second. */
export async function stockSyncStatus(ctx: TenantCtx, query: { warehouse_ids?: string }): Promise<StockSyncStatus> {
  const ids = query.warehouse_ids
    ? query.warehouse_ids
        .split(',')
        .map((s) => s.trim())
        .filter((s) => /^[0-9a-f-]{36}$/iu.test(s))
    : null;
  const visible = await visibleWarehouses(ctx);
  const rows = (await latestRuns(ctx, ids)).filter((r) => !visible || visible.includes(r.warehouseId));
  return summarise(rows.map(presentRun));
}

/**
 * The sync job: computes each connected channel's share of every SKU in the warehouse (the push itself is the
 * channel module's job) and ends the run SUCCESS, or FAILED with the reason.
 */
export async function runStockSync(platform: Platform, job: StockSyncJob): Promise<void> {
  const { workspaceId, runId } = job;
  const inWs = <T>(fn: (ctx: TenantCtx, run: typeof stockSyncRuns.$inferSelect) => Promise<T>) =>
    inTenant(platform.database.db, workspaceId, async (tx) => {
      const [run] = await tx
        .select()
        .from(stockSyncRuns)
        .where(and(eq(stockSyncRuns.workspaceId, workspaceId), eq(stockSyncRuns.id, runId)));
      if (!run) return null;
      return fn(tenantCtxFor(systemCtx(platform, tx, `stock-sync:${runId}`), workspaceId, run.requestedBy), run);
    });
  try {
    await inWs(async (ctx, run) => {
      if (run.status !== 'ONPROGRESS') return;
      const [skus] = await ctx.db
        .select({ n: count() })
        .from(stockBalances)
        .where(and(eq(stockBalances.workspaceId, workspaceId), eq(stockBalances.warehouseId, run.warehouseId)));
      // Pushing each channel's quantity (getAllocation: share + set-aside) to the marketplaces is the channel issue's.
      await ctx.db
        .update(stockSyncRuns)
        .set({ status: 'SUCCESS', skuCount: skus?.n ?? 0, finishedAt: new Date() })
        .where(eq(stockSyncRuns.id, runId));
    });
  } catch (error) {
    await inWs(async (ctx) => {
      await ctx.db
        .update(stockSyncRuns)
        .set({ status: 'FAILED', error: (error instanceof Error ? error.message : String(error)).slice(0, 500), finishedAt: new Date() })
        .where(eq(stockSyncRuns.id, runId));
    });
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Inventory export (XLSX, streamed, recorded in the export history)

export async function startInventoryExport(ctx: TenantCtx, input: z.input<typeof InventoryExportInput>) {
  const filters = parse(InventoryExportInput, input);
  if (filters.warehouse_id) await warehouseOrFieldError(ctx, filters.warehouse_id);
  const id = uuidv7();
  const stamp = ctx.platform.now().toISOString().slice(0, 19).replace(/[-:T]/gu, '');
  await recordExport(ctx, {
    id,
    type: 'INVENTORY',
    fileName: `inventori-${stamp}.xlsx`,
    filters: { ...filters, warehouse_ids: await visibleWarehouses(ctx) },
  });
  const job: InventoryExportJob = { workspaceId: ctx.workspaceId, exportId: id };
  ctx.afterCommit(async () => {
    await ctx.platform.jobs.send(QUEUES.export, job, { singletonKey: id });
  });
  return getExport(ctx, id, 'INVENTORY');
}

export const getInventoryExport = (ctx: TenantCtx, id: string) => getExport(ctx, id, 'INVENTORY');
/** The file of a finished inventory export: whoever may export the inventory may download it (not only export history). */
export const inventoryExportFile = (ctx: TenantCtx, id: string) => exportFile(ctx, id, 'INVENTORY');

const EXPORT_PAGE = 500;

/** The export job: pages through balances (each page its own short transaction) into a streamed XLSX. */
export async function runInventoryExport(platform: Platform, job: InventoryExportJob): Promise<void> {
  const { workspaceId, exportId } = job;
  const record = await findExportRecord(platform, workspaceId, exportId);
  if (!record || record.status === 'DONE') return;
  const attempt = record.attempts + 1;
  await updateExportRecord(platform, workspaceId, exportId, { status: 'PROCESSING', attempts: attempt });
  const fileKey = `workspaces/${workspaceId}/exports/${exportId}.xlsx`;
  const filters = record.filters as {
    warehouse_id?: string;
    status?: 'IN_STOCK' | 'OUT_OF_STOCK' | 'MINUS_STOCK';
    warehouse_ids?: string[] | null;
  };
  try {
    const stream = new PassThrough();
    const saving = platform.files.put(fileKey, stream);
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
    let rowCount = 0;
    try {
      const sheet = workbook.addWorksheet('Inventori');
      sheet.columns = [
        'sku',
        'name',
        'warehouse',
        'on_hand',
        'in_order',
        'allocated',
        'safety_stock',
        'allocatable',
        'available',
        'unit',
        'stock_state',
      ].map((key) => ({ header: key, key, width: key === 'name' ? 40 : 16 }));
      sheet.getRow(1).font = { bold: true };
      for (let page = 1; ; page += 1) {
        const rows = await inTenant(platform.database.db, workspaceId, (tx) =>
          repo.listBalances(tenantCtxFor(systemCtx(platform, tx, `export:${exportId}`), workspaceId, record.requestedBy), {
            warehouseId: filters.warehouse_id,
            warehouseIds: filters.warehouse_ids ?? null,
            state: filters.status,
            page,
            size: EXPORT_PAGE,
            sort: 'on_hand',
          }),
        );
        const ctx = (tx: Parameters<typeof systemCtx>[1]) =>
          tenantCtxFor(systemCtx(platform, tx, `export:${exportId}`), workspaceId, record.requestedBy);
        const items = await inTenant(platform.database.db, workspaceId, (tx) => presentBalances(ctx(tx), rows.rows));
        for (const item of items) {
          sheet.addRow({ ...item, warehouse: item.warehouse_name }).commit();
          rowCount += 1;
        }
        if (rows.rows.length < EXPORT_PAGE) break;
      }
      sheet.commit();
      await workbook.commit();
    } catch (error) {
      stream.destroy(error as Error);
      throw error;
    }
    await saving;
    await updateExportRecord(platform, workspaceId, exportId, { status: 'DONE', fileKey, rowCount, error: null, finishedAt: new Date() });
  } catch (error) {
    const last = attempt >= EXPORT_MAX_ATTEMPTS;
    await updateExportRecord(platform, workspaceId, exportId, {
      status: last ? 'FAILED' : 'RETRY',
      error: (error instanceof Error ? error.message : String(error)).slice(0, 500),
      finishedAt: last ? new Date() : null,
    });
    await platform.files.remove(fileKey).catch(() => {});
    if (!last) throw error;
  }
}
