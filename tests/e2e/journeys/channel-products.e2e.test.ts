import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO_USER, describeJourney } from '../support/api.ts';
import { saveScreenshot, type Session } from '../support/chromium.ts';
import { startOwnServer, type OwnServer } from '../support/own-server.ts';
import { SERVER_POLL, signIn, waitForWorkspace, watchServerErrors } from '../support/ui.ts';

const SKU = 'KOPI-GAYO-250';
const PRODUCT = 'Kopi Gayo Arabika 250 g';
/** Pushes are jobs (a one-second wake, the queue's polling): give them longer than a screen's own poll. */
const PUSH_POLL = { timeout: 90_000, interval: 1_000 } as const;

type Json = Record<string, unknown>;

/**
 * Issue 15 (part B): on a server of its own with the demo's sandbox shops switched on (they connect at start and list
 * the demo catalogue), the demo owner opens the Shopee shop's channel products, synchronizes, and sees the coffee
 * mapped by its SKU (Terkonfirmasi); then goods are received and the new stock reaches the Shopee and TikTok sandbox
 * shops, with the number the server explains on the screen ("… mendapat …").
 */
describeJourney('channel products: import, mapping and stock pushes to the sandbox shops', () => {
  let server: OwnServer;
  let session: Session;
  let sandboxUrl = '';
  let workspaceId = '';
  const api = <T = Json>(url: string, init: RequestInit = {}): Promise<T> => server.api<T>(url, init);
  const sandboxStock = async (marketplace: string): Promise<number | undefined> => {
    const listed = (await (await fetch(`${sandboxUrl}/__sandbox/products?marketplace=${marketplace}`)).json()) as {
      products?: { skus: { sellerSku: string; stock: number }[] }[];
    };
    const stocks = (listed.products ?? []).flatMap((p) => p.skus.filter((s) => s.sellerSku === SKU).map((s) => s.stock));
    return stocks.at(-1);
  };

  beforeAll(async () => {
    server = await startOwnServer('shops');
    ({ session, sandboxUrl, workspaceId } = server);
  }, 180_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('imports a demo shop, shows the mapping, and pushes a goods receipt to the shops', { timeout: 300_000 }, async ({ onTestFailed }) => {
    const { page } = session;
    const serverErrors = watchServerErrors(page);
    onTestFailed(async () => void (await saveScreenshot(page, 'channel-products')));

    // The demo shops connect in the background after start.
    let shopee: { id: string; name: string } | undefined;
    await expect
      .poll(async () => {
        const { items } = await api<{ items: { id: string; name: string; marketplace: string; status: string }[] }>('/api/channels');
        shopee = items.find((c) => c.marketplace === 'shopee' && c.status === 'CONNECTED');
        return items.filter((c) => c.status === 'CONNECTED').length;
      }, PUSH_POLL)
      .toBeGreaterThanOrEqual(2);

    await signIn(page, DEMO_USER.username, DEMO_USER.password);
    await page.goto(`/product-channel/${shopee!.id}/product/synchronize?workspace_id=${workspaceId}`);
    await waitForWorkspace(page);
    await page.getByRole('button', { name: /Sinkronkan produk|Sinkronisasi berjalan/u }).click();
    const row = page.locator('tr.ant-table-row').filter({ hasText: PRODUCT }).first();
    await expect.poll(() => row.innerText(), PUSH_POLL).toContain('Terkonfirmasi');
    // The variant T-shirt's four SKUs are all found by their SKU (the sandbox shop also lists generated "Kaos Polos 7"-like
    // products of its own, which stay unmapped: match the demo product's full name).
    await expect
      .poll(() => page.locator('tr.ant-table-row').filter({ hasText: 'Kaos Polos Katun Combed 30s' }).first().innerText(), SERVER_POLL)
      .toContain('Terkonfirmasi');

    // Goods in: the shops' number for the coffee must move to what the server computes for each of them.
    const { items: skus } = await api<{ items: { id: string; sku: string }[] }>(`/api/catalogs?q=${SKU}`);
    const catalogId = skus.find((s) => s.sku === SKU)!.id;
    const { items: warehouses } = await api<{ items: { id: string }[] }>('/api/warehouses');
    const pushedBefore = await api<{ items: { channel_id: string; kind: string; value: number | null }[] }>(
      `/api/channel-pushes?catalog_id=${catalogId}`,
    );
    const shopeeBefore = pushedBefore.items.find((p) => p.channel_id === shopee!.id && p.kind === 'STOCK')?.value ?? null;
    await api('/api/inventory/goods-receipts', {
      method: 'POST',
      body: JSON.stringify({
        date: new Date().toISOString().slice(0, 10),
        warehouse_id: warehouses[0]!.id,
        supplier_reference: `E2E-${Date.now()}`,
        lines: [{ catalog_id: catalogId, quantity: 37 }],
        post: true,
      }),
    });
    let pushes: {
      channel_id: string;
      marketplace: string;
      kind: string;
      value: number | null;
      pending: boolean;
      explanation: string | null;
    }[] = [];
    await expect
      .poll(async () => {
        pushes = (await api<{ items: typeof pushes }>(`/api/channel-pushes?catalog_id=${catalogId}`)).items;
        const stock = pushes.find((p) => p.channel_id === shopee!.id && p.kind === 'STOCK');
        return stock && !stock.pending && stock.value !== shopeeBefore;
      }, PUSH_POLL)
      .toBe(true);
    // Each shop's number, once pushed, is what the sandbox shop holds.
    for (const marketplace of ['shopee', 'tiktok']) {
      await expect
        .poll(
          async () => {
            const current = (await api<{ items: typeof pushes }>(`/api/channel-pushes?catalog_id=${catalogId}`)).items;
            const stock = current.find((p) => p.marketplace === marketplace && p.kind === 'STOCK' && !p.pending && p.value !== null);
            return stock ? (await sandboxStock(marketplace)) === stock.value : false;
          },
          { ...PUSH_POLL, message: `${marketplace} stock` },
        )
        .toBe(true);
    }

    // The screen explains the number it pushed.
    await page.reload();
    await expect
      .poll(
        () =>
          page
            .getByText(/mendapat \d+ = /u)
            .first()
            .innerText(),
        PUSH_POLL,
      )
      .toContain(shopee!.name);
    expect(serverErrors).toEqual([]);
  });
});
