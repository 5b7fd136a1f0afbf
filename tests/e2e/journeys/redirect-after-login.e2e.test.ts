import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO_USER, baseUrl, describeJourney } from '../support/api.ts';
import { openBrowser, saveScreenshot, type Session } from '../support/chromium.ts';

/** Journey 3: an anonymous visit to /sales?page=2 goes to sign-in with the path kept, and returns there after login. */
describeJourney('journey 3: the wanted path survives sign-in', () => {
  let session: Session;
  beforeAll(async () => {
    session = await openBrowser(baseUrl());
  });
  afterAll(async () => {
    await session?.close();
  });

  it('keeps /sales?page=2 through the login page', async ({ onTestFailed }) => {
    const { page } = session;
    onTestFailed(async () => {
      await saveScreenshot(page, 'journey-3-FAILED');
    });
    await page.goto('/sales?page=2');
    await page.waitForURL((url) => url.pathname === '/auth/login');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/sales?page=2');
    await page.getByRole('button', { name: 'Masuk', exact: true }).waitFor();
    await saveScreenshot(page, 'journey-3-login-with-redirect');

    await page.getByLabel('Email atau nomor HP').fill(DEMO_USER.username);
    await page.getByLabel('Kata sandi').fill(DEMO_USER.password);
    await page.getByRole('button', { name: 'Masuk', exact: true }).click();

    await page.waitForURL((url) => url.pathname === '/sales');
    const url = new URL(page.url());
    expect(url.searchParams.get('page')).toBe('2');
    // The shell adds the active workspace to the query; the kept query stays.
    await expect.poll(() => new URL(page.url()).searchParams.get('workspace_id')).toBeTruthy();
    expect(new URL(page.url()).searchParams.get('page')).toBe('2');
    // The order list is there, on the page the user asked for.
    await page.getByRole('heading', { name: 'Pesanan Penjualan', exact: true }).waitFor();
    await page.getByTestId('side-menu').getByText('Pesanan Penjualan', { exact: true }).waitFor();
    await saveScreenshot(page, 'journey-3-sales-page-2');
  });
});
