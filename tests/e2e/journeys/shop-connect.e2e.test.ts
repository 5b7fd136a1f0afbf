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
    expect(visited.some((url) => url.startsWith('/integration/shopee?code='))).toBe(true);
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
    expect(serverErrors).toEqual([]);
  });
});
