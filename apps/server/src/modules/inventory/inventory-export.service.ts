import { InventoryExportInput } from '@kelola/contracts';

import { PassThrough } from 'node:stream';
import type { z } from 'zod';
import type { TenantCtx } from '../../http/context.ts';
import { inTenant } from '../../platform/db/database.ts';
import { uuidv7 } from '../../platform/db/ids.ts';
import type { Platform } from '../../platform/platform.ts';
import { systemCtx, tenantCtxFor } from '../../platform/system-ctx.ts';
import {
  exportFile,
  findExportRecord,
  getExport,
  recordExport,
  registerExportQueue,
  updateExportRecord,
} from '../../platform/exports/exports.ts';
import { listedWarehouses, parse, warehouseOrFieldError } from './inventory-checks.ts';
import { presentBalances } from './inventory-queries.service.ts';
import { listBalances } from './stock-balances.repository.ts';

// Inventory export (XLSX, streamed, recorded in the export history)

export const INVENTORY_EXPORT_QUEUE = 'inventory.export';
// A failed inventory export is retried from the export history.
registerExportQueue('INVENTORY', INVENTORY_EXPORT_QUEUE);
export type InventoryExportJob = { workspaceId: string; exportId: string };
const EXPORT_MAX_ATTEMPTS = 3;

/** Starts an XLSX export of the inventory list (the member's visible warehouses); a job writes the file. */
export async function startInventoryExport(ctx: TenantCtx, input: z.input<typeof InventoryExportInput>) {
  const filters = parse(InventoryExportInput, input);
  if (filters.warehouse_id) await warehouseOrFieldError(ctx, filters.warehouse_id);
  const id = uuidv7();
  const stamp = ctx.platform.now().toISOString().slice(0, 19).replace(/[-:T]/gu, '');
  await recordExport(ctx, {
    id,
    type: 'INVENTORY',
    fileName: `inventori-${stamp}.xlsx`,
    // The rows of the list the user sees: the visible warehouses, narrowed to the top bar's business.
    filters: { ...filters, warehouse_ids: await listedWarehouses(ctx) },
  });
  const job: InventoryExportJob = { workspaceId: ctx.workspaceId, exportId: id };
  ctx.afterCommit(async () => {
    await ctx.platform.jobs.send(INVENTORY_EXPORT_QUEUE, job, { singletonKey: id });
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
    // ExcelJS loads with the first export, not with the server (ADR 0044).
    const { default: ExcelJS } = await import('exceljs');
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
          listBalances(tenantCtxFor(systemCtx(platform, tx, `export:${exportId}`), workspaceId, record.requestedBy), {
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
