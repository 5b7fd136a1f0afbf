import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO_USER, baseUrl, describeJourney } from '../support/api.ts';
import { openBrowser, saveScreenshot, type Session } from '../support/chromium.ts';
import { downloadedBytes, fillTemplate, xlsxRows } from '../support/files.ts';
import { SERVER_POLL, signIn, trackNavigation, waitForWorkspace, watchServerErrors } from '../support/ui.ts';

/** Data rows of the file: 100 variant products of four SKUs each, then single products; three rows are bad. */
const ROWS = 1_000;
const VARIANT_PRODUCTS = 100;

type Row = Record<string, string | number>;

/**
 * The rows of the import file for this run (`suffix` keeps SKUs and names its own), and the three bad rows with
 * their sheet row numbers (the header is row 1) and the reason the result file must give.
 */
function importRows(suffix: string): { rows: Row[]; bad: { row: number; sku: string; name: string; reason: string }[] } {
  const rows: Row[] = [];
  const colours = ['Hitam', 'Putih'];
  const sizes = ['M', 'L'];
  for (let p = 1; p <= VARIANT_PRODUCTS; p += 1) {
    for (const colour of colours) {
      for (const size of sizes) {
        rows.push({
          product_key: `e2e-kemeja-${suffix}-${p}`.toLowerCase(),
          product_type: 'VARIANT',
          name: `Kemeja Flanel ${suffix} ${p}`,
          sku: `IMP-${suffix}-K${p}-${colour.toUpperCase()}-${size}`,
          price: 120_000 + p * 100 + (size === 'L' ? 5_000 : 0),
          status: 'ACTIVE',
          weight_g: 300,
          variant_1_name: 'Warna',
          variant_1_option: colour,
          variant_2_name: 'Ukuran',
          variant_2_option: size,
        });
      }
    }
  }
  for (let s = 1; rows.length < ROWS; s += 1) {
    rows.push({
      product_key: `e2e-teh-${suffix}-${s}`.toLowerCase(),
      product_type: 'SINGLE',
      name: `Teh Melati ${suffix} ${s}`,
      sku: `IMP-${suffix}-T${s}`,
      price: 15_000 + s * 10,
      status: s % 3 === 0 ? 'DRAFT' : 'ACTIVE',
      weight_g: 100,
      vat_mode: 'INCLUDE',
    });
  }
  // Three single-product rows spread through the file, each wrong in its own way.
  const at = (index: number) => ({ row: index + 2, values: rows[index]! });
  const noName = at(436);
  noName.values.name = '';
  const badPrice = at(713);
  badPrice.values.price = '12.500,50';
  const noCategory = at(958);
  noCategory.values.category = `Tidak Ada ${suffix} > Kategori`;
  return {
    rows,
    bad: [
      { row: noName.row, sku: String(noName.values.sku), name: '', reason: 'name: Wajib diisi.' },
      {
        row: badPrice.row,
        sku: String(badPrice.values.sku),
        name: String(badPrice.values.name),
        reason: 'price: Masukkan nominal dalam rupiah tanpa desimal.',
      },
      {
        row: noCategory.row,
        sku: String(noCategory.values.sku),
        name: String(noCategory.values.name),
        reason: 'category: Kategori tidak ditemukan.',
      },
    ],
  };
}

/**
 * Journey 11: the demo owner opens "Impor Produk" from the product list, downloads the template, fills it with
 * 1,000 rows (variant and single products) of which three are bad (no name, a price with decimals, a category that
 * does not exist), uploads it, reads the preview (697 new products, 3 errors) and confirms it, follows the progress to the end (997 rows imported, 3 failed), downloads the failed
 * rows and finds exactly those three rows with their reasons in the file, then finds imported products in the list.
 */
describeJourney('journey 11: import 1,000 products from the template with 3 bad rows', () => {
  let session: Session;
  beforeAll(async () => {
    session = await openBrowser(baseUrl());
  });
  afterAll(async () => {
    await session?.close();
  });

  it(
    'imports the filled template, reports the 3 bad rows in the result file and lists the rest',
    { timeout: 420_000 },
    async ({ onTestFailed }) => {
      const { page } = session;
      const serverErrors = watchServerErrors(page);
      const visited = trackNavigation(page);
      onTestFailed(async () => {
        console.log(`journey 11 went through:\n  ${visited.join('\n  ')}`);
        if (serverErrors.length > 0) console.log(`journey 11 server errors:\n  ${serverErrors.join('\n  ')}`);
        await saveScreenshot(page, 'journey-11-FAILED');
      });
      const suffix = Date.now().toString(36).toUpperCase();
      const { rows, bad } = importRows(suffix);
      expect(rows).toHaveLength(ROWS);

      await signIn(page, DEMO_USER.username, DEMO_USER.password);
      await page.goto('/product');
      await page.getByRole('heading', { name: 'Produk Master' }).waitFor();
      const workspaceId = await waitForWorkspace(page);
      await page.locator('.ant-table-row').first().waitFor();

      await page.getByRole('button', { name: 'Impor Produk' }).click();
      await page.waitForURL((url) => url.pathname === '/product/import');
      await page.getByRole('heading', { name: 'Impor Produk' }).waitFor();
      expect(new URL(page.url()).searchParams.get('workspace_id')).toBe(workspaceId);

      // Step 1: the template, with its column explanations.
      const [templateDownload] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Unduh Template' }).click(),
      ]);
      expect(templateDownload.suggestedFilename()).toBe('template-import-produk.xlsx');
      const template = await downloadedBytes(templateDownload);
      const templateRows = await xlsxRows(template, 'Produk');
      expect(templateRows[0]).toEqual(
        expect.arrayContaining(['product_key', 'product_type', 'name', 'sku', 'price', 'category', 'variant_1_name', 'variant_2_option']),
      );
      expect((await xlsxRows(template, 'Petunjuk')).length).toBeGreaterThan(10);

      // Step 2: the template filled in and uploaded.
      const filled = await fillTemplate(template, rows);
      expect((await xlsxRows(filled, 'Produk')).length).toBe(ROWS + 1);
      await page
        .getByTestId('import-page')
        .locator('input[type="file"]')
        .setInputFiles({
          name: `produk-${suffix}.xlsx`,
          mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          buffer: filled,
        });
      // First the preview: nothing has changed yet; 697 products are new and the 3 bad rows are errors.
      const preview = page.getByTestId('import-preview');
      await preview.waitFor({ timeout: 240_000 });
      const summary = preview.getByTestId('import-preview-summary');
      await expect.poll(() => summary.innerText(), SERVER_POLL).toContain('697 baru');
      expect(await summary.innerText()).toContain('3 error');
      await saveScreenshot(page, 'journey-11-preview');
      await preview.getByRole('button', { name: 'Impor 697 Produk' }).click();
      // The progress shows while the job runs (unless it is already done by the first poll).
      const result = page.locator('.ant-result');
      // The job's progress (queued, then running through the rows) until it ends; it may end before the first poll.
      const progress = page.getByTestId('import-progress');
      await progress.or(result).first().waitFor({ timeout: 30_000 });
      if (await progress.isVisible()) {
        expect(await progress.innerText()).toMatch(/^(Menunggu antrean|Sedang diproses)\n/u);
        await saveScreenshot(page, 'journey-11-progress');
      }
      await result.waitFor({ timeout: 240_000 });
      await expect.poll(() => result.locator('.ant-result-title').innerText(), SERVER_POLL).toBe('Selesai');
      expect(await result.locator('.ant-result-subtitle').innerText()).toBe('997 baris berhasil, 3 baris gagal.');
      await saveScreenshot(page, 'journey-11-done');

      // The failed rows: exactly the three bad ones, each with its reason.
      const [resultDownload] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Unduh Baris Gagal' }).click(),
      ]);
      expect(resultDownload.suggestedFilename()).toBe(`hasil-impor-produk-${suffix}.xlsx`);
      const failed = await xlsxRows(await downloadedBytes(resultDownload));
      expect(failed[0]).toEqual(['row', 'sku', 'name', 'errors']);
      expect(failed.slice(1)).toEqual(bad.map((b) => [String(b.row), b.sku, b.name, b.reason]));

      // The imported products are in the list; the bad rows' are not.
      await page.getByRole('button', { name: 'Kembali ke Produk' }).last().click();
      await page.waitForURL((url) => url.pathname === '/product');
      expect(new URL(page.url()).searchParams.get('workspace_id')).toBe(workspaceId);
      const search = page.getByLabel('Cari nama produk atau SKU');
      const find = async (text: string) => {
        await search.fill(text);
        await search.press('Enter');
        await expect.poll(() => new URL(page.url()).searchParams.get('q'), SERVER_POLL).toBe(text);
      };
      // Every product of the run (the names carry the suffix): 100 variant products and 597 single ones.
      await find(suffix);
      await expect.poll(() => page.locator('.ant-pagination-total-text').innerText(), { timeout: 30_000 }).toMatch(/dari 697 data$/u);

      await find(`Kemeja Flanel ${suffix} 42`);
      const shirt = page.locator('.ant-table-row').filter({ hasText: `Kemeja Flanel ${suffix} 42` });
      await shirt.waitFor();
      await expect.poll(() => page.locator('.ant-table-row').count(), SERVER_POLL).toBe(1);
      const shirtText = await shirt.innerText();
      expect(shirtText).toContain('4 varian');
      expect(shirtText).toContain('Rp124.200 – Rp129.200');
      expect(shirtText).toContain('Aktif');

      await find(String(bad[1]!.sku));
      await page.getByTestId('list-empty').waitFor();
      expect(await page.locator('.ant-table-row').count()).toBe(0);
      await find(String(rows[0]!.sku));
      await page
        .locator('.ant-table-row')
        .filter({ hasText: `Kemeja Flanel ${suffix} 1` })
        .waitFor();
      await saveScreenshot(page, 'journey-11-found');
    },
  );
});
