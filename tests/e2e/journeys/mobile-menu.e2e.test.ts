import { afterAll, beforeAll, expect, it } from 'vitest';
import { baseUrl, describeJourney } from '../support/api.ts';
import { openBrowser, saveScreenshot, type Session } from '../support/chromium.ts';
import { signIn } from '../support/ui.ts';

/** A seeded demo teammate: Warehouse Operator, limited to the Jakarta warehouse. */
const WAREHOUSE_OPERATOR = { username: 'gudang@kelola.id', password: 'Kelola#2026' } as const;

/**
 * Journey 9: at phone width (375×812) the side menu is a drawer: a swipe from the left edge and the menu button
 * open it, its items are there, and choosing "Gudang" closes it on the warehouse list.
 */
describeJourney('journey 9: sign-in and the menu at phone width', () => {
  let session: Session;
  beforeAll(async () => {
    session = await openBrowser(baseUrl(), { viewport: { width: 375, height: 812 }, mobile: true });
  });
  afterAll(async () => {
    await session?.close();
  });

  it('opens the menu by swipe and by button and navigates to the warehouse list', async ({ onTestFailed }) => {
    const { page, context } = session;
    onTestFailed(async () => {
      await saveScreenshot(page, 'journey-9-FAILED');
    });

    await page.goto('/auth/login');
    await page.getByRole('button', { name: 'Masuk', exact: true }).waitFor();
    // The sign-in page fits the phone: nothing scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await saveScreenshot(page, 'journey-9-login');
    await signIn(page, WAREHOUSE_OPERATOR.username, WAREHOUSE_OPERATOR.password);

    // No side bar on a phone: the menu button in the top bar instead, and the page does not scroll sideways.
    await expect.poll(() => page.locator('[data-device]').getAttribute('data-device')).toBe('mobile');
    expect(await page.getByTestId('side-menu-sider').count()).toBe(0);
    const menuButton = page.getByTestId('open-mobile-menu');
    await menuButton.waitFor();
    const sideMenu = page.getByTestId('side-menu');
    expect(await sideMenu.isVisible()).toBe(false);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await saveScreenshot(page, 'journey-9-dashboard');

    // A swipe from the left edge (real touch events through the DevTools protocol) opens the drawer
    // (the browser's own edge-swipe "back" gesture is off in this Chromium, see support/chromium.ts).
    const cdp = await context.newCDPSession(page);
    const touch = async (type: 'touchStart' | 'touchMove' | 'touchEnd', x: number) =>
      cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x, y: 420 }] });
    await touch('touchStart', 8);
    for (const x of [40, 90, 140, 200]) await touch('touchMove', x);
    await touch('touchEnd', 200);
    await sideMenu.waitFor({ state: 'visible' });
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    for (const title of ['Dashboard', 'Pemenuhan Pesanan', 'Produk', 'Inventori', 'Pengaturan']) {
      await sideMenu.locator(`[title="${title}"]`).first().waitFor({ state: 'visible' });
    }
    await saveScreenshot(page, 'journey-9-menu-swiped');

    // Closed again (the drawer's close button), then opened with the menu button.
    await page.locator('.ant-drawer-close').click();
    await sideMenu.waitFor({ state: 'hidden' });
    await menuButton.click();
    await sideMenu.waitFor({ state: 'visible' });
    await sideMenu.locator('.ant-menu-submenu-title').filter({ hasText: 'Pengaturan' }).click();
    const warehouseLink = sideMenu.locator('a[title="Gudang"]');
    await warehouseLink.waitFor({ state: 'visible' });
    await saveScreenshot(page, 'journey-9-menu-open');
    await warehouseLink.click();

    // Choosing an item closes the drawer on the warehouse list.
    await page.waitForURL((url) => url.pathname === '/warehouse');
    await sideMenu.waitFor({ state: 'hidden' });
    await page.getByRole('heading', { name: 'Gudang', exact: true }).waitFor();
    // On a phone the list shows a card per row.
    await page.getByTestId('row-card').filter({ hasText: 'Gudang Jakarta Barat' }).waitFor();
    expect(new URL(page.url()).searchParams.get('workspace_id')).toBeTruthy();
    await saveScreenshot(page, 'journey-9-warehouses');
  });
});
