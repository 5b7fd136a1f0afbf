import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_USER, baseUrl, describeJourney } from '../support/api.ts';
import { openBrowser, saveScreenshot, type Session } from '../support/chromium.ts';
import { SERVER_POLL, signIn, trackNavigation, waitForWorkspace, watchServerErrors } from '../support/ui.ts';

/** The SKUs listed in the bundle's component table, in row order. */
const componentSkus = (page: Page) =>
  page
    .getByTestId('bundle-components')
    .locator('.ant-table-row')
    .evaluateAll((rows) => rows.map((row) => row.querySelector('td')?.textContent ?? ''));

/** Opens the component picker, types a search and picks the option shown as `label`. */
async function pickComponent(page: Page, query: string, label: string): Promise<void> {
  const picker = page.getByTestId('component-search');
  await picker.click();
  await page.keyboard.type(query);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: label }).first().click();
}

/**
 * Issue 12: "A bundle loses its first component when a second search is made in the component picker." The demo
 * owner builds a breakfast bundle from two coffees, each found by its own search; both stay in the table, are saved,
 * and are there when the bundle is opened again.
 */
describeJourney('a bundle keeps every component found by successive searches', () => {
  let session: Session;
  beforeAll(async () => {
    session = await openBrowser(baseUrl());
  });
  afterAll(async () => {
    await session?.close();
  });

  it('adds two components by two searches, saves them and finds both on the edit form', { timeout: 180_000 }, async ({ onTestFailed }) => {
    const { page } = session;
    const serverErrors = watchServerErrors(page);
    const visited = trackNavigation(page);
    onTestFailed(async () => {
      console.log(`bundle journey went through:\n  ${visited.join('\n  ')}`);
      if (serverErrors.length > 0) console.log(`bundle journey server errors:\n  ${serverErrors.join('\n  ')}`);
      await saveScreenshot(page, 'bundle-components-FAILED');
    });
    const suffix = Date.now().toString(36).toUpperCase();
    const name = `Paket Kopi Nusantara ${suffix}`;

    await signIn(page, DEMO_USER.username, DEMO_USER.password);
    await page.goto('/product/create');
    await waitForWorkspace(page);
    await page.getByRole('heading', { name: 'Tambah Produk' }).waitFor();
    await page.getByLabel('Nama Produk').fill(name);
    await page
      .locator('label.ant-radio-button-wrapper')
      .filter({ hasText: /^Bundling$/u })
      .click();
    await page.getByTestId('component-search').waitFor();
    await page.getByLabel('SKU', { exact: true }).fill(`PKT-${suffix}`);
    await page.getByLabel('Harga', { exact: true }).fill('190000');

    await pickComponent(page, 'Gayo', 'KOPI-GAYO-250');
    await expect.poll(() => componentSkus(page), SERVER_POLL).toEqual(['KOPI-GAYO-250']);
    await pickComponent(page, 'Toraja', 'KOPI-TORAJA-500');
    await expect.poll(() => componentSkus(page), SERVER_POLL).toEqual(['KOPI-GAYO-250', 'KOPI-TORAJA-500']);
    await saveScreenshot(page, 'bundle-components-form');

    await page.getByRole('button', { name: 'Simpan', exact: true }).click();
    await page.getByText(`Produk ${name} ditambahkan.`).waitFor();
    await page.waitForURL((url) => url.pathname === '/product');
    const search = page.getByLabel('Cari nama produk atau SKU');
    await search.fill(name);
    await search.press('Enter');
    await page
      .locator('.ant-table-row')
      .filter({ hasText: name })
      .getByRole('link', { name: `Ubah ${name}` })
      .click();
    await page.getByTestId('component-search').waitFor();
    await expect.poll(() => componentSkus(page), SERVER_POLL).toEqual(['KOPI-GAYO-250', 'KOPI-TORAJA-500']);
    expect(serverErrors).toEqual([]);
  });
});
