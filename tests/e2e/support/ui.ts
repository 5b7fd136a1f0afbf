import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';

/** Signs in on /auth/login (Indonesian labels) and waits for the dashboard. */
export async function signIn(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/auth/login');
  await page.getByLabel('Email atau nomor HP').fill(username);
  await page.getByLabel('Kata sandi').fill(password);
  await page.getByRole('button', { name: 'Masuk', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/dashboard');
  await page.getByTestId('welcome-card').waitFor();
}

/** Types a 6-digit code into antd's Input.OTP (six boxes; focus moves on by itself). */
export async function typeCode(page: Page, code: string): Promise<void> {
  await page.locator('.ant-otp input').first().click();
  await page.keyboard.type(code);
  for (const [index, digit] of [...code].entries()) {
    await expect.poll(() => page.locator('.ant-otp input').nth(index).inputValue()).toBe(digit);
  }
}

/** The open dropdown of an antd Select. */
const openDropdown = (page: Page) => page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');

/**
 * Picks the option `label` of an antd Select: opens it, types the label when the select is searchable,
 * clicks the option whose text is exactly the label, and waits until the select shows it.
 */
export async function chooseOption(page: Page, select: Locator, label: string, { search = false } = {}): Promise<void> {
  await expect.poll(async () => (await select.getAttribute('class')) ?? '', { message: `${label}: select enabled`, timeout: 15_000 }).not.toContain('ant-select-disabled');
  await select.click();
  if (search) await page.keyboard.type(label);
  const option = openDropdown(page).locator('.ant-select-item-option').filter({ hasText: new RegExp(`^${escapeRegExp(label)}$`, 'u') });
  await option.first().click();
  await expect.poll(() => select.innerText(), { message: `${label}: chosen` }).toContain(label);
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&');
}
