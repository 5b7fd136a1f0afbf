import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_USER, describeJourney } from '../support/api.ts';
import { openBrowser, saveScreenshot, type Session } from '../support/chromium.ts';
import { startServerWithSandboxShops, type SandboxJourneyServer } from '../support/sandbox-server.ts';
import { escapeRegExp, signIn, trackNavigation, waitForWorkspace, watchServerErrors } from '../support/ui.ts';

/** How long an order takes from the sandbox's push to the list: the push, the inbox, the import job. */
const ARRIVAL = { timeout: 60_000, interval: 1_000 } as const;

/** The count a tab shows: "Baru (3)" → 3. */
async function tabCount(page: Page, tab: string): Promise<number> {
  const text = await page.getByTestId(`tab-${tab}`).innerText();
  const match = /\((\d+)\)\s*$/u.exec(text);
  if (!match) throw new Error(`no count in tab ${tab}: "${text}"`);
  return Number(match[1]);
}

/** Opens /sales on a tab (the list and its counts as the server has them now). */
async function openSales(page: Page, workspaceId: string, tab: string): Promise<void> {
  await page.goto(`/sales?workspace_id=${workspaceId}&tab=${tab}`);
  await page.getByTestId(`tab-${tab}`).waitFor();
  await page.locator('.ant-table-row, [data-testid="list-empty"]').first().waitFor();
}

/** Reloads /sales on the tab until a row with the marketplace's order id shows up. */
async function waitForOrderRow(page: Page, workspaceId: string, tab: string, orderId: string): Promise<void> {
  await expect
    .poll(
      async () => {
        await openSales(page, workspaceId, tab);
        return page.locator('.ant-table-row').filter({ hasText: orderId }).count();
      },
      { message: `order ${orderId} in the ${tab} tab`, ...ARRIVAL },
    )
    .toBe(1);
}

/** Opens the order's drawer from its row and answers "Ya/OK" to the action's confirmation. */
async function actFromDrawer(page: Page, orderId: string, action: string): Promise<void> {
  await page.locator('.ant-table-row').filter({ hasText: orderId }).getByText(orderId, { exact: true }).click();
  const drawer = page.getByTestId('order-drawer');
  await drawer
    .getByText(new RegExp(`Pesanan ${escapeRegExp(orderId)}`, 'u'))
    .first()
    .waitFor();
  await drawer.getByTestId('order-actions').getByRole('button', { name: action, exact: true }).click();
  await page.locator('.ant-popconfirm:not(.ant-popover-hidden) .ant-btn-primary').click();
}

/**
 * Issue 13's marketplace journeys, against the marketplace sandbox with the demo's Lazada and Shopee shops connected
 * (as `npm start` connects them; DEMO_SHOPS=false, so only the journey's orders arrive):
 * - a paid Lazada order ("pending") pushed by the sandbox lands in /sales under "Baru" with the tab count one
 *   higher, is accepted from the order's drawer, and the sandbox sees it packed (Lazada's accept);
 * - a Shopee order whose buyer asked to cancel (IN_CANCEL) lands under "Permintaan Batal", the request is accepted
 *   from the drawer, and the sandbox sees the order cancelled (handle_buyer_cancellation);
 * - a Lazada order whose buyer asked to cancel lands under "Permintaan Batal", the request is refused from the drawer,
 *   and the order goes back under "Baru" while the sandbox keeps it pending (/order/reverse/cancel/seller/decide).
 */
describeJourney('issue 13: marketplace orders from the sandbox are accepted from /sales', () => {
  let session: Session;
  let own: SandboxJourneyServer;
  let workspaceId = '';
  beforeAll(async () => {
    own = await startServerWithSandboxShops(['lazada', 'shopee']);
    session = await openBrowser(own.baseUrl);
  }, 240_000);
  afterAll(async () => {
    await session?.close();
    await own?.stop();
  });

  /** Signs in once (expect.poll, used to wait for the workspace, runs only inside a test). */
  const ensureSignedIn = async (page: Page) => {
    if (workspaceId) return;
    await signIn(page, DEMO_USER.username, DEMO_USER.password);
    await page.goto('/sales');
    workspaceId = await waitForWorkspace(page);
  };

  const report = (page: Page, name: string, onTestFailed: (fn: () => Promise<void>) => void) => {
    const serverErrors = watchServerErrors(page);
    const visited = trackNavigation(page);
    onTestFailed(async () => {
      console.log(`${name} went through:\n  ${visited.join('\n  ')}`);
      if (serverErrors.length > 0) console.log(`${name} server errors:\n  ${serverErrors.join('\n  ')}`);
      await saveScreenshot(page, `${name}-FAILED`);
    });
  };

  it(
    'a new Lazada order arrives under "Baru", is accepted, and the sandbox sees it packed',
    { timeout: 180_000 },
    async ({ onTestFailed }) => {
      const { page } = session;
      report(page, 'orders-accept', onTestFailed);
      await ensureSignedIn(page);
      await openSales(page, workspaceId, 'new');
      const newBefore = await tabCount(page, 'new');
      const confirmedBefore = await tabCount(page, 'confirmed');

      const orderId = await own.newOrder('lazada', 'pending');
      await waitForOrderRow(page, workspaceId, 'new', orderId);
      expect(await tabCount(page, 'new')).toBe(newBefore + 1);
      const row = page.locator('.ant-table-row').filter({ hasText: orderId });
      await expect.poll(() => row.innerText()).toContain('Lazada');

      await actFromDrawer(page, orderId, 'Terima');
      // The accept goes out to Lazada as a job; the sandbox's order moves to packed.
      await expect
        .poll(async () => (await own.order('lazada', orderId))?.status, { message: 'the sandbox order is packed', ...ARRIVAL })
        .toBe('packed');
      // And /sales has it under "Dikonfirmasi", no longer under "Baru".
      await expect
        .poll(
          async () => {
            await openSales(page, workspaceId, 'confirmed');
            return [await tabCount(page, 'new'), await tabCount(page, 'confirmed')];
          },
          { message: 'the tab counts after the accept', ...ARRIVAL },
        )
        .toEqual([newBefore, confirmedBefore + 1]);
      expect(await page.locator('.ant-table-row').filter({ hasText: orderId }).count()).toBe(1);
      await saveScreenshot(page, 'orders-accept');
    },
  );

  it(
    "a buyer's cancel request from Shopee is accepted, and the sandbox cancels the order",
    { timeout: 180_000 },
    async ({ onTestFailed }) => {
      const { page } = session;
      report(page, 'orders-accept-cancel', onTestFailed);
      await ensureSignedIn(page);
      await openSales(page, workspaceId, 'cancel_requested');
      const requestedBefore = await tabCount(page, 'cancel_requested');
      const canceledBefore = await tabCount(page, 'canceled');

      const orderId = await own.newOrder('shopee', 'IN_CANCEL');
      await waitForOrderRow(page, workspaceId, 'cancel_requested', orderId);
      expect(await tabCount(page, 'cancel_requested')).toBe(requestedBefore + 1);

      await actFromDrawer(page, orderId, 'Terima pembatalan');
      await expect
        .poll(async () => (await own.order('shopee', orderId))?.status, { message: 'the sandbox order is cancelled', ...ARRIVAL })
        .toBe('CANCELLED');
      await expect
        .poll(
          async () => {
            await openSales(page, workspaceId, 'canceled');
            return [await tabCount(page, 'cancel_requested'), await tabCount(page, 'canceled')];
          },
          { message: 'the tab counts after accepting the cancel request', ...ARRIVAL },
        )
        .toEqual([requestedBefore, canceledBefore + 1]);
      expect(await page.locator('.ant-table-row').filter({ hasText: orderId }).count()).toBe(1);
    },
  );

  it(
    "a Lazada buyer's cancel request is refused from the drawer, and the sandbox keeps the order",
    { timeout: 180_000 },
    async ({ onTestFailed }) => {
      const { page } = session;
      report(page, 'orders-refuse-cancel', onTestFailed);
      await ensureSignedIn(page);
      await openSales(page, workspaceId, 'cancel_requested');
      const requestedBefore = await tabCount(page, 'cancel_requested');

      // Lazada: the request is a CANCEL reverse order; the order itself stays "pending" in the sandbox.
      const orderId = await own.newOrder('lazada', 'pending', { buyerCancel: true });
      await waitForOrderRow(page, workspaceId, 'cancel_requested', orderId);
      expect(await tabCount(page, 'cancel_requested')).toBe(requestedBefore + 1);

      await actFromDrawer(page, orderId, 'Tolak permintaan batal');
      // The refusal reached Lazada (/order/reverse/cancel/seller/decide) and the order went back under "Baru".
      await waitForOrderRow(page, workspaceId, 'new', orderId);
      expect((await own.order('lazada', orderId))?.status).toBe('pending');
      await openSales(page, workspaceId, 'cancel_requested');
      expect(await tabCount(page, 'cancel_requested')).toBe(requestedBefore);
      await saveScreenshot(page, 'orders-refuse-cancel');
    },
  );
});
