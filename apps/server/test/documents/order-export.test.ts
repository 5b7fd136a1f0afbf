import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runOrderExport } from '../../src/flows/order-export.ts';
import { workbookReader } from '../../src/modules/catalog/xlsx-reader.ts';
import { ordersTable } from '../../src/modules/orders/index.ts';
import { inTenant } from '../../src/platform/db/database.ts';
import { exports } from '../../src/platform/exports/exports.schema.ts';
import { newMember, newWorkspace, type Actor } from '../factories.ts';
import { newSku, receive } from '../inventory/helpers.ts';
import { buildTestApp, type TestApp } from '../test-app.ts';
import { caller, expectError, expectFieldError, newWarehouse } from '../workspaces/helpers.ts';

let app: TestApp;
let call: ReturnType<typeof caller>;
beforeAll(async () => {
  app = await buildTestApp();
  call = caller(app);
});
afterAll(async () => app?.close());

type Setup = { owner: Actor; wh: string; wh2: string; sku: { id: string; sku: string } };

async function setup(): Promise<Setup> {
  const owner = await newWorkspace(app);
  const wh = (await newWarehouse(app, owner)).id;
  const wh2 = (await newWarehouse(app, owner)).id;
  const sku = await newSku(app, owner);
  await receive(app, owner, wh, [{ catalog_id: sku.id, quantity: 100 }]);
  await receive(app, owner, wh2, [{ catalog_id: sku.id, quantity: 100 }]);
  return { owner, wh, wh2, sku };
}

async function order(s: Setup, date: string, options: { wh?: string; courier?: string; buyer?: string } = {}) {
  const res = await call('POST', '/api/manual-orders', s.owner, {
    warehouse_id: options.wh ?? s.wh,
    order_date: date,
    buyer_name: options.buyer ?? 'Budi Santoso',
    address: 'Jl. Merdeka 5, "Blok A"',
    lines: [{ catalog_id: s.sku.id, quantity: 1 }],
    courier_name: options.courier ?? 'JNE',
    confirm: true,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; order_number: string };
}

const csvRows = (body: string) =>
  body
    .replace(/^\uFEFF/u, '')
    .trim()
    .split('\n');

describe('order exports', () => {
  it('needs a period of at most 3 months: refused over the limit, accepted at it', async () => {
    const s = await setup();
    const url = '/api/delivery-orders/exports';
    const missing = await call('POST', url, s.owner, {});
    expectFieldError(missing, 'date_from');
    expect(JSON.stringify(missing.json())).toContain('Harap isi periode pesanan');
    expectFieldError(await call('POST', url, s.owner, { date_from: '2026-08-24', date_to: '' }), 'date_to');
    const over = await call('POST', url, s.owner, { date_from: '2026-08-23', date_to: '2026-11-24' });
    expectFieldError(over, 'date_to');
    expect(JSON.stringify(over.json().details.fields)).toContain('Periode pesanan paling lama 3 bulan');
    expectFieldError(await call('POST', url, s.owner, { date_from: '2026-11-24', date_to: '2026-11-01' }), 'date_to');
    expectFieldError(await call('POST', url, s.owner, { date_from: '2026-13-01', date_to: '2026-11-01' }), 'date_from');
    expectFieldError(await call('POST', url, s.owner, { date_from: '2026-08-24', date_to: '2026-11-24', format: 'pdf' }), 'format');
    const atLimit = await call('POST', url, s.owner, { date_from: '2026-08-24', date_to: '2026-11-24' });
    expect(atLimit.statusCode, atLimit.body).toBe(202);
    expect(atLimit.json()).toMatchObject({ type: 'DELIVERY_ORDERS', status: 'PROCESSING', progress: 0 });
    // The 31st plus three months ends on the last day of that month.
    expect((await call('POST', url, s.owner, { date_from: '2026-08-31', date_to: '2026-11-30' })).statusCode).toBe(202);
  });

  it('writes the rows that match the filters to CSV and XLSX, shown in the export history with row count and size', async () => {
    const s = await setup();
    const inside = await order(s, '2026-11-10', { buyer: 'Ani, "Toko" Jaya' });
    const inside2 = await order(s, '2026-11-20');
    await order(s, '2026-11-21', { courier: 'SiCepat' });
    await order(s, '2026-11-22', { wh: s.wh2 });
    await order(s, '2026-07-01');
    const body = { date_from: '2026-10-01', date_to: '2026-11-30', warehouse_id: s.wh, courier: 'JNE', format: 'csv' };
    const started = await call('POST', '/api/delivery-orders/exports', s.owner, body);
    expect(started.statusCode, started.body).toBe(202);
    const id = started.json().id as string;
    expectError(await call('GET', `/api/delivery-orders/exports/${id}/file`, s.owner), 409, 'FILE_NOT_READY');
    await runOrderExport(app.platform, { workspaceId: s.owner.workspaceId, exportId: id });
    const record = (await call('GET', `/api/delivery-orders/exports/${id}`, s.owner)).json();
    expect(record).toMatchObject({ status: 'DONE', row_count: 2, progress: 100 });
    const file = await call('GET', `/api/delivery-orders/exports/${id}/file`, s.owner);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('text/csv');
    expect(record.file_size).toBe(file.rawPayload.length);
    const rows = csvRows(file.body);
    expect(rows[0]).toMatch(/^order_number,order_date,status,/u);
    expect(rows.slice(1).map((r) => r.split(',')[0])).toEqual([inside.order_number, inside2.order_number]);
    expect(rows[1]).toContain('"Ani, ""Toko"" Jaya"');

    // The export history lists it, with who asked, the size, and the filters as chosen.
    const history = (await call('GET', '/api/exports?type=DELIVERY_ORDERS', s.owner)).json();
    expect(history.items[0]).toMatchObject({
      id,
      status: 'DONE',
      row_count: 2,
      file_size: file.rawPayload.length,
      requested_by_name: expect.any(String),
    });
    expect(history.items[0].filters).toMatchObject({ date_from: '2026-10-01', date_to: '2026-11-30', courier: 'JNE', format: 'csv' });
    expect(history.items[0].filters).not.toHaveProperty('restriction');
    expect((await call('GET', `/api/exports/${id}/file`, s.owner)).body).toBe(file.body);

    // The same filters in XLSX.
    const xlsx = await call('POST', '/api/delivery-orders/exports', s.owner, { ...body, format: 'xlsx' });
    await runOrderExport(app.platform, { workspaceId: s.owner.workspaceId, exportId: xlsx.json().id });
    const xfile = await call('GET', `/api/delivery-orders/exports/${xlsx.json().id}/file`, s.owner);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xfile.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.rowCount).toBe(3);
    expect(sheet.getRow(2).getCell(1).value).toBe(inside.order_number);
    expect(sheet.getRow(3).getCell(1).value).toBe(inside2.order_number);

    // /fulfillment exports marketplace orders only: none here.
    const ful = await call('POST', '/api/fulfillment/exports', s.owner, { date_from: '2026-10-01', date_to: '2026-11-30', format: 'csv' });
    await runOrderExport(app.platform, { workspaceId: s.owner.workspaceId, exportId: ful.json().id });
    expect((await call('GET', `/api/fulfillment/exports/${ful.json().id}`, s.owner)).json()).toMatchObject({
      status: 'DONE',
      row_count: 0,
    });
  });

  it('pages through every order once, in (date, id) order, orders of the same day included (CSV and XLSX)', async () => {
    const s = await setup();
    const made: { id: string; order_number: string; date: string }[] = [];
    // 11 orders on three days: pages of 4 end in the middle of a day, so the keyset's tie on the date is walked by id.
    for (const [i, date] of [
      '2026-11-03',
      '2026-11-03',
      '2026-11-03',
      '2026-11-03',
      '2026-11-03',
      '2026-11-04',
      '2026-11-04',
      '2026-11-05',
      '2026-11-05',
      '2026-11-05',
      '2026-11-05',
    ].entries())
      made.push({ ...(await order(s, date, { buyer: `Pembeli <${i}> & "Co"` })), date });
    const expected = [...made]
      .sort((a, b) => (a.date === b.date ? (a.id < b.id ? -1 : 1) : a.date < b.date ? -1 : 1))
      .map((o) => o.order_number);
    const body = { date_from: '2026-11-01', date_to: '2026-11-30', format: 'csv' };
    const csv = (await call('POST', '/api/delivery-orders/exports', s.owner, body)).json().id as string;
    await runOrderExport(app.platform, { workspaceId: s.owner.workspaceId, exportId: csv }, 4);
    const rows = csvRows((await call('GET', `/api/delivery-orders/exports/${csv}/file`, s.owner)).body);
    expect(rows.slice(1).map((r) => r.split(',')[0])).toEqual(expected);
    // PostgreSQL writes the lines: dates in ISO 8601 UTC with milliseconds, fields with a quote or comma quoted.
    const firstIndex = made.findIndex((o) => o.order_number === expected[0]);
    expect(rows[1]).toContain(',2026-11-02T17:00:00.000Z,');
    expect(rows[1]).toContain(`,"Pembeli <${firstIndex}> & ""Co""",`);
    expect(rows[1]).toContain(',"Jl. Merdeka 5, ""Blok A""",');
    expect(rows[1]).toMatch(/,\d+,\d+,\d+,\d+$/u);

    const xlsx = (await call('POST', '/api/delivery-orders/exports', s.owner, { ...body, format: 'xlsx' })).json().id as string;
    await runOrderExport(app.platform, { workspaceId: s.owner.workspaceId, exportId: xlsx }, 4);
    expect((await call('GET', `/api/delivery-orders/exports/${xlsx}`, s.owner)).json()).toMatchObject({ status: 'DONE', row_count: 11 });
    const file = await call('GET', `/api/delivery-orders/exports/${xlsx}/file`, s.owner);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.rowCount).toBe(12);
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header.slice(0, 3)).toEqual(['order_number', 'order_date', 'status']);
    const column = (name: string) => header.indexOf(name) + 1;
    expect(Array.from({ length: 11 }, (_, i) => sheet.getRow(i + 2).getCell(1).value)).toEqual(expected);
    // Text is escaped and read back as it was; numbers stay numbers.
    const first = made.find((o) => o.order_number === expected[0])!;
    expect(sheet.getRow(2).getCell(column('buyer_name')).value).toBe(`Pembeli <${made.indexOf(first)}> & "Co"`);
    expect(sheet.getRow(2).getCell(column('address')).value).toBe('Jl. Merdeka 5, "Blok A"');
    expect(typeof sheet.getRow(2).getCell(column('buyer_total')).value).toBe('number');
    expect(sheet.getRow(2).getCell(column('order_date')).value).toBe('2026-11-02T17:00:00.000Z');

    // Without a page size (on PostgreSQL: the whole export as one COPY, ADR 0057) the files are the same, byte for byte.
    for (const [id, format] of [
      [csv, 'csv'],
      [xlsx, 'xlsx'],
    ] as const) {
      const whole = (await call('POST', '/api/delivery-orders/exports', s.owner, { ...body, format })).json().id as string;
      await runOrderExport(app.platform, { workspaceId: s.owner.workspaceId, exportId: whole });
      const paged = (await call('GET', `/api/delivery-orders/exports/${id}/file`, s.owner)).rawPayload;
      expect((await call('GET', `/api/delivery-orders/exports/${whole}/file`, s.owner)).rawPayload.equals(paged)).toBe(true);
    }
  });

  it('writes texts with markup characters, outer spaces, control characters and non-ASCII as they are read back; the single COPY, its pages and the row writer write the same file', async () => {
    const s = await setup();
    const tricky = await order(s, '2026-11-03');
    const plain = await order(s, '2026-11-04');
    const texts = {
      buyerName: 'Ani & <Toko> "Jaya"',
      buyerPhone: '\u0001\u0002',
      shipName: '  spasi di tepi  ',
      shipPhone: '08\u000b12',
      shipAddress: 'Jl. Merdeka 5\nRT 01/RW 02\tBlok "A"',
      shipCity: 'Yogyakarta é',
      postalCode: '',
      courierService: '日本語テキスト',
      receiptNumber: ' \u0001X',
      paymentMethod: '💳 Kartu',
    };
    await app.platform.database.db.update(ordersTable).set(texts).where(eq(ordersTable.id, tricky.id));
    // As read back: control characters dropped, a text of nothing else or an empty one is no cell.
    const expected: Record<string, unknown> = {
      buyer_name: 'Ani & <Toko> "Jaya"',
      buyer_phone: null,
      recipient_name: '  spasi di tepi  ',
      recipient_phone: '0812',
      address: 'Jl. Merdeka 5\nRT 01/RW 02\tBlok "A"',
      city: 'Yogyakarta é',
      postal_code: null,
      service: '日本語テキスト',
      receipt_number: ' X',
      payment_method: '💳 Kartu',
      marketplace: null,
    };
    const body = { date_from: '2026-11-01', date_to: '2026-11-30', format: 'xlsx' };
    const exported = async (platform: typeof app.platform, pageSize?: number) => {
      const id = (await call('POST', '/api/delivery-orders/exports', s.owner, body)).json().id as string;
      await runOrderExport(platform, { workspaceId: s.owner.workspaceId, exportId: id }, pageSize);
      return (await call('GET', `/api/delivery-orders/exports/${id}/file`, s.owner)).rawPayload;
    };
    const whole = await exported(app.platform);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(whole as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1) as string[];
    const read = (values: unknown[]) =>
      Object.fromEntries(Object.keys(expected).map((name) => [name, values[header.indexOf(name) + 1] ?? null]));
    expect(read(sheet.getRow(2).values as unknown[])).toEqual(expected);
    expect(sheet.getRow(3).getCell(header.indexOf('buyer_name') + 1).value).toBe('Budi Santoso');
    expect(sheet.getRow(3).getCell(header.indexOf('order_number') + 1).value).toBe(plain.order_number);
    // The product's own streaming reader (the imports') reads the same.
    const streamed: unknown[][] = [];
    for await (const worksheet of workbookReader(ExcelJS, Readable.from(whole))) {
      for await (const row of worksheet) streamed.push(row.values as unknown[]);
      break;
    }
    expect(streamed).toHaveLength(3);
    expect(read(streamed[1]!)).toEqual(expected);

    // Pages of one row, and on PostgreSQL the row writer PGlite uses (rows read as objects): the same bytes.
    expect((await exported(app.platform, 1)).equals(whole)).toBe(true);
    const rowWriter = { ...app.platform, database: { ...app.platform.database, kind: 'pglite' as const } };
    expect((await exported(rowWriter)).equals(whole)).toBe(true);
  });

  it('filters printed / not printed labels', async () => {
    const s = await setup();
    const printed = await order(s, '2026-11-10');
    const notPrinted = await order(s, '2026-11-11');
    await call('POST', '/api/documents/labels', s.owner, { order_ids: [printed.id] });
    for (const [value, expected] of [
      ['printed', printed.order_number],
      ['not_printed', notPrinted.order_number],
    ] as const) {
      const res = await call('POST', '/api/delivery-orders/exports', s.owner, {
        date_from: '2026-11-01',
        date_to: '2026-11-30',
        printed: value,
        format: 'csv',
      });
      await runOrderExport(app.platform, { workspaceId: s.owner.workspaceId, exportId: res.json().id });
      const rows = csvRows((await call('GET', `/api/delivery-orders/exports/${res.json().id}/file`, s.owner)).body);
      expect(rows.slice(1).map((r) => r.split(',')[0])).toEqual([expected]);
    }
  });

  it('an export interrupted by a crash is run again; after its last attempt it is FAILED and can be retried', async () => {
    const s = await setup();
    await order(s, '2026-11-10');
    const res = await call('POST', '/api/delivery-orders/exports', s.owner, { date_from: '2026-11-01', date_to: '2026-11-30' });
    const id = res.json().id as string;
    const db = app.platform.database.db;
    const set = (values: Partial<typeof exports.$inferInsert>) =>
      inTenant(db, s.owner.workspaceId, (tx) =>
        tx
          .update(exports)
          .set(values)
          .where(and(eq(exports.workspaceId, s.owner.workspaceId), eq(exports.id, id))),
      );
    // A crash left it PROCESSING half-way (attempt 1, 40 %): the queue hands the job back and it writes the file anew.
    await set({ attempts: 1, progress: 40 });
    await runOrderExport(app.platform, { workspaceId: s.owner.workspaceId, exportId: id });
    expect((await call('GET', `/api/exports/${id}`, s.owner)).json()).toMatchObject({ status: 'DONE', row_count: 1 });
    expectError(await call('POST', `/api/exports/${id}/retry`, s.owner), 409, 'EXPORT_NOT_RETRYABLE');

    // A job that keeps failing (its stored filters broken): RETRY, then FAILED on the last attempt, then retried.
    const bad = (await call('POST', '/api/delivery-orders/exports', s.owner, { date_from: '2026-11-01', date_to: '2026-11-30' })).json()
      .id as string;
    await inTenant(db, s.owner.workspaceId, (tx) =>
      tx
        .update(exports)
        .set({ filters: { kind: 'delivery-order', date_from: 'not-a-date', date_to: '2026-11-30', format: 'xlsx' } })
        .where(eq(exports.id, bad)),
    );
    const job = { workspaceId: s.owner.workspaceId, exportId: bad };
    await expect(runOrderExport(app.platform, job)).rejects.toThrow();
    expect((await call('GET', `/api/exports/${bad}`, s.owner)).json()).toMatchObject({ status: 'RETRY' });
    await expect(runOrderExport(app.platform, job)).rejects.toThrow();
    await runOrderExport(app.platform, job);
    const failed = (await call('GET', `/api/exports/${bad}`, s.owner)).json();
    expect(failed).toMatchObject({ status: 'FAILED', error: expect.any(String) });
    expectError(await call('GET', `/api/exports/${bad}/file`, s.owner), 409, 'FILE_NOT_READY');
    const retried = await call('POST', `/api/exports/${bad}/retry`, s.owner);
    expect(retried.statusCode, retried.body).toBe(202);
    expect(retried.json()).toMatchObject({ status: 'PROCESSING', progress: 0, error: null });
  });

  it("answers 404 for another workspace's export and its file, 403 without the list's menu", async () => {
    const s = await setup();
    const other = await setup();
    const res = await call('POST', '/api/delivery-orders/exports', s.owner, { date_from: '2026-11-01', date_to: '2026-11-30' });
    const id = res.json().id as string;
    await runOrderExport(app.platform, { workspaceId: s.owner.workspaceId, exportId: id });
    expectError(await call('GET', `/api/delivery-orders/exports/${id}`, other.owner), 404, 'EXPORT_NOT_FOUND');
    expectError(await call('GET', `/api/delivery-orders/exports/${id}/file`, other.owner), 404, 'EXPORT_NOT_FOUND');
    expectError(await call('GET', `/api/exports/${id}/file`, other.owner), 404, 'EXPORT_NOT_FOUND');
    expectError(await call('POST', `/api/exports/${id}/retry`, other.owner), 404, 'EXPORT_NOT_FOUND');
    // A delivery-order export is not a fulfillment export.
    expectError(await call('GET', `/api/fulfillment/exports/${id}`, s.owner), 404, 'EXPORT_NOT_FOUND');
    expectError(
      await call('POST', '/api/delivery-orders/exports', s.owner, {
        date_from: '2026-11-01',
        date_to: '2026-11-30',
        warehouse_id: other.wh,
      }),
      404,
      'WAREHOUSE_NOT_FOUND',
    );
    const clerk = await newMember(app, s.owner, { fulfillment: 'READ' });
    expectError(
      await call('POST', '/api/delivery-orders/exports', clerk, { date_from: '2026-11-01', date_to: '2026-11-30' }),
      403,
      'FORBIDDEN',
    );
    expect((await call('POST', '/api/fulfillment/exports', clerk, { date_from: '2026-11-01', date_to: '2026-11-30' })).statusCode).toBe(
      202,
    );
  });
});
