import { StockTransferInput, type StockTransfer } from '@kelola/contracts';
import type { TenantCtx } from '../../http/context.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import { DomainError } from '../../platform/errors.ts';
import { checkCatalogs, parse, warehouseOrFieldError } from './inventory-checks.ts';
import { docNumber, nextNumber } from './stock-documents.repository.ts';
import { applyLines, claimOperation } from './stock-ledger.repository.ts';
import { noteStockArrived } from './stock-ledger.service.ts';

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
  const number = docNumber('TRF', await nextNumber(ctx, 'TRANSFER'));
  const ref = { type: 'TRANSFER', id: number, key: `transfer:${number}` };
  await claimOperation(ctx, 'TRANSFER', ref);
  const { applied, failed } = await applyLines(
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
  await noteStockArrived(ctx, [to.id]);
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
