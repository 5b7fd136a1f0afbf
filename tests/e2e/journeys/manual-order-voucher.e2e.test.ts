import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO_USER, baseUrl, demoApi, describeJourney, type DemoApi } from '../support/api.ts';
import { openBrowser, saveScreenshot, type Session } from '../support/chromium.ts';
import { chooseOption, chooseSku, SERVER_POLL, signIn, trackNavigation, waitForWorkspace, watchServerErrors } from '../support/ui.ts';

const SKU = 'KOPI-GAYO-250';
const WAREHOUSE = 'Gudang Bandung';
/** The demo's approved admin voucher (seed-demo-promotions.ts): Rp25.000 off from Rp150.000, one use per customer. */
const CODE = 'MEMBERBARU';
const VOUCHER = 25_000;

/** Rp77.000 as the screens write it. */
const rupiah = (value: number) => `Rp${new Intl.NumberFormat('id-ID', { maximumFractionDigits: 0 }).format(value)}`;

type AdminVoucher = { id: string; code: string; used: number; quota: number };

/**
 * Issue 16 at the manual-order checkout (ADR 0040): on the demo workspace a new buyer types the demo voucher
 * MEMBERBARU. Refused codes show their reason on the field before saving (an unknown code; the voucher's minimum not
 * reached); with enough goods the form shows the voucher's discount and the new total before saving; the saved order's
 * total includes it, and the voucher's used count on /promotion-channel/all/voucher rises by one, with the order among
 * its uses. The price is typed, so no discount programme prices the line (MEMBERBARU is not combinable).
 */
describeJourney('issue 16: a voucher on a manual order, shown before saving and used with the order', () => {
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
    'refused codes on the field, the discount and total before saving, the saved total, the used count',
    { timeout: 240_000 },
    async ({ onTestFailed }) => {
      const { page } = session;
      const serverErrors = watchServerErrors(page);
      const visited = trackNavigation(page);
      onTestFailed(async () => {
        console.log(`manual order voucher journey went through:\n  ${visited.join('\n  ')}`);
        if (serverErrors.length > 0) console.log(`manual order voucher journey server errors:\n  ${serverErrors.join('\n  ')}`);
        await saveScreenshot(page, 'manual-order-voucher-FAILED');
      });
      const voucherOf = async () => {
        const list = await api<{ items: AdminVoucher[] }>('GET', `/api/vouchers?search_by=code&q=${CODE}&limit=20`);
        const found = list.body.items.find((v) => v.code === CODE);
        if (!found) throw new Error(`${CODE} is not in the demo workspace`);
        return found;
      };
      const before = await voucherOf();
      const buyer = `Pembeli Voucher ${Date.now().toString(36)}`;
      const price = 100_000;

      await signIn(page, DEMO_USER.username, DEMO_USER.password);
      await page.goto('/manual-order/all/create');
      await page.getByRole('heading', { name: 'Buat Pesanan Manual' }).waitFor();
      const workspaceId = await waitForWorkspace(page);
      await page.getByLabel('Nama pembeli').fill(buyer);
      await chooseOption(page, page.getByTestId('warehouse'), WAREHOUSE, { search: true });
      await chooseSku(page, page.getByTestId('line-sku-0'), SKU);
      await page.getByLabel('Harga Satuan').first().fill(String(price));
      await expect.poll(() => page.getByTestId('manual-total').innerText(), SERVER_POLL).toBe(rupiah(price));

      // A code no voucher has: its reason on the field, no discount line.
      const field = page.locator('.ant-form-item').filter({ has: page.getByTestId('voucher-code') });
      await page.getByTestId('voucher-code').fill('TIDAKADA');
      await field.getByText('Kode voucher tidak ditemukan.').waitFor({ timeout: 30_000 });
      expect(await page.getByTestId('manual-voucher').count()).toBe(0);
      // The demo voucher under its minimum transaction (Rp100.000 of Rp150.000).
      await page.getByTestId('voucher-code').fill(CODE.toLowerCase());
      await field.getByText('Total belanja belum memenuhi minimum transaksi voucher.').waitFor({ timeout: 30_000 });
      await saveScreenshot(page, 'manual-order-voucher-refused');

      // Two units reach it: the discount and the new total show before saving.
      await page.getByLabel('Jumlah').first().fill('2');
      await expect.poll(() => page.getByTestId('manual-voucher').innerText(), SERVER_POLL).toBe(`-${rupiah(VOUCHER)}`);
      await expect.poll(() => page.getByTestId('manual-total').innerText(), SERVER_POLL).toBe(rupiah(2 * price - VOUCHER));
      expect(await page.getByTestId('voucher-applied').innerText()).toBe(`Voucher ${CODE}: potongan ${rupiah(VOUCHER)}`);
      expect(await field.getByText('Total belanja belum memenuhi').count()).toBe(0);
      // Checking used nothing.
      expect((await voucherOf()).used).toBe(before.used);
      await saveScreenshot(page, 'manual-order-voucher-applied');

      await page.getByRole('button', { name: 'Konfirmasi', exact: true }).click();
      const drawer = page.getByTestId('order-drawer');
      await drawer
        .getByText(/^Pesanan SO\//u)
        .first()
        .waitFor({ timeout: 30_000 });
      const orderNumber = ((
        await drawer
          .getByText(/^Pesanan SO\//u)
          .first()
          .innerText()
      ).match(/SO\/\S+/u) ?? [''])[0];
      expect(orderNumber).toMatch(/^SO\/\d{4}\/\d{2}\/\d+$/u);
      await expect.poll(() => drawer.innerText(), SERVER_POLL).toContain(rupiah(2 * price - VOUCHER));
      const orderId = new URL(page.url()).searchParams.get('order') ?? '';
      const saved = await api<{ voucher_code: string; amounts: { voucher: number; buyer_total: number } }>('GET', `/api/orders/${orderId}`);
      expect(saved.body).toMatchObject({ voucher_code: CODE, amounts: { voucher: VOUCHER, buyer_total: 2 * price - VOUCHER } });
      await saveScreenshot(page, 'manual-order-voucher-saved');

      // The voucher's used count rose by one on /voucher, and the order is among its uses.
      await page.goto(`/promotion-channel/all/voucher?workspace_id=${workspaceId}`);
      const row = page.locator('.ant-table-row').filter({ hasText: CODE });
      await expect.poll(() => row.first().innerText(), SERVER_POLL).toContain(`${before.used + 1} / ${before.quota}`);
      await expect.poll(() => page.getByTestId(`voucher-uses-${before.id}`).innerText(), SERVER_POLL).toContain(orderNumber);
      await saveScreenshot(page, 'manual-order-voucher-used');
    },
  );
});
