import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO_USER, describeJourney } from '../support/api.ts';
import { openBrowser, saveScreenshot, type Session } from '../support/chromium.ts';
import { startServerWithChannel, type JourneyServer } from '../support/server.ts';
import { chooseOption, signIn, trackNavigation, watchServerErrors } from '../support/ui.ts';

/**
 * Journey: connect a Shopee shop from the app through the sandbox's consent page (no credentials typed anywhere),
 * map its marketplace warehouse to Gudang Bandung, then disconnect and reconnect it. Runs on a server of its own with
 * an embedded sandbox, so the shop it connects does not change the shared server's demo.
 */
describeJourney('journey: connect a Shopee shop, map its warehouse, disconnect and reconnect', () => {
  let session: Session;
  let own: JourneyServer | undefined;
  beforeAll(async () => {
    own = await startServerWithChannel('Toko Seed E2E');
    session = await openBrowser(own.baseUrl);
  }, 180_000);
  afterAll(async () => {
    await session?.close();
    await own?.stop();
  });

  it('connects through the consent page, maps a warehouse, disconnects and reconnects', { timeout: 240_000 }, async ({ onTestFailed }) => {
    const { page } = session;
    const serverErrors = watchServerErrors(page);
    const visited = trackNavigation(page);
    onTestFailed(async () => {
      console.log(`shop-connect went through:\n  ${visited.join('\n  ')}`);
      await saveScreenshot(page, 'shop-connect-FAILED');
    });

    await signIn(page, DEMO_USER.username, DEMO_USER.password);
    await page.goto(`/integration?workspace_id=${own!.workspaceId}`);
    await page.getByRole('heading', { name: 'Integrasi Marketplace' }).waitFor();
    await page.getByTestId('integration-shopee').waitFor();
    await page.getByRole('button', { name: 'Hubungkan Shopee' }).click();

    // The sandbox's Shopee consent page: the first account (shop 60001001) is ticked; Authorize.
    await page.getByRole('button', { name: 'Authorize' }).waitFor({ timeout: 30_000 });
    await page.getByText('(shop 60001001)').click();
    await page.getByRole('button', { name: 'Authorize' }).click();

    // Back through /integration/shopee to the saved /integration, where the authorize call runs.
    await page.getByText('Toko berhasil ditambahkan').waitFor({ timeout: 60_000 });
    // Shopee echoes no state of its own: the one the app issued came back inside its redirect URL (ADR 0039).
    const returned = visited.find((url) => url.startsWith('/integration/shopee?'));
    expect(returned).toBeDefined();
    expect(new URLSearchParams(returned!.split('?')[1]).get('code')).toBeTruthy();
    expect(new URLSearchParams(returned!.split('?')[1]).get('state')).toMatch(/^[0-9a-f]{32}$/);
    expect(await page.evaluate(() => localStorage.getItem('kelola.integration.callback'))).toBeNull();
    await saveScreenshot(page, 'shop-connect-success');
    await page.getByRole('button', { name: 'Petakan gudang' }).click();

    await page.waitForURL((url) => url.pathname === '/store' && url.searchParams.has('warehouses'));
    const modal = page.locator('.ant-modal').filter({ hasText: 'Pemetaan Gudang' });
    await modal.waitFor();
    const firstRow = modal.locator('.ant-table-row').first();
    await firstRow.getByText('Belum dipetakan: pesanan dari gudang ini tidak memotong stok.').waitFor();
    await chooseOption(page, firstRow.locator('.ant-select'), 'Gudang Bandung');
    await firstRow.getByRole('button', { name: 'Petakan' }).click();
    await page.getByText('Pemetaan gudang disimpan').waitFor();
    await firstRow.getByRole('button', { name: 'Hapus pemetaan' }).waitFor();
    await saveScreenshot(page, 'shop-connect-mapping');
    await modal.locator('.ant-modal-close').click();

    const row = page.locator('.ant-table-row').filter({ hasText: '60001001' });
    await row.getByText('1 gudang dipetakan').waitFor();
    await row.getByText('Terhubung').waitFor();

    await row.getByRole('button', { name: /^Putuskan / }).click();
    await page.locator('.ant-modal-confirm').getByRole('button', { name: 'Putuskan' }).click();
    await row.getByText('Terputus').waitFor();
    await row.getByRole('button', { name: /^Kesehatan / }).click();
    await page.getByTestId('health-banner').getByText('Toko ini terputus.', { exact: false }).waitFor();
    await page.locator('.ant-drawer-close').click();

    await row.getByRole('button', { name: /^Hubungkan ulang / }).click();
    await row.getByText('Terhubung').waitFor();
    await saveScreenshot(page, 'shop-connect-reconnected');

    // The shop's data (PUT …/data): a new name and drop-off shipping.
    await row.getByRole('button', { name: /^Ubah / }).click();
    const edit = page.locator('.ant-modal').filter({ hasText: 'Ubah Data Toko' });
    await edit.waitFor();
    const name = edit.getByLabel('Nama toko');
    await name.fill('Shopee Kopi Resmi');
    // The shop was connected but never confirmed: it has no main warehouse yet, and the form requires one.
    await chooseOption(page, edit.locator('.ant-select').first(), 'Gudang Bandung');
    await edit.getByText('Diantar ke kurir (drop off)').click();
    await saveScreenshot(page, 'shop-connect-edit');
    await edit.getByRole('button', { name: 'Simpan' }).click();
    await page.getByText('Data toko Shopee Kopi Resmi disimpan').waitFor();
    await page.locator('.ant-table-row').filter({ hasText: 'Shopee Kopi Resmi' }).waitFor();

    // A return page whose state this server never issued (a code planted from elsewhere): 'Integrasi Gagal'.
    expect(serverErrors).toEqual([]);
    await page.evaluate((workspaceId) => {
      localStorage.setItem('kelola.integration.callback', `/integration?workspace_id=${workspaceId}`);
      localStorage.setItem('kelola.integration.channel', JSON.stringify({ code: 'shopee' }));
    }, own!.workspaceId);
    await page.goto('/integration/shopee?code=planted&shop_id=60001001&state=forged');
    await page.getByText('Integrasi Gagal').waitFor({ timeout: 30_000 });
    await page.getByText('Terjadi kesalahan saat melakukan integrasi.').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('kelola.integration.callback'))).toBeNull();
    await saveScreenshot(page, 'shop-connect-state-refused');
  });
});
