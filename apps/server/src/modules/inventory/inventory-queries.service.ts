import type { StockBalance } from '@kelola/contracts';
import { stockState } from '@kelola/domain';
import type { TenantCtx } from '../../http/context.ts';
import { DomainError } from '../../platform/errors.ts';
import { catalogRefs } from '../catalog/index.ts';
import { listChannels } from '../channels/index.ts';
import { listUsersByIds } from '../identity/index.ts';
import { listWarehouseOptions } from '../warehouses/index.ts';
import { checkListFilters, listedWarehouses, visibleWarehouses } from './inventory-checks.ts';
import { listBalances } from './stock-balances.repository.ts';
import type { MovementType } from './stock-ledger.repository.ts';
import { findMovement, listMovements as movementRows, type MovementRow } from './stock-movements.repository.ts';

// ---------------------------------------------------------------------------------------------------------------
// Inventory list v2 and detail

type BalanceRow = Awaited<ReturnType<typeof listBalances>>['rows'][number];
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

export async function presentBalances(ctx: TenantCtx, rows: BalanceRow[]) {
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
  const { rows, counts } = await listBalances(ctx, {
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
    (await listBalances(ctx, { catalogId, warehouseIds: await listedWarehouses(ctx), page: 1, size: 500, sort: 'on_hand' })).rows,
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

const presentMovement = (names: Names) => (m: MovementRow) => ({
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
    type?: MovementType;
    reference_id?: string;
    sort: 'at' | '-at';
  },
) {
  await checkListFilters(ctx, query);
  const { rows, total } = await movementRows(ctx, {
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
async function movementNames(ctx: TenantCtx, rows: readonly MovementRow[]): Promise<Names> {
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
  const row = await findMovement(ctx, id);
  const visible = await visibleWarehouses(ctx);
  if (!row || (visible && !visible.includes(row.warehouseId))) throw new DomainError('STOCK_MOVEMENT_NOT_FOUND');
  return presentMovement(await movementNames(ctx, [row]))(row);
}
