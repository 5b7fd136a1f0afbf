import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_USER, describeJourney } from '../support/api.ts';
import { saveScreenshot, type Session } from '../support/chromium.ts';
import { startOwnServer, type OwnServer } from '../support/own-server.ts';
import { signIn, trackNavigation, waitForWorkspace, watchServerErrors } from '../support/ui.ts';

/** The demo's Shopee sandbox shop (apps/server/src/demo/demo-shops.ts) and the SKU its orders carry here. */
const SHOP_ID = '60001001';
const SKU = 'KOPI-GAYO-250';
const LONG_POLL = { timeout: 60_000, interval: 500 } as const;

type Api = <T>(method: string, url: string, body?: unknown) => Promise<T>;
type Order = { id: string; order_number: string; status: string; warehouse_id: string };

/** What poppler says of a PDF: its page count, the size of each page in millimetres, and its text. */
function readPdf(pdf: Buffer): { pages: number; sizesMm: string[]; text: string } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'kelola-e2e-pdf-'));
  try {
    const file = path.join(dir, 'doc.pdf');
    writeFileSync(file, pdf);
    const info = execFileSync('pdfinfo', ['-f', '1', '-l', '999', file]).toString();
    const pages = Number(/^Pages:\s+(\d+)/mu.exec(info)?.[1] ?? 0);
    const sizesMm = [...info.matchAll(/^Page\s+\d+ size:\s+([\d.]+) x ([\d.]+) pts/gmu)].map(
      (m) => `${Math.round((Number(m[1]) * 25.4) / 72)}x${Math.round((Number(m[2]) * 25.4) / 72)}`,
    );
    const text = execFileSync('pdftotext', ['-layout', file, '-']).toString();
    return { pages, sizesMm, text };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Journey (issue 14, documents): five orders of the demo's Shopee sandbox shop are accepted; on /fulfillment all five are
 * selected and their picking list is opened in the printable full page (/fulfillment/bulk-picking-list): the PDF the
 * page shows is fetched from it and read with poppler (one A4 page, every order number, the SKU and its total). Then
 * their labels in bulk (/fulfillment/bulk-shipping-label): one 100 × 150 mm page per order. Printing the labels moves
 * the orders from "not printed" to "printed" in the list's filter.
 *
 * It needs the live sandbox shops (DEMO_SHOPS), so it runs on a server of its own with the embedded sandbox; no
 * automatic sandbox orders (DEMO_ORDER_EVERY_SECONDS=0).
 */
describeJourney('journey: print a picking list and bulk labels from /fulfillment', () => {
  let server: OwnServer;
  let session: Session;
  let sandbox = '';
  let workspaceId = '';
  const api: Api = (method, url, body) =>
    server.api(`/api${url}`, { method, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });

  beforeAll(async () => {
    server = await startOwnServer('documents', { DEMO_ORDER_EVERY_SECONDS: '0' });
    ({ session, sandboxUrl: sandbox, workspaceId } = server);
  }, 240_000);
  afterAll(async () => {
    await server?.stop();
  });

  /** Asks the sandbox for a paid order of the SKU; the sandbox pushes it to the server, which imports it. */
  async function sandboxOrder(): Promise<string> {
    const res = await fetch(`${sandbox}/__sandbox/orders/generate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ marketplace: 'shopee', shopId: SHOP_ID, status: 'READY_TO_SHIP', sellerSkus: [SKU] }),
    });
    expect(res.ok).toBe(true);
    return ((await res.json()) as { orders: { orderId: string }[] }).orders[0]!.orderId;
  }
  async function findOrder(number: string): Promise<Order | undefined> {
    const list = await api<{ items: Order[] }>('GET', `/orders?search_by=order_number&q=${encodeURIComponent(number)}`);
    return list.items.find((o) => o.order_number === number);
  }
  const selectRows = async (page: Page, orders: readonly Order[]) => {
    for (const order of orders)
      await page.locator('.ant-table-row').filter({ hasText: order.order_number }).locator('.ant-checkbox-input').check();
  };
  /**
   * Clicks a print action of the bulk bar: the printable full page opens in a new tab and shows the PDF the server
   * rendered for it (a blob in its frame). The PDF is the page's own answer from the server, kept on its way in (the
   * page's content security policy keeps scripts from reading the blob back).
   */
  async function printFromList(page: Page, button: string, expectedPath: string, api: string): Promise<{ popup: Page; pdf: Buffer }> {
    // The page's request passes through as it is; its answer is kept on the way back to the page.
    let pdf: Buffer | undefined;
    let status = 0;
    let contentType = '';
    const url = `**/api/documents/${api}`;
    await session.context.route(url, async (route) => {
      const response = await route.fetch();
      status = response.status();
      contentType = response.headers()['content-type'] ?? '';
      pdf = await response.body();
      await route.fulfill({ response, body: pdf });
    });
    const opened = page.waitForEvent('popup');
    await page.getByTestId('bulk-bar').getByRole('button', { name: button }).click();
    const popup = await opened;
    // The page's content security policy must let its frame show the PDF (a blob).
    const refused: string[] = [];
    popup.on('console', (message) => {
      if (/Content Security Policy/iu.test(message.text())) refused.push(message.text());
    });
    await popup.waitForLoadState();
    expect(new URL(popup.url()).pathname).toBe(expectedPath);
    const frame = popup.getByTestId('document-frame');
    await frame.waitFor({ timeout: 60_000 });
    expect((await frame.getAttribute('src')) ?? '').toMatch(/^blob:/u);
    expect(await popup.getByTestId('print-document').isEnabled()).toBe(true);
    await session.context.unroute(url);
    await popup.waitForTimeout(500);
    expect(refused).toEqual([]);
    expect(status).toBe(200);
    expect(contentType).toBe('application/pdf');
    return { popup, pdf: pdf! };
  }

  it(
    'prints the picking list and the labels of five selected orders; the PDFs hold them, and they show as printed',
    { timeout: 420_000 },
    async ({ onTestFailed }) => {
      const { page } = session;
      const serverErrors = watchServerErrors(page);
      const visited = trackNavigation(page);
      onTestFailed(async () => {
        console.log(`documents journey went through:\n  ${visited.join('\n  ')}`);
        if (serverErrors.length > 0) console.log(`documents journey server errors:\n  ${serverErrors.join('\n  ')}`);
        await saveScreenshot(page, 'journey-documents-FAILED');
      });

      await expect
        .poll(
          async () =>
            (await api<{ items: { marketplace: string; status: string }[] }>('GET', '/channels')).items.some(
              (c) => c.marketplace === 'shopee' && c.status === 'CONNECTED',
            ),
          LONG_POLL,
        )
        .toBe(true);
      // A pick wave of five orders (the journey).
      const numbers: string[] = [];
      for (let i = 0; i < 5; i += 1) numbers.push(await sandboxOrder());
      const orders: Order[] = [];
      for (const number of numbers) {
        await expect.poll(async () => (await findOrder(number))?.status, LONG_POLL).toBe('NEW');
        orders.push((await findOrder(number))!);
      }
      for (const order of orders) await api('POST', `/orders/${order.id}/accept`);
      for (const order of orders) await expect.poll(async () => (await findOrder(order.order_number))?.status, LONG_POLL).toBe('CONFIRMED');
      const details = await Promise.all(
        orders.map((o) => api<{ pack_lines: { sku: string; quantity: number }[] }>('GET', `/fulfillment/${o.id}`)),
      );
      const total = details.reduce((sum, d) => sum + d.pack_lines.reduce((s, l) => s + l.quantity, 0), 0);
      // The coffee's bin in the warehouse the shop's orders ship from (the bin-location API of the warehouse page).
      const catalogs = await api<{ items: { id: string; sku: string }[] }>('GET', `/catalogs?q=${SKU}&limit=5`);
      const warehouseId = (await findOrder(orders[0]!.order_number))!.warehouse_id;
      await api('PUT', '/bin-locations', {
        warehouse_id: warehouseId,
        catalog_id: catalogs.items.find((c) => c.sku === SKU)!.id,
        location: 'R-07-2',
      });

      // Not printed yet: all five are under "not printed", none under "printed".
      await signIn(page, DEMO_USER.username, DEMO_USER.password);
      await page.goto(`/fulfillment?workspace_id=${workspaceId}&printed=false`);
      await waitForWorkspace(page);
      for (const order of orders) await page.getByTestId(`order-${order.order_number}`).waitFor();

      // 1. The picking list of the five: one A4 page, every order, the SKU with the total to pick.
      await selectRows(page, orders);
      const picking = await printFromList(page, 'Cetak Picking List', '/fulfillment/bulk-picking-list', 'picking-list');
      const pickingPdf = readPdf(picking.pdf);
      expect(pickingPdf.pages).toBe(1);
      expect(pickingPdf.sizesMm).toEqual(['210x297']);
      expect(pickingPdf.text).toContain('Picking List');
      expect(pickingPdf.text).toContain('5 pesanan');
      for (const order of orders) expect(pickingPdf.text).toContain(order.order_number);
      const skuLine = pickingPdf.text.split('\n').find((line) => line.includes(SKU)) ?? '';
      // The coffee's bin, the SKU, the total of the five orders.
      expect(skuLine).toMatch(new RegExp(`R-07-2\\s+${SKU}.*\\s${total}\\s`, 'u'));
      await saveScreenshot(picking.popup, 'journey-documents-picking-list');
      await picking.popup.close();

      // 2. Their labels in bulk: one 100 × 150 mm page per order, each with its order number.
      await page.getByTestId('bulk-bar').waitFor({ state: 'hidden' });
      await selectRows(page, orders);
      const labels = await printFromList(page, 'Cetak Label', '/fulfillment/bulk-shipping-label', 'labels');
      const labelPdf = readPdf(labels.pdf);
      expect(labelPdf.pages).toBe(5);
      expect(labelPdf.sizesMm).toEqual(Array(5).fill('100x150'));
      for (const order of orders) expect(labelPdf.text).toContain(order.order_number);
      await saveScreenshot(labels.popup, 'journey-documents-labels');
      await labels.popup.close();

      // 3. Printed: the "printed" filter now holds all five, "not printed" none of them (read once the list has answered).
      const listAnswer = (printed: string) =>
        page.waitForResponse(
          (r) => new URL(r.url()).pathname === '/api/fulfillment' && new URL(r.url()).searchParams.get('printed') === printed,
        );
      let answered = listAnswer('true');
      await page.goto(`/fulfillment?workspace_id=${workspaceId}&printed=true`);
      const printedRows = ((await (await answered).json()) as { items: Order[] }).items.map((o) => o.order_number);
      expect(printedRows).toEqual(expect.arrayContaining(orders.map((o) => o.order_number)));
      for (const order of orders) await page.getByTestId(`order-${order.order_number}`).waitFor();
      await saveScreenshot(page, 'journey-documents-printed');
      answered = listAnswer('false');
      await page.goto(`/fulfillment?workspace_id=${workspaceId}&printed=false`);
      const notPrinted = ((await (await answered).json()) as { items: Order[] }).items.map((o) => o.order_number);
      for (const order of orders) expect(notPrinted).not.toContain(order.order_number);
      await page.locator('.ant-table').waitFor();
      for (const order of orders) expect(await page.getByTestId(`order-${order.order_number}`).count()).toBe(0);
      const prints = await api<{ items: { order_id: string; kind: string; print_count: number }[] }>(
        'GET',
        `/documents/prints?order_ids=${orders.map((o) => o.id).join(',')}`,
      );
      expect(prints.items.filter((p) => p.kind === 'label').map((p) => p.print_count)).toEqual(Array(5).fill(1));
      expect(prints.items.filter((p) => p.kind === 'picking').map((p) => p.print_count)).toEqual(Array(5).fill(1));
      expect(serverErrors).toEqual([]);
    },
  );
});
