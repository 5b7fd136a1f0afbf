import { afterAll, beforeAll, expect, it } from 'vitest';
import { baseUrl, canSignIn, describeJourney, latestCode, newEmail, outbox, signUpWithEmail } from '../support/api.ts';
import { openBrowser, saveScreenshot, type Session } from '../support/chromium.ts';
import { typeCode } from '../support/ui.ts';

/** Journey 5: a registered user asks for an OTP on /auth/forgot-password, sets a new password and signs in with it. */
describeJourney('journey 5: forgot password', () => {
  let session: Session;
  beforeAll(async () => {
    session = await openBrowser(baseUrl());
  });
  afterAll(async () => {
    await session?.close();
  });

  it('resets the password with the OTP and signs in with the new one', async ({ onTestFailed }) => {
    const { page } = session;
    onTestFailed(async () => {
      await saveScreenshot(page, 'journey-5-FAILED');
    });
    const account = await signUpWithEmail({
      email: newEmail('wulan'),
      name: 'Wulan Sari',
      business: 'Batik Wulan',
      password: 'Batik#Lama2026',
    });
    const newPassword = 'Batik#Baru2026';
    // The sign-up code is already in the outbox: only a code sent after it is the reset OTP.
    const seen = (await outbox(account.email)).map((item) => item.id);

    await page.goto('/auth/login');
    await page.getByRole('link', { name: 'Lupa kata sandi?' }).click();
    await page.waitForURL((url) => url.pathname === '/auth/forgot-password');
    await page.getByText('Lupa kata sandi', { exact: true }).first().waitFor();
    await page.getByLabel('Email atau nomor HP').fill(account.email);
    await page.getByRole('button', { name: 'Kirim kode OTP', exact: true }).click();

    await page.waitForURL((url) => url.pathname === '/auth/forgot-password/otp');
    expect(new URL(page.url()).searchParams.get('username')).toBe(account.email);
    await page.getByText(`Masukkan 6 digit kode OTP yang dikirim ke ${account.email}.`).waitFor();
    const otp = await latestCode(account.email, 10_000, seen);
    expect(otp).toMatch(/^\d{6}$/u);
    await typeCode(page, otp);
    await saveScreenshot(page, 'journey-5-otp');
    await page.getByRole('button', { name: 'Verifikasi', exact: true }).click();

    await page.waitForURL((url) => url.pathname === '/auth/reset-password');
    await page.getByText('Atur ulang kata sandi').first().waitFor();
    await page.getByLabel('Kata sandi baru').fill(newPassword);
    await page.getByLabel('Konfirmasi kata sandi').fill(newPassword);
    await page.getByRole('button', { name: 'Simpan kata sandi', exact: true }).click();

    await page.waitForURL((url) => url.pathname === '/auth/success');
    await page.getByText('Kata sandi diperbarui').waitFor();
    await saveScreenshot(page, 'journey-5-reset-done');
    // The old password no longer works; the new one does.
    expect(await canSignIn(account.email, account.password)).toBe(false);

    await page.getByRole('button', { name: 'Masuk', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/auth/login');
    await page.getByLabel('Email atau nomor HP').fill(account.email);
    await page.getByLabel('Kata sandi').fill(newPassword);
    await page.getByRole('button', { name: 'Masuk', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await expect.poll(() => page.getByTestId('welcome-card').innerText()).toContain(`Selamat datang, ${account.name}`);
    await saveScreenshot(page, 'journey-5-dashboard');
  });
});
