import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO_USER, describeJourney } from '../support/api.ts';
import { openBrowser, saveScreenshot, type Session } from '../support/chromium.ts';
import { startServerWithSandboxShops, type SandboxJourneyServer } from '../support/sandbox-server.ts';
import { chooseSku, SERVER_POLL, signIn, waitForWorkspace } from '../support/ui.ts';

const ARRIVAL = { timeout: 90_000, interval: 1_000 } as const;

async function login(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: DEMO_USER.username, password: DEMO_USER.password }),
  });
  return ((await response.json()) as { access_token: string }).access_token;
}

/**
 * Issue 16, Shopee promotions: on the demo Shopee shop (the sandbox, over HTTP), the maker creates a Shopee discount
 * on the black T-shirt from /promotion-channel/:id/create; it lands on the discount's page, which shows the clash
 * with the demo's payday programme on the same SKU and which price the buyer gets; the list shows it; Shopee itself
 * holds it (a sync of that one discount reads it back from the sandbox); a second SKU added on its page and then
 * removed there (delete_discount_item) is no longer on Shopee; deleting the discount removes it from Shopee.
 */
describeJourney('journey: Shopee promotions through the sandbox, with the clash view', () => {
  let session: Session;
  let own: SandboxJourneyServer;
  beforeAll(async () => {
    own = await startServerWithSandboxShops(['shopee'], 300_000);
    session = await openBrowser(own.baseUrl);
  }, 420_000);
  afterAll(async () => {
    await session?.close();
    await own?.stop();
  });

  it(
    'creates a Shopee discount, sees the clash and the winner, finds it on Shopee, removes an item, deletes it',
    { timeout: 240_000 },
    async ({ onTestFailed }) => {
      const { page } = session;
      onTestFailed(async () => {
        await saveScreenshot(page, 'journey-shopee-promotions-FAILED');
      });
      const shop = own.channels.shopee!;
      expect(shop).toBeTruthy();
      await signIn(page, DEMO_USER.username, DEMO_USER.password);
      await page.goto('/dashboard');
      const workspaceId = await waitForWorkspace(page);
      const token = await login(own.baseUrl);
      const api = async <T>(path: string, method = 'GET', body?: unknown) => {
        const response = await fetch(`${own.baseUrl}${path}`, {
          method,
          headers: {
            authorization: `Bearer ${token}`,
            'workspace-id': workspaceId,
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        });
        return { status: response.status, body: (await response.json().catch(() => ({}))) as T };
      };
      // The shop's products are imported and mapped by seller SKU; then items_available offers the T-shirt.
      expect((await api(`/api/channels/${shop}/products/synchronize`, 'POST')).status).toBe(200);
      await expect
        .poll(async () => {
          const res = await api<{ items: { sku: string | null }[] }>('/api/shopee-promotions/items-available', 'POST', { shop_id: shop });
          return ['KPK-HITAM-M', 'KPK-HITAM-L'].every((sku) => res.body.items?.some((i) => i.sku === sku) ?? false);
        }, ARRIVAL)
        .toBe(true);

      await page.goto(`/promotion-channel/${shop}/list?workspace_id=${workspaceId}`);
      await page.getByTestId('shopee-create').click();
      await page.waitForURL((url) => url.pathname === `/promotion-channel/${shop}/create`, SERVER_POLL);
      const name = `Flash Sale Jurnal ${Date.now().toString(36)}`;
      await page.getByTestId('field-name').fill(name);
      await chooseSku(page, page.getByTestId('shopee-item-sku-0'), 'KPK-HITAM-M');
      await page.getByTestId('shopee-item-price-0').fill('50000');
      await saveScreenshot(page, 'journey-shopee-promotions-form');
      await page.getByRole('button', { name: 'Simpan', exact: true }).click();
      await page.getByText('Diskon Shopee disimpan.').waitFor();
      // A clash: it lands on the discount's page, which names the payday programme and the winner (Rp 50.000 is cheaper).
      await page.waitForURL((url) => url.pathname.startsWith(`/promotion-channel/${shop}/edit/`), SERVER_POLL);
      const clash = page.getByTestId('clash-line-KPK-HITAM-M');
      await clash.waitFor();
      const clashText = await clash.innerText();
      expect(clashText).toContain('Gajian Hemat');
      expect(clashText).toContain('50.000');
      expect(clashText).toContain('harga Shopee');
      expect(await page.getByTestId('shopee-items').innerText()).toContain('KPK-HITAM-M');
      await saveScreenshot(page, 'journey-shopee-promotions-clash');
      const promotionId = new URL(page.url()).pathname.split('/').at(-1)!;

      await page.goto(`/promotion-channel/${shop}/list?workspace_id=${workspaceId}`);
      const row = page.locator('.ant-table-row').filter({ hasText: name });
      await row.waitFor();
      expect(await row.innerText()).toContain('Akan datang');
      expect(await row.innerText()).toContain('1 bentrok');
      await saveScreenshot(page, 'journey-shopee-promotions-list');

      // Shopee holds it: syncing that one discount reads it back from the sandbox.
      const detail = await api<{ discount_id: string }>(`/api/shopee-promotions/${promotionId}`);
      const one = await api<{ status: string }>('/api/shopee-promotions/sync', 'POST', {
        shop_id: shop,
        discount_id: detail.body.discount_id,
      });
      expect(one).toMatchObject({ status: 200, body: { status: 'DONE' } });

      // An item added on the discount's page, then removed there (delete_discount_item): Shopee no longer lists it.
      type Detail = { items: { sku: string | null }[] };
      const onShopee = async () => {
        const synced = await api('/api/shopee-promotions/sync', 'POST', { shop_id: shop, discount_id: detail.body.discount_id });
        expect(synced.status).toBe(200);
        return (await api<Detail>(`/api/shopee-promotions/${promotionId}`)).body.items.map((i) => i.sku);
      };
      await page.goto(`/promotion-channel/${shop}/edit/${promotionId}?workspace_id=${workspaceId}`);
      const items = page.getByTestId('shopee-items');
      await items.getByText('KPK-HITAM-M').waitFor();
      await page.getByTestId('shopee-item-add').click();
      await chooseSku(page, page.getByTestId('shopee-item-sku-0'), 'KPK-HITAM-L');
      await page.getByTestId('shopee-item-price-0').fill('55000');
      await page.getByRole('button', { name: 'Simpan', exact: true }).click();
      await page.getByText('Diskon Shopee disimpan.').waitFor();
      expect(await onShopee()).toEqual(expect.arrayContaining(['KPK-HITAM-M', 'KPK-HITAM-L']));
      await page.goto(`/promotion-channel/${shop}/edit/${promotionId}?workspace_id=${workspaceId}`);
      await items.getByText('KPK-HITAM-L').waitFor();
      await page.getByTestId('shopee-remove-KPK-HITAM-L').click();
      await page.locator('.ant-popconfirm:not(.ant-popover-hidden) .ant-btn-primary').click();
      await page.getByText('SKU dikeluarkan dari diskon Shopee.').waitFor();
      await expect.poll(() => items.innerText(), SERVER_POLL).not.toContain('KPK-HITAM-L');
      expect(await items.innerText()).toContain('KPK-HITAM-M');
      await saveScreenshot(page, 'journey-shopee-promotions-item-removed');
      const left = await onShopee();
      expect(left).toContain('KPK-HITAM-M');
      expect(left).not.toContain('KPK-HITAM-L');

      // Deleting the upcoming discount removes it from Shopee: syncing it again is refused by the sandbox.
      await page.goto(`/promotion-channel/${shop}/edit/${promotionId}?workspace_id=${workspaceId}`);
      await page.getByTestId('shopee-delete').click();
      await page.locator('.ant-popconfirm:not(.ant-popover-hidden) .ant-btn-primary').click();
      await page.getByText('Diskon Shopee dihapus.').waitFor();
      const gone = await api<{ code: string }>('/api/shopee-promotions/sync', 'POST', {
        shop_id: shop,
        discount_id: detail.body.discount_id,
      });
      expect(gone).toMatchObject({ status: 422, body: { code: 'SHOPEE_PROMOTION_REFUSED' } });
    },
  );
});
