import {
  ImportUploadInput,
  IMPORT_PREVIEW_ITEMS,
  ProductExportInput,
  type ExportRecord,
  type ImportOutcome,
  type ImportPreview,
  type ImportPreviewItem,
  type Product,
  type ProductImport,
  type ProductInput,
} from '@kelola/contracts';
import { slugify } from '@kelola/domain';
import type ExcelJS from 'exceljs';
import { and, asc, desc, eq, gt, inArray, type SQL } from 'drizzle-orm';
import { PassThrough, type Readable } from 'node:stream';
import type { z } from 'zod';
import type { TenantCtx } from '../../http/context.ts';
import { inTenant } from '../../platform/db/database.ts';
import { heapBudget } from '../../platform/jobs/heap-budget.ts';
import { uuidv7 } from '../../platform/db/ids.ts';
import { DomainError } from '../../platform/errors.ts';
import { findExportRecord, recordExport, registerExportQueue, updateExportRecord, XLSX_TYPE } from '../../platform/exports/exports.ts';
import type { FileStorage } from '../../platform/files/file-storage.ts';
import { translate } from '../../platform/i18n/translate.ts';
import type { Platform } from '../../platform/platform.ts';
import { systemCtx, tenantCtxFor } from '../../platform/system-ctx.ts';
import { brandIdByName } from './brands.service.ts';
import { categoryPaths } from './categories.service.ts';
import { parseInput, zodFields } from './catalog.common.ts';
import { brands, catalogs, productImports, products } from './catalog.schema.ts';
import {
  cellText,
  EXAMPLE_MARK,
  isExampleRow,
  SHEET_COLUMNS,
  SheetRowSchema,
  type ParsedSheetRow,
  type SheetKey,
  type SheetRow,
} from './product-sheet.ts';
import { detached, workbookReader } from './xlsx-reader.ts';
import { createNewProducts, createProduct, getProduct, listFilters, updateProduct } from './products.service.ts';
import * as repo from './products.repository.ts';

export const QUEUES = { import: 'catalog.product-import', export: 'catalog.product-export' } as const;
// A failed product export is retried from the export history.
registerExportQueue('PRODUCT', QUEUES.export);
export type ImportJob = { workspaceId: string; importId: string };
export type ExportJob = { workspaceId: string; exportId: string };

/**
 * Progress is written every this many rows (one small UPDATE in a transaction of its own), so a screen polling it sees
 * it move, but at most every PROGRESS_MIN_MS: batched new products pass 50 rows in milliseconds, and a commit per 50
 * rows would then cost more than the rows (ADR 0043).
 */
const PROGRESS_EVERY = 50;
const PROGRESS_MIN_MS = 500;
/** Rows checked and imported together: new products of consecutive groups go in one transaction (ADR 0043). */
const BATCH_ROWS = 500;
const EXPORT_PAGE = 500;
export const EXPORT_MAX_ATTEMPTS = 3;

type Workbook = InstanceType<typeof ExcelJS.stream.xlsx.WorkbookWriter>;
/** ExcelJS (about 18 MB of a process's memory) loads with the first import or export, not with the server (ADR 0044). */
const excel = async () => (await import('exceljs')).default;

/** Writes an XLSX into file storage as it is produced (nothing is held in memory beyond the current rows). */
async function writeXlsx(files: FileStorage, key: string, build: (workbook: Workbook) => Promise<void>): Promise<void> {
  const stream = new PassThrough();
  const saving = files.put(key, stream);
  const workbook = new (await excel()).stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  try {
    await build(workbook);
    await workbook.commit();
  } catch (error) {
    stream.destroy(error as Error);
    throw error;
  }
  await saving;
}

function addProductSheet(workbook: Workbook) {
  const sheet = workbook.addWorksheet('Produk');
  sheet.columns = SHEET_COLUMNS.map((c) => ({ header: c.header, key: c.key, width: c.width }));
  sheet.getRow(1).font = { bold: true };
  return sheet;
}

/** The import template, streamed: the product sheet with examples of each type, and a sheet explaining each column. */
export function templateStream(): { stream: Readable; fileName: string; contentType: string } {
  const stream = new PassThrough();
  void (async () => {
    const workbook = new (await excel()).stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
    const sheet = addProductSheet(workbook);
    const examples: SheetRow[] = [
      {
        example: EXAMPLE_MARK,
        product_key: 'kopi-gayo-250',
        product_type: 'SINGLE',
        name: 'Kopi Gayo 250 g',
        sku: 'KOPI-GAYO-250',
        price: '85000',
        cost_price: '52000',
        status: 'ACTIVE',
        weight_g: '250',
        vat_mode: 'EXCLUDE',
      },
      {
        example: EXAMPLE_MARK,
        product_key: 'kaos-polos',
        product_type: 'VARIANT',
        name: 'Kaos Polos',
        sku: 'KAOS-HITAM-M',
        price: '59000',
        status: 'ACTIVE',
        variant_1_name: 'Warna',
        variant_1_option: 'Hitam',
        variant_2_name: 'Ukuran',
        variant_2_option: 'M',
      },
      {
        example: EXAMPLE_MARK,
        product_key: 'kaos-polos',
        product_type: 'VARIANT',
        name: 'Kaos Polos',
        sku: 'KAOS-HITAM-L',
        price: '62000',
        status: 'ACTIVE',
        variant_1_name: 'Warna',
        variant_1_option: 'Hitam',
        variant_2_name: 'Ukuran',
        variant_2_option: 'L',
      },
      {
        example: EXAMPLE_MARK,
        product_key: 'paket-kopi',
        product_type: 'BUNDLING',
        name: 'Paket Kopi',
        sku: 'PAKET-KOPI',
        price: '160000',
        status: 'DRAFT',
        bundle_components: 'KOPI-GAYO-250:2',
      },
    ];
    // Marked as examples: importing the template unchanged adds and changes nothing (ADR 0016).
    for (const example of examples) sheet.addRow(example).commit();
    sheet.commit();
    const help = workbook.addWorksheet('Petunjuk');
    help.columns = [
      { header: 'column', key: 'column', width: 22 },
      { header: 'meaning', key: 'meaning', width: 90 },
    ];
    for (const c of SHEET_COLUMNS) help.addRow({ column: c.header, meaning: c.note }).commit();
    help.commit();
    await workbook.commit();
  })().catch((error: unknown) => stream.destroy(error as Error));
  return { stream, fileName: 'template-produk.xlsx', contentType: XLSX_TYPE };
}

// ---------------------------------------------------------------------------------------------------------------
// Import

const presentImport = (row: typeof productImports.$inferSelect): ProductImport => ({
  id: row.id,
  status: row.status,
  preview: row.preview?.summary ?? null,
  file_name: row.fileName,
  total_rows: row.totalRows,
  processed_rows: row.processedRows,
  succeeded_rows: row.succeededRows,
  failed_rows: row.failedRows,
  progress: row.status === 'DONE' ? 100 : row.totalRows === 0 ? 0 : Math.min(99, Math.floor((row.processedRows / row.totalRows) * 100)),
  has_result_file: row.resultFileKey !== null,
  attempt: row.attempts,
  resuming: row.status === 'RUNNING' && row.attempts > 1,
  error: row.error,
  created_at: row.createdAt.toISOString(),
  finished_at: row.finishedAt?.toISOString() ?? null,
});

/**
 * Stores an uploaded XLSX and queues its preview: the job works out what each product would become and changes
 * nothing; confirmImport then queues the import itself (ADR 0016).
 */
export async function startImport(ctx: TenantCtx, input: z.input<typeof ImportUploadInput>): Promise<ProductImport> {
  const data = parseInput(ImportUploadInput, input);
  const bytes = Buffer.from(data.content_base64.replace(/^data:[^,]*,/u, ''), 'base64');
  // An XLSX is a ZIP archive: "PK\x03\x04".
  if (bytes.length < 4 || bytes.readUInt32LE(0) !== 0x04034b50) throw new DomainError('IMPORT_FILE_INVALID');
  const id = uuidv7();
  const fileKey = `workspaces/${ctx.workspaceId}/imports/${id}.xlsx`;
  await ctx.platform.files.put(fileKey, bytes);
  ctx.afterRollback(async () => ctx.platform.files.remove(fileKey));
  const [row] = await ctx.db
    .insert(productImports)
    .values({
      id,
      workspaceId: ctx.workspaceId,
      status: 'PREVIEWING',
      fileKey,
      fileName: data.file_name,
      requestedBy: ctx.actor.userId,
      locale: ctx.locale,
    })
    .returning();
  const job: ImportJob = { workspaceId: ctx.workspaceId, importId: id };
  ctx.afterCommit(async () => {
    await ctx.platform.jobs.send(QUEUES.import, job, { singletonKey: id });
  });
  return presentImport(row!);
}

async function findImport(ctx: TenantCtx, id: string) {
  const [row] = await ctx.db
    .select()
    .from(productImports)
    .where(and(eq(productImports.workspaceId, ctx.workspaceId), eq(productImports.id, id)));
  if (!row) throw new DomainError('IMPORT_NOT_FOUND');
  return row;
}

export async function getImport(ctx: TenantCtx, id: string): Promise<ProductImport> {
  return presentImport(await findImport(ctx, id));
}

/** What a previewed import would do, per product. */
export async function getImportPreview(ctx: TenantCtx, id: string): Promise<ImportPreview> {
  const row = await findImport(ctx, id);
  if (!row.preview) throw new DomainError('FILE_NOT_READY');
  return row.preview;
}

/**
 * The user's go-ahead after the preview: PREVIEW → QUEUED in one conditional update, then the job imports. Confirming
 * again (a double click, a retried request) answers the import as it is; before the preview it is 409.
 */
export async function confirmImport(ctx: TenantCtx, id: string): Promise<ProductImport> {
  const [row] = await ctx.db
    .update(productImports)
    .set({ status: 'QUEUED', processedRows: 0, succeededRows: 0, failedRows: 0, finishedAt: null })
    .where(and(eq(productImports.workspaceId, ctx.workspaceId), eq(productImports.id, id), eq(productImports.status, 'PREVIEW')))
    .returning();
  if (!row) {
    const current = await findImport(ctx, id);
    if (current.status === 'QUEUED' || current.status === 'RUNNING' || current.status === 'DONE') return presentImport(current);
    throw new DomainError('IMPORT_NOT_CONFIRMABLE', { status: current.status });
  }
  const job: ImportJob = { workspaceId: ctx.workspaceId, importId: id };
  ctx.afterCommit(async () => {
    await ctx.platform.jobs.send(QUEUES.import, job, { singletonKey: `${id}:import` });
  });
  return presentImport(row);
}

export async function listImports(ctx: TenantCtx): Promise<{ items: ProductImport[] }> {
  const rows = await ctx.db
    .select()
    .from(productImports)
    .where(eq(productImports.workspaceId, ctx.workspaceId))
    .orderBy(desc(productImports.createdAt))
    .limit(50);
  return { items: rows.map(presentImport) };
}

/** The result file: every failed row with the reasons. */
export async function importResultFile(ctx: TenantCtx, id: string) {
  const row = await findImport(ctx, id);
  if (!row.resultFileKey) throw new DomainError('FILE_NOT_READY');
  const stream = await ctx.platform.files.get(row.resultFileKey);
  if (!stream) throw new DomainError('FILE_NOT_READY');
  return { stream, fileName: `hasil-impor-${row.id}.xlsx`, contentType: XLSX_TYPE };
}

type Line = { row: number; values: SheetRow };
type Failure = { row: number; sku: string; name: string; errors: string[] };

/**
 * Rows of the first worksheet as header-keyed values (streamed), from the stored file `open` gives. A read that
 * fails before its first row, on anything but the file's own checks, is tried once more on a new stream: ExcelJS's
 * streaming reader sometimes ends the archive's entries before the workbook's part under load and then fails on its
 * own internals (exceljs#962). A second failure is a file that is no XLSX workbook (a zip without its parts):
 * IMPORT_FILE_INVALID, not the reader's message.
 */
async function* readRows(open: () => Promise<Readable>): AsyncGenerator<Line> {
  for (let attempt = 1; ; attempt++) {
    const stream = await open();
    let started = false;
    try {
      for await (const line of rowsOf(stream)) {
        started = true;
        yield line;
      }
      return;
    } catch (error) {
      if (started || error instanceof DomainError) throw error;
      stream.destroy();
      if (attempt === 2) throw new DomainError('IMPORT_FILE_INVALID');
    }
  }
}

async function* rowsOf(stream: Readable): AsyncGenerator<Line> {
  const reader = workbookReader(await excel(), stream);
  for await (const worksheet of reader) {
    let headers: (SheetKey | null)[] | null = null;
    for await (const row of worksheet) {
      const cells = (row.values as unknown[]).slice(1).map(cellText);
      if (!headers) {
        headers = cells.map((c) => (SHEET_COLUMNS.some((col) => col.header === c) ? (c as SheetKey) : null));
        if (!headers.includes('sku')) throw new DomainError('IMPORT_FILE_INVALID');
        continue;
      }
      if (cells.every((c) => c === '')) continue;
      const values: SheetRow = {};
      headers.forEach((key, i) => {
        if (key && cells[i]) values[key] = cells[i];
      });
      yield { row: row.number, values };
    }
    // A first sheet without even the header row is not the template.
    if (!headers) throw new DomainError('IMPORT_FILE_INVALID');
    return;
  }
  // An archive without a worksheet is no workbook.
  throw new DomainError('IMPORT_FILE_INVALID');
}

/** The existing product in the form's input shape, to be changed by the sheet's rows. */
function toInput(p: Product): ProductInput {
  return {
    type: p.type,
    name: p.name,
    slug: p.slug,
    category_id: p.category_id,
    brand_id: p.brand_id,
    condition: p.condition,
    specification: p.specification,
    description: p.description,
    short_description: p.short_description,
    video_url: p.video_url,
    base_unit: p.base_unit,
    units: p.units,
    gift_size: p.gift_size,
    weight: p.weight,
    width: p.width,
    height: p.height,
    length: p.length,
    factory_sku: p.factory_sku,
    barcode: p.barcode,
    wholesale_prices: p.wholesale_prices,
    is_import: p.is_import,
    origin: p.origin,
    vat_mode: p.vat_mode,
    status: p.status,
    is_valid: p.is_valid,
    variant_tiers: p.variant_tiers,
    catalogs: p.catalogs.map((c) => ({ id: c.id, sku: c.sku, options: c.options, price: c.price, barcode: c.barcode, weight: c.weight })),
    bundle: p.bundle
      ? {
          components: p.bundle.components.map((c) => ({ catalog_id: c.catalog_id, quantity: c.quantity })),
          price_formula_id: p.bundle.price_formula_id,
        }
      : null,
  };
}

class RowProblems extends Error {
  constructor(readonly byRow: Map<number, string[]>) {
    super('row problems');
  }
}

/** Look-ups a batch of groups shares in one transaction: the category paths and the brands by name. */
type Lookups = { paths: () => Promise<Map<string, { id: string; name: string }[]>>; brandId: (name: string) => Promise<string> };

function lookups(ctx: TenantCtx): Lookups {
  let paths: Promise<Map<string, { id: string; name: string }[]>> | null = null;
  const brandIds = new Map<string, Promise<string>>();
  return {
    paths: () => (paths ??= categoryPaths(ctx)),
    brandId: (name) => {
      const key = name.trim().toLowerCase();
      let id = brandIds.get(key);
      if (!id) brandIds.set(key, (id = brandIdByName(ctx, name)));
      return id;
    },
  };
}

const rowText = (ctx: TenantCtx) => (code: string) =>
  translate(ctx.locale, 'validation', code) ?? translate(ctx.locale, 'errors', code) ?? code;

/**
 * One product's rows as the form's input: merged into the existing product (its form values), else a new one keyed by
 * the product key. Problems the sheet itself shows (unknown category, unknown bundle component) go to their rows.
 */
async function groupInput(
  ctx: TenantCtx,
  lines: Line[],
  parsed: ParsedSheetRow[],
  existing: Product | null,
  look: Lookups,
): Promise<{ input: ProductInput; rowOfCatalog: Map<number, number>; problems: Map<number, string[]> }> {
  const t = rowText(ctx);
  const problems = new Map<number, string[]>();
  const add = (row: number, text: string) => problems.set(row, [...(problems.get(row) ?? []), text]);
  const first = parsed[0]!;
  const key = slugify(first.product_key || first.name) || 'produk';
  const input: ProductInput = existing
    ? toInput(existing)
    : { type: first.product_type ?? 'SINGLE', name: first.name, slug: key, catalogs: [] };
  const type = first.product_type ?? existing?.type ?? 'SINGLE';
  input.type = type;
  input.name = first.name;
  if (first.condition) input.condition = first.condition;
  if (first.status) input.status = first.status;
  if (first.vat_mode) input.vat_mode = first.vat_mode;
  if (first.short_description) input.short_description = first.short_description;
  if (first.description) input.description = first.description;
  if (first.weight_g !== undefined) input.weight = first.weight_g as number;
  if (first.length_cm !== undefined) input.length = first.length_cm as number;
  if (first.width_cm !== undefined) input.width = first.width_cm as number;
  if (first.height_cm !== undefined) input.height = first.height_cm as number;
  if (first.brand) input.brand_id = await look.brandId(first.brand);
  if (first.category) {
    const wanted = first.category
      .split('>')
      .map((s) => s.trim().toLowerCase())
      .join('>');
    const match = [...(await look.paths()).entries()].find(([, path]) => path.map((p) => p.name.toLowerCase()).join('>') === wanted);
    if (!match) add(lines[0]!.row, `category: ${t('CATEGORY_NOT_FOUND')}`);
    else input.category_id = match[0];
  }

  // SKUs: the sheet's rows update or extend the product's catalogs; catalogIndex maps errors back to rows.
  const catalogs = (input.catalogs ?? []).map((c) => ({ ...c }));
  const rowOfCatalog = new Map<number, number>();
  parsed.forEach((p, i) => {
    const options = type === 'VARIANT' ? [p.variant_1_option, p.variant_2_option].filter((o): o is string => Boolean(o)) : [];
    const at = catalogs.findIndex((c) => c.sku === p.sku);
    const previous = at >= 0 ? catalogs[at]! : undefined;
    const next = {
      ...(previous ?? {}),
      sku: p.sku,
      options,
      price: p.price ?? previous?.price,
      ...(p.cost_price !== undefined ? { cost_price: p.cost_price } : {}),
      barcode: p.barcode ?? previous?.barcode ?? null,
      weight: (p.weight_g as number | undefined) ?? previous?.weight ?? 0,
    };
    if (at >= 0) catalogs[at] = next;
    else catalogs.push(next);
    rowOfCatalog.set(at >= 0 ? at : catalogs.length - 1, lines[i]!.row);
  });
  input.catalogs = catalogs;
  if (type === 'VARIANT') {
    const tiers = [first.variant_1_name ?? input.variant_tiers?.[0]?.name, first.variant_2_name ?? input.variant_tiers?.[1]?.name].filter(
      (n): n is string => Boolean(n),
    );
    input.variant_tiers = tiers.map((name, t) => ({
      name,
      options: [...new Set(catalogs.map((c) => c.options?.[t]).filter((o): o is string => Boolean(o)))],
    }));
  } else input.variant_tiers = [];
  if (type === 'BUNDLING' && first.bundle_components) {
    const components = first.bundle_components as { sku: string; quantity: number }[];
    const found = await repo.catalogsBySkus(
      ctx,
      components.map((c) => c.sku),
    );
    const missing = components.filter((c) => !found.some((f) => f.sku === c.sku));
    for (const m of missing) add(lines[0]!.row, `bundle_components: ${m.sku} ${t('CATALOG_NOT_FOUND')}`);
    input.bundle = {
      components: components.flatMap((c) => found.filter((f) => f.sku === c.sku).map((f) => ({ catalog_id: f.id, quantity: c.quantity }))),
      price_formula_id: input.bundle?.price_formula_id ?? null,
    };
  } else if (type !== 'BUNDLING') input.bundle = null;
  return { input, rowOfCatalog, problems };
}

/** A product service's refusal, on the rows concerned (a SKU's field on its row, a product's field on every row). */
function addServiceProblems(
  ctx: TenantCtx,
  error: DomainError,
  lines: Line[],
  rowOfCatalog: Map<number, number>,
  problems: Map<number, string[]>,
): void {
  const t = rowText(ctx);
  const add = (row: number, text: string) => problems.set(row, [...(problems.get(row) ?? []), text]);
  const fields = error.details?.fields ?? [];
  if (fields.length === 0) for (const line of lines) add(line.row, t(error.code));
  for (const f of fields) {
    const match = /^catalogs\.(\d+)(?:\.(.+))?$/u.exec(f.path);
    const row = match ? rowOfCatalog.get(Number(match[1])) : undefined;
    const field = match ? (match[2] ?? 'sku') : f.path;
    const text = `${field}: ${t(f.code)}`;
    if (row !== undefined) add(row, text);
    else for (const line of lines) add(line.row, text);
  }
}

/**
 * Imports one product's rows in the caller's transaction: merged into the product an existing SKU (or the
 * product key) points to, else a new product; validated by the same service as the form.
 */
async function importGroup(
  ctx: TenantCtx,
  lines: Line[],
  parsed: ParsedSheetRow[],
  look: Lookups = lookups(ctx),
): Promise<{ before: Product | null; after: Product }> {
  const t = rowText(ctx);
  const first = parsed[0]!;
  const key = slugify(first.product_key || first.name) || 'produk';

  const bySku = await repo.catalogsBySkus(
    ctx,
    parsed.map((p) => p.sku),
  );
  const productIds = [...new Set(bySku.map((c) => c.productId))];
  if (productIds.length > 1) throw new RowProblems(new Map(lines.map((line) => [line.row, [`sku: ${t('SKU_TAKEN')}`]])));
  let existingId = productIds[0] ?? null;
  if (!existingId) {
    const [bySlug] = await ctx.db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.workspaceId, ctx.workspaceId), eq(products.slug, key)));
    existingId = bySlug?.id ?? null;
  }
  const existing = existingId ? await getProduct(ctx, existingId) : null;
  const { input, rowOfCatalog, problems } = await groupInput(ctx, lines, parsed, existing, look);
  if (problems.size > 0) throw new RowProblems(problems);

  try {
    const after = existing ? await updateProduct(ctx, existing.id, input) : await createProduct(ctx, input);
    return { before: existing, after };
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    addServiceProblems(ctx, error, lines, rowOfCatalog, problems);
    throw new RowProblems(problems);
  }
}

/**
 * New products of consecutive groups in the caller's transaction, set-based (ADR 0043): each group's input is built
 * as importGroup builds a new product's, and all are written by one createNewProducts call. Answers each group's row
 * problems (empty: imported).
 */
async function importNewGroups(
  ctx: TenantCtx,
  groups: { lines: Line[]; parsed: ParsedSheetRow[] }[],
  write: boolean,
): Promise<Map<number, string[]>[]> {
  const look = lookups(ctx);
  const problems: Map<number, string[]>[] = [];
  const built: { at: number; input: ProductInput; rowOfCatalog: Map<number, number> }[] = [];
  for (const [at, g] of groups.entries()) {
    const result = await groupInput(ctx, g.lines, g.parsed, null, look);
    problems.push(result.problems);
    if (result.problems.size === 0) built.push({ at, input: result.input, rowOfCatalog: result.rowOfCatalog });
  }
  const refusals = await createNewProducts(
    ctx,
    built.map((b) => b.input),
    { write },
  );
  refusals.forEach((error, i) => {
    if (!error) return;
    const { at, rowOfCatalog } = built[i]!;
    addServiceProblems(ctx, error, groups[at]!.lines, rowOfCatalog, problems[at]!);
  });
  return problems;
}

/** Thrown after a batch of new products was checked in a preview, so its transaction rolls back. */
class DryRunBatch extends Error {
  constructor(readonly problems: Map<number, string[]>[]) {
    super('dry run');
  }
}

/** Thrown after a group's dry run so its transaction rolls back: the preview changes nothing. */
class DryRun extends Error {
  constructor(readonly result: { before: Product | null; after: Product }) {
    super('dry run');
  }
}

const shown = (value: unknown): string => {
  if (value === null || value === undefined || value === '') return '';
  if (Array.isArray(value)) return value.map(shown).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
};

/** The fields an import can change, as text, for the preview's diff. */
function sheetView(p: Product): Record<string, string> {
  const view: Record<string, string> = {
    name: p.name,
    product_type: p.type,
    status: p.status,
    condition: p.condition,
    vat_mode: p.vat_mode,
    category: p.category_path.map((c) => c.name).join(' > '),
    brand: p.brand_name ?? '',
    weight_g: shown(p.weight),
    length_cm: shown(p.length),
    width_cm: shown(p.width),
    height_cm: shown(p.height),
    short_description: p.short_description ?? '',
    description: p.description ?? '',
    variants: p.variant_tiers.map((t) => `${t.name}: ${t.options.join(', ')}`).join('; '),
    bundle_components: (p.bundle?.components ?? []).map((c) => `${c.sku}:${c.quantity}`).join('; '),
  };
  for (const c of p.catalogs) {
    view[`${c.sku} price`] = shown(c.price);
    view[`${c.sku} cost_price`] = shown(c.cost_price);
    view[`${c.sku} barcode`] = c.barcode ?? '';
    view[`${c.sku} weight_g`] = shown(c.weight);
    if (c.options.length > 0) view[`${c.sku} options`] = c.options.join(' / ');
  }
  return view;
}

/** Field by field, what the import would change in a product. */
function productChanges(before: Product, after: Product): ImportPreviewItem['changes'] {
  const a = sheetView(before);
  const b = sheetView(after);
  return [...new Set([...Object.keys(a), ...Object.keys(b)])]
    .filter((field) => (a[field] ?? '') !== (b[field] ?? ''))
    .map((field) => ({ field, before: a[field] ?? '', after: b[field] ?? '' }));
}

const OUTCOME_ORDER: Record<ImportOutcome, number> = { ERROR: 0, CHANGED: 1, NEW: 2, EXAMPLE: 3, UNCHANGED: 4 };

/**
 * The import job: counts the rows, then imports each product's rows (contiguous rows with the same product key), all
 * or nothing per product, recording progress, and writes a result file of the failed rows. Rows are taken BATCH_ROWS at
 * a time: consecutive new products go in one transaction, set-based; an existing product or a bundle goes through the
 * products service in a transaction of its own, in file order (ADR 0043). Every PROGRESS_EVERY rows (at most every
 * PROGRESS_MIN_MS) a checkpoint records the rows done, the counts and the failed rows so far. A run that
 * finds the import RUNNING follows one whose process died (ADR 0015): it resumes after the checkpoint. The groups
 * imported after the checkpoint run again, which is harmless: rows update the products their SKUs belong to.
 */
export async function runProductImport(platform: Platform, job: ImportJob): Promise<void> {
  const { workspaceId, importId } = job;
  const record = await inTenant(platform.database.db, workspaceId, async (tx) => {
    const [row] = await tx
      .select()
      .from(productImports)
      .where(and(eq(productImports.workspaceId, workspaceId), eq(productImports.id, importId)));
    return row;
  });
  // PREVIEW waits for the user's confirmation; DONE is done.
  if (!record || record.status === 'DONE' || record.status === 'PREVIEW') return;
  // Reasons are written in the language of the user who started the import.
  const { locale } = record;
  const tenant = <T>(fn: (ctx: TenantCtx) => Promise<T>, userId: string) =>
    inTenant(platform.database.db, workspaceId, (tx) =>
      fn(tenantCtxFor({ ...systemCtx(platform, tx, `import:${importId}`), locale }, workspaceId, userId)),
    );
  const rowOf = (row: number) => translate(locale, 'messages', 'IMPORT_ROW', { row }) ?? String(row);
  const previewing = record.status === 'PREVIEWING';
  // Batches leave garbage in the old generation: collected every 48 MB, not at four times the live heap (ADR 0054).
  const heap = heapBudget();
  const update = (values: Partial<typeof productImports.$inferInsert>) =>
    inTenant(platform.database.db, workspaceId, (tx) => tx.update(productImports).set(values).where(eq(productImports.id, importId)));
  // RUNNING at the start of a run means an earlier run's process died (ADR 0015): resume after its checkpoint.
  const resuming = record.status === 'RUNNING';
  const failures: Failure[] = resuming ? [...record.failures] : [];
  // The preview shows the first IMPORT_PREVIEW_ITEMS items by outcome, then file order: each outcome keeps no more than
  // that many, so memory does not grow with the file (ADR 0054); the summary counts them all.
  const items: Record<ImportOutcome, ImportPreviewItem[]> = { ERROR: [], CHANGED: [], NEW: [], EXAMPLE: [], UNCHANGED: [] };
  let itemCount = 0;
  const summary = { new: 0, changed: 0, unchanged: 0, errors: 0, examples: 0 };
  const SUMMARY_KEY = { NEW: 'new', CHANGED: 'changed', UNCHANGED: 'unchanged', ERROR: 'errors', EXAMPLE: 'examples' } as const;
  const noteItem = (item: ImportPreviewItem) => {
    summary[SUMMARY_KEY[item.outcome]] += 1;
    itemCount += 1;
    const kept = items[item.outcome];
    if (kept.length < IMPORT_PREVIEW_ITEMS) kept.push(item);
  };
  const examples = new Map<string, ImportPreviewItem>();
  const newSkus = new Set<string>();
  let processed = resuming ? record.processedRows : 0;
  let succeeded = resuming ? record.succeededRows : 0;
  try {
    const open = async () => {
      const stream = await platform.files.get(record.fileKey);
      if (!stream) throw new DomainError('IMPORT_FILE_INVALID');
      return stream;
    };
    let total = record.totalRows;
    if (resuming) await update({ attempts: record.attempts + 1 });
    else {
      // The template's sample rows are not imported: they are not counted either. A confirmed import was counted by
      // its preview (the same stored file): one read of the file fewer.
      const counted = !previewing && record.status === 'QUEUED' && record.preview !== null && record.totalRows > 0;
      if (!counted) {
        total = 0;
        for await (const line of readRows(open)) if (!isExampleRow(line.values)) total += 1;
      }
      await update({
        status: previewing ? 'PREVIEWING' : 'RUNNING',
        startedAt: new Date(),
        totalRows: total,
        processedRows: 0,
        succeededRows: 0,
        failedRows: 0,
        failures: [],
        // A preview is not an attempt: the confirmed run is the first, and a later one is a resumption.
        attempts: previewing ? record.attempts : record.attempts + 1,
        error: null,
      });
    }

    let group: Line[] = [];
    const skuRows = new Map<string, number>();
    type Checked = { lines: Line[]; parsed: ParsedSheetRow[]; invalid: Map<number, string[]>; item: Omit<ImportPreviewItem, 'outcome'> };
    /** A group's rows checked with the sheet's rules, in file order (a SKU may appear once per file). */
    const check = (lines: Line[]): Checked => {
      const parsed: ParsedSheetRow[] = [];
      const invalid = new Map<number, string[]>();
      for (const line of lines) {
        const result = SheetRowSchema.safeParse(line.values);
        const errors = result.success
          ? []
          : zodFields(result.error).map((f) => `${f.path}: ${translate(locale, 'validation', f.code) ?? f.code}`);
        // A SKU may appear once per file: a second row would silently overwrite the first one's product.
        const sku = String(line.values.sku ?? '').trim();
        const firstRow = skuRows.get(sku);
        if (sku && firstRow !== undefined)
          errors.push(`sku: ${translate(locale, 'validation', 'DUPLICATE_VALUE') ?? 'DUPLICATE_VALUE'} (${rowOf(firstRow)})`);
        else if (sku) skuRows.set(detached(sku), line.row);
        if (result.success && errors.length === 0) parsed.push(result.data);
        else invalid.set(line.row, errors);
      }
      const item = {
        rows: lines.map((l) => l.row),
        name: lines[0]!.values.name ?? '',
        skus: lines.map((l) => l.values.sku ?? '').filter(Boolean),
        changes: [],
        errors: [],
      };
      return { lines, parsed, invalid, item };
    };
    let progressAt = 0;
    /** Whether the rows just settled make a checkpoint: every PROGRESS_EVERY rows, at most every PROGRESS_MIN_MS, and the last. */
    const due = (rows: number) => {
      if (processed === total) return true;
      if (processed % PROGRESS_EVERY >= rows || Date.now() - progressAt < PROGRESS_MIN_MS) return false;
      progressAt = Date.now();
      return true;
    };
    /** Records a group's outcome: the preview's item, or the imported and failed rows; progress as it passes. */
    const settle = async ({ lines, item }: Checked, problems: Map<number, string[]>) => {
      const groupFailed = problems.size > 0;
      if (previewing && groupFailed)
        noteItem({
          ...item,
          outcome: 'ERROR',
          errors: lines.flatMap((l) => (problems.get(l.row) ?? []).map((e) => `${rowOf(l.row)}: ${e}`)),
        });
      if (previewing) {
        processed += lines.length;
        if (due(lines.length)) await update({ processedRows: processed });
        return;
      }
      for (const line of lines) {
        if (groupFailed) {
          const own = problems.get(line.row);
          failures.push({
            row: line.row,
            sku: detached(line.values.sku ?? ''),
            name: detached(line.values.name ?? ''),
            errors: own ?? [translate(locale, 'messages', 'IMPORT_SAME_PRODUCT_FAILED') ?? 'IMPORT_SAME_PRODUCT_FAILED'],
          });
        } else succeeded += 1;
      }
      processed += lines.length;
      if (due(lines.length)) await update({ processedRows: processed, succeededRows: succeeded, failedRows: failures.length, failures });
    };
    /** One group through the products service, in a transaction of its own (an existing product, a bundle, a retry). */
    const importOne = async (checked: Checked) => {
      const { lines, parsed, invalid, item } = checked;
      let problems = invalid;
      // A bundle of SKUs that rows above would create: each dry run is rolled back, so it cannot be run against them.
      const waitsFor = previewing
        ? ((parsed[0]?.bundle_components ?? []) as { sku: string }[]).filter((c) => newSkus.has(c.sku)).map((c) => c.sku)
        : [];
      if (invalid.size === 0 && waitsFor.length > 0) {
        const existing = await tenant((ctx) => repo.catalogsBySkus(ctx, item.skus), record.requestedBy);
        noteItem({
          ...item,
          outcome: existing.length > 0 ? 'CHANGED' : 'NEW',
          changes: existing.length > 0 ? [{ field: 'bundle_components', before: '', after: lines[0]!.values.bundle_components ?? '' }] : [],
        });
      } else if (invalid.size === 0) {
        try {
          // A preview runs the same import in a transaction it then rolls back: the same checks, nothing changed.
          await tenant(async (ctx) => {
            const result = await importGroup(ctx, lines, parsed);
            if (previewing) throw new DryRun(result);
          }, record.requestedBy);
        } catch (error) {
          if (error instanceof DryRun) {
            const { before, after } = error.result;
            const changes = before ? productChanges(before, after) : [];
            noteItem({ ...item, outcome: !before ? 'NEW' : changes.length > 0 ? 'CHANGED' : 'UNCHANGED', changes });
            if (!before) for (const sku of item.skus) newSkus.add(detached(sku));
          } else if (error instanceof RowProblems) problems = error.byRow;
          else if (error instanceof DomainError)
            problems = new Map(lines.map((l) => [l.row, [translate(locale, 'errors', error.code) ?? error.code]]));
          else throw error;
        }
      }
      await settle(checked, problems);
    };
    /**
     * Consecutive groups that are new products (ADR 0043), in one transaction through createNewProducts; a preview
     * rolls it back as importOne's dry run does. A SKU or slug another import took meanwhile sends them one by one.
     */
    const importNew = async (run: Checked[]) => {
      if (run.length === 0) return;
      let problems: Map<number, string[]>[];
      try {
        problems = await tenant(async (ctx) => {
          // A preview checks without writing (every check comes first), and its transaction rolls back the brands.
          const found = await importNewGroups(ctx, run, !previewing);
          if (previewing) throw new DryRunBatch(found);
          return found;
        }, record.requestedBy);
      } catch (error) {
        if (error instanceof DryRunBatch) problems = error.problems;
        else if (error instanceof DomainError && error.code === 'SKU_TAKEN') {
          for (const checked of run) await importOne(checked);
          return;
        } else throw error;
      }
      for (const [i, checked] of run.entries()) {
        const own = problems[i]!;
        if (previewing && own.size === 0) {
          noteItem({ ...checked.item, outcome: 'NEW', changes: [] });
          for (const sku of checked.item.skus) newSkus.add(detached(sku));
        }
        await settle(checked, own);
      }
    };
    /** Groups waiting to be imported together, up to BATCH_ROWS rows. */
    let pending: Line[][] = [];
    let pendingRows = 0;
    const drain = async () => {
      const groups = pending.map(check);
      pending = [];
      pendingRows = 0;
      if (groups.length === 0) return;
      // New products: valid groups, no bundle, none of whose SKUs and not whose product key the workspace has yet.
      const keyOf = (c: Checked) => slugify(c.parsed[0]!.product_key || c.parsed[0]!.name) || 'produk';
      const candidates = groups.filter((c) => c.invalid.size === 0 && c.parsed.length > 0 && c.parsed[0]!.product_type !== 'BUNDLING');
      const known = await tenant(
        async (ctx) => ({
          skus: new Set(
            (
              await repo.catalogsBySkus(
                ctx,
                candidates.flatMap((c) => c.parsed.map((p) => p.sku)),
              )
            ).map((c) => c.sku),
          ),
          keys: new Set(await repo.takenSlugs(ctx, candidates.map(keyOf))),
        }),
        record.requestedBy,
      );
      // A product key an earlier group of the batch writes (new or not) makes a later group an update of it.
      const claimed = new Set<string>();
      const isNew = new Set<Checked>();
      for (const c of groups) {
        if (c.invalid.size > 0 || c.parsed.length === 0) continue;
        const key = keyOf(c);
        const fresh = !known.keys.has(key) && !claimed.has(key) && !c.parsed.some((p) => known.skus.has(p.sku));
        claimed.add(key);
        if (fresh && c.parsed[0]!.product_type !== 'BUNDLING') isNew.add(c);
      }
      // File order holds: a run of new products is written before the group that follows it (a bundle of its SKUs).
      let run: Checked[] = [];
      for (const checked of groups) {
        if (isNew.has(checked)) {
          run.push(checked);
          continue;
        }
        await importNew(run);
        run = [];
        await importOne(checked);
      }
      await importNew(run);
    };
    const flush = async () => {
      if (group.length === 0) return;
      pending.push(group);
      pendingRows += group.length;
      group = [];
      if (pendingRows < BATCH_ROWS) return;
      heap.check();
      await drain();
    };
    let currentKey: string | null = null;
    // A resumed run passes over the rows before the checkpoint (always a product boundary), noting their SKUs for the
    // one-row-per-SKU check.
    let skip = processed;
    for await (const line of readRows(open)) {
      // The checkpoint counts imported rows, which the template's sample rows are not.
      if (skip > 0 && !isExampleRow(line.values)) {
        skip -= 1;
        const sku = String(line.values.sku ?? '').trim();
        if (sku && !skuRows.has(sku)) skuRows.set(detached(sku), line.row);
        continue;
      }
      const key = slugify(line.values.product_key || line.values.name || '') || `row-${line.row}`;
      if (isExampleRow(line.values)) {
        if (!previewing) continue;
        const known = examples.get(key);
        if (known) {
          known.rows.push(line.row);
          if (line.values.sku) known.skus.push(line.values.sku);
        } else {
          const example: ImportPreviewItem = {
            outcome: 'EXAMPLE',
            rows: [line.row],
            name: line.values.name ?? '',
            skus: line.values.sku ? [line.values.sku] : [],
            changes: [],
            errors: [],
          };
          examples.set(key, example);
          noteItem(example);
        }
        continue;
      }
      if (key !== currentKey) await flush();
      currentKey = key;
      group.push(line);
    }
    await flush();
    await drain();

    if (previewing) {
      const ordered = (Object.keys(OUTCOME_ORDER) as ImportOutcome[])
        .sort((a, b) => OUTCOME_ORDER[a] - OUTCOME_ORDER[b])
        .flatMap((outcome) => items[outcome]);
      await update({
        status: 'PREVIEW',
        processedRows: processed,
        preview: {
          summary,
          items: ordered.slice(0, IMPORT_PREVIEW_ITEMS),
          truncated: itemCount > IMPORT_PREVIEW_ITEMS,
        },
      });
      return;
    }

    let resultFileKey: string | null = null;
    if (failures.length > 0) {
      resultFileKey = `workspaces/${workspaceId}/imports/${importId}-result.xlsx`;
      await writeXlsx(platform.files, resultFileKey, async (workbook) => {
        const sheet = workbook.addWorksheet('Gagal');
        sheet.columns = [
          { header: 'row', key: 'row', width: 8 },
          { header: 'sku', key: 'sku', width: 24 },
          { header: 'name', key: 'name', width: 40 },
          { header: 'errors', key: 'errors', width: 100 },
        ];
        for (const f of failures) sheet.addRow({ ...f, errors: f.errors.join('; ') }).commit();
        sheet.commit();
      });
    }
    await update({
      status: 'DONE',
      failures: [],
      processedRows: processed,
      succeededRows: succeeded,
      failedRows: failures.length,
      resultFileKey,
      finishedAt: new Date(),
    });
  } catch (error) {
    const message = error instanceof DomainError ? error.code : error instanceof Error ? error.message : String(error);
    await update({
      status: 'FAILED',
      error: message.slice(0, 500),
      finishedAt: new Date(),
      processedRows: processed,
      succeededRows: succeeded,
      failedRows: failures.length,
    });
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Export

/** Records a product export (export history) and queues the job that writes the file. */
export async function startProductExport(ctx: TenantCtx, input: z.input<typeof ProductExportInput>): Promise<ExportRecord> {
  const filters = parseInput(ProductExportInput, input);
  const id = uuidv7();
  const stamp = ctx.platform.now().toISOString().slice(0, 19).replace(/[-:T]/gu, '');
  const record = await recordExport(ctx, { id, type: 'PRODUCT', fileName: `produk-${stamp}.xlsx`, filters });
  const job: ExportJob = { workspaceId: ctx.workspaceId, exportId: id };
  ctx.afterCommit(async () => {
    await ctx.platform.jobs.send(QUEUES.export, job, { singletonKey: id });
  });
  return record;
}

/**
 * The export job: pages through the matching products by id (keyset, EXPORT_PAGE at a time, each page its own
 * short transaction) and streams one row per SKU into the file, so memory stays flat whatever the count.
 * A failure marks the record RETRY and rethrows (pg-boss retries) until the last attempt marks it FAILED.
 */
export async function runProductExport(platform: Platform, job: ExportJob): Promise<void> {
  const { workspaceId, exportId } = job;
  const inWs = <T>(fn: (ctx: TenantCtx) => Promise<T>, userId: string) =>
    inTenant(platform.database.db, workspaceId, (tx) =>
      fn(tenantCtxFor(systemCtx(platform, tx, `export:${exportId}`), workspaceId, userId)),
    );
  const record = await findExportRecord(platform, workspaceId, exportId);
  if (!record || record.status === 'DONE') return;
  const update = (values: Parameters<typeof updateExportRecord>[3]) => updateExportRecord(platform, workspaceId, exportId, values);
  const attempt = record.attempts + 1;
  await update({ status: 'PROCESSING', attempts: attempt });
  const fileKey = `workspaces/${workspaceId}/exports/${exportId}.xlsx`;
  try {
    let rowCount = 0;
    const filters = ProductExportInput.parse(record.filters);
    await writeXlsx(platform.files, fileKey, async (workbook) => {
      const sheet = addProductSheet(workbook);
      let after: string | null = null;
      for (;;) {
        const page = await inWs(async (ctx) => {
          const where = (await listFilters(ctx, filters)) as SQL[] | null;
          if (!where) return [];
          if (filters.status) where.push(eq(products.status, filters.status));
          if (after) where.push(gt(products.id, after));
          const rows = await ctx.db
            .select({ product: products, brandName: brands.name })
            .from(products)
            .leftJoin(brands, eq(brands.id, products.brandId))
            .where(and(...where))
            .orderBy(asc(products.id))
            .limit(EXPORT_PAGE);
          if (rows.length === 0) return [];
          const skus = await ctx.db
            .select()
            .from(catalogs)
            .where(
              and(
                eq(catalogs.workspaceId, workspaceId),
                inArray(
                  catalogs.productId,
                  rows.map((r) => r.product.id),
                ),
              ),
            )
            .orderBy(asc(catalogs.productId), asc(catalogs.position));
          const bundles = rows.some((r) => r.product.type === 'BUNDLING')
            ? await Promise.all(
                rows
                  .filter((r) => r.product.type === 'BUNDLING')
                  .map(async (r) => [r.product.id, await repo.componentsOf(ctx, r.product.id)] as const),
              )
            : [];
          const paths = await categoryPaths(ctx);
          return rows.map((r) => ({
            ...r,
            skus: skus.filter((s) => s.productId === r.product.id),
            components: bundles.find(([id]) => id === r.product.id)?.[1] ?? [],
            path: r.product.categoryId ? (paths.get(r.product.categoryId) ?? []) : [],
          }));
        }, record.requestedBy);
        if (page.length === 0) break;
        for (const { product: p, brandName, skus, components, path } of page) {
          for (const sku of skus) {
            const values: SheetRow = {
              product_key: p.slug,
              product_type: p.type,
              name: p.name,
              sku: sku.sku,
              price: sku.price.toString(),
              cost_price: sku.costPrice?.toString() ?? '',
              category: path.map((c) => c.name).join(' > '),
              brand: brandName ?? '',
              condition: p.condition,
              status: p.status,
              weight_g: String(sku.weightGrams || p.weightGrams),
              length_cm: String(p.lengthCm),
              width_cm: String(p.widthCm),
              height_cm: String(p.heightCm),
              barcode: sku.barcode ?? '',
              vat_mode: p.vatMode,
              variant_1_name: p.variantTiers[0]?.name ?? '',
              variant_1_option: sku.options[0] ?? '',
              variant_2_name: p.variantTiers[1]?.name ?? '',
              variant_2_option: sku.options[1] ?? '',
              bundle_components: components.map((c) => `${c.sku}:${c.quantity}`).join('; '),
              short_description: p.shortDescription ?? '',
              description: p.description ?? '',
            };
            sheet.addRow(values).commit();
            rowCount += 1;
          }
        }
        after = page.at(-1)!.product.id;
      }
      sheet.commit();
    });
    await update({ status: 'DONE', fileKey, rowCount, error: null, finishedAt: new Date() });
  } catch (error) {
    const last = attempt >= EXPORT_MAX_ATTEMPTS;
    await update({
      status: last ? 'FAILED' : 'RETRY',
      error: (error instanceof Error ? error.message : String(error)).slice(0, 500),
      finishedAt: last ? new Date() : null,
    });
    await platform.files.remove(fileKey).catch(() => {});
    if (!last) throw error;
  }
}
