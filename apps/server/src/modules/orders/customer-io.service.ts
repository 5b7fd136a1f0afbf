import {
  CUSTOMER_IMPORT_MAX_ROWS,
  CUSTOMER_SHEET_COLUMNS,
  CustomerExportInput,
  CustomerImportUpload,
  CustomerInput as CustomerSchema,
  type CustomerImport,
  type CustomerImportItem,
  type CustomerInput,
  type CustomerSheetKey,
  type ExportRecord,
} from '@kelola/contracts';
import ExcelJS from 'exceljs';
import { and, asc, desc, eq, gt, ilike, inArray, or } from 'drizzle-orm';
import { PassThrough, type Readable } from 'node:stream';
import type { z } from 'zod';
import type { TenantCtx } from '../../http/context.ts';
import { inTenant } from '../../platform/db/database.ts';
import { uuidv7 } from '../../platform/db/ids.ts';
import { DomainError } from '../../platform/errors.ts';
import { findExportRecord, recordExport, registerExportQueue, updateExportRecord, XLSX_TYPE } from '../../platform/exports/exports.ts';
import { translate, type Locale } from '../../platform/i18n/translate.ts';
import type { Platform } from '../../platform/platform.ts';
import { systemCtx, tenantCtxFor } from '../../platform/system-ctx.ts';
import { createCustomer, updateCustomer } from './customers.service.ts';
import { customerCategories, customerImports, customers } from './orders.schema.ts';

export const CUSTOMER_EXPORT_QUEUE = 'orders.customer-export';
// A failed customer export is retried from the export history.
registerExportQueue('CUSTOMER', CUSTOMER_EXPORT_QUEUE);
export type CustomerExportJob = { workspaceId: string; exportId: string };

const EXAMPLE_MARK = 'CONTOH';
const PREVIEW_ITEMS = 500;
const EXPORT_PAGE = 500;
const EXPORT_MAX_ATTEMPTS = 3;

type CustomerRow = typeof customers.$inferSelect;
type SheetRow = Partial<Record<CustomerSheetKey, string>>;
type Line = { row: number; values: SheetRow };

const WIDTHS: Partial<Record<CustomerSheetKey, number>> = { name: 32, address: 40, email: 28, category: 20 };

/** What each column holds (the template's second sheet). */
const NOTES: Record<CustomerSheetKey, string> = {
  code: 'Required, unique in the workspace. A row whose code exists updates that customer.',
  name: 'Required. Customer or store name.',
  category: 'Existing customer category name (empty: none).',
  phone: 'Indonesian phone number, e.g. 081234567890.',
  email: 'E-mail address.',
  address: 'Street address.',
  province_code: 'Kemendagri province code, e.g. 35.',
  city_code: 'Kemendagri city code, e.g. 35.78.',
  district_code: 'Kemendagri district code, e.g. 35.78.03.',
  subdistrict_code: 'Kemendagri subdistrict code, e.g. 35.78.03.1001.',
  postal_code: 'Five digits.',
  tax_id: 'NPWP (15 or 16 digits) or NIK (16 digits).',
  credit_limit: 'Whole rupiah, e.g. 10000000 (default 0).',
  transaction_limit: 'Open credit transactions allowed (default 0).',
  payment_limit_days: 'Days to pay an invoice, 0–365 (default 0).',
  shop_code: 'Shop code.',
  sales_code: 'Sales code.',
  store_type: 'RETAIL, WHOLESALE, RESELLER, DISTRIBUTOR or OTHER.',
  coin_usage: 'YES or NO (default NO).',
  example: 'Any text here marks an example row: it is previewed as EXAMPLE and never imported.',
};

function parseInput<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const r = schema.safeParse(input);
  if (r.success) return r.data;
  throw new DomainError('VALIDATION_FAILED', {
    fields: r.error.issues.map((i) => ({ path: i.path.join('.'), code: i.message, message: i.message })),
  });
}

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    const v = value as { richText?: { text: string }[]; text?: string; result?: unknown };
    if (v.richText)
      return v.richText
        .map((r) => r.text)
        .join('')
        .trim();
    if (v.text !== undefined) return String(v.text).trim();
    if (v.result !== undefined) return cellText(v.result);
  }
  return '';
}

function sheetColumns(sheet: ExcelJS.Worksheet, extra: { key: string; header: string; width: number }[] = []) {
  sheet.columns = [...CUSTOMER_SHEET_COLUMNS.map((key) => ({ key, header: key, width: WIDTHS[key] ?? 16 })), ...extra];
  sheet.getRow(1).font = { bold: true };
}

/** A customer as a sheet row (the export, and the "before" of a preview). */
function toSheet(row: CustomerRow, category: string | null): SheetRow {
  return {
    code: row.code,
    name: row.name,
    category: category ?? '',
    phone: row.phone ?? '',
    email: row.email ?? '',
    address: row.address ?? '',
    province_code: row.provinceCode ?? '',
    city_code: row.cityCode ?? '',
    district_code: row.districtCode ?? '',
    subdistrict_code: row.subdistrictCode ?? '',
    postal_code: row.postalCode ?? '',
    tax_id: row.taxId ?? '',
    credit_limit: String(row.creditLimit),
    transaction_limit: String(row.transactionLimit),
    payment_limit_days: String(row.paymentLimitDays),
    shop_code: row.shopCode ?? '',
    sales_code: row.salesCode ?? '',
    store_type: row.storeType ?? '',
    coin_usage: row.coinUsage ? 'YES' : 'NO',
  };
}

/** The import template, streamed: two example rows (marked, so importing it unchanged adds nothing) and the guide. */
export function customerTemplate(): { stream: Readable; fileName: string; contentType: string } {
  const stream = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  void (async () => {
    const sheet = workbook.addWorksheet('Pelanggan');
    sheetColumns(sheet);
    const examples: SheetRow[] = [
      {
        code: 'CUST-0101',
        name: 'Toko Makmur Jaya',
        phone: '081234567890',
        email: 'makmur.jaya@example.id',
        address: 'Jl. Rungkut Industri No. 8',
        province_code: '35',
        city_code: '35.78',
        postal_code: '60293',
        credit_limit: '10000000',
        transaction_limit: '5',
        payment_limit_days: '30',
        store_type: 'WHOLESALE',
        coin_usage: 'NO',
        example: EXAMPLE_MARK,
      },
      { code: 'CUST-0102', name: 'Ibu Ratna', phone: '081298765432', store_type: 'RETAIL', example: EXAMPLE_MARK },
    ];
    for (const example of examples) sheet.addRow(example).commit();
    sheet.commit();
    const help = workbook.addWorksheet('Petunjuk');
    help.columns = [
      { header: 'column', key: 'column', width: 22 },
      { header: 'meaning', key: 'meaning', width: 90 },
    ];
    for (const key of CUSTOMER_SHEET_COLUMNS) help.addRow({ column: key, meaning: NOTES[key] }).commit();
    help.commit();
    await workbook.commit();
  })().catch((error: unknown) => stream.destroy(error as Error));
  return { stream, fileName: 'template-pelanggan.xlsx', contentType: XLSX_TYPE };
}

// ---------------------------------------------------------------------------------------------------------------
// Import: a preview first (nothing changes), then the import of the rows that pass, with the file of the others.

async function readSheet(bytes: Buffer): Promise<Line[]> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw new DomainError('CUSTOMER_IMPORT_FILE_INVALID');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new DomainError('CUSTOMER_IMPORT_FILE_INVALID');
  let headers: (CustomerSheetKey | null)[] | null = null;
  const lines: Line[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, number) => {
    const cells = (row.values as unknown[]).slice(1).map(cellText);
    if (!headers) {
      headers = cells.map((c) => ((CUSTOMER_SHEET_COLUMNS as readonly string[]).includes(c) ? (c as CustomerSheetKey) : null));
      return;
    }
    if (cells.every((c) => c === '')) return;
    const values: SheetRow = {};
    headers.forEach((key, i) => {
      if (key && cells[i]) values[key] = cells[i];
    });
    lines.push({ row: number, values });
  });
  const found = headers as (CustomerSheetKey | null)[] | null;
  if (!found || !found.includes('code') || !found.includes('name')) throw new DomainError('CUSTOMER_IMPORT_FILE_INVALID');
  if (lines.length > CUSTOMER_IMPORT_MAX_ROWS)
    throw new DomainError('CUSTOMER_IMPORT_TOO_MANY_ROWS', undefined, { max: CUSTOMER_IMPORT_MAX_ROWS });
  return lines;
}

const text = (v: string | undefined) => (v === undefined || v === '' ? null : v);
/** A number cell: digits with the Indonesian thousands dots or commas allowed ("10.000.000"); anything else stays text (refused). */
const amount = (v: string | undefined): number | string | undefined => {
  if (v === undefined || v === '') return undefined;
  const plain = v.replace(/[.,\s](?=\d{3}(\D|$))/gu, '');
  return /^\d+$/u.test(plain) ? Number(plain) : v;
};
const yesNo = (v: string | undefined): boolean | string | undefined => {
  if (v === undefined || v === '') return undefined;
  const u = v.toUpperCase();
  if (['YES', 'YA', 'Y', 'TRUE', '1'].includes(u)) return true;
  if (['NO', 'TIDAK', 'N', 'FALSE', '0'].includes(u)) return false;
  return v;
};

type Checked = { line: Line; input: CustomerInput | null; errors: string[]; existing: CustomerRow | null };

/** Checks every row as the form would (CustomerInput), with the category by name and codes repeated in the file. */
async function checkLines(ctx: TenantCtx, lines: Line[]): Promise<Checked[]> {
  const locale: Locale = ctx.locale;
  const say = (field: string, code: string) =>
    `${field}: ${translate(locale, 'validation', code) ?? translate(locale, 'errors', code) ?? code}`;
  const categories = new Map(
    (
      await ctx.db
        .select({ id: customerCategories.id, name: customerCategories.name })
        .from(customerCategories)
        .where(eq(customerCategories.workspaceId, ctx.workspaceId))
    ).map((c) => [c.name.toLowerCase(), c.id]),
  );
  const codes = [...new Set(lines.map((l) => l.values.code).filter((c): c is string => Boolean(c)))];
  const existing = new Map<string, CustomerRow>();
  for (let i = 0; i < codes.length; i += 500) {
    const rows = await ctx.db
      .select()
      .from(customers)
      .where(and(eq(customers.workspaceId, ctx.workspaceId), inArray(customers.code, codes.slice(i, i + 500))));
    for (const r of rows) existing.set(r.code, r);
  }
  const seen = new Map<string, number>();
  return lines.map((line) => {
    const v = line.values;
    const errors: string[] = [];
    let categoryId: string | null = null;
    if (v.category) {
      categoryId = categories.get(v.category.toLowerCase()) ?? null;
      if (!categoryId) errors.push(say('category', 'CUSTOMER_CATEGORY_NOT_FOUND'));
    }
    const input = {
      code: v.code ?? '',
      name: v.name ?? '',
      category_id: categoryId,
      phone: text(v.phone),
      email: text(v.email),
      address: text(v.address),
      province_code: text(v.province_code),
      city_code: text(v.city_code),
      district_code: text(v.district_code),
      subdistrict_code: text(v.subdistrict_code),
      postal_code: text(v.postal_code),
      tax_id: text(v.tax_id),
      credit_limit: amount(v.credit_limit),
      transaction_limit: amount(v.transaction_limit),
      payment_limit_days: amount(v.payment_limit_days),
      shop_code: text(v.shop_code),
      sales_code: text(v.sales_code),
      store_type: text(v.store_type?.toUpperCase()),
      coin_usage: yesNo(v.coin_usage),
    } as CustomerInput;
    const parsed = CustomerSchema.safeParse(input);
    if (!parsed.success) for (const issue of parsed.error.issues) errors.push(say(issue.path.join('.'), issue.message));
    if (v.code) {
      const first = seen.get(v.code);
      if (first !== undefined) errors.push(`${say('code', 'DUPLICATE_VALUE')} (${first})`);
      else seen.set(v.code, line.row);
    }
    return { line, input: errors.length === 0 ? input : null, errors, existing: v.code ? (existing.get(v.code) ?? null) : null };
  });
}

/** The columns a row would change on an existing customer, as text. */
function changesOf(before: CustomerRow, categoryName: string | null, input: CustomerInput) {
  const parsed = CustomerSchema.parse(input);
  const after: SheetRow = toSheet(
    {
      ...before,
      name: parsed.name,
      phone: parsed.phone ?? null,
      email: parsed.email ?? null,
      address: parsed.address ?? null,
      provinceCode: parsed.province_code ?? null,
      cityCode: parsed.city_code ?? null,
      districtCode: parsed.district_code ?? null,
      subdistrictCode: parsed.subdistrict_code ?? null,
      postalCode: parsed.postal_code ?? null,
      taxId: parsed.tax_id ?? null,
      creditLimit: parsed.credit_limit,
      transactionLimit: parsed.transaction_limit,
      paymentLimitDays: parsed.payment_limit_days,
      shopCode: parsed.shop_code ?? null,
      salesCode: parsed.sales_code ?? null,
      storeType: parsed.store_type ?? null,
      coinUsage: parsed.coin_usage,
    },
    null,
  );
  const was = toSheet(before, null);
  const changes = (Object.keys(after) as CustomerSheetKey[])
    .filter((k) => k !== 'category' && (was[k] ?? '') !== (after[k] ?? ''))
    .map((k) => ({ field: k, before: was[k] ?? '', after: after[k] ?? '' }));
  if ((before.categoryId ?? null) !== (parsed.category_id ?? null))
    changes.push({ field: 'category', before: categoryName ?? '', after: '' });
  return changes;
}

async function categoryNames(ctx: TenantCtx): Promise<Map<string, string>> {
  const rows = await ctx.db
    .select({ id: customerCategories.id, name: customerCategories.name })
    .from(customerCategories)
    .where(eq(customerCategories.workspaceId, ctx.workspaceId));
  return new Map(rows.map((r) => [r.id, r.name]));
}

function previewOf(checked: Checked[], names: Map<string, string>) {
  const counts = { new: 0, changed: 0, unchanged: 0, errors: 0, examples: 0 };
  const items: CustomerImportItem[] = [];
  for (const c of checked) {
    const base = { row: c.line.row, code: c.line.values.code ?? '', name: c.line.values.name ?? '', changes: [], errors: [] };
    if (c.line.values.example) {
      counts.examples += 1;
      items.push({ ...base, outcome: 'EXAMPLE' });
    } else if (!c.input) {
      counts.errors += 1;
      items.push({ ...base, outcome: 'ERROR', errors: c.errors });
    } else if (!c.existing) {
      counts.new += 1;
      items.push({ ...base, outcome: 'NEW' });
    } else {
      const changes = changesOf(c.existing, c.existing.categoryId ? (names.get(c.existing.categoryId) ?? null) : null, c.input);
      const category = changes.find((ch) => ch.field === 'category');
      if (category) category.after = c.line.values.category ?? '';
      if (changes.length === 0) counts.unchanged += 1;
      else counts.changed += 1;
      items.push({ ...base, outcome: changes.length === 0 ? 'UNCHANGED' : 'CHANGED', changes });
    }
  }
  const order = { ERROR: 0, CHANGED: 1, NEW: 2, UNCHANGED: 3, EXAMPLE: 4 } as const;
  items.sort((a, b) => order[a.outcome] - order[b.outcome] || a.row - b.row);
  return { counts, items: items.slice(0, PREVIEW_ITEMS), truncated: items.length > PREVIEW_ITEMS };
}

function present(row: typeof customerImports.$inferSelect): CustomerImport {
  return {
    id: row.id,
    status: row.status as CustomerImport['status'],
    file_name: row.fileName,
    preview: row.preview.counts,
    items: row.preview.items,
    truncated: row.preview.truncated,
    result: row.result ?? null,
    has_error_file: row.errorFileKey !== null,
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * Stores an uploaded customer sheet and answers its preview: per row NEW, CHANGED (the columns that would change),
 * UNCHANGED, ERROR (each reason, translated) or EXAMPLE. Nothing else changes until the import is confirmed.
 */
export async function previewCustomerImport(ctx: TenantCtx, input: z.input<typeof CustomerImportUpload>): Promise<CustomerImport> {
  const data = parseInput(CustomerImportUpload, input);
  const bytes = Buffer.from(data.content_base64.replace(/^data:[^,]*,/u, ''), 'base64');
  // An XLSX is a ZIP archive: "PK\x03\x04".
  if (bytes.length < 4 || bytes.readUInt32LE(0) !== 0x04034b50) throw new DomainError('CUSTOMER_IMPORT_FILE_INVALID');
  const lines = await readSheet(bytes);
  const preview = previewOf(await checkLines(ctx, lines), await categoryNames(ctx));
  const id = uuidv7();
  const fileKey = `workspaces/${ctx.workspaceId}/customer-imports/${id}.xlsx`;
  await ctx.platform.files.put(fileKey, bytes);
  ctx.afterRollback(async () => ctx.platform.files.remove(fileKey));
  const [row] = await ctx.db
    .insert(customerImports)
    .values({ id, workspaceId: ctx.workspaceId, fileKey, fileName: data.file_name, preview, requestedBy: ctx.actor.userId })
    .returning();
  return present(row!);
}

async function importOr404(ctx: TenantCtx, id: string, lock = false) {
  const q = ctx.db
    .select()
    .from(customerImports)
    .where(and(eq(customerImports.workspaceId, ctx.workspaceId), eq(customerImports.id, id)));
  const [row] = await (lock ? q.for('update') : q);
  if (!row) throw new DomainError('IMPORT_NOT_FOUND');
  return row;
}

export async function getCustomerImport(ctx: TenantCtx, id: string): Promise<CustomerImport> {
  return present(await importOr404(ctx, id));
}

async function readStored(ctx: TenantCtx, key: string): Promise<Buffer> {
  const stream = await ctx.platform.files.get(key);
  if (!stream) throw new DomainError('FILE_NOT_READY');
  const chunks: Buffer[] = [];
  for await (const chunk of stream as AsyncIterable<Buffer | string>) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks);
}

/**
 * Imports a previewed sheet: each row that passes creates the customer or updates the one with its code (in a
 * savepoint of its own, so one refused row leaves the others), examples are skipped, and the refused rows go to the
 * error file with their reasons. Confirming a DONE import again answers it as it is (a double click imports once).
 */
export async function confirmCustomerImport(ctx: TenantCtx, id: string): Promise<CustomerImport> {
  const record = await importOr404(ctx, id, true);
  if (record.status === 'DONE') return present(record);
  const lines = await readSheet(await readStored(ctx, record.fileKey));
  const checked = await checkLines(ctx, lines);
  const result = { created: 0, updated: 0, unchanged: 0, failed: 0 };
  const failures: { line: Line; errors: string[] }[] = [];
  const names = await categoryNames(ctx);
  for (const c of checked) {
    if (c.line.values.example) continue;
    if (!c.input) {
      failures.push({ line: c.line, errors: c.errors });
      continue;
    }
    if (
      c.existing &&
      changesOf(c.existing, c.existing.categoryId ? (names.get(c.existing.categoryId) ?? null) : null, c.input).length === 0
    ) {
      result.unchanged += 1;
      continue;
    }
    try {
      await ctx.db.transaction(async (tx) => {
        const sub = { ...ctx, db: tx };
        if (c.existing) await updateCustomer(sub, c.existing.id, c.input!);
        else await createCustomer(sub, c.input!);
      });
      if (c.existing) result.updated += 1;
      else result.created += 1;
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      const fields = (error.details?.fields as { path: string; code: string }[] | undefined) ?? [];
      const say = (code: string) => translate(ctx.locale, 'validation', code) ?? translate(ctx.locale, 'errors', code) ?? code;
      failures.push({
        line: c.line,
        errors: fields.length > 0 ? fields.map((f) => `${f.path}: ${say(f.code)}`) : [say(error.code)],
      });
    }
  }
  result.failed = failures.length;
  let errorFileKey: string | null = null;
  if (failures.length > 0) {
    errorFileKey = `workspaces/${ctx.workspaceId}/customer-imports/${id}-errors.xlsx`;
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Pelanggan');
    sheetColumns(sheet, [
      { key: 'source_row', header: 'source_row', width: 10 },
      { key: 'errors', header: 'errors', width: 60 },
    ]);
    for (const f of failures) sheet.addRow({ ...f.line.values, source_row: f.line.row, errors: f.errors.join('; ') });
    await ctx.platform.files.put(errorFileKey, Buffer.from(await workbook.xlsx.writeBuffer()));
    const key = errorFileKey;
    ctx.afterRollback(async () => ctx.platform.files.remove(key));
  }
  const [row] = await ctx.db
    .update(customerImports)
    .set({ status: 'DONE', result, errorFileKey, finishedAt: ctx.platform.now() })
    .where(and(eq(customerImports.workspaceId, ctx.workspaceId), eq(customerImports.id, id)))
    .returning();
  return present(row!);
}

/** The refused rows of an import with their reasons (the row as it was, so it can be fixed and imported again). */
export async function customerImportErrors(ctx: TenantCtx, id: string) {
  const row = await importOr404(ctx, id);
  if (!row.errorFileKey) throw new DomainError('FILE_NOT_READY');
  const stream = await ctx.platform.files.get(row.errorFileKey);
  if (!stream) throw new DomainError('FILE_NOT_READY');
  return { stream, fileName: `galat-impor-pelanggan-${row.id}.xlsx`, contentType: XLSX_TYPE };
}

// ---------------------------------------------------------------------------------------------------------------
// Export: recorded in the export history, made by a job that streams the sheet into file storage.

export async function startCustomerExport(ctx: TenantCtx, input: z.input<typeof CustomerExportInput>): Promise<ExportRecord> {
  const filters = parseInput(CustomerExportInput, input);
  const id = uuidv7();
  const stamp = ctx.platform.now().toISOString().slice(0, 19).replace(/[-:T]/gu, '');
  const record = await recordExport(ctx, { id, type: 'CUSTOMER', fileName: `pelanggan-${stamp}.xlsx`, filters });
  const job: CustomerExportJob = { workspaceId: ctx.workspaceId, exportId: id };
  ctx.afterCommit(async () => {
    await ctx.platform.jobs.send(CUSTOMER_EXPORT_QUEUE, job, { singletonKey: id });
  });
  return record;
}

/**
 * The export job: pages through the customers by id (EXPORT_PAGE at a time, each page a short transaction) and
 * streams them into the file, the same columns as the import, so the file imports back. A failure marks the record
 * RETRY and rethrows (the queue retries) until the last attempt marks it FAILED.
 */
export async function runCustomerExport(platform: Platform, job: CustomerExportJob): Promise<void> {
  const { workspaceId, exportId } = job;
  const record = await findExportRecord(platform, workspaceId, exportId);
  if (!record || record.status === 'DONE') return;
  const update = (values: Parameters<typeof updateExportRecord>[3]) => updateExportRecord(platform, workspaceId, exportId, values);
  const attempt = record.attempts + 1;
  await update({ status: 'PROCESSING', attempts: attempt });
  const fileKey = `workspaces/${workspaceId}/exports/${exportId}.xlsx`;
  const filters = CustomerExportInput.parse(record.filters);
  const like = filters.q ? `%${filters.q.replace(/[\\%_]/gu, (m) => `\\${m}`)}%` : null;
  try {
    let rowCount = 0;
    const stream = new PassThrough();
    const saving = platform.files.put(fileKey, stream);
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
    try {
      const sheet = workbook.addWorksheet('Pelanggan');
      sheetColumns(sheet as unknown as ExcelJS.Worksheet);
      let after: string | null = null;
      for (;;) {
        const page = await inTenant(platform.database.db, workspaceId, async (tx) => {
          const ctx = tenantCtxFor(systemCtx(platform, tx, `export:${exportId}`), workspaceId, record.requestedBy);
          return ctx.db
            .select({ c: customers, category: customerCategories.name })
            .from(customers)
            .leftJoin(customerCategories, eq(customerCategories.id, customers.categoryId))
            .where(
              and(
                eq(customers.workspaceId, workspaceId),
                filters.category_id ? eq(customers.categoryId, filters.category_id) : undefined,
                like
                  ? or(ilike(customers.name, like), ilike(customers.code, like), ilike(customers.phone, like), ilike(customers.email, like))
                  : undefined,
                after ? gt(customers.id, after) : undefined,
              ),
            )
            .orderBy(asc(customers.id))
            .limit(EXPORT_PAGE);
        });
        if (page.length === 0) break;
        for (const r of page) sheet.addRow(toSheet(r.c, r.category)).commit();
        rowCount += page.length;
        after = page.at(-1)!.c.id;
      }
      sheet.commit();
      await workbook.commit();
    } catch (error) {
      stream.destroy(error as Error);
      throw error;
    }
    await saving;
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

/** The latest imports of the workspace (newest first). */
export async function listCustomerImports(ctx: TenantCtx) {
  const rows = await ctx.db
    .select()
    .from(customerImports)
    .where(eq(customerImports.workspaceId, ctx.workspaceId))
    .orderBy(desc(customerImports.createdAt))
    .limit(20);
  return { items: rows.map(present) };
}
