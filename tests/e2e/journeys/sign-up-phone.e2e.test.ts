import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeJourney, baseUrl, latestCode, newPhoneNumber } from '../support/api.ts';
import { openBrowser, saveScreenshot, type Session } from '../support/chromium.ts';

/** Journey 1: sign up with an Indonesian phone number, verify the SMS OTP from the dev outbox, land on /dashboard, sign out. */
describeJourney('journey 1: sign up with a phone number', () => {
  let session: Session;
  beforeAll(async () => {
    session = await openBrowser(baseUrl());
  });
  afterAll(async () => {
    await session?.close();
  });

  it('signs up, verifies the OTP, reaches the dashboard and signs out', async ({ onTestFailed }) => {
    const { page } = session;
    onTestFailed(async () => {
      await saveScreenshot(page, 'journey-1-FAILED');
    });
    const phone = newPhoneNumber();
    const name = 'Sari Wulandari';
    const business = 'Warung Sari Makmur';
    const password = 'Pasar#Baru2026';

    await page.goto('/auth/register');
    await expect.poll(() => page.title()).toContain('Kelola');
    await page.getByLabel('Email atau nomor HP').fill(phone);
    await page.getByLabel('Nama lengkap').fill(name);
    await page.getByLabel('Nama bisnis').fill(business);
    await page.getByLabel('Kata sandi', { exact: true }).fill(password);
    await page.getByLabel('Konfirmasi kata sandi').fill(password);
    await page.getByRole('button', { name: 'Daftar', exact: true }).click();

    // A phone sign-up first shows the number the code goes to (/auth/reg-conf/phone-number), then the OTP form.
    await page.waitForURL((url) => ['/auth/reg-conf/phone-number', '/auth/reg-conf/otp'].includes(url.pathname));
    if (new URL(page.url()).pathname === '/auth/reg-conf/phone-number') {
      const shown = page.locator('input[autocomplete="tel"]');
      await expect.poll(() => shown.inputValue()).toBe(phone);
      await saveScreenshot(page, 'journey-1-confirm-phone');
      await page.getByTestId('send-otp').click();
      await page.waitForURL((url) => url.pathname === '/auth/reg-conf/otp');
    }
    await page.getByText('Verifikasi OTP').first().waitFor();
    const code = await latestCode(phone);
    expect(code).toMatch(/^\d{6}$/u);
    // Input.OTP: six boxes, focus moves on by itself as digits are typed.
    await page.locator('.ant-otp input').first().click();
    await page.keyboard.type(code);
    await saveScreenshot(page, 'journey-1-otp');
    await page.getByRole('button', { name: 'Verifikasi', exact: true }).click();

    await page.waitForURL('**/auth/register/success');
    await page.getByText('Pendaftaran berhasil').waitFor();
    await page.getByTestId('go-dashboard').click();

    await page.waitForURL((url) => url.pathname === '/dashboard');
    const welcome = page.getByTestId('welcome-card');
    await expect.poll(() => welcome.innerText()).toContain(`Selamat datang, ${name}`);
    await page.getByTestId('side-menu').getByText('Dashboard', { exact: true }).waitFor();
    expect(new URL(page.url()).searchParams.get('workspace_id')).toBeTruthy();
    await saveScreenshot(page, 'journey-1-dashboard');

    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Keluar' }).click();
    await page.waitForURL((url) => url.pathname === '/auth/login');
    await page.getByRole('button', { name: 'Masuk', exact: true }).waitFor();
    expect(await page.evaluate(() => JSON.stringify(window.localStorage))).not.toContain('eyJ');
    await saveScreenshot(page, 'journey-1-signed-out');

    // Signed out for real: the dashboard now sends the visitor back to sign-in.
    await page.goto('/dashboard');
    await page.waitForURL((url) => url.pathname === '/auth/login');
  });
});
