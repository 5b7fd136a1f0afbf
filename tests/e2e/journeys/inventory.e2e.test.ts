import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { DEMO_USER, baseUrl, demoChannels, describeJourney } from '../support/api.ts';
import { openBrowser, saveScreenshot, type Session } from '../support/chromium.ts';
import { startServerWithChannel, type JourneyServer } from '../support/server.ts';
import {
  chooseOption,
  chooseSku,
  escapeRegExp,
  SERVER_POLL,
  signIn,
  trackNavigation,
  waitForWorkspace,
  watchServerErrors,
} from '../support/ui.ts';

const SKU = 'KOPI-GAYO-250';
const PRODUCT = 'Kopi Gayo Arabika 250 g';
const WAREHOUSE = 'Gudang Bandung';
/** The shop the journey's own server connects when the demo workspace has none. */
const OWN_SHOP = 'Shopee Toko Demo';

/** A quantity as the screens write it in Indonesian: 1.234, -5. */
const format = (value: number) => new Intl.NumberFormat('id-ID', { maximumFractionDigits: 0 }).format(value);
/** A quantity read from a screen: thousands dots dropped, a minus sign of either kind. */
const parseQuantity = (text: string) => Number(text.trim().replace(/\./gu, '').replace(/[−–]/gu, '-'));

/** The text of a row's cell under the column headed `header` (the header cells of the row's own table). */
async function cell(table: Locator, row: Locator, header: string): Promise<string> {
  const headers = (await table.locator('thead th').allInnerTexts()).map((text) => text.trim());
  const index = headers.indexOf(header);
  if (index < 0) throw new Error(`no column "${header}" in ${headers.join(' | ')}`);
  return (await row.locator(':scope > td').nth(index).innerText()).trim();
}

/** The value next to a label of a DetailPage (antd Descriptions). */
const detailValue = (page: Page, label: string) =>
  page
    .locator('.ant-descriptions-item-label')
    .filter({ hasText: new RegExp(`^${escapeRegExp(label)}$`, 'u') })
    .locator('xpath=following-sibling::*[1]')
    .innerText();

/**
 * Journey 13 (issue 5): the demo owner receives goods with "Simpan & posting" and sees the receipt posted and the
 * new on-hand in the inventory list; adjusts the same SKU down (the form shows "stok tersedia", the change and the
 * live "setelah perubahan"), posts it and sees the lower stock; sets a percentage rule for a shop in that warehouse,
 * picks the SKU and reads the server's explanation, whose numbers are the stock just left; sets stock aside for the
 * shop, reads it in the explanation and gives it back; then finds the adjustment's movement in the ledger and
 * follows it to its detail, with the on-hand before and after.
 *
 * The demo workspace connects no shop and no screen can connect one yet: unless the demo already has one, the
 * journey runs on a server of its own whose data directory was seeded with the demo workspace and a connected
 * Shopee shop (`support/server.ts`). Quantities, notes and references carry this run's suffix, and the stock
 * before each step is read from the screen, so it runs again on the same server.
 */
describeJourney('journey 13: receive, adjust, allocate and follow a movement', () => {
  let session: Session;
  let own: JourneyServer | undefined;
  let shop = OWN_SHOP;
  beforeAll(async () => {
    const connected = (await demoChannels()).filter((channel) => channel.status === 'CONNECTED');
    if (connected[0]) shop = connected[0].name;
    else own = await startServerWithChannel(OWN_SHOP);
    session = await openBrowser(own?.baseUrl ?? baseUrl());
  }, 180_000);
  afterAll(async () => {
    await session?.close();
    await own?.stop();
  });

  it(
    'posts a receipt and an adjustment, explains a channel share and shows the movement',
    { timeout: 240_000 },
    async ({ onTestFailed }) => {
      const { page } = session;
      const serverErrors = watchServerErrors(page);
      const visited = trackNavigation(page);
      onTestFailed(async () => {
        console.log(`journey 13 went through:\n  ${visited.join('\n  ')}`);
        if (serverErrors.length > 0) console.log(`journey 13 server errors:\n  ${serverErrors.join('\n  ')}`);
        await saveScreenshot(page, 'journey-13-FAILED');
      });
      const suffix = Date.now().toString(36).toUpperCase();
      const random = (low: number, high: number) => low + Math.floor(Math.random() * (high - low + 1));
      const received = random(200, 899);
      const removed = random(11, 99);
      const percent = random(30, 90);
      const buffer = random(1, 9);
      const supplierReference = `SJ-E2E-${suffix}`;
      const adjustmentNote = `Kemasan rusak saat bongkar muat ${suffix}`;

      await signIn(page, DEMO_USER.username, DEMO_USER.password);

      // The stock of the SKU in the warehouse before anything, through the list's own filters.
      await page.goto('/inventory/list-inventoryv2');
      await page.getByRole('heading', { name: 'Daftar Inventori' }).waitFor();
      const workspaceId = await waitForWorkspace(page);
      const stockTable = page.getByTestId('list-page').locator('.ant-table').first();
      await chooseOption(page, page.getByTestId('filter-warehouse'), WAREHOUSE, { search: true });
      await chooseSku(page, page.getByTestId('list-page').getByTestId('sku-picker'), SKU);
      await expect.poll(() => new URL(page.url()).searchParams.get('catalog_id'), SERVER_POLL).toBeTruthy();
      const stockQuery = `workspace_id=${workspaceId}&warehouse=${new URL(page.url()).searchParams.get('warehouse')}&catalog_id=${new URL(page.url()).searchParams.get('catalog_id')}`;
      const stockRow = page.locator('.ant-table-row').filter({ hasText: SKU }).filter({ hasText: WAREHOUSE });
      await stockRow.waitFor();
      await expect.poll(() => page.locator('.ant-table-row').count(), SERVER_POLL).toBe(1);
      const onHandBefore = parseQuantity(await cell(stockTable, stockRow, 'On Hand'));
      const availableBefore = parseQuantity(await cell(stockTable, stockRow, 'Tersedia'));
      expect(Number.isInteger(onHandBefore) && Number.isInteger(availableBefore)).toBe(true);

      // 1. A goods receipt saved and posted at once.
      await page.goto(`/inventory/goods-receipt?workspace_id=${workspaceId}`);
      await page.getByRole('heading', { name: 'Penerimaan Barang', exact: true }).waitFor();
      await page.locator('.ant-table-row, [data-testid="list-empty"]').first().waitFor();
      await page.getByRole('button', { name: 'Buat penerimaan' }).first().click();
      await page.waitForURL((url) => url.pathname === '/inventory/goods-receipt/create');
      await page.getByRole('heading', { name: 'Buat Penerimaan Barang' }).waitFor();
      expect(new URL(page.url()).searchParams.get('workspace_id')).toBe(workspaceId);
      await chooseOption(page, page.getByTestId('receipt-warehouse'), WAREHOUSE, { search: true });
      await page.getByLabel('Referensi Pemasok').fill(supplierReference);
      await page.getByLabel('Catatan').fill(`Kiriman biji kopi ${suffix}`);
      await chooseSku(page, page.getByTestId('line-0-sku'), SKU);
      await page.getByLabel('Kuantitas baris 1').fill(String(received));
      await saveScreenshot(page, 'journey-13-receipt-form');
      await page.getByTestId('save-and-post').click();
      const postReceipt = page.locator('.ant-modal-confirm').filter({ hasText: 'Simpan dan posting penerimaan ini?' });
      await postReceipt.waitFor();
      await postReceipt.getByRole('button', { name: 'Simpan & posting' }).click();
      const receiptSaved = page.locator('.ant-notification-notice').filter({ hasText: /^Penerimaan \S+ disimpan dan diposting/u });
      // Posting waits on the server (a transaction with the ledger and channel pushes): give it the server's time.
      await receiptSaved.waitFor({ timeout: 60_000 });
      const receiptNumber = /^Penerimaan (\S+) disimpan/u.exec(await receiptSaved.innerText())?.[1] ?? '';
      expect(receiptNumber).not.toBe('');
      // The receipt itself, posted.
      await page.waitForURL((url) => url.pathname === '/inventory/goods-receipt' && url.searchParams.has('id'));
      await page.getByRole('heading', { name: `Penerimaan Barang ${receiptNumber}` }).waitFor();
      expect(await detailValue(page, 'Status')).toBe('Diposting');
      // … and in the list, posted.
      await page.goto(`/inventory/goods-receipt?workspace_id=${workspaceId}`);
      const receiptRow = page.locator('.ant-table-row').filter({ hasText: receiptNumber });
      await receiptRow.waitFor();
      const receiptTable = page.getByTestId('list-page').locator('.ant-table').first();
      expect(await cell(receiptTable, receiptRow, 'Status')).toBe('Diposting');
      expect(await cell(receiptTable, receiptRow, 'Gudang')).toBe(WAREHOUSE);
      expect(await cell(receiptTable, receiptRow, 'Referensi Pemasok')).toBe(supplierReference);
      expect(await cell(receiptTable, receiptRow, 'Total Kuantitas')).toBe(format(received));
      await saveScreenshot(page, 'journey-13-receipt-posted');

      // The inventory list: the new on-hand of the SKU in the warehouse.
      const onHandReceived = onHandBefore + received;
      const availableReceived = availableBefore + received;
      await page.goto(`/inventory/list-inventoryv2?${stockQuery}`);
      await page.getByRole('heading', { name: 'Daftar Inventori' }).waitFor();
      await stockRow.waitFor();
      await expect.poll(() => cell(stockTable, stockRow, 'On Hand'), SERVER_POLL).toBe(format(onHandReceived));
      expect(await cell(stockTable, stockRow, 'Tersedia')).toBe(format(availableReceived));

      // 2. A stock adjustment down: stock available, the change and the stock after it, live; saved, then posted.
      await page.goto(`/inventory/stock-adjustment?workspace_id=${workspaceId}`);
      await page.getByRole('heading', { name: 'Penyesuaian Stok', exact: true }).waitFor();
      await page.locator('.ant-table-row, [data-testid="list-empty"]').first().waitFor();
      await page.getByRole('button', { name: 'Buat penyesuaian' }).first().click();
      await page.waitForURL((url) => url.pathname === '/inventory/stock-adjustment/create');
      await page.getByRole('heading', { name: 'Buat Penyesuaian Stok' }).waitFor();
      await chooseOption(page, page.getByTestId('adjustment-type'), 'Barang Rusak');
      await chooseOption(page, page.getByTestId('adjustment-warehouse'), WAREHOUSE, { search: true });
      await page.getByLabel('Catatan').fill(adjustmentNote);
      await chooseSku(page, page.getByTestId('item-0-sku'), SKU);
      const items = page.getByTestId('adjustment-items');
      await expect.poll(() => items.getByTestId('item-0-available').innerText(), SERVER_POLL).toBe(format(availableReceived));
      expect(await items.getByTestId('item-0-after').innerText()).toBe('-');
      await page.getByLabel('Perubahan baris 1').fill(`-${removed}`);
      await expect.poll(() => items.getByTestId('item-0-after').innerText()).toBe(format(availableReceived - removed));
      const headers = (await items.locator('thead th').allInnerTexts()).map((text) => text.trim());
      expect(headers).toEqual(expect.arrayContaining(['Stok Tersedia', 'Perubahan', 'Setelah Perubahan']));
      await saveScreenshot(page, 'journey-13-adjustment-form');
      await page.getByRole('button', { name: 'Simpan draf' }).click();
      const adjustmentSaved = page.locator('.ant-notification-notice').filter({ hasText: /^Penyesuaian \S+ disimpan/u });
      await adjustmentSaved.waitFor();
      const adjustmentNumber = /^Penyesuaian (\S+) disimpan/u.exec(await adjustmentSaved.innerText())?.[1] ?? '';
      expect(adjustmentNumber).not.toBe('');
      await page.waitForURL((url) => url.pathname === '/inventory/stock-adjustment/create' && url.searchParams.has('id'));
      await page.getByRole('heading', { name: `Penyesuaian Stok ${adjustmentNumber}` }).waitFor();
      // The saved draft: stock unchanged, the same numbers.
      await expect.poll(() => items.getByTestId('item-0-after').innerText(), SERVER_POLL).toBe(format(availableReceived - removed));
      await page.getByTestId('post-adjustment').click();
      const postAdjustment = page.locator('.ant-modal-confirm').filter({ hasText: `Posting penyesuaian ${adjustmentNumber}?` });
      await postAdjustment.waitFor();
      await postAdjustment.getByRole('button', { name: 'Posting', exact: true }).click();
      await page
        .locator('.ant-notification-notice')
        .filter({ hasText: `Penyesuaian ${adjustmentNumber} berhasil diposting` })
        .waitFor();
      // Posted: read-only, with the numbers of the posting.
      await expect.poll(() => detailValue(page, 'Status'), SERVER_POLL).toBe('Diposting');
      const postedTable = page.getByTestId('detail-page').locator('.ant-table').first();
      const postedItem = postedTable.locator('.ant-table-row').filter({ hasText: SKU });
      expect(await cell(postedTable, postedItem, 'Stok Tersedia')).toBe(format(availableReceived));
      expect(await cell(postedTable, postedItem, 'Perubahan')).toBe(format(-removed));
      expect(await cell(postedTable, postedItem, 'Setelah Perubahan')).toBe(format(availableReceived - removed));
      await saveScreenshot(page, 'journey-13-adjustment-posted');

      // The inventory list: the reduced quantity.
      const onHandAdjusted = onHandReceived - removed;
      const availableAdjusted = availableReceived - removed;
      await page.goto(`/inventory/list-inventoryv2?${stockQuery}`);
      await page.getByRole('heading', { name: 'Daftar Inventori' }).waitFor();
      await stockRow.waitFor();
      await expect.poll(() => cell(stockTable, stockRow, 'On Hand'), SERVER_POLL).toBe(format(onHandAdjusted));
      expect(await cell(stockTable, stockRow, 'Tersedia')).toBe(format(availableAdjusted));
      await saveScreenshot(page, 'journey-13-inventory');

      // 3. A percentage rule for the shop in the warehouse, saved; then the SKU and the server's explanation.
      await page.goto(`/inventory/stock-alocation?workspace_id=${workspaceId}`);
      await page.getByRole('heading', { name: 'Alokasi Stok' }).waitFor();
      await chooseOption(page, page.getByTestId('allocation-warehouse'), WAREHOUSE, { search: true });
      const rulesTable = page.getByTestId('allocation-rules');
      await rulesTable.waitFor();
      const ruleRows = rulesTable.locator('.ant-table-row');
      // A rule kept from an earlier run on the same server is changed, not doubled (one rule per shop).
      let line = -1;
      for (let index = 0; index < (await ruleRows.count()); index += 1) {
        if ((await rulesTable.getByTestId(`rule-${index}-channel`).innerText()).includes(shop)) line = index;
      }
      if (line < 0) {
        line = await ruleRows.count();
        await page.getByRole('button', { name: 'Tambah kanal' }).click();
        await chooseOption(page, rulesTable.getByTestId(`rule-${line}-channel`), shop, { search: true });
      }
      await ruleRows
        .nth(line)
        .locator('label.ant-radio-button-wrapper')
        .filter({ hasText: /^Persentase$/u })
        .click();
      await page.getByLabel(`Nilai aturan ${line + 1}`).fill(String(percent));
      await page.getByLabel(`Buffer aturan ${line + 1}`).fill(String(buffer));
      // Each rule's explanation is on the line under it; without a SKU it asks for one.
      const explanationLine = rulesTable.locator('.ant-table-expanded-row').nth(line);
      await expect.poll(() => explanationLine.innerText()).toContain('Pilih SKU untuk melihat jumlahnya');
      await page.getByRole('button', { name: 'Simpan alokasi' }).click();
      await page.locator('.ant-notification-notice').filter({ hasText: 'Alokasi stok disimpan' }).waitFor();
      await chooseSku(page, page.getByTestId('allocation-sku'), SKU);
      await expect.poll(() => new URL(page.url()).searchParams.get('catalog_id'), SERVER_POLL).toBeTruthy();
      // The share is taken from the stock available to allocate: what the adjustment left.
      await expect.poll(() => page.getByTestId('allocation-available').innerText(), SERVER_POLL).toBe(format(availableAdjusted));
      const share = Math.max(0, Math.floor((availableAdjusted * percent) / 100) - buffer);
      const explanation = rulesTable.getByTestId(`rule-${line}-explanation`);
      await expect
        .poll(() => explanation.innerText(), SERVER_POLL)
        .toBe(`${share} = ${availableAdjusted} tersedia × ${percent}%, dibulatkan ke bawah, dikurangi buffer ${buffer}`);
      expect(await rulesTable.getByTestId(`rule-${line}-quantity`).innerText()).toBe(format(share));
      // The server's saved explanation, not the screen's preview, and on the screen without scrolling the table.
      expect(await explanationLine.innerText()).not.toContain('Pratinjau');
      const box = await explanation.boundingBox();
      expect(box && box.x + box.width).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);
      await saveScreenshot(page, 'journey-13-allocation');

      // 3b. Stock set aside for the shop: taken from what is available and added to the shop's quantity, with the
      // explanation saying so; then given back (0), which leaves the stock as it was for the next run.
      const shareText = `${share} = ${availableAdjusted} tersedia × ${percent}%, dibulatkan ke bawah, dikurangi buffer ${buffer}`;
      const setAsideInput = page.getByLabel(`Stok disisihkan untuk ${shop}`, { exact: true });
      const setAsideSave = page.getByRole('button', { name: `Simpan stok disisihkan untuk ${shop}` });
      const setAside = 2;
      await setAsideInput.fill(String(setAside));
      await setAsideSave.click();
      await page
        .locator('.ant-message-notice')
        .filter({ hasText: `Stok disisihkan untuk ${shop} disimpan` })
        .waitFor();
      const availableAside = availableAdjusted - setAside;
      await expect.poll(() => page.getByTestId('allocation-available').innerText(), SERVER_POLL).toBe(format(availableAside));
      const shareAside = Math.max(0, Math.floor((availableAside * percent) / 100) - buffer) + setAside;
      await expect
        .poll(() => explanation.innerText(), SERVER_POLL)
        .toBe(
          `${shareAside} = ${availableAside} tersedia × ${percent}%, dibulatkan ke bawah, dikurangi buffer ${buffer}, ditambah ${setAside} disisihkan`,
        );
      await saveScreenshot(page, 'journey-13-set-aside');
      await setAsideInput.fill('0');
      await setAsideSave.click();
      await expect.poll(() => explanation.innerText(), SERVER_POLL).toBe(shareText);
      expect(await page.getByTestId('allocation-available').innerText()).toBe(format(availableAdjusted));

      // 4. The adjustment's movement in the ledger, followed to its detail.
      await page.goto(`/inventory/stock-movement?workspace_id=${workspaceId}`);
      await page.getByRole('heading', { name: 'Pergerakan Stok' }).waitFor();
      const search = page.getByLabel('Cari nomor referensi');
      await search.fill(adjustmentNumber);
      await search.press('Enter');
      await expect.poll(() => new URL(page.url()).searchParams.get('reference_id'), SERVER_POLL).toBe(adjustmentNumber);
      const movementRow = page.locator('.ant-table-row').filter({ hasText: SKU }).filter({ hasText: adjustmentNumber });
      await movementRow.waitFor();
      await expect.poll(() => page.locator('.ant-table-row').count(), SERVER_POLL).toBe(1);
      const movementTable = page.getByTestId('list-page').locator('.ant-table').first();
      expect(await cell(movementTable, movementRow, 'Tipe')).toBe('Penyesuaian Stok');
      expect(await cell(movementTable, movementRow, 'Gudang')).toBe(WAREHOUSE);
      expect(await cell(movementTable, movementRow, 'Jumlah')).toBe(format(-removed));
      expect(await cell(movementTable, movementRow, 'On Hand (Sebelum → Sesudah)')).toBe(
        `${format(onHandReceived)} → ${format(onHandAdjusted)}`,
      );
      await saveScreenshot(page, 'journey-13-movements');
      await movementRow.getByRole('link', { name: 'Detail', exact: true }).click();
      await page.waitForURL((url) => url.pathname.startsWith('/inventory/detail-stock-movement/'));
      await page.getByRole('heading', { name: 'Detail Pergerakan Stok' }).waitFor();
      expect(new URL(page.url()).searchParams.get('workspace_id')).toBe(workspaceId);
      await expect.poll(() => detailValue(page, 'On Hand Sebelum'), SERVER_POLL).toBe(format(onHandReceived));
      expect(await detailValue(page, 'On Hand Sesudah')).toBe(format(onHandAdjusted));
      expect(await detailValue(page, 'Jumlah')).toBe(format(-removed));
      expect(await detailValue(page, 'Tipe')).toBe('Penyesuaian Stok');
      expect(await detailValue(page, 'SKU')).toBe(SKU);
      expect(await detailValue(page, 'Nama Produk')).toBe(PRODUCT);
      expect(await detailValue(page, 'Gudang')).toBe(WAREHOUSE);
      expect(await detailValue(page, 'Dokumen Referensi')).toContain(adjustmentNumber);
      // The movement id in the address is the one shown.
      expect(await detailValue(page, 'ID Pergerakan')).toBe(decodeURIComponent(new URL(page.url()).pathname.split('/').at(-1) ?? ''));
      await saveScreenshot(page, 'journey-13-movement-detail');
    },
  );
});
