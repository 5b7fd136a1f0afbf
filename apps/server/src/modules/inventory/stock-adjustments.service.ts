import { AdjustmentInput, type Adjustment } from '@kelola/contracts';
import type { TenantCtx } from '../../http/context.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import { uuidv7 } from '../../platform/db/ids.ts';
import { DomainError } from '../../platform/errors.ts';
import { catalogRefs } from '../catalog/index.ts';
import { getWarehouse } from '../warehouses/index.ts';
import {
  checkCatalogs,
  checkListFilters,
  listedWarehouses,
  parse,
  visibleWarehouses,
  warehouseNames,
  warehouseOrFieldError,
} from './inventory-checks.ts';
import * as repo from './stock-adjustments.repository.ts';
import { availableOf, balancesOf } from './stock-balances.repository.ts';
import { docNumber, nextNumber } from './stock-documents.repository.ts';
import { adjustStock, noteStockArrived } from './stock-ledger.service.ts';

async function findAdjustment(ctx: TenantCtx, id: string) {
  const row = await repo.findAdjustment(ctx, id);
  const visible = await visibleWarehouses(ctx);
  if (!row || (visible && !visible.includes(row.warehouseId))) throw new DomainError('ADJUSTMENT_NOT_FOUND');
  return row;
}

const presentAdjustmentHead = (row: repo.AdjustmentRow, warehouseName: string) => ({
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
  const lines = await repo.adjustmentLines(ctx, id);
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
      await balancesOf(
        ctx,
        lines.map((l) => ({ warehouseId: row.warehouseId, catalogId: l.catalogId })),
      )
    ).map((bal) => [bal.catalogId, bal]),
  );
  const availableNow = (catalogId: string) => {
    const bal = balances.get(catalogId);
    return bal ? availableOf(bal) : 0;
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
      await balancesOf(
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
  const number = docNumber('ADJ', await nextNumber(ctx, 'ADJ'));
  await repo.insertAdjustment(ctx, {
    id,
    number,
    date: data.date,
    warehouseId: data.warehouse_id,
    type: data.type,
    note: data.note ?? null,
    createdBy: ctx.actor.userId,
  });
  await repo.writeAdjustmentLines(ctx, id, data.items);
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
  const row = await repo.updateDraftAdjustment(ctx, id, {
    date: data.date,
    warehouseId: data.warehouse_id,
    type: data.type,
    note: data.note ?? null,
  });
  if (!row) throw new DomainError('DOCUMENT_ALREADY_POSTED');
  await repo.writeAdjustmentLines(ctx, id, data.items);
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
  const posted = await repo.markAdjustmentPosted(ctx, id);
  if (!posted) throw new DomainError('DOCUMENT_ALREADY_POSTED');
  const lines = await repo.adjustmentLines(ctx, id);
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
  if (lines.some((l) => l.change > 0)) await noteStockArrived(ctx, [row.warehouseId]);
  // The available stock each line saw, for the posted document's "stock available / after change" columns.
  const balances = new Map(
    (
      await balancesOf(
        ctx,
        lines.map((l) => ({ warehouseId: row.warehouseId, catalogId: l.catalogId })),
      )
    ).map((bal) => [bal.catalogId, bal]),
  );
  for (const l of lines) {
    const bal = balances.get(l.catalogId);
    const total = lines.filter((x) => x.catalogId === l.catalogId).reduce((n, x) => n + x.change, 0);
    const availableAfter = bal ? availableOf(bal) : 0;
    await repo.setAvailableBefore(ctx, id, l.position, availableAfter - total);
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
    type?: repo.AdjustmentType;
    catalog_id?: string;
    sort: string;
  },
) {
  await checkListFilters(ctx, query);
  const { rows, total } = await repo.listAdjustments(ctx, query, await listedWarehouses(ctx));
  const names = await warehouseNames(
    ctx,
    rows.map((r) => r.warehouseId),
  );
  return {
    items: rows.map((r) => presentAdjustmentHead(r, names.get(r.warehouseId) ?? '')),
    page: query.page,
    size: query.size,
    total_row: total,
  };
}
