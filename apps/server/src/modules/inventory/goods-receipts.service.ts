import { GoodsReceiptInput, type GoodsReceipt } from '@kelola/contracts';
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
import * as repo from './goods-receipts.repository.ts';
import { docNumber, nextNumber } from './stock-documents.repository.ts';
import { applyOperation, noteStockArrived } from './stock-ledger.service.ts';

async function findReceipt(ctx: TenantCtx, id: string) {
  const row = await repo.findReceipt(ctx, id);
  const visible = await visibleWarehouses(ctx);
  if (!row || (visible && !visible.includes(row.warehouseId))) throw new DomainError('GOODS_RECEIPT_NOT_FOUND');
  return row;
}

export async function getGoodsReceipt(ctx: TenantCtx, id: string): Promise<GoodsReceipt> {
  const row = await findReceipt(ctx, id);
  const lines = await repo.receiptLines(ctx, id);
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

const presentReceiptHead = (row: repo.GoodsReceiptRow, warehouseName: string, totalQuantity: number) => ({
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
  const number = docNumber('GR', await nextNumber(ctx, 'GR'));
  await repo.insertReceipt(
    ctx,
    {
      id,
      number,
      date: data.date,
      warehouseId: data.warehouse_id,
      supplierReference: data.supplier_reference ?? null,
      note: data.note ?? null,
      createdBy: ctx.actor.userId,
    },
    data.lines.map((l) => ({ catalogId: l.catalog_id, quantity: l.quantity })),
  );
  await recordAudit(ctx, { entity: 'goods_receipt', entityId: id, action: 'create', before: null, after: { number, ...data } });
  if (data.post) return postGoodsReceipt(ctx, id);
  return getGoodsReceipt(ctx, id);
}

/** Posts a draft receipt: the status flips with a conditional UPDATE (a second post gets 409), then stock goes in. */
export async function postGoodsReceipt(ctx: TenantCtx, id: string): Promise<GoodsReceipt> {
  const row = await findReceipt(ctx, id);
  const posted = await repo.markReceiptPosted(ctx, id);
  if (!posted) throw new DomainError('DOCUMENT_ALREADY_POSTED');
  const lines = await repo.receiptLinesToPost(ctx, id);
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
  await noteStockArrived(ctx, [row.warehouseId]);
  await recordAudit(ctx, {
    entity: 'goods_receipt',
    entityId: id,
    action: 'update',
    before: { status: 'DRAFT' },
    after: { status: 'POSTED' },
  });
  return getGoodsReceipt(ctx, id);
}

export async function listGoodsReceipts(
  ctx: TenantCtx,
  query: { page: number; size: number; warehouse_id?: string; status?: 'DRAFT' | 'POSTED'; catalog_id?: string; sort: string },
) {
  await checkListFilters(ctx, query);
  const { rows, total } = await repo.listReceipts(ctx, query, await listedWarehouses(ctx));
  const names = await warehouseNames(
    ctx,
    rows.map((r) => r.row.warehouseId),
  );
  return {
    items: rows.map((r) => presentReceiptHead(r.row, names.get(r.row.warehouseId) ?? '', r.total)),
    page: query.page,
    size: query.size,
    total_row: total,
  };
}
