import type { Page } from 'playwright-core';
import { afterEach, expect, it } from 'vitest';
import { DEMO_USER, baseUrl, describeJourney } from '../support/api.ts';
import { openBrowser, saveScreenshot, type Session } from '../support/chromium.ts';

/**
 * The sign-in page's checks on a cold load (ADR 0064): the texts of the field rules and of the server's errors are not
 * loaded with the page but at its first input, and still show at once, in the language in use: Indonesian, English
 * chosen on the page before any input, and after a switch with the messages showing.
 */
describeJourney('the sign-in page checks its fields in both languages on a cold load', () => {
  let session: Session | undefined;
  afterEach(async () => {
    await session?.close();
    session = undefined;
  });

  /** A fresh browser on /auth/login, with the texts chunks it requests (their file names) recorded. */
  const open = async (): Promise<{ page: Page; texts: string[] }> => {
    session = await openBrowser(baseUrl());
    const { page } = session;
    const texts: string[] = [];
    page.on('request', (request) => {
      const name = new URL(request.url()).pathname.split('/').pop() ?? '';
      if (name.startsWith('texts-')) texts.push(name);
    });
    await page.goto('/auth/login');
    await page.locator('button[type="submit"]').waitFor();
    return { page, texts };
  };
  const later = (texts: string[], language: string) => texts.some((name) => name.startsWith(`texts-${language}-later-`));
  const explain = (page: Page, field: string) => page.locator(`#login_${field}_help .ant-form-item-explain-error`);

  it('in Indonesian: required, a bad identifier and the server’s refusal', async ({ onTestFailed }) => {
    const { page, texts } = await open();
    onTestFailed(async () => {
      await saveScreenshot(page, 'sign-in-checks-id-FAILED');
    });
    expect(later(texts, 'id')).toBe(false);

    await page.getByRole('button', { name: 'Masuk', exact: true }).click();
    await expect.poll(() => explain(page, 'username').innerText()).toBe('Wajib diisi.');
    await expect.poll(() => explain(page, 'password').innerText()).toBe('Wajib diisi.');
    expect(later(texts, 'id')).toBe(true);

    await page.getByLabel('Email atau nomor HP').fill('bukan email');
    await page.getByLabel('Email atau nomor HP').press('Tab');
    await expect.poll(() => explain(page, 'username').innerText()).toBe('Masukkan email atau nomor HP yang valid.');

    await page.getByLabel('Email atau nomor HP').fill(DEMO_USER.username);
    await page.getByLabel('Kata sandi').fill('bukan-kata-sandinya');
    await page.getByLabel('Kata sandi').press('Enter');
    await page.getByRole('alert').getByText('Email/nomor HP atau kata sandi salah.').waitFor();

    // A message showing follows a switch to English (the later texts load in English before it switches).
    await page.getByLabel('Kata sandi').fill('');
    await expect.poll(() => explain(page, 'password').innerText()).toBe('Wajib diisi.');
    await page.getByText('English', { exact: true }).click();
    await expect.poll(() => explain(page, 'password').innerText()).toBe('This field is required.');
    expect(later(texts, 'en')).toBe(true);
  });

  it('in English chosen on the page: the field it leaves, a bad identifier, the server’s refusal', async ({ onTestFailed }) => {
    const { page, texts } = await open();
    onTestFailed(async () => {
      await saveScreenshot(page, 'sign-in-checks-en-FAILED');
    });
    // The click on the switch leaves the autofocused username, which checks it (as antd's Form did): the message
    // follows the switch.
    await page.getByText('English', { exact: true }).click();
    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    await expect.poll(() => explain(page, 'username').innerText()).toBe('This field is required.');
    expect(later(texts, 'en')).toBe(true);

    await page.getByLabel('E-mail or phone number').fill('not an e-mail');
    await page.keyboard.press('Tab');
    await expect.poll(() => explain(page, 'username').innerText()).toBe('Enter a valid e-mail or phone number.');

    await page.getByLabel('E-mail or phone number').fill(DEMO_USER.username);
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.keyboard.press('Enter');
    await page.getByRole('alert').getByText('Wrong e-mail/phone number or password.').waitFor();
  });

  it('the language switch takes a press made while its control is still loading', async ({ onTestFailed }) => {
    const { page } = await open();
    onTestFailed(async () => {
      await saveScreenshot(page, 'sign-in-checks-press-FAILED');
    });
    // The switch's control arrives between the press and its release (the page's chunks held until the press): the
    // click is the stand-in's, and chooses English.
    const held: (() => Promise<void>)[] = [];
    await page.route('**/*.js', (route) => {
      held.push(() => route.continue());
    });
    const english = page.getByText('English', { exact: true });
    const box = await english.boundingBox();
    if (!box) throw new Error('no language switch');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await expect.poll(() => held.length).toBeGreaterThan(0);
    await Promise.all(held.splice(0).map((release) => release()));
    await page.unroute('**/*.js');
    await page.waitForLoadState('networkidle');
    await page.mouse.up();
    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
  });

  it('in English stored from an earlier visit', async ({ onTestFailed }) => {
    const { page, texts } = await open();
    onTestFailed(async () => {
      await saveScreenshot(page, 'sign-in-checks-stored-en-FAILED');
    });
    await page.evaluate(() => localStorage.setItem('kelola.language', 'en'));
    texts.length = 0;
    await page.reload();
    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    expect(later(texts, 'en')).toBe(false);
    // Leaving the empty username with the Tab key checks it; the submit checks both.
    await page.keyboard.press('Tab');
    await expect.poll(() => explain(page, 'username').innerText()).toBe('This field is required.');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect.poll(() => explain(page, 'username').innerText()).toBe('This field is required.');
    await expect.poll(() => explain(page, 'password').innerText()).toBe('This field is required.');
    expect(later(texts, 'id')).toBe(false);
  });
});
