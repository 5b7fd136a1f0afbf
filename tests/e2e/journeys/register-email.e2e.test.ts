import { afterAll, beforeAll, expect, it } from 'vitest';
import { baseUrl, describeJourney, latestCode, newEmail } from '../support/api.ts';
import { openBrowser, saveScreenshot, type Session } from '../support/chromium.ts';
import { typeCode } from '../support/ui.ts';

/** Journey 4: sign up with an e-mail address, type the 6-digit code from the dev outbox, land on /dashboard. */
describeJourney('journey 4: sign up with an e-mail address', () => {
  let session: Session;
  beforeAll(async () => {
    session = await openBrowser(baseUrl());
  });
  afterAll(async () => {
    await session?.close();
  });

  it('signs up, enters the e-mail code and reaches the dashboard', async ({ onTestFailed }) => {
    const { page } = session;
    onTestFailed(async () => {
      await saveScreenshot(page, 'journey-4-FAILED');
    });
    const email = newEmail('rahmat');
    const name = 'Rahmat Hidayat';
    const business = 'Toko Kelontong Hidayat';
    const password = 'Sembako#2026';

    await page.goto('/auth/register');
    await page.getByLabel('Email atau nomor HP').fill(email);
    await page.getByLabel('Nama lengkap').fill(name);
    await page.getByLabel('Nama bisnis').fill(business);
    await page.getByLabel('Kata sandi', { exact: true }).fill(password);
    await page.getByLabel('Konfirmasi kata sandi').fill(password);
    await page.getByRole('button', { name: 'Daftar', exact: true }).click();

    // An e-mail sign-up goes straight to the code page, which names the address.
    await page.waitForURL((url) => url.pathname === '/auth/reg-conf/email');
    await page.getByText('Verifikasi Email').first().waitFor();
    await page.getByText(`Masukkan 6 digit kode yang dikirim ke ${email}.`).waitFor();
    const code = await latestCode(email);
    expect(code).toMatch(/^\d{6}$/u);
    await typeCode(page, code);
    await saveScreenshot(page, 'journey-4-email-code');
    await page.getByRole('button', { name: 'Verifikasi', exact: true }).click();

    await page.waitForURL((url) => url.pathname === '/auth/register/success');
    await page.getByText('Pendaftaran berhasil').waitFor();
    await page.getByTestId('go-dashboard').click();

    await page.waitForURL((url) => url.pathname === '/dashboard');
    const welcome = page.getByTestId('welcome-card');
    await expect.poll(() => welcome.innerText()).toContain(`Selamat datang, ${name}`);
    // The new account owns a workspace named after the business.
    await expect.poll(() => welcome.innerText()).toContain(business);
    await page.getByTestId('side-menu').getByText('Dashboard', { exact: true }).waitFor();
    expect(new URL(page.url()).searchParams.get('workspace_id')).toBeTruthy();
    await page.getByTestId('user-menu').click();
    await expect.poll(() => page.getByTestId('user-profile').innerText()).toContain(email);
    await page.keyboard.press('Escape');
    await saveScreenshot(page, 'journey-4-dashboard');
  });
});
