import { afterAll, beforeAll, expect, it } from 'vitest';
import { baseUrl, describeJourney, newEmail, signUpWithEmail } from '../support/api.ts';
import { openBrowser, saveScreenshot, type Session } from '../support/chromium.ts';
import { openFromMenu, signIn } from '../support/ui.ts';

/**
 * Journey 8: the user menu switches the app to English and back: menu titles, page headings and the user menu's own
 * items change. A fresh account, so the language saved in its settings touches no other journey.
 */
describeJourney('journey 8: switch the language to English and back', () => {
  let session: Session;
  beforeAll(async () => {
    session = await openBrowser(baseUrl());
  });
  afterAll(async () => {
    await session?.close();
  });

  it('changes the texts through the user menu', async ({ onTestFailed }) => {
    const { page } = session;
    onTestFailed(async () => {
      await saveScreenshot(page, 'journey-8-FAILED');
    });
    const account = await signUpWithEmail({
      email: newEmail('lina'),
      name: 'Lina Marlina',
      business: 'Kopi Lina',
      password: 'Kopi#Susu2026',
    });
    const sideMenu = page.getByTestId('side-menu');
    const heading = page.getByTestId('welcome-card').getByRole('heading', { level: 3 });
    const userMenu = page.getByTestId('user-menu');
    // Items of the user menu's dropdown (and of its language submenu), not of the side menu.
    const userMenuItem = (name: string, exact = false) => page.locator('ul.ant-dropdown-menu').getByRole('menuitem', { name, exact });
    /**
     * Opens the user menu's language submenu (it opens on a click, and a second click closes it). Under load the
     * dropdown can close before the submenu is seen: it is opened again, and the submenu clicked again once the
     * language has had five seconds to show, until it shows.
     */
    const openLanguages = async (submenu: string, language: string) => {
      const quick = { timeout: 5_000 } as const;
      const ignore = () => undefined;
      await expect
        .poll(
          async () => {
            if (await userMenuItem(language, true).isVisible()) return true;
            if (!(await userMenuItem(submenu).isVisible())) {
              await userMenu.click(quick).catch(ignore);
              await userMenuItem(submenu).waitFor(quick).catch(ignore);
            }
            await userMenuItem(submenu).click(quick).catch(ignore);
            await userMenuItem(language, true).waitFor(quick).catch(ignore);
            return userMenuItem(language, true).isVisible();
          },
          { timeout: 45_000, interval: 500 },
        )
        .toBe(true);
    };

    await signIn(page, account.email, account.password);
    await sideMenu.locator('[title="Pesanan Penjualan"]').first().waitFor();
    await expect.poll(() => heading.innerText()).toBe(`Selamat datang, ${account.name}`);
    expect(await page.evaluate(() => document.documentElement.lang)).toMatch(/^id/u);

    await openLanguages('Bahasa', 'English');
    await userMenuItem('English', true).click();

    await sideMenu.locator('[title="Sales Orders"]').first().waitFor();
    await expect.poll(() => heading.innerText()).toBe(`Welcome, ${account.name}`);
    expect(await sideMenu.locator('[title="Pesanan Penjualan"]').count()).toBe(0);
    await sideMenu.locator('.ant-menu-submenu-title').filter({ hasText: 'Settings' }).click();
    await sideMenu.locator('a[title="Warehouses"]').first().waitFor({ state: 'visible' });
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toMatch(/^en/u);
    await page.keyboard.press('Escape');
    await saveScreenshot(page, 'journey-8-english');

    // The choice is saved in the user's settings: a reload stays in English.
    await page.reload();
    await sideMenu.locator('[title="Sales Orders"]').first().waitFor();
    await expect.poll(() => heading.innerText()).toBe(`Welcome, ${account.name}`);

    // Another screen in English too: the warehouse list heading.
    await openFromMenu(page, 'Settings', 'Warehouses', '/warehouse');
    await page.getByRole('heading', { name: 'Warehouses', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Add Warehouse' }).first().waitFor();
    await saveScreenshot(page, 'journey-8-english-warehouses');

    await openLanguages('Language', 'Bahasa Indonesia');
    await userMenuItem('Bahasa Indonesia', true).click();

    await page.getByRole('heading', { name: 'Gudang', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Tambah Gudang' }).first().waitFor();
    await sideMenu.locator('[title="Pesanan Penjualan"]').first().waitFor();
    expect(await sideMenu.locator('[title="Sales Orders"]').count()).toBe(0);
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toMatch(/^id/u);
    await page.keyboard.press('Escape');
    await saveScreenshot(page, 'journey-8-indonesian-again');
  });
});
