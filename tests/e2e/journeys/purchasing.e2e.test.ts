import { afterAll, beforeAll, expect, it } from 'vitest';
import { baseUrl, demoApi, DEMO_USER, describeJourney } from '../support/api.ts';
import { openBrowser, saveScreenshot, type Session } from '../support/chromium.ts';
import { chooseOption, chooseSku, openFromMenu, SERVER_POLL, signIn, trackNavigation, watchServerErrors } from '../support/ui.ts';

const SKU = 'KOPI-GAYO-250';
const WAREHOUSE = 'Gudang Jakarta Barat';

/**
 * Purchasing (ADR 0070): the demo owner adds a supplier, orders 12 bags of coffee from it for Jakarta, receives 5 of
 * them (the warehouse's stock rises by exactly 5 through a posted goods receipt), then closes the rest.
 */
describeJourney('purchasing: a supplier, a purchase order, a partial delivery and the rest closed', () => {
  let session: Session;
  beforeAll(async () => {
    session = await openBrowser(baseUrl());
  });
  afterAll(async () => {
    await session?.close();
  });

  it('orders from a new supplier and receives part of it into stock', async ({ onTestFailed }) => {
    const { page } = session;
    const visited = trackNavigation(page);
    const serverErrors = watchServerErrors(page);
    onTestFailed(async () => {
      console.log(`the purchasing journey went through:\n  ${visited.join('\n  ')}\n${serverErrors.join('\n')}`);
      await saveScreenshot(page, 'purchasing-FAILED');
    });
    const api = await demoApi();
    const warehouses = await api<{ items: { id: string; name: string }[] }>('GET', '/api/warehouses?size=50');
    const jakarta = warehouses.body.items.find((w) => w.name === WAREHOUSE)!;
    const skus = await api<{ items: { id: string; sku: string }[] }>('GET', `/api/catalogs?q=${SKU}`);
    const catalogId = skus.body.items.find((s) => s.sku === SKU)!.id;
    const onHand = async () =>
      (
        await api<{ items: { catalog_id: string; on_hand: number }[] }>('GET', `/api/inventory?warehouse_id=${jakarta.id}&size=200`)
      ).body.items.find((i) => i.catalog_id === catalogId)?.on_hand ?? 0;
    const before = await onHand();
    const supplier = `CV Kopi Gayo ${Date.now().toString(36).toUpperCase()}`;

    await signIn(page, DEMO_USER.username, DEMO_USER.password);
    await openFromMenu(page, 'Pembelian', 'Pemasok', '/supplier/list');
    await page.getByRole('button', { name: 'Tambah Pemasok' }).first().click();
    const form = page.getByTestId('supplier-form');
    await form.getByLabel('Nama Pemasok').fill(supplier);
    await form.getByLabel('Telepon').fill('0812 6655 4433');
    await form.getByLabel('Email').fill('bukan-email');
    await page.locator('.ant-modal').getByRole('button', { name: 'Simpan', exact: true }).click();
    await form.getByText('Format email tidak valid', { exact: false }).waitFor();
    await form.getByLabel('Email').fill('order@kopigayo.co.id');
    await page.locator('.ant-modal').getByRole('button', { name: 'Simpan', exact: true }).click();
    await page.locator('.ant-table-row').filter({ hasText: supplier }).waitFor();

    await openFromMenu(page, 'Pembelian', 'Pesanan Pembelian', '/purchase-order/list');
    await page.getByRole('button', { name: 'Buat Pesanan Pembelian' }).first().click();
    await page.waitForURL((url) => url.pathname === '/purchase-order/create');
    await chooseOption(page, page.getByTestId('po-supplier'), supplier, { search: true });
    await chooseOption(page, page.getByTestId('po-warehouse'), WAREHOUSE);
    await chooseSku(page, page.getByTestId('line-0-sku'), SKU);
    const line = page.getByTestId('po-lines-form').locator('.ant-table-row').first();
    await line.locator('input').nth(1).fill('12');
    await line.locator('input').nth(2).fill('52000');
    await expect.poll(() => page.getByTestId('po-form-total').innerText()).toContain('Rp624.000');
    await saveScreenshot(page, 'purchasing-create');
    await page.getByRole('button', { name: 'Simpan', exact: true }).click();

    // Saved: the list opens with the new order's drawer.
    await page.waitForURL((url) => url.pathname === '/purchase-order/list' && url.searchParams.has('id'));
    const drawer = page.getByTestId('po-drawer');
    await drawer.getByText(supplier).waitFor();
    await expect.poll(() => drawer.getByTestId('po-received').innerText(), SERVER_POLL).toBe('0 / 12');

    await drawer.getByTestId('po-receive').click();
    const receive = page.getByTestId('receive-form');
    await receive.getByLabel('No. Surat Jalan Pemasok').fill('SJ-7781');
    await receive.getByTestId('receive-lines').locator('input').first().fill('5');
    await page.locator('.ant-modal').getByRole('button', { name: 'Terima Barang' }).click();
    await page.getByText('Barang diterima dan stok bertambah').waitFor();
    await expect.poll(() => drawer.getByTestId('po-received').innerText(), SERVER_POLL).toBe('5 / 12');
    await drawer.getByText('Diterima Sebagian').first().waitFor();
    expect(await onHand()).toBe(before + 5);

    // The rest will not come: close it.
    await drawer.getByTestId('po-close').click();
    await page.locator('.ant-modal-confirm').getByRole('button', { name: 'Tutup Sisa' }).click();
    await drawer.getByText('Tidak Diterima').first().waitFor();
    await saveScreenshot(page, 'purchasing-closed');
    expect(await onHand()).toBe(before + 5);
    expect(serverErrors).toEqual([]);
  });
});
