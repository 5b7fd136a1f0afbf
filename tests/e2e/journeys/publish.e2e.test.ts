import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO_USER, describeJourney } from '../support/api.ts';
import { saveScreenshot, type Session } from '../support/chromium.ts';
import { pngImage } from '../support/files.ts';
import { startOwnServer, type OwnServer } from '../support/own-server.ts';
import { chooseOption, signIn, waitForWorkspace, watchServerErrors } from '../support/ui.ts';

/** Publishing is a job: image upload, a draft, the marketplace's review polled every 2 s. */
const PUBLISH_POLL = { timeout: 120_000, interval: 1_000 } as const;

type Json = Record<string, unknown>;
type Channel = { id: string; name: string; marketplace: string; status: string };

/**
 * Issue 15 (publishing): on a server of its own with the demo's sandbox shops, the demo owner creates a new master
 * product and publishes it from the create-product-shopee and create-product-tiktok screens, choosing the
 * marketplace category down to its deepest level; the progress screen ends with 'Berhasil di simpan', the sandbox
 * shops list the product with its SKU, and the shop's product list shows it mapped to the master SKU.
 */
describeJourney('publish a new master product to Shopee and TikTok Shop', () => {
  let server: OwnServer;
  let session: Session;
  let sandboxUrl = '';
  let workspaceId = '';
  const api = <T = Json>(url: string, init: RequestInit = {}): Promise<T> => server.api<T>(url, init);
  const inSandbox = async (marketplace: string, name: string) => {
    const listed = (await (await fetch(`${sandboxUrl}/__sandbox/products?marketplace=${marketplace}`)).json()) as {
      products?: { name: string; status: string; skus: { sellerSku: string; stock: number }[] }[];
    };
    return (listed.products ?? []).find((p) => p.name === name);
  };

  beforeAll(async () => {
    server = await startOwnServer('publish');
    ({ session, sandboxUrl, workspaceId } = server);
  }, 180_000);
  afterAll(async () => {
    await server?.stop();
  });

  /** The first leaf of the shop's marketplace category tree with a parent: the journey types its name. */
  const leafOf = async (channelId: string) => {
    const { items } = await api<{ items: { id: string; parent_id: string | null; name: string; is_leaf: boolean }[] }>(
      `/api/channels/${channelId}/categories`,
    );
    return items.find((c) => c.is_leaf && c.parent_id)!;
  };

  /** The category's mandatory attributes are asked for (the marketplace refuses a product without them). */
  const fillMandatoryAttributes = async (page: Page, channelId: string, categoryId: string) => {
    const { items: attributes } = await api<{ items: { id: string; name: string; mandatory: boolean; values: { name: string }[] }[] }>(
      `/api/channels/${channelId}/categories/${categoryId}/attributes`,
    );
    for (const attribute of attributes.filter((a) => a.mandatory)) {
      const select = page.locator('.ant-form-item').filter({ hasText: attribute.name }).first().locator('.ant-select');
      if (attribute.values[0]) await chooseOption(page, select, attribute.values[0].name, { search: true });
      else {
        await select.click();
        await page.keyboard.type('Lainnya');
        await page.keyboard.press('Enter');
      }
    }
  };

  const publishFrom = async (page: Page, channel: Channel, target: 'shopee' | 'tiktok', product: string, label: string) => {
    await page.goto(`/product-channel/${channel.id}/create-product-${target}?workspace_id=${workspaceId}`);
    await waitForWorkspace(page);
    const field = (label: string) => page.locator('.ant-form-item').filter({ hasText: label });
    await chooseOption(page, field('Produk master').locator('.ant-select'), product, { search: true });
    // The form fills from the master product: its name, description, weight and images.
    await expect.poll(() => field('Nama produk di toko').locator('input').inputValue(), { timeout: 15_000 }).toBe(product);
    const leaf = await leafOf(channel.id);
    await field('Kategori marketplace').locator('.ant-select').click();
    await page.keyboard.type(leaf.name);
    await page.locator('.ant-cascader-menu-item').filter({ hasText: leaf.name }).first().click();
    await fillMandatoryAttributes(page, channel.id, leaf.id);
    if (target === 'shopee') await saveScreenshot(page, 'publish-shopee-form');
    await page.getByRole('button', { name: `Publikasikan ke ${label}` }).click();
    const progress = page.getByTestId(`publication-${target}`);
    await expect.poll(() => progress.getAttribute('data-status'), PUBLISH_POLL).toBe('FINISHED');
    await expect.poll(() => progress.innerText()).toContain(`${channel.name} Berhasil di simpan`);
  };

  it(
    'publishes from the create-product screens, one shop after the other, and maps the SKU',
    { timeout: 420_000 },
    async ({ onTestFailed }) => {
      const { page } = session;
      const serverErrors = watchServerErrors(page);
      onTestFailed(async () => void (await saveScreenshot(page, 'publish')));

      let shops: Channel[] = [];
      await expect
        .poll(async () => {
          shops = (await api<{ items: Channel[] }>('/api/channels')).items.filter((c) => c.status === 'CONNECTED');
          return ['shopee', 'tiktok'].every((m) => shops.some((c) => c.marketplace === m));
        }, PUBLISH_POLL)
        .toBe(true);
      const shopee = shops.find((c) => c.marketplace === 'shopee')!;
      const tiktok = shops.find((c) => c.marketplace === 'tiktok')!;

      // A new master product with a photo, made through the API (its own screens are the catalog journeys).
      const stamp = Date.now().toString(36).toUpperCase();
      const name = `Teh Melati Terbit ${stamp}`;
      const sku = `TEH-TERBIT-${stamp}`;
      const product = await api<{ id: string }>('/api/products', {
        method: 'POST',
        body: JSON.stringify({
          type: 'SINGLE',
          name,
          condition: 'NEW',
          description: '<p>Teh melati <b>wangi</b> dari Slawi.</p>',
          vat_mode: 'NONE',
          status: 'ACTIVE',
          weight: 150,
          catalogs: [{ sku, price: 18_000, weight: 150 }],
        }),
      });
      await api(`/api/products/${product.id}/images`, {
        method: 'POST',
        body: JSON.stringify({ file_name: 'teh.png', content_base64: pngImage(240, 240, [46, 125, 50]).toString('base64') }),
      });

      await signIn(page, DEMO_USER.username, DEMO_USER.password);
      await publishFrom(page, shopee, 'shopee', name, 'Shopee');
      await saveScreenshot(page, 'publish-shopee-progress');
      await publishFrom(page, tiktok, 'tiktok', name, 'TikTok Shop');

      // The sandbox shops have it with its SKU, and it is live after the marketplace's review.
      for (const marketplace of ['shopee', 'tiktok']) {
        const listed = await inSandbox(marketplace, name);
        expect(listed, marketplace).toBeDefined();
        expect(listed!.skus.map((s) => s.sellerSku)).toEqual([sku]);
      }

      // The shop's product list shows it mapped to the master SKU (Terkonfirmasi), with an edit link.
      await page.getByRole('link', { name: 'Lihat produk toko' }).click();
      const row = page.locator('tr.ant-table-row').filter({ hasText: name }).first();
      await expect.poll(() => row.innerText(), PUBLISH_POLL).toContain('Terkonfirmasi');
      expect(await row.getByRole('link', { name: 'Ubah' }).count()).toBe(1);

      // /product/bulk-publish: the same product to the TikTok shop's Tokopedia listing, with a result per product.
      await page.goto(`/product/bulk-publish?workspace_id=${workspaceId}`);
      await waitForWorkspace(page);
      const field = (label: string) => page.locator('.ant-form-item').filter({ hasText: label });
      await chooseOption(page, field('Toko').first().locator('.ant-select'), `${tiktok.name} (tiktok)`);
      await chooseOption(page, field('Marketplace').first().locator('.ant-select'), 'Tokopedia');
      const leaf = await leafOf(tiktok.id);
      await field('Kategori marketplace').locator('.ant-select').click();
      await page.keyboard.type(leaf.name);
      await page.locator('.ant-cascader-menu-item').filter({ hasText: leaf.name }).first().click();
      await fillMandatoryAttributes(page, tiktok.id, leaf.id);
      await page.getByPlaceholder('Cari produk').fill(name);
      await page.getByPlaceholder('Cari produk').press('Enter');
      await page.locator('tr.ant-table-row').filter({ hasText: name }).locator('input[type="checkbox"]').check();
      await page.getByRole('button', { name: 'Publikasikan 1 produk' }).click();
      const result = page.locator('tr.ant-table-row').filter({ hasText: 'Tokopedia Berhasil di simpan' });
      await expect.poll(() => result.count(), PUBLISH_POLL).toBe(1);
      await saveScreenshot(page, 'publish-bulk');

      // The demo itself published its Toraja coffee from Kelola to every demo shop, mapped to the master SKU.
      for (const shop of shops) {
        await expect
          .poll(
            async () => {
              const { items } = await api<{ items: { name: string; mapping: string }[] }>(`/api/channels/${shop.id}/products?size=100`);
              return items.find((p) => p.name === 'Kopi Toraja Robusta 500 g')?.mapping;
            },
            { ...PUBLISH_POLL, message: `${shop.marketplace}: demo product published` },
          )
          .toBe('CONFIRMED');
      }
      expect(serverErrors).toEqual([]);
    },
  );
});
