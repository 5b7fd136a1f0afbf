import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_USER, baseUrl, describeJourney } from '../support/api.ts';
import { openBrowser, saveScreenshot, type Session } from '../support/chromium.ts';
import { SERVER_POLL, chooseOption, signIn, trackNavigation, waitForWorkspace, watchServerErrors } from '../support/ui.ts';

/** The antd Select of the form item labelled `label` (its wrapper, which shows the chosen option). */
const selectOf = (page: Page, label: string) =>
  page
    .locator('.ant-form-item')
    .filter({ has: page.locator(`label:text-is("${label}")`) })
    .locator('.ant-select')
    .first();

/**
 * Journey 12: the demo owner adds a global variable (ppn = 1.11), builds a price formula with the builder's
 * buttons — ( list_price + 2500 ) × ppn, rounded up to Rp100 — sees the live check pass, previews it on the demo's
 * "Kopi Gayo Arabika 250 g" (Rp85.000 → Rp97.200, with the steps), saves it, and then cannot delete the variable:
 * the 'Cannot Delete' dialog names the formula and the variable stays.
 */
describeJourney('journey 12: a price formula built, previewed, and its variable kept from deletion', () => {
  let session: Session;
  beforeAll(async () => {
    session = await openBrowser(baseUrl());
  });
  afterAll(async () => {
    await session?.close();
  });

  it('builds and previews a formula, then refuses to delete the variable it uses', { timeout: 240_000 }, async ({ onTestFailed }) => {
    const { page } = session;
    const serverErrors = watchServerErrors(page);
    const visited = trackNavigation(page);
    onTestFailed(async () => {
      console.log(`journey 12 went through:\n  ${visited.join('\n  ')}`);
      if (serverErrors.length > 0) console.log(`journey 12 server errors:\n  ${serverErrors.join('\n  ')}`);
      await saveScreenshot(page, 'journey-12-FAILED');
    });
    const suffix = Date.now().toString(36);
    const variable = `ppn_${suffix}`;
    const formula = `harga_ppn_${suffix}`;

    await signIn(page, DEMO_USER.username, DEMO_USER.password);

    // A global variable.
    await page.goto('/global-variable');
    await page.getByRole('heading', { name: 'Variabel Global' }).waitFor();
    const workspaceId = await waitForWorkspace(page);
    await page.locator('.ant-table-row, [data-testid="list-empty"]').first().waitFor();
    await page.getByRole('button', { name: 'Tambah Variabel Global' }).first().click();
    await page.waitForURL((url) => url.pathname === '/global-variable/add');
    await page.getByRole('heading', { name: 'Tambah Variabel Global' }).waitFor();
    expect(new URL(page.url()).searchParams.get('workspace_id')).toBe(workspaceId);
    await page.getByLabel('Nama Variabel').fill(variable);
    await page.getByLabel('Nilai').fill('1.11');
    await page.getByLabel('Deskripsi Singkat').fill('PPN 11%');
    await page.getByRole('button', { name: 'Simpan', exact: true }).click();
    await page.getByText(`Variabel ${variable} ditambahkan`).waitFor();
    await page.waitForURL((url) => url.pathname === '/global-variable');
    await page.locator('.ant-table-row').filter({ hasText: variable }).waitFor();

    // The formula, built with the buttons.
    await page.goto(`/price-formula?workspace_id=${workspaceId}`);
    await page.getByRole('heading', { name: 'Formula Harga' }).waitFor();
    await page.locator('.ant-table-row, [data-testid="list-empty"]').first().waitFor();
    await page.getByRole('button', { name: 'Tambah Formula Harga' }).first().click();
    await page.waitForURL((url) => url.pathname === '/price-formula/add');
    await page.getByRole('heading', { name: 'Tambah Formula Harga' }).waitFor();
    expect(new URL(page.url()).searchParams.get('workspace_id')).toBe(workspaceId);
    await page.getByLabel('Nama Formula').fill(formula);
    await page.getByLabel('Deskripsi Singkat').fill('Harga + kemas, PPN');

    const builder = page.getByTestId('formula-builder');
    // The variable just added is offered with the built-ins.
    const variableButton = builder.getByRole('button', { name: variable, exact: true });
    await variableButton.waitFor();
    await builder.getByRole('button', { name: 'Kurung buka', exact: true }).click();
    await builder.getByRole('button', { name: 'list_price', exact: true }).click();
    await builder.getByRole('button', { name: 'Tambah', exact: true }).click();
    await builder.getByLabel('Konstanta').fill('2500');
    await builder.getByRole('button', { name: 'Tambah angka', exact: true }).click();
    await builder.getByRole('button', { name: 'Kurung tutup', exact: true }).click();
    await builder.getByRole('button', { name: 'Kali', exact: true }).click();
    await variableButton.click();
    const expression = `( list_price + 2500 ) × ${variable}`;
    await expect.poll(() => builder.getByTestId('formula-text').inputValue(), SERVER_POLL).toBe(expression);
    await expect
      .poll(() => builder.getByTestId('formula-chips').locator('.ant-tag').allInnerTexts(), SERVER_POLL)
      .toEqual(['(', 'list_price', '+', '2500', ')', '×', variable]);
    // The server's check (which knows the workspace's variables) passes.
    await builder.getByTestId('formula-valid').waitFor();
    expect(await builder.getByTestId('formula-valid').innerText()).toContain('Formula benar');

    await chooseOption(page, selectOf(page, 'Aturan Pembulatan'), 'Bulatkan ke atas');
    await chooseOption(page, selectOf(page, 'Kelipatan Pembulatan'), 'Kelipatan Rp100');

    // Preview on a demo SKU: (85.000 + 2.500) × 1.11 = 97.125, rounded up to Rp100 → Rp97.200.
    const preview = page.getByTestId('formula-preview');
    // The product picker adds the product's SKUs as samples and stays empty itself.
    await preview.getByLabel('Cari dan pilih produk').click();
    await page.keyboard.type('Kopi Gayo');
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
      .filter({ hasText: /^Kopi Gayo Arabika 250 g$/u })
      .click();
    await preview.locator('.ant-tag').filter({ hasText: 'KOPI-GAYO-250' }).waitFor();
    await preview.getByRole('button', { name: 'Jalankan pratinjau' }).click();
    const row = preview.locator('.ant-table-row').filter({ hasText: 'KOPI-GAYO-250' });
    await row.waitFor();
    const rowText = await row.innerText();
    expect(rowText).toContain('Rp85.000');
    expect(rowText).toContain('Rp97.200');
    const trace = await preview.getByTestId('preview-trace').innerText();
    expect(trace).toContain(`${variable} = 1.11`);
    expect(trace).toContain('Pembulatan (Bulatkan ke atas, kelipatan 100)');
    await saveScreenshot(page, 'journey-12-preview');

    await page.getByRole('button', { name: 'Simpan', exact: true }).click();
    await page.getByText(`Formula ${formula} ditambahkan`).waitFor();
    await page.waitForURL((url) => url.pathname === '/price-formula');
    const formulaRow = page.locator('.ant-table-row').filter({ hasText: formula });
    await formulaRow.waitFor();
    // Saved in its written form, with the rounding rule.
    const formulaText = await formulaRow.innerText();
    expect(formulaText).toContain(`(list_price + 2500) × ${variable}`);
    expect(formulaText).toContain('Bulatkan ke atas · Kelipatan Rp100');

    // The variable is used by the formula: deleting it is refused with 'Cannot Delete'.
    await page.goto(`/global-variable?workspace_id=${workspaceId}`);
    const search = page.getByLabel('Cari nama variabel');
    await search.fill(variable);
    await search.press('Enter');
    await expect.poll(() => new URL(page.url()).searchParams.get('q'), SERVER_POLL).toBe(variable);
    const variableRow = page.locator('.ant-table-row').filter({ hasText: variable });
    await variableRow.waitFor();
    await expect.poll(() => variableRow.innerText(), SERVER_POLL).toContain('1 formula');
    await variableRow.getByRole('button', { name: `Hapus ${variable}` }).click();
    const confirm = page.locator('.ant-modal-confirm').filter({ hasText: 'Hapus variabel?' });
    await confirm.waitFor();
    await confirm.getByRole('button', { name: 'Hapus', exact: true }).click();
    const refused = page.locator('.ant-modal-confirm').filter({ hasText: 'Cannot Delete' });
    await refused.waitFor();
    const refusal = await refused.getByTestId('cannot-delete').innerText();
    expect(refusal).toContain(`Variabel ${variable} dipakai dalam formula berikut`);
    expect(refusal).toContain(formula);
    await saveScreenshot(page, 'journey-12-cannot-delete');
    await refused.getByRole('button', { name: 'Mengerti' }).click();
    await refused.waitFor({ state: 'hidden' });

    // Still there after a reload, still used by the formula.
    await page.reload();
    const kept = page.locator('.ant-table-row').filter({ hasText: variable });
    await kept.waitFor();
    expect(await kept.innerText()).toContain('1 formula');
  });
});
