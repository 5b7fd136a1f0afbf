import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCustomerExport } from '../../src/modules/orders/customer-io.service.ts';
import { newMember, newWorkspace, type Actor } from '../factories.ts';
import { buildTestApp, type TestApp } from '../test-app.ts';
import { caller, expectError, expectFieldError } from '../workspaces/helpers.ts';

let app: TestApp;
let call: ReturnType<typeof caller>;
beforeAll(async () => {
  app = await buildTestApp();
  call = caller(app);
});
afterAll(async () => app?.close());

const HEADERS = ['code', 'name', 'category', 'phone', 'email', 'city_code', 'credit_limit', 'payment_limit_days', 'store_type', 'example'];

async function xlsx(rows: (string | number | null)[][], headers = HEADERS): Promise<string> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Pelanggan');
  sheet.addRow(headers);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer()).toString('base64');
}

async function readSheet(payload: Buffer): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(payload as unknown as ArrayBuffer);
  const rows: string[][] = [];
  workbook.worksheets[0]!.eachRow((row) =>
    rows.push((row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v)))),
  );
  return rows;
}

async function customerCount(as: Actor): Promise<number> {
  return (await call('GET', '/api/customers?size=100', as)).json().total_row;
}

async function preview(as: Actor, content: string) {
  const res = await call('POST', '/api/customers/imports', as, { file_name: 'pelanggan.xlsx', content_base64: content });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('customer import', () => {
  it('previews each row without writing, imports the rows that pass, and gives the refused rows back in an error file', async () => {
    const owner = await newWorkspace(app);
    const grosir = (await call('POST', '/api/customer-categories', owner, { name: 'Grosir' })).json();
    expect(grosir.id).toEqual(expect.any(String));
    const existing = await call('POST', '/api/customers', owner, { code: 'C-001', name: 'Toko Lama', credit_limit: 1_000_000 });
    expect(existing.statusCode, existing.body).toBe(201);
    await call('POST', '/api/customers', owner, { code: 'C-002', name: 'Toko Tetap', store_type: 'RETAIL' });

    const content = await xlsx([
      ['C-001', 'Toko Lama', 'Grosir', null, null, null, '5.000.000', 30, 'WHOLESALE', null],
      ['C-002', 'Toko Tetap', null, null, null, null, null, null, 'RETAIL', null],
      ['C-003', 'Toko Baru Surabaya', 'grosir', '0812-3456-7890', 'baru@example.id', '35.78', 2500000, 14, 'DISTRIBUTOR', null],
      ['C-004', 'Surel Salah', null, null, 'bukan-surel', null, null, null, null, null],
      ['C-005', 'Kategori Asing', 'Tidak Ada', null, null, null, null, null, null, null],
      ['C-003', 'Kode Ganda', null, null, null, null, null, null, null, null],
      ['C-006', null, null, null, null, null, null, null, null, null],
      ['C-900', 'Contoh', null, null, null, null, null, null, null, 'CONTOH'],
    ]);
    const before = await customerCount(owner);
    const previewed = await preview(owner, content);
    expect(previewed).toMatchObject({
      status: 'PREVIEW',
      preview: { new: 1, changed: 1, unchanged: 1, errors: 4, examples: 1 },
      result: null,
      has_error_file: false,
    });
    const byRow = new Map(previewed.items.map((i: { row: number }) => [i.row, i]));
    expect(byRow.get(2)).toMatchObject({ outcome: 'CHANGED', code: 'C-001' });
    expect((byRow.get(2) as { changes: { field: string; before: string; after: string }[] }).changes).toEqual(
      expect.arrayContaining([
        { field: 'credit_limit', before: '1000000', after: '5000000' },
        { field: 'store_type', before: '', after: 'WHOLESALE' },
        { field: 'category', before: '', after: 'Grosir' },
      ]),
    );
    expect(byRow.get(3)).toMatchObject({ outcome: 'UNCHANGED' });
    expect(byRow.get(4)).toMatchObject({ outcome: 'NEW', name: 'Toko Baru Surabaya' });
    expect(byRow.get(5)).toMatchObject({ outcome: 'ERROR', errors: ['email: Format email tidak valid.'] });
    expect(byRow.get(6)).toMatchObject({ outcome: 'ERROR', errors: [expect.stringMatching(/^category: /u)] });
    expect(byRow.get(7)).toMatchObject({ outcome: 'ERROR', errors: ['code: Nilai ini muncul lebih dari sekali. (4)'] });
    expect(byRow.get(8)).toMatchObject({ outcome: 'ERROR', errors: [expect.stringMatching(/^name: /u)] });
    expect(byRow.get(9)).toMatchObject({ outcome: 'EXAMPLE' });
    // Errors first, then changes.
    expect(previewed.items[0].outcome).toBe('ERROR');
    // Nothing written by the preview.
    expect(await customerCount(owner)).toBe(before);
    expect((await call('GET', `/api/customers?q=C-001`, owner)).json().items[0].credit_limit).toBe(1_000_000);
    expectError(await call('GET', `/api/customers/imports/${previewed.id}/errors`, owner), 409, 'FILE_NOT_READY');

    const done = (await call('POST', `/api/customers/imports/${previewed.id}/confirm`, owner)).json();
    expect(done).toMatchObject({ status: 'DONE', result: { created: 1, updated: 1, unchanged: 1, failed: 4 }, has_error_file: true });
    expect(await customerCount(owner)).toBe(before + 1);
    const created = (await call('GET', '/api/customers?q=C-003', owner)).json().items[0];
    expect(created).toMatchObject({
      name: 'Toko Baru Surabaya',
      category_name: 'Grosir',
      email: 'baru@example.id',
      city_code: '35.78',
      credit_limit: 2_500_000,
      payment_limit_days: 14,
      store_type: 'DISTRIBUTOR',
    });
    expect((await call('GET', '/api/customers?q=C-001', owner)).json().items[0]).toMatchObject({
      credit_limit: 5_000_000,
      category_name: 'Grosir',
    });

    // The error file: the refused rows as they were, with their row and reasons, to fix and import again.
    const file = await call('GET', `/api/customers/imports/${previewed.id}/errors`, owner);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    const rows = await readSheet(file.rawPayload);
    expect(rows[0]!.slice(-2)).toEqual(['source_row', 'errors']);
    expect(rows.slice(1).map((r) => [r[0], r.at(-2), r.at(-1)])).toEqual([
      ['C-004', '5', 'email: Format email tidak valid.'],
      ['C-005', '6', expect.stringMatching(/^category: /u)],
      ['C-003', '7', 'code: Nilai ini muncul lebih dari sekali. (4)'],
      ['C-006', '8', expect.stringMatching(/^name: /u)],
    ]);

    // A second confirmation (a double click) imports nothing again.
    const again = (await call('POST', `/api/customers/imports/${previewed.id}/confirm`, owner)).json();
    expect(again.result).toEqual(done.result);
    expect(await customerCount(owner)).toBe(before + 1);
  });

  it('the template imported unchanged adds nothing; a file that is not a customer sheet is refused', async () => {
    const owner = await newWorkspace(app);
    const template = await call('GET', '/api/customers/import/template', owner);
    expect(template.statusCode).toBe(200);
    const previewed = await preview(owner, template.rawPayload.toString('base64'));
    expect(previewed.preview).toEqual({ new: 0, changed: 0, unchanged: 0, errors: 0, examples: 2 });
    const done = (await call('POST', `/api/customers/imports/${previewed.id}/confirm`, owner)).json();
    expect(done.result).toEqual({ created: 0, updated: 0, unchanged: 0, failed: 0 });
    expect(await customerCount(owner)).toBe(0);

    const notXlsx = await call('POST', '/api/customers/imports', owner, {
      file_name: 'pelanggan.xlsx',
      content_base64: Buffer.from('code,name\nC-1,Toko').toString('base64'),
    });
    expectError(notXlsx, 422, 'CUSTOMER_IMPORT_FILE_INVALID');
    expect(notXlsx.json().message).toBe('Berkas bukan template pelanggan dalam format XLSX (kolom code dan name wajib ada).');
    expectError(
      await call('POST', '/api/customers/imports', owner, { file_name: 'p.xlsx', content_base64: await xlsx([['x']], ['sku']) }),
      422,
      'CUSTOMER_IMPORT_FILE_INVALID',
    );
    expectFieldError(await call('POST', '/api/customers/imports', owner, { file_name: 'p.csv', content_base64: 'eA==' }), 'file_name');
    expectFieldError(await call('POST', '/api/customers/imports', owner, { file_name: 'p.xlsx' }), 'content_base64');
  });

  it("another workspace's import is 404; a read-only member cannot import", async () => {
    const owner = await newWorkspace(app);
    const other = await newWorkspace(app);
    const previewed = await preview(owner, await xlsx([['T-1', 'Toko Satu']]));
    expectError(await call('GET', `/api/customers/imports/${previewed.id}`, other), 404, 'IMPORT_NOT_FOUND');
    expectError(await call('POST', `/api/customers/imports/${previewed.id}/confirm`, other), 404, 'IMPORT_NOT_FOUND');
    expectError(await call('GET', `/api/customers/imports/${previewed.id}/errors`, other), 404, 'IMPORT_NOT_FOUND');
    expect(await customerCount(owner)).toBe(0);
    const reader = await newMember(app, owner, { 'customer-channel': 'READ' });
    expectError(
      await call('POST', '/api/customers/imports', reader, { file_name: 'p.xlsx', content_base64: await xlsx([['T-2', 'Toko Dua']]) }),
      403,
      'FORBIDDEN',
    );
    expect((await call('GET', `/api/customers/imports/${previewed.id}`, reader)).statusCode).toBe(200);
  });
});

describe('customer export', () => {
  it('exports the matching customers as a job in the export history, and the file imports back unchanged', async () => {
    const owner = await newWorkspace(app);
    for (const [code, name] of [
      ['E-1', 'Toko Ekspor Satu'],
      ['E-2', 'Toko Ekspor Dua'],
      ['X-3', 'Warung Lain'],
    ])
      expect((await call('POST', '/api/customers', owner, { code, name, credit_limit: 750_000, coin_usage: true })).statusCode).toBe(201);
    const res = await call('POST', '/api/customers/exports', owner, { q: 'Ekspor' });
    expect(res.statusCode, res.body).toBe(202);
    const record = res.json();
    expect(record).toMatchObject({ type: 'CUSTOMER', status: 'PROCESSING', filters: { q: 'Ekspor' } });
    expectError(await call('GET', `/api/exports/${record.id}/file`, owner), 409, 'FILE_NOT_READY');
    // JOBS=false in tests: run the handler the worker would run.
    await runCustomerExport(app.platform, { workspaceId: owner.workspaceId, exportId: record.id });
    expect((await call('GET', `/api/exports/${record.id}`, owner)).json()).toMatchObject({ status: 'DONE', row_count: 2 });
    const file = await call('GET', `/api/exports/${record.id}/file`, owner);
    const rows = await readSheet(file.rawPayload);
    expect(rows).toHaveLength(3);
    expect(
      rows
        .slice(1)
        .map((r) => r[1])
        .sort(),
    ).toEqual(['Toko Ekspor Dua', 'Toko Ekspor Satu']);
    expect(rows[1]![rows[0]!.indexOf('coin_usage')]).toBe('YES');

    const reimport = await preview(owner, file.rawPayload.toString('base64'));
    expect(reimport.preview).toEqual({ new: 0, changed: 0, unchanged: 2, errors: 0, examples: 0 });
    expectFieldError(await call('POST', '/api/customers/exports', owner, { category_id: 'nope' }), 'category_id');
  });
});
