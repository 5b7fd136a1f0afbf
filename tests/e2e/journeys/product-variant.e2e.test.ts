import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { DEMO_USER, baseUrl, describeJourney } from '../support/api.ts';
import { openBrowser, saveScreenshot, type Session } from '../support/chromium.ts';
import { pngImage } from '../support/files.ts';
import { SERVER_POLL, signIn, trackNavigation, waitForWorkspace, watchServerErrors } from '../support/ui.ts';

/** Types each option into a variant tier's tags select (its dropdown stays closed): the text, then Enter. */
async function typeOptions(page: Page, select: Locator, options: readonly string[]): Promise<void> {
  await select.click();
  for (const option of options) {
    await page.keyboard.type(option);
    await page.keyboard.press('Enter');
    // Each option is a tag of its own (the form renders it to mark a repeated option red).
    await select
      .locator('.ant-tag')
      .filter({ hasText: new RegExp(`^${option}$`, 'u') })
      .waitFor();
  }
}

/** The SKU codes of the variant table, in row order. */
const skuCodes = (page: Page) =>
  page
    .getByTestId('variant-rows')
    .getByLabel(/^SKU \d+$/u)
    .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));

/** The images of the form, in order: file name (alt) and tag, once each picture has loaded. */
async function imageTiles(page: Page): Promise<{ alt: string; tag: string; loaded: boolean }[]> {
  return page
    .getByTestId('image-tiles')
    .locator('.ant-card')
    .evaluateAll((cards) =>
      cards.map((card) => {
        const img = card.querySelector('img');
        return {
          alt: img?.getAttribute('alt') ?? card.querySelector('[role="img"]')?.getAttribute('aria-label') ?? '',
          tag: card.querySelector('.ant-tag')?.textContent ?? '',
          loaded: Boolean(img && img.complete && img.naturalWidth > 0),
        };
      }),
    );
}

/**
 * Journey 10: the demo owner adds a VARIANT product from the product list: two tiers (Warna × Ukuran, four SKUs
 * generated from the SKU prefix), a price per SKU and two PNG images; finds it by name in the list (variant count,
 * price range, status, thumbnail); edits it (new name, one price changed, a third colour, the images swapped) and
 * finds the edited product by one of its new SKUs, then sees the changes kept on the edit form.
 */
describeJourney('journey 10: a variant product with two tiers and images', () => {
  let session: Session;
  beforeAll(async () => {
    session = await openBrowser(baseUrl());
  });
  afterAll(async () => {
    await session?.close();
  });

  it('creates a variant product with images, finds it, edits it and finds the edit', { timeout: 240_000 }, async ({ onTestFailed }) => {
    const { page } = session;
    const serverErrors = watchServerErrors(page);
    const visited = trackNavigation(page);
    onTestFailed(async () => {
      console.log(`journey 10 went through:\n  ${visited.join('\n  ')}`);
      if (serverErrors.length > 0) console.log(`journey 10 server errors:\n  ${serverErrors.join('\n  ')}`);
      await saveScreenshot(page, 'journey-10-FAILED');
    });
    const suffix = Date.now().toString(36).toUpperCase();
    const name = `Kaos Batik Parang ${suffix}`;
    const renamed = `Kaos Batik Tulis ${suffix}`;
    const prefix = `E2E-${suffix}`;
    const red = pngImage(96, 96, [200, 30, 40]);
    const blue = pngImage(80, 120, [30, 60, 200]);

    await signIn(page, DEMO_USER.username, DEMO_USER.password);
    await page.goto('/product');
    await page.getByRole('heading', { name: 'Produk Master' }).waitFor();
    const workspaceId = await waitForWorkspace(page);
    // The list has loaded in the workspace (which products come first depends on the journeys run before this one).
    await page.locator('.ant-table-row').first().waitFor();

    await page.getByRole('button', { name: 'Tambah Produk' }).click();
    await page.waitForURL((url) => url.pathname === '/product/create');
    await page.getByRole('heading', { name: 'Tambah Produk' }).waitFor();
    expect(new URL(page.url()).searchParams.get('workspace_id')).toBe(workspaceId);

    await page.getByLabel('Nama Produk').fill(name);
    await page
      .locator('label.ant-radio-button-wrapper')
      .filter({ hasText: /^Varian$/u })
      .click();
    await page.getByTestId('variant-section').waitFor();
    await page.getByLabel('Awalan SKU').fill(prefix);
    await page.getByRole('button', { name: 'Tambah Varian' }).click();
    await page.getByLabel('Nama Varian 1').fill('Warna');
    await typeOptions(page, page.getByTestId('tier-0-options'), ['Merah', 'Biru']);
    await page.getByRole('button', { name: 'Tambah Varian' }).click();
    await page.getByLabel('Nama Varian 2').fill('Ukuran');
    await typeOptions(page, page.getByTestId('tier-1-options'), ['M', 'L']);

    await page.getByText('4 kombinasi SKU').waitFor();
    await expect
      .poll(() => skuCodes(page), SERVER_POLL)
      .toEqual([`${prefix}-MERAH-M`, `${prefix}-MERAH-L`, `${prefix}-BIRU-M`, `${prefix}-BIRU-L`]);
    const prices = [89_000, 92_000, 89_000, 95_000];
    for (const [index, price] of prices.entries()) await page.getByLabel(`Harga ${index + 1}`, { exact: true }).fill(String(price));
    // The money input shows Indonesian thousands separators once it loses focus.
    await page.getByLabel('Awalan SKU').focus();
    await expect.poll(() => page.getByLabel('Harga 4', { exact: true }).inputValue(), SERVER_POLL).toBe('95.000');

    await page
      .getByTestId('product-images')
      .locator('input[type="file"]')
      .setInputFiles([
        { name: 'kaos-merah.png', mimeType: 'image/png', buffer: red },
        { name: 'kaos-biru.png', mimeType: 'image/png', buffer: blue },
      ]);
    await expect
      .poll(() => imageTiles(page), SERVER_POLL)
      .toEqual([
        { alt: 'kaos-merah.png', tag: 'Utama', loaded: true },
        { alt: 'kaos-biru.png', tag: 'Thumbnail', loaded: true },
      ]);
    await page
      .locator('label.ant-radio-button-wrapper')
      .filter({ hasText: /^Aktif$/u })
      .click();
    await saveScreenshot(page, 'journey-10-create-form');
    await page.getByRole('button', { name: 'Simpan', exact: true }).click();

    await page.getByText(`Produk ${name} ditambahkan.`).waitFor();
    await page.waitForURL((url) => url.pathname === '/product');
    expect(new URL(page.url()).searchParams.get('workspace_id')).toBe(workspaceId);

    const search = page.getByLabel('Cari nama produk atau SKU');
    await search.fill(name);
    await search.press('Enter');
    await expect.poll(() => new URL(page.url()).searchParams.get('q'), SERVER_POLL).toBe(name);
    const row = page.locator('.ant-table-row').filter({ hasText: name });
    await row.waitFor();
    await expect.poll(() => page.locator('.ant-table-row').count(), SERVER_POLL).toBe(1);
    const rowText = await row.innerText();
    expect(rowText).toContain('4 varian');
    expect(rowText).toContain('Varian');
    expect(rowText).toContain('Rp89.000 – Rp95.000');
    expect(rowText).toContain('Aktif');
    // The thumbnail is the first image's, fetched with the token.
    const thumbnail = row.locator(`img[alt="${name}"]`);
    await thumbnail.waitFor();
    await expect.poll(() => thumbnail.evaluate((img) => (img as HTMLImageElement).naturalWidth), SERVER_POLL).toBeGreaterThan(0);
    await saveScreenshot(page, 'journey-10-found');

    await row.getByRole('link', { name: `Ubah ${name}` }).click();
    await page.waitForURL((url) => url.pathname === '/product/edit');
    await page.getByRole('heading', { name: 'Ubah Produk' }).waitFor();
    const nameField = page.getByLabel('Nama Produk');
    await expect.poll(() => nameField.inputValue(), SERVER_POLL).toBe(name);
    await page.getByText('4 kombinasi SKU').waitFor();
    await expect
      .poll(() => skuCodes(page), SERVER_POLL)
      .toEqual([`${prefix}-MERAH-M`, `${prefix}-MERAH-L`, `${prefix}-BIRU-M`, `${prefix}-BIRU-L`]);
    for (const [index, price] of prices.entries()) {
      expect(await page.getByLabel(`Harga ${index + 1}`, { exact: true }).inputValue(), `Harga ${index + 1}`).toBe(
        price.toLocaleString('id-ID'),
      );
    }
    await expect
      .poll(() => imageTiles(page), SERVER_POLL)
      .toEqual([
        { alt: 'kaos-merah.png', tag: 'Utama', loaded: true },
        { alt: 'kaos-biru.png', tag: 'Thumbnail', loaded: true },
      ]);

    // The images change at once: the blue one moves first.
    await page.getByTestId('image-tiles').locator('.ant-card').first().getByRole('button', { name: 'Geser ke kanan' }).click();
    await expect
      .poll(() => imageTiles(page), SERVER_POLL)
      .toEqual([
        { alt: 'kaos-biru.png', tag: 'Utama', loaded: true },
        { alt: 'kaos-merah.png', tag: 'Thumbnail', loaded: true },
      ]);
    await nameField.fill(renamed);
    await page.getByLabel('Harga 2', { exact: true }).fill('99000');
    await typeOptions(page, page.getByTestId('tier-0-options'), ['Hijau']);
    await page.getByText('6 kombinasi SKU').waitFor();
    // The rows already there keep their SKU and price; the new colour's rows take the first row's price.
    await expect
      .poll(() => skuCodes(page), SERVER_POLL)
      .toEqual([
        `${prefix}-MERAH-M`,
        `${prefix}-MERAH-L`,
        `${prefix}-BIRU-M`,
        `${prefix}-BIRU-L`,
        `${prefix}-HIJAU-M`,
        `${prefix}-HIJAU-L`,
      ]);
    expect(await page.getByLabel('Harga 2', { exact: true }).inputValue()).toBe('99.000');
    expect(await page.getByLabel('Harga 6', { exact: true }).inputValue()).toBe('89.000');
    await saveScreenshot(page, 'journey-10-edit-form');
    await page.getByRole('button', { name: 'Simpan', exact: true }).click();

    await page.getByText(`Produk ${renamed} diperbarui.`).waitFor();
    await page.waitForURL((url) => url.pathname === '/product');
    expect(new URL(page.url()).searchParams.get('workspace_id')).toBe(workspaceId);
    // Found again by one of the new SKUs (the search takes a whole SKU): renamed, six SKUs, the new price range.
    const searchAgain = page.getByLabel('Cari nama produk atau SKU');
    await searchAgain.fill(`${prefix}-HIJAU-L`);
    await searchAgain.press('Enter');
    await expect.poll(() => new URL(page.url()).searchParams.get('q'), SERVER_POLL).toBe(`${prefix}-HIJAU-L`);
    const editedRow = page.locator('.ant-table-row').filter({ hasText: renamed });
    await editedRow.waitFor();
    await expect.poll(() => page.locator('.ant-table-row').count(), SERVER_POLL).toBe(1);
    const editedText = await editedRow.innerText();
    expect(editedText).toContain('6 varian');
    expect(editedText).toContain('Rp89.000 – Rp99.000');
    expect(editedText).not.toContain(name);
    await saveScreenshot(page, 'journey-10-edited');

    // The edit form shows what was saved: the name, six SKUs with their prices, the images in their new order.
    await editedRow.getByRole('link', { name: `Ubah ${renamed}` }).click();
    await page.waitForURL((url) => url.pathname === '/product/edit');
    await expect.poll(() => page.getByLabel('Nama Produk').inputValue(), SERVER_POLL).toBe(renamed);
    await page.getByText('6 kombinasi SKU').waitFor();
    expect(await skuCodes(page)).toHaveLength(6);
    expect(await page.getByLabel('Harga 2', { exact: true }).inputValue()).toBe('99.000');
    expect(await page.getByLabel('Harga 5', { exact: true }).inputValue()).toBe('89.000');
    await expect
      .poll(() => imageTiles(page), SERVER_POLL)
      .toEqual([
        { alt: 'kaos-biru.png', tag: 'Utama', loaded: true },
        { alt: 'kaos-merah.png', tag: 'Thumbnail', loaded: true },
      ]);
  });
});
