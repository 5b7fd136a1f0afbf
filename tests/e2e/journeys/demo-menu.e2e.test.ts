import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO_USER, baseUrl, demoMenu, describeJourney } from '../support/api.ts';
import { openBrowser, saveScreenshot, type Session } from '../support/chromium.ts';

/** Journey 2: sign in as the demo user and see the server's menu and the "Toko Demo" workspace. */
describeJourney('journey 2: the demo user sees the server menu', () => {
  let session: Session;
  beforeAll(async () => {
    session = await openBrowser(baseUrl());
  });
  afterAll(async () => {
    await session?.close();
  });

  it('signs in and shows the menu sent by the server', async ({ onTestFailed }) => {
    const { page } = session;
    onTestFailed(async () => {
      await saveScreenshot(page, 'journey-2-FAILED');
    });
    const menu = await demoMenu();

    await page.goto('/auth/login');
    await page.getByLabel('Email atau nomor HP').fill(DEMO_USER.username);
    await page.getByLabel('Kata sandi').fill(DEMO_USER.password);
    await page.getByRole('button', { name: 'Masuk', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');

    const sideMenu = page.getByTestId('side-menu');
    await sideMenu.getByText('Dashboard', { exact: true }).waitFor();
    // Indonesian titles of the top level, as the demo Owner sees them.
    for (const title of ['Dashboard', 'Pesanan Penjualan', 'Produk', 'Inventori', 'Pembelian', 'Pengaturan']) {
      await expect.poll(() => sideMenu.getByText(title, { exact: true }).count(), { message: title }).toBeGreaterThan(0);
    }
    // Every top-level entry of the server's menu (outside the per-channel group) is shown, by its full title.
    const topLevel = menu.filter((item) => item.category !== 'group3').map((item) => item.lang.id || item.title);
    expect(topLevel.length).toBeGreaterThan(3);
    for (const title of topLevel) {
      expect(await sideMenu.locator(`[title="${title}"]`).count(), title).toBeGreaterThan(0);
    }
    // A submenu opens onto the server's children: Pengaturan holds Gudang.
    // (the group title "Pengaturan" sits above it, so click the submenu title itself).
    await sideMenu.locator('.ant-menu-submenu-title').filter({ hasText: 'Pengaturan' }).click();
    await sideMenu.locator('a[title="Gudang"]').waitFor({ state: 'visible' });
    await sideMenu.locator('a[title="Manajemen Pengguna"]').waitFor();

    const welcome = page.getByTestId('welcome-card');
    await expect.poll(() => welcome.innerText()).toContain('Toko Demo');
    expect(await welcome.innerText()).toContain('Dewi Lestari');
    expect(await page.getByTestId('user-menu').innerText()).toContain('Dewi Lestari');
    await saveScreenshot(page, 'journey-2-demo-dashboard');

    // The user menu's profile block names the signed-in account.
    await page.getByTestId('user-menu').click();
    const profile = page.getByTestId('user-profile');
    await expect.poll(() => profile.innerText()).toContain(DEMO_USER.username);
    await saveScreenshot(page, 'journey-2-user-menu');
    await page.keyboard.press('Escape');
  });
});
