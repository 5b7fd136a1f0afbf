import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Publication, PublishBatch } from '@kelola/contracts/channel-publish';
import { renderWithRouter, stubFetch } from '../../../../test/render-with-router.tsx';
import { choose, clickButton, meWith, notFound, WORKSPACE } from '../../../../test/document-fixtures.ts';
import { BulkPublishScreen } from './bulk-publish-screen.tsx';

const SHOP = '0193a000-0000-7000-8000-0000000000a1';
const COFFEE = '0193a000-0000-7000-8000-0000000000b1';
const SHIRT = '0193a000-0000-7000-8000-0000000000b2';

const CATEGORIES = {
  items: [
    { id: '100', parent_id: null, name: 'Makanan & Minuman', is_leaf: false },
    { id: '110', parent_id: '100', name: 'Kopi', is_leaf: true },
    { id: '200', parent_id: null, name: 'Fashion', is_leaf: false },
    { id: '210', parent_id: '200', name: 'Kaos', is_leaf: true },
  ],
};
/** Each leaf category's attributes: one mandatory each, so a product moved to Kaos must choose its own. */
const ATTRIBUTES: Record<string, unknown> = {
  '110': {
    items: [{ id: '501', name: 'Jenis Biji', mandatory: true, input_type: 'single_select', values: [{ id: '9001', name: 'Arabika' }] }],
  },
  '210': {
    items: [{ id: '601', name: 'Bahan', mandatory: true, input_type: 'single_select', values: [{ id: '7001', name: 'Katun' }] }],
  },
};

const publication = (productId: string, name: string): Publication => ({
  id: `pub-${productId}`,
  batch_id: 'batch-1',
  product_id: productId,
  product_name: name,
  channel_id: SHOP,
  channel_name: 'Shopee Kelola Demo',
  target: 'shopee',
  mode: 'CREATE',
  status: 'FINISHED',
  channel_product_id: `ITEM-${productId.slice(-2)}`,
  errors: [],
  attempts: 1,
  draft: null,
  mapped_skus: 1,
  updated_at: '2026-11-25T03:00:00.000Z',
  finished_at: '2026-11-25T03:00:01.000Z',
});

/** The newest open dropdown's option (cascader level or select option) titled `title`. */
async function option(selector: string, title: string): Promise<Element> {
  return waitFor(() => {
    const found = [...document.querySelectorAll(selector)]
      .reverse()
      .find((element) => element.getAttribute('title') === title && !element.closest('.ant-select-dropdown-hidden'));
    if (!found) throw new Error(`no option ${title}`);
    return found;
  });
}

/** Opens a category cascader and clicks down the path to its leaf. */
async function pickCategory(cascader: Element, path: string[]) {
  fireEvent.mouseDown(cascader.querySelector('.ant-select-selector') ?? cascader);
  for (const name of path) fireEvent.click(await option('.ant-cascader-menu-item', name));
}

/** The form item labelled `label` inside `scope` (the shop's choice or one product's card). */
function formItem(scope: Element, label: string): Element {
  const item = [...scope.querySelectorAll('.ant-form-item')].find((element) => element.querySelector('label')?.textContent === label);
  if (!item) throw new Error(`no field ${label}`);
  return item;
}

async function pickAttribute(scope: Element, label: string, value: string) {
  const item = await waitFor(() => formItem(scope, label));
  fireEvent.mouseDown(item.querySelector('.ant-select-selector') ?? item.querySelector('.ant-select')!);
  fireEvent.click(await option('.ant-select-item-option', value));
}

describe('/product/bulk-publish', { timeout: 60_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it("starts each product at the shop's choice, lets one product take its own category and attributes, and sends both", async () => {
    const { fetchStub, calls } = stubFetch((method, url) => {
      if (url.pathname === '/api/channels')
        return { body: { items: [{ id: SHOP, name: 'Shopee Kelola Demo', marketplace: 'shopee', status: 'CONNECTED' }] } };
      if (url.pathname === '/api/products')
        return {
          body: {
            items: [
              { id: COFFEE, name: 'Kopi Gayo Arabika 250 g', variant_count: 1 },
              { id: SHIRT, name: 'Kaos Polos Katun Combed 30s', variant_count: 4 },
            ],
            page: 1,
            size: 50,
            total_row: 2,
          },
        };
      if (url.pathname === `/api/channels/${SHOP}/categories`) return { body: CATEGORIES };
      const attributes = /^\/api\/channels\/[^/]+\/categories\/(\d+)\/attributes$/u.exec(url.pathname);
      if (attributes) return { body: ATTRIBUTES[attributes[1]!] ?? { items: [] } };
      if (url.pathname === '/api/products/bulk-publish' && method === 'POST') {
        const batch: PublishBatch = { id: 'batch-1', done: false, items: [] };
        return { body: { batches: [batch] } };
      }
      if (url.pathname === '/api/publish-batches/batch-1') {
        const batch: PublishBatch = {
          id: 'batch-1',
          done: true,
          items: [publication(COFFEE, 'Kopi Gayo Arabika 250 g'), publication(SHIRT, 'Kaos Polos Katun Combed 30s')],
        };
        return { body: batch };
      }
      return notFound;
    });
    vi.stubGlobal('fetch', fetchStub);
    renderWithRouter(<BulkPublishScreen />, {
      path: `/product/bulk-publish?workspace_id=${WORKSPACE}`,
      pattern: '/product/bulk-publish',
      me: meWith({ product: 'WRITE' }),
    });

    // The shop's choice: Shopee, Makanan & Minuman / Kopi, its mandatory "Jenis Biji".
    await choose('bulk-shop', 'Shopee Kelola Demo (shopee)');
    const shared = document.querySelector('form')!;
    await waitFor(() => expect(calls.some((c) => c.url.pathname.endsWith('/categories'))).toBe(true));
    await pickCategory(formItem(shared, 'Kategori marketplace').querySelector('.ant-cascader')!, ['Makanan & Minuman', 'Kopi']);
    await pickAttribute(shared, 'Jenis Biji', 'Arabika');

    // Both products chosen: each starts at the shop's choice.
    for (const name of ['Kopi Gayo Arabika 250 g', 'Kaos Polos Katun Combed 30s']) {
      const row = await screen.findByText(name);
      fireEvent.click(row.closest('tr')!.querySelector('.ant-checkbox-input')!);
    }
    const shirtCard = await screen.findByTestId(`product-choice-${SHIRT}`);
    await waitFor(() => expect(shirtCard.textContent).toContain('Makanan & Minuman / Kopi'));

    // The shirt moves to Fashion / Kaos: its own mandatory attribute is asked, and refused while empty.
    await pickCategory(formItem(shirtCard, 'Kategori marketplace').querySelector('.ant-cascader')!, ['Fashion', 'Kaos']);
    await waitFor(() => formItem(shirtCard, 'Bahan'));
    expect(() => formItem(shirtCard, 'Jenis Biji')).toThrow();
    clickButton('Publikasikan 2 produk');
    expect(await screen.findByText('Atribut ini wajib diisi.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await pickAttribute(shirtCard, 'Bahan', 'Katun');
    clickButton('Publikasikan 2 produk');
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const sent = calls.find((c) => c.method === 'POST')!.body as Record<string, unknown>;
    expect(sent.product_ids).toEqual([COFFEE, SHIRT]);
    expect(sent.channels).toEqual([{ channel_id: SHOP, category_path: ['100', '110'], attributes: [{ id: '501', values: ['9001'] }] }]);
    expect(sent.choices).toEqual([
      { product_id: COFFEE, channel_id: SHOP, category_path: ['100', '110'], attributes: [{ id: '501', values: ['9001'] }] },
      { product_id: SHIRT, channel_id: SHOP, category_path: ['200', '210'], attributes: [{ id: '601', values: ['7001'] }] },
    ]);

    // Each product's own result.
    await waitFor(() => expect(screen.getAllByText('Berhasil').length).toBe(2), { timeout: 10_000 });
  });
});
