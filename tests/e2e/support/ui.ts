import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';

/** Signs in on /auth/login (Indonesian labels) and waits for the dashboard. */
export async function signIn(page: Page, username: string, password: string): Promise<void> {
  // A journey test run again (the e2e project retries once) may find the tab still signed in: its session goes first.
  await page.goto('/auth/login');
  await page.evaluate(() => localStorage.clear());
  await page.goto('/auth/login');
  await page.getByLabel('Email atau nomor HP').fill(username);
  await page.getByLabel('Kata sandi').fill(password);
  await page.getByRole('button', { name: 'Masuk', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/dashboard');
  await page.getByTestId('welcome-card').waitFor();
  // The shell then adds the workspace to the address: a click before that re-render may be lost (see waitForWorkspace;
  // at phone width the side menu is not there to be read, so only the address is).
  await expect.poll(() => new URL(page.url()).searchParams.get('workspace_id'), SERVER_POLL).toBeTruthy();
}

/**
 * Opens a side-menu page under a submenu (e.g. Pengaturan → Gudang) and waits for its path. On a machine as busy as
 * CI a click that lands while the menu re-renders is sometimes lost: the submenu and the link are clicked again (at
 * most three times) until the address changes.
 */
export async function openFromMenu(page: Page, submenu: string, link: string, pathname: string): Promise<void> {
  const sideMenu = page.getByTestId('side-menu');
  const target = sideMenu.locator(`a[title="${link}"]`).first();
  for (let attempt = 1; ; attempt += 1) {
    if (!(await target.isVisible())) await sideMenu.locator('.ant-menu-submenu-title').filter({ hasText: submenu }).click();
    await target.click();
    try {
      await page.waitForURL((url) => url.pathname === pathname, { timeout: 10_000 });
      return;
    } catch (error) {
      if (attempt >= 3) throw error;
    }
  }
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
  await expect
    .poll(async () => (await select.getAttribute('class')) ?? '', { message: `${label}: select enabled`, timeout: 15_000 })
    .not.toContain('ant-select-disabled');
  const option = openDropdown(page)
    .locator('.ant-select-item-option')
    .filter({ hasText: new RegExp(`^${escapeRegExp(label)}$`, 'u') });
  // A click that lands while the list re-renders is sometimes lost on a busy machine: close, open and click again
  // (3 tries).
  for (let attempt = 1; ; attempt += 1) {
    if (attempt > 1) await page.keyboard.press('Escape');
    await select.click();
    if (search) await page.keyboard.type(label);
    await option.first().click();
    try {
      await expect.poll(() => select.innerText(), { message: `${label}: chosen`, timeout: 5_000 }).toContain(label);
      return;
    } catch (error) {
      if (attempt >= 3) throw error;
    }
  }
}

/**
 * Picks a SKU in a SkuPicker: types the SKU (the server searches by prefix) and clicks its "SKU — name" option. Like
 * chooseOption, a click lost while the list re-renders is tried again (3 tries, the field cleared each time).
 */
export async function chooseSku(page: Page, select: Locator, sku: string): Promise<void> {
  const option = openDropdown(page)
    .locator('.ant-select-item-option')
    .filter({ hasText: new RegExp(`^${escapeRegExp(sku)} — `, 'u') });
  for (let attempt = 1; ; attempt += 1) {
    if (attempt > 1) await page.keyboard.press('Escape');
    await select.click();
    if (attempt > 1) await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type(sku);
    await option.first().click();
    try {
      await expect.poll(() => select.innerText(), { message: `${sku}: chosen`, ...SERVER_POLL }).toContain(sku);
      return;
    } catch (error) {
      if (attempt >= 3) throw error;
    }
  }
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&');
}

/**
 * Records every API answer with status ≥ 500 (method, path, status, the request's and the answer's bodies, cut),
 * for a failure report: a screen's "System seems to be busy" says nothing about which call failed or why. A
 * marketplace's own failure passed on to the screen (502/503 CHANNEL_MARKETPLACE_*, which the screens retry) is not
 * the server's: it is printed, not recorded.
 */
export function watchServerErrors(page: Page): string[] {
  const seen: string[] = [];
  page.on('response', (response) => {
    if (response.status() < 500 || !response.url().includes('/api/')) return;
    const request = response.request();
    void response
      .text()
      .catch(() => '')
      .then((body) => {
        const line = `${request.method()} ${new URL(response.url()).pathname} → ${response.status()} ${body.slice(0, 500)}\n    request: ${(request.postData() ?? '').slice(0, 1_000)}`;
        if (/"code":"CHANNEL_MARKETPLACE_/u.test(body))
          console.log(`the marketplace failed a call (passed on, not a server error): ${line}`);
        else seen.push(line);
      });
  });
  return seen;
}

/** Every URL (path and query) the tab's main frame went through, for a failure report. */
export function trackNavigation(page: Page): string[] {
  const visited: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) visited.push(frame.url().replace(/^https?:\/\/[^/]+/u, ''));
  });
  return visited;
}

/** `expect.poll` options for a value that waits on the server: up to 15 s instead of the default 1 s (a busy machine). */
export const SERVER_POLL = { timeout: 15_000 } as const;

/**
 * Waits until the screen has rendered in its workspace and returns the workspace id: the URL has workspace_id and
 * the side menu's links carry it. The shell adds workspace_id to a page opened without it, and React Router renders
 * that change a moment after the address bar shows it; a button clicked in between still builds its link from the
 * query without the workspace, and the shell then cuts that link to its first path segment (/product/create →
 * /product). The side menu is rendered in the same pass as the screen, so its links say when the screen has it too.
 */
export async function waitForWorkspace(page: Page): Promise<string> {
  await expect.poll(() => new URL(page.url()).searchParams.get('workspace_id'), SERVER_POLL).toBeTruthy();
  const workspaceId = new URL(page.url()).searchParams.get('workspace_id') ?? '';
  const dashboardLink = page.getByTestId('side-menu').locator('a[title="Dashboard"]');
  await expect.poll(() => dashboardLink.getAttribute('href'), SERVER_POLL).toContain(`workspace_id=${workspaceId}`);
  return workspaceId;
}
