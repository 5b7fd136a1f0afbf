import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO_USER, baseUrl, demoApi, describeJourney, type DemoApi } from '../support/api.ts';
import { openBrowser, saveScreenshot, type Session } from '../support/chromium.ts';
import { chooseOption, chooseSku, SERVER_POLL, signIn, trackNavigation, waitForWorkspace, watchServerErrors } from '../support/ui.ts';

const SKU = 'KOPI-GAYO-250';
const WAREHOUSE = 'Gudang Bandung';
/** The demo's customer in Rungkut, Surabaya (seed-demo-orders.ts), a wholesale store. */
const CUSTOMER = 'Toko Sumber Rejeki';
const CUSTOMER_TYPE = 'WHOLESALE';
/** Kota Surabaya (Kemendagri code): an area price for the city applies to every district in it. */
const SURABAYA = '35.78';

/** Rp77.000 as the screens write it. */
const rupiah = (value: number) => `Rp${new Intl.NumberFormat('id-ID', { maximumFractionDigits: 0 }).format(value)}`;

/**
 * Issue 13's manual order journey on the demo workspace: the Surabaya customer's order gets the area price of
 * Surabaya for its customer type (set up through the API; an existing one is reused), the form shows the warehouse's
 * stock, the order is confirmed (stock reserved: available goes down), then cancelled with a reason from the
 * sales-manual reasons, and the stock comes back (the inventory API's available).
 */
describeJourney('issue 13: a manual order for a Surabaya customer gets the area price, is confirmed and cancelled', () => {
  let session: Session;
  let api: DemoApi;
  beforeAll(async () => {
    api = await demoApi();
    session = await openBrowser(baseUrl());
  }, 120_000);
  afterAll(async () => {
    await session?.close();
  });

  it('area price, confirm, cancel with a reason, stock back', { timeout: 240_000 }, async ({ onTestFailed }) => {
    const { page } = session;
    const serverErrors = watchServerErrors(page);
    const visited = trackNavigation(page);
    onTestFailed(async () => {
      console.log(`manual order journey went through:\n  ${visited.join('\n  ')}`);
      if (serverErrors.length > 0) console.log(`manual order journey server errors:\n  ${serverErrors.join('\n  ')}`);
      await saveScreenshot(page, 'manual-order-FAILED');
    });

    // The warehouse, the SKU and its available stock there, and the Surabaya area price for wholesale stores.
    const warehouses = await api<{ items: { id: string; name: string }[] }>('GET', '/api/warehouses?size=100');
    const warehouseId = warehouses.body.items.find((w) => w.name === WAREHOUSE)?.id ?? '';
    expect(warehouseId).not.toBe('');
    const available = async () => {
      const list = await api<{ items: { sku: string; catalog_id: string; available: number }[] }>(
        'GET',
        `/api/inventory?warehouse_id=${warehouseId}&size=100`,
      );
      const row = list.body.items.find((item) => item.sku === SKU);
      if (!row) throw new Error(`${SKU} not in ${WAREHOUSE}`);
      return row;
    };
    const before = await available();
    const catalogId = before.catalog_id;
    const existing = await api<{ items: { area_code: string; customer_type: string; price: number }[] }>(
      'GET',
      `/api/catalogs/${catalogId}/area-prices`,
    );
    let areaPrice = existing.body.items.find((p) => p.area_code === SURABAYA && p.customer_type === CUSTOMER_TYPE)?.price;
    if (areaPrice === undefined) {
      areaPrice = 77_000;
      const created = await api('POST', `/api/catalogs/${catalogId}/area-prices`, {
        area_code: SURABAYA,
        customer_type: CUSTOMER_TYPE,
        price: areaPrice,
        effective_from: '2026-01-01',
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
    }
    const quantity = 2;

    await signIn(page, DEMO_USER.username, DEMO_USER.password);
    await page.goto('/manual-order/all/create');
    await page.getByRole('heading', { name: 'Buat Pesanan Manual' }).waitFor();
    await waitForWorkspace(page);

    // The customer: the buyer's fields are filled from it.
    const customer = page.getByTestId('customer');
    await customer.click();
    await page.keyboard.type('Sumber');
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
      .filter({ hasText: CUSTOMER })
      .first()
      .click();
    await expect.poll(() => page.getByLabel('Nama pembeli').inputValue(), SERVER_POLL).toBe(CUSTOMER);

    await chooseOption(page, page.getByTestId('warehouse'), WAREHOUSE, { search: true });
    await chooseSku(page, page.getByTestId('line-sku-0'), SKU);
    // The warehouse's stock beside the line.
    await expect.poll(() => page.getByTestId('line-stock').first().innerText(), SERVER_POLL).toBe(String(before.available));
    // The form fills the price from the server and says the Surabaya area price applied.
    await expect
      .poll(() => page.getByTestId('line-price-source').first().innerText(), SERVER_POLL)
      .toBe(`Harga area: ${rupiah(areaPrice)}`);
    await page.getByLabel('Jumlah').first().fill(String(quantity));
    await expect.poll(() => page.getByTestId('manual-total').innerText(), SERVER_POLL).toBe(rupiah(areaPrice * quantity));
    await expect.poll(() => page.getByTestId('voucher-code').isVisible(), SERVER_POLL).toBe(true);
    await saveScreenshot(page, 'manual-order-form');

    await page.getByRole('button', { name: 'Konfirmasi', exact: true }).click();
    // Saved: the list opens with the new order's drawer.
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
    // The line carries the Surabaya area price, not the list price.
    const line = drawer.locator('.ant-table-row').filter({ hasText: SKU });
    await expect.poll(() => line.innerText(), SERVER_POLL).toContain(rupiah(areaPrice));
    await expect.poll(() => line.innerText()).toContain(rupiah(areaPrice * quantity));
    // Confirmed: the stock is reserved.
    await expect.poll(async () => (await available()).available, SERVER_POLL).toBe(before.available - quantity);
    await saveScreenshot(page, 'manual-order-confirmed');

    // Cancel with a reason from the sales-manual list; none chosen first says so.
    await drawer.getByTestId('order-actions').getByRole('button', { name: 'Batalkan', exact: true }).click();
    const modal = page.locator('.ant-modal').filter({ hasText: 'Batalkan pesanan' });
    await modal.getByRole('button', { name: 'Batalkan pesanan' }).click();
    await modal.getByText('Silakan pilih alasan').waitFor();
    await chooseOption(page, modal.getByTestId('cancel-reason'), 'Permintaan pelanggan');
    await modal.getByRole('button', { name: 'Batalkan pesanan' }).click();
    // Cancelled, with the reason recorded and shown as its text, not its code.
    await expect.poll(() => drawer.innerText(), SERVER_POLL).toContain('Dibatalkan');
    expect(await drawer.getByTestId('cancel-reason-text').innerText()).toBe('Permintaan pelanggan');

    // The stock is back.
    await expect.poll(async () => (await available()).available, SERVER_POLL).toBe(before.available);
    // And the order is under "Dibatalkan".
    await page.goto(`/manual-order/all?workspace_id=${new URL(page.url()).searchParams.get('workspace_id')}&tab=canceled`);
    await expect.poll(() => page.locator('.ant-table-row').filter({ hasText: orderNumber }).count(), SERVER_POLL).toBe(1);
  });
});
