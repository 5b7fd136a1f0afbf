import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO_USER, baseUrl, describeJourney } from '../support/api.ts';
import { openBrowser, saveScreenshot, type Session } from '../support/chromium.ts';
import { chooseOption, openFromMenu, signIn } from '../support/ui.ts';

/** A real Kemendagri 2025 area: Gegerkalong, Sukasari, Kota Bandung, Jawa Barat. */
const AREA = { province: 'Jawa Barat', city: 'Kota Bandung', district: 'Sukasari', subdistrict: 'Gegerkalong' } as const;

/**
 * Journey 7: the demo owner opens the warehouse list from the menu, adds a warehouse through "Tambah Gudang"
 * (a click, so the workspace query must keep the add page), picks the area in the cascade, finds the warehouse
 * with the search box, renames it and sees the new name in the list.
 */
describeJourney('journey 7: create and edit a warehouse with an area', () => {
  let session: Session;
  beforeAll(async () => {
    session = await openBrowser(baseUrl());
  });
  afterAll(async () => {
    await session?.close();
  });

  it('adds a warehouse with its area, finds it and renames it', async ({ onTestFailed }) => {
    const { page } = session;
    // Every URL the tab went through, for the failure report.
    const visited: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) visited.push(frame.url().replace(/^https?:\/\/[^/]+/u, ''));
    });
    onTestFailed(async () => {
      console.log(`journey 7 went through:\n  ${visited.join('\n  ')}`);
      await saveScreenshot(page, 'journey-7-FAILED');
    });
    const suffix = Date.now().toString(36).toUpperCase();
    const code = `E2E-${suffix}`;
    const name = `Gudang Gegerkalong ${suffix}`;
    const renamed = `Gudang Setiabudi ${suffix}`;

    await signIn(page, DEMO_USER.username, DEMO_USER.password);
    await openFromMenu(page, 'Pengaturan', 'Gudang', '/warehouse');
    await page.getByRole('heading', { name: 'Gudang', exact: true }).waitFor();
    await page.locator('.ant-table-row').filter({ hasText: 'Gudang Jakarta Barat' }).waitFor();
    const workspaceId = new URL(page.url()).searchParams.get('workspace_id');
    expect(workspaceId).toBeTruthy();

    await page.getByRole('button', { name: 'Tambah Gudang' }).first().click();
    await page.getByTestId('form-page').waitFor();
    await page.getByRole('heading', { name: 'Tambah Gudang' }).waitFor();
    // Still on the add page, with the workspace query carried (not cut back to /warehouse).
    expect(new URL(page.url()).pathname).toBe('/warehouse/add-warehouse');
    expect(new URL(page.url()).searchParams.get('workspace_id')).toBe(workspaceId);

    await page.getByLabel('Nama Gudang').fill(name);
    await page.getByLabel('Kode Gudang', { exact: true }).fill(code);
    await page.getByLabel('Kategori').fill('Gudang Cabang');
    await page.getByLabel('Nama Kontak').fill('Dedi Kurniawan');
    await page.getByLabel('No. Telepon').fill('0812 3456 7890');
    await page.getByLabel('Alamat 1').fill('Jl. Gegerkalong Hilir No. 47');
    await chooseOption(page, page.getByTestId('area-province_code'), AREA.province, { search: true });
    await chooseOption(page, page.getByTestId('area-city_code'), AREA.city, { search: true });
    await chooseOption(page, page.getByTestId('area-district_code'), AREA.district, { search: true });
    await chooseOption(page, page.getByTestId('area-subdistrict_code'), AREA.subdistrict, { search: true });
    await page.getByLabel('Kode Pos').fill('40153');
    await saveScreenshot(page, 'journey-7-add-form');
    await page.getByRole('button', { name: 'Simpan', exact: true }).click();

    await page.getByText(`${name} berhasil ditambahkan`).waitFor();
    await page.waitForURL((url) => url.pathname === '/warehouse');
    expect(new URL(page.url()).searchParams.get('workspace_id')).toBe(workspaceId);

    const search = page.getByLabel('Cari nama, kode atau kontak gudang');
    await search.fill(code);
    await search.press('Enter');
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe(code);
    const row = page.locator('.ant-table-row').filter({ hasText: code });
    await row.waitFor();
    await expect.poll(() => page.locator('.ant-table-row').count()).toBe(1);
    const rowText = await row.innerText();
    expect(rowText).toContain(name);
    expect(rowText).toContain(AREA.city);
    expect(rowText).toContain('Dedi Kurniawan');
    await saveScreenshot(page, 'journey-7-found');

    await row.getByRole('link', { name: `Ubah ${name}` }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/warehouse/update-warehouse/'));
    await page.getByRole('heading', { name: 'Ubah Gudang' }).waitFor();
    const nameField = page.getByLabel('Nama Gudang');
    await expect.poll(() => nameField.inputValue()).toBe(name);
    // The saved area shows by name in every level of the cascade.
    for (const [field, label] of Object.entries({
      province_code: AREA.province,
      city_code: AREA.city,
      district_code: AREA.district,
      subdistrict_code: AREA.subdistrict,
    })) {
      await expect.poll(() => page.getByTestId(`area-${field}`).innerText(), { message: field }).toContain(label);
    }
    await nameField.fill(renamed);
    await page.getByRole('button', { name: 'Simpan', exact: true }).click();

    await page.getByText(`${renamed} berhasil diperbarui`).waitFor();
    await page.waitForURL((url) => url.pathname === '/warehouse');
    const searchAgain = page.getByLabel('Cari nama, kode atau kontak gudang');
    await searchAgain.fill(code);
    await searchAgain.press('Enter');
    await expect
      .poll(() => new URL(page.url()).searchParams.get('q'), { message: `q kept; pages visited: ${visited.join(' → ')}` })
      .toBe(code);
    await expect.poll(() => page.locator('.ant-table-row').count()).toBe(1);
    const renamedRow = page.locator('.ant-table-row').filter({ hasText: renamed });
    await renamedRow.waitFor();
    expect(await renamedRow.innerText()).toContain(code);
    await expect.poll(() => page.locator('.ant-table-row').filter({ hasText: name }).count()).toBe(0);
    await saveScreenshot(page, 'journey-7-renamed');
  });
});
