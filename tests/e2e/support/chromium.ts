import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

/** Debian's Chromium (ARCHITECTURE §11); no tool may download a browser. */
export const CHROMIUM_PATH = '/usr/bin/chromium';
export const CHROMIUM_MISSING = 'Chromium not installed: e2e journeys skipped';

export const hasChromium = (): boolean => existsSync(CHROMIUM_PATH);

const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export type Session = { context: BrowserContext; page: Page; close: () => Promise<void> };

export type BrowserOptions = {
  /** 1366×860 unless told. */
  viewport?: { width: number; height: number };
  /** A phone: touch events and the mobile meta-viewport. */
  mobile?: boolean;
};

/** A Chromium with a fresh user-data directory (so a fresh localStorage and cookie jar), removed on close. */
export async function openBrowser(baseURL: string, options: BrowserOptions = {}): Promise<Session> {
  const userDataDir = mkdtempSync(path.join(os.tmpdir(), 'kelola-e2e-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    // A phone's edge swipe would otherwise be taken by Chromium as "back" before the page sees it.
    args: options.mobile
      ? [...ARGS, '--overscroll-history-navigation=0', '--disable-features=OverscrollHistoryNavigation,TouchpadOverscrollHistoryNavigation']
      : ARGS,
    baseURL,
    viewport: options.viewport ?? { width: 1366, height: 860 },
    ...(options.mobile ? { isMobile: true, hasTouch: true, deviceScaleFactor: 2 } : {}),
    locale: 'id-ID',
    timezoneId: 'Asia/Jakarta',
    // The system's "reduce motion": antd's modals, drawers and menus open at once (app/providers.tsx). With their zoom,
    // a click that lands while a dialog is still opening is lost: its press reaches the button, its release the
    // dialog's wrapper (pointer events are off during the zoom), and the journey waits for a screen that never comes.
    reducedMotion: 'reduce',
  });
  context.setDefaultTimeout(15_000);
  context.setDefaultNavigationTimeout(30_000);
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    close: async () => {
      await context.close().catch(() => {});
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

export const SCREENSHOT_DIR = path.join(import.meta.dirname, '..', 'screenshots');

/** Saves the screen as screenshots/<name>.png (gitignored) for a person to look at, once antd's motions have ended. */
export async function saveScreenshot(page: Page, name: string): Promise<string> {
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await page
    .waitForFunction(() => document.querySelectorAll('[class*="-motion-"], .ant-spin-spinning').length === 0, undefined, { timeout: 3_000 })
    .catch(() => {});
  // From the top: a full-page capture of a scrolled page draws the sticky top bar and side bar mid-page.
  await page.evaluate(() => window.scrollTo(0, 0)).catch(() => {});
  await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
  return file;
}
