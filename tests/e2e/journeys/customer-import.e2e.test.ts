import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO_USER, baseUrl, describeJourney } from '../support/api.ts';
import { openBrowser, saveScreenshot, type Session } from '../support/chromium.ts';
import { downloadedBytes, fillTemplate, xlsxRows } from '../support/files.ts';
import { SERVER_POLL, signIn, trackNavigation, waitForWorkspace, watchServerErrors } from '../support/ui.ts';

/**
 * Issue 13's customer import and export (ADR 0042 §3): the demo owner opens "Impor" on the customer list, downloads
 * the template, fills two new customers and one with a wrong e-mail, reads the preview (nothing changed yet),
 * confirms it, downloads the error file with the refused row and its reason, finds the two new customers in the list,
 * then exports the list and finds the file in the export history.
 */
describeJourney('issue 13: customer import with an error file, and export', () => {
  let session: Session;
  beforeAll(async () => {
    session = await openBrowser(baseUrl());
  }, 120_000);
  afterAll(async () => {
    await session?.close();
  });

  it(
    'imports the filled template, gives back the refused row, lists the rest and exports them',
    { timeout: 300_000 },
    async ({ onTestFailed }) => {
      const { page } = session;
      const serverErrors = watchServerErrors(page);
      const visited = trackNavigation(page);
      onTestFailed(async () => {
        console.log(`customer import journey went through:\n  ${visited.join('\n  ')}`);
        if (serverErrors.length > 0) console.log(`customer import journey server errors:\n  ${serverErrors.join('\n  ')}`);
        await saveScreenshot(page, 'customer-import-FAILED');
      });
      const suffix = Date.now().toString(36).toUpperCase();

      await signIn(page, DEMO_USER.username, DEMO_USER.password);
      await page.goto('/customer-channel/1/customer-list');
      await page.getByRole('heading', { name: 'Daftar Pelanggan' }).waitFor();
      await waitForWorkspace(page);
      await page.locator('.ant-table-row').first().waitFor();

      await page.getByTestId('customer-import-open').click();
      const modal = page.getByTestId('customer-import');
      await modal.waitFor();
      const [templateDownload] = await Promise.all([
        page.waitForEvent('download'),
        modal.getByRole('button', { name: 'Unduh Template' }).click(),
      ]);
      expect(templateDownload.suggestedFilename()).toBe('template-pelanggan.xlsx');
      const template = await downloadedBytes(templateDownload);
      expect((await xlsxRows(template, 'Pelanggan'))[0]).toEqual(
        expect.arrayContaining(['code', 'name', 'city_code', 'credit_limit', 'example']),
      );

      const filled = await fillTemplate(
        template,
        [
          {
            code: `IMP-${suffix}-1`,
            name: `Toko Impor ${suffix} Satu`,
            phone: '081234560001',
            city_code: '35.78',
            credit_limit: '5.000.000',
            store_type: 'WHOLESALE',
          },
          { code: `IMP-${suffix}-2`, name: `Toko Impor ${suffix} Dua`, email: 'dua@example.id', store_type: 'RETAIL' },
          { code: `IMP-${suffix}-3`, name: `Toko Impor ${suffix} Tiga`, email: 'bukan-surel' },
        ],
        'Pelanggan',
      );
      await modal.locator('input[type="file"]').setInputFiles({
        name: `pelanggan-${suffix}.xlsx`,
        mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        buffer: filled,
      });
      const preview = page.getByTestId('customer-import-preview');
      await preview.waitFor({ timeout: 60_000 });
      expect(await preview.innerText()).toContain('2 baru');
      expect(await preview.innerText()).toContain('1 galat');
      expect(await preview.innerText()).toContain('email: Format email tidak valid.');
      await saveScreenshot(page, 'customer-import-preview');
      await preview.getByRole('button', { name: 'Impor 2 Pelanggan' }).click();
      const result = page.getByTestId('customer-import-result');
      await result.waitFor({ timeout: 60_000 });
      expect(await result.locator('.ant-result-subtitle').innerText()).toBe('2 ditambah, 0 diperbarui, 0 tetap, 1 gagal.');
      await saveScreenshot(page, 'customer-import-done');
      const [errorDownload] = await Promise.all([
        page.waitForEvent('download'),
        result.getByRole('button', { name: 'Unduh Berkas Galat' }).click(),
      ]);
      const refused = await xlsxRows(await downloadedBytes(errorDownload));
      expect(refused[0]!.slice(-2)).toEqual(['source_row', 'errors']);
      expect(refused.slice(1).map((r) => [r[0], r.at(-2), r.at(-1)])).toEqual([
        [`IMP-${suffix}-3`, '4', 'email: Format email tidak valid.'],
      ]);
      await result.getByRole('button', { name: 'Tutup' }).click();

      // The two new customers are in the list.
      const search = page.getByPlaceholder('Cari kode, nama, telepon atau email');
      await search.fill(suffix);
      await search.press('Enter');
      await expect.poll(() => new URL(page.url()).searchParams.get('q'), SERVER_POLL).toBe(suffix);
      await expect.poll(() => page.locator('.ant-table-row').count(), SERVER_POLL).toBe(2);
      const first = page.locator('.ant-table-row').filter({ hasText: `Toko Impor ${suffix} Satu` });
      expect(await first.innerText()).toContain('Rp5.000.000');

      // The export of what the list shows, made in the background and found in the export history.
      await page.getByTestId('customer-export').click();
      await page.locator('.ant-notification-notice').filter({ hasText: 'Ekspor pelanggan sedang diproses' }).waitFor();
      await page.goto('/export-history');
      await page.getByRole('heading', { name: 'Riwayat Ekspor' }).waitFor();
      const row = page.locator('.ant-table-row').filter({ hasText: 'Pelanggan' }).first();
      await expect
        .poll(
          async () => {
            await page.reload();
            await page.getByRole('heading', { name: 'Riwayat Ekspor' }).waitFor();
            return row.innerText().catch(() => '');
          },
          { timeout: 60_000, interval: 2_000 },
        )
        .toContain('Selesai');
      await saveScreenshot(page, 'customer-export-history');
    },
  );
});
