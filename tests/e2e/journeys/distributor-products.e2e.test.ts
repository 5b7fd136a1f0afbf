import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO_USER, baseUrl, demoApi, describeJourney, type DemoApi } from '../support/api.ts';
import { openBrowser, saveScreenshot, type Session } from '../support/chromium.ts';
import { pngImage } from '../support/files.ts';
import { chooseOption, SERVER_POLL, signIn, trackNavigation, waitForWorkspace, watchServerErrors } from '../support/ui.ts';

type Channel = { id: string; name: string };
type Saved = {
  product_id: string;
  status: string;
  min_order: number;
  images: { key: string }[];
  skus: { catalog_id: string; price: number | null; prices: { price: number; effective_date: string }[] }[];
};

/** Rp48.000 as the screens write it. */
const rupiah = (value: number) => `Rp${new Intl.NumberFormat('id-ID', { maximumFractionDigits: 0 }).format(value)}`;
/** A date `days` from today in Indonesia (UTC+7), YYYY-MM-DD. */
const jakartaDate = (days = 0) => new Date(Date.now() + 7 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);

/**
 * Issue 15 (ADR 0047): the demo owner opens the distributor channel from /integration, offers a master product of
 * their own (made through the API, two sizes) to distributors with one size only: an offered size without a price is
 * refused on its field and nothing is saved; with the price, a minimum order and a photo it is saved and listed at
 * today's distributor price. Then a price rise from next week is added on the edit screen: the list keeps today's price,
 * the edit screen shows both prices in the history, and the price query for next week answers the new one.
 */
describeJourney('issue 15: products offered on the distributor channel, priced by effective date', () => {
  let session: Session;
  let api: DemoApi;
  beforeAll(async () => {
    api = await demoApi();
    session = await openBrowser(baseUrl());
  }, 120_000);
  afterAll(async () => {
    await session?.close();
  });

  it(
    'offers a master product to distributors, refuses a missing price, then adds a later price',
    { timeout: 240_000 },
    async ({ onTestFailed }) => {
      const { page } = session;
      const serverErrors = watchServerErrors(page);
      const visited = trackNavigation(page);
      onTestFailed(async () => {
        console.log(`distributor journey went through:\n  ${visited.join('\n  ')}\nserver errors:\n  ${serverErrors.join('\n  ')}`);
        await saveScreenshot(page, 'journey-distributor-FAILED');
      });

      const suffix = Date.now().toString(36).toUpperCase();
      const name = `Sambal Bawang Distributor ${suffix}`;
      const created = await api<{ id: string; catalogs: { id: string; sku: string }[] }>('POST', '/api/products', {
        type: 'VARIANT',
        name,
        status: 'ACTIVE',
        variant_tiers: [{ name: 'Ukuran', options: ['150 g', '300 g'] }],
        catalogs: [
          { sku: `SBD-${suffix}-150`, options: ['150 g'], price: 25_000, weight: 200 },
          { sku: `SBD-${suffix}-300`, options: ['300 g'], price: 45_000, weight: 380 },
        ],
      });
      expect(created.status).toBe(201);
      const productId = created.body.id;
      const [small, large] = created.body.catalogs;

      // 1. /integration → the distributor channel's products.
      await signIn(page, DEMO_USER.username, DEMO_USER.password);
      await page.goto('/integration');
      await waitForWorkspace(page);
      await page.getByTestId('integration-distributor').getByRole('button', { name: 'Kelola produk distributor' }).click();
      await page.waitForURL((url) => /^\/product-channel\/[^/]+\/product\/synchronize$/u.test(url.pathname));
      const channelId = new URL(page.url()).pathname.split('/')[2]!;
      const { body: channels } = await api<{ items: Channel[] }>('GET', '/api/distributor-channels');
      const channel = channels.items.find((c) => c.id === channelId);
      expect(channel, 'the card opens the workspace distributor channel').toBeTruthy();
      await page.getByRole('heading', { name: `${channel!.name} — Produk Kanal Distributor` }).waitFor();
      // The demo seeds three products on the channel.
      await expect.poll(() => page.locator('tr.ant-table-row').count(), SERVER_POLL).toBeGreaterThanOrEqual(3);
      await saveScreenshot(page, 'journey-distributor-list');

      // 2. Add: the master product, only its 300 g size offered, first without a price.
      await page.getByRole('button', { name: 'Tambah produk distributor' }).click();
      await page.waitForURL((url) => url.pathname.endsWith('/create-product-distributor'));
      await page.getByRole('heading', { name: `Tambah produk distributor — ${channel!.name}` }).waitFor();
      await chooseOption(page, page.getByTestId('distributor-master'), name, { search: true });
      const rows = page.locator('.ant-table-tbody tr.ant-table-row');
      await expect.poll(() => rows.count(), SERVER_POLL).toBe(2);
      const rowOf = (sku: string) => rows.filter({ hasText: sku });
      await rowOf(small!.sku).locator('.ant-checkbox-input').uncheck();
      const largeRow = rowOf(large!.sku);
      await expect.poll(() => largeRow.getByLabel('Tanggal berlaku').inputValue()).toBe(jakartaDate());
      await page.getByTestId('min-order').fill('24');
      await page.getByRole('button', { name: 'Simpan', exact: true }).click();
      await expect.poll(() => largeRow.locator('.ant-form-item-explain-error').innerText(), SERVER_POLL).toBe('Wajib diisi.');
      expect((await api('GET', `/api/distributor-channels/${channelId}/products/${productId}`)).status).toBe(404);
      await saveScreenshot(page, 'journey-distributor-missing-price');

      await largeRow.getByLabel('Harga distributor').fill('36000');
      await page.locator('input[type="file"]').setInputFiles({
        name: 'sambal.png',
        mimeType: 'image/png',
        buffer: pngImage(240, 240, [200, 40, 30]),
      });
      await page.getByTestId('distributor-images').locator('img[alt="sambal.png"]').waitFor();
      await page.getByRole('button', { name: 'Simpan', exact: true }).click();
      await page.getByText('Produk distributor disimpan').waitFor();
      await page.waitForURL((url) => url.pathname.endsWith('/product/synchronize'));

      const listed = page.locator('tr.ant-table-row').filter({ hasText: name });
      await expect.poll(() => listed.innerText(), SERVER_POLL).toContain(rupiah(36_000));
      expect(await listed.innerText()).toContain('Aktif');
      let { body: saved } = await api<Saved>('GET', `/api/distributor-channels/${channelId}/products/${productId}`);
      expect(saved.min_order).toBe(24);
      expect(saved.images).toHaveLength(1);
      expect(saved.skus.map((s) => s.catalog_id)).toEqual([large!.id]);
      expect(saved.skus[0]!.prices).toEqual([{ price: 36_000, effective_date: jakartaDate() }]);
      await saveScreenshot(page, 'journey-distributor-saved');

      // 3. Edit: a price rise from next week joins the history; today's price stays.
      const nextWeek = jakartaDate(7);
      await listed.getByRole('link', { name: 'Ubah' }).click();
      await page.waitForURL((url) => url.pathname.endsWith('/edit-product-distributor'));
      await page.getByRole('heading', { name: `Ubah produk distributor — ${channel!.name}` }).waitFor();
      const editRow = rowOf(large!.sku);
      await expect.poll(() => editRow.getByLabel('Harga distributor').inputValue(), SERVER_POLL).toBe('36000');
      await editRow.getByLabel('Harga distributor').fill('39500');
      await editRow.getByLabel('Tanggal berlaku').fill(nextWeek);
      await page.getByRole('button', { name: 'Simpan', exact: true }).click();
      await page.getByText('Produk distributor disimpan').waitFor();
      await page.waitForURL((url) => url.pathname.endsWith('/product/synchronize'));
      await expect.poll(() => listed.innerText(), SERVER_POLL).toContain(rupiah(36_000));

      ({ body: saved } = await api<Saved>('GET', `/api/distributor-channels/${channelId}/products/${productId}`));
      expect(saved.skus[0]!.prices).toEqual([
        { price: 39_500, effective_date: nextWeek },
        { price: 36_000, effective_date: jakartaDate() },
      ]);
      expect(saved.images, 'the photo is kept when only a price changes').toHaveLength(1);
      const { body: later } = await api<{ items: { catalog_id: string; price: number | null }[] }>(
        'GET',
        `/api/distributor-channels/${channelId}/prices?product_id=${productId}&effective_date=${nextWeek}`,
      );
      expect(later.items.find((i) => i.catalog_id === large!.id)?.price).toBe(39_500);

      // The edit screen lists both prices in the SKU's history.
      await listed.getByRole('link', { name: 'Ubah' }).click();
      await page.waitForURL((url) => url.pathname.endsWith('/edit-product-distributor'));
      await expect
        .poll(() => rowOf(large!.sku).innerText(), SERVER_POLL)
        .toContain(`${nextWeek}: ${rupiah(39_500)} · ${jakartaDate()}: ${rupiah(36_000)}`);
      await saveScreenshot(page, 'journey-distributor-history');
      expect(serverErrors).toEqual([]);
    },
  );
});
