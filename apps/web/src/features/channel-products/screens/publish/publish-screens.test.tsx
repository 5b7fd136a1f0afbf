import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChannelProductEdit, Publication, PublishBatch } from '@kelola/contracts/channel-publish';
import { renderWithRouter, stubFetch } from '../../../../test/render-with-router.tsx';
import { clickButton, meWith, notFound, WORKSPACE } from '../../../../test/document-fixtures.ts';
import { categoryTree } from '../../components/category-cascader.tsx';
import { EditChannelProductScreen } from './edit-channel-product-screen.tsx';
import { targetOfPath, toPublishChoice } from './publish-form-fields.tsx';

const CHANNEL = '0193a000-0000-7000-8000-000000000001';
const PRODUCT = '0193a000-0000-7000-8000-000000000003';
const CATALOG = '0193a000-0000-7000-8000-000000000002';
const IMAGE = '0193a000-0000-7000-8000-000000000004';
const BIG = '0193a000-0000-7000-8000-000000000005';

const publication = (status: Publication['status'], over: Partial<Publication> = {}): Publication => ({
  id: 'pub-1',
  batch_id: 'batch-1',
  product_id: PRODUCT,
  product_name: 'Kopi Gayo Arabika 250 g',
  channel_id: CHANNEL,
  channel_name: 'Shopee Kelola Demo',
  target: 'shopee',
  mode: 'UPDATE',
  status,
  channel_product_id: 'ITEM-9',
  errors: [],
  attempts: status === 'PENDING' ? 0 : 1,
  draft: null,
  mapped_skus: 1,
  updated_at: '2026-11-25T03:00:00.000Z',
  finished_at: null,
  ...over,
});

const START: ChannelProductEdit = {
  channel_id: CHANNEL,
  channel_product_id: 'ITEM-9',
  product_id: PRODUCT,
  product_name: 'Kopi Gayo Arabika 250 g',
  target: 'shopee',
  category_path: ['100', '110'],
  brand_id: null,
  name: 'Kopi Gayo Arabika 250 g',
  description: 'Kopi arabika',
  weight_grams: 250,
  prices: [{ catalog_id: CATALOG, sku: 'KOPI-GAYO-250', price: 89_000 }],
  last: publication('FINISHED', { mode: 'CREATE' }),
};

const MASTER = {
  id: PRODUCT,
  name: 'Kopi Gayo Arabika 250 g',
  description: '<p>Kopi <b>arabika</b></p>',
  short_description: null,
  weight: 250,
  variant_tiers: [],
  catalogs: [{ id: CATALOG, sku: 'KOPI-GAYO-250', options: [], price: 85_000 }],
  images: [
    { id: IMAGE, name: 'depan.png', size: 40_000, url: '/img/1', thumbnail_url: '/img/1t' },
    { id: BIG, name: 'besar.png', size: 2_000_000, url: '/img/2', thumbnail_url: '/img/2t' },
  ],
};

const CATEGORIES = {
  items: [
    { id: '100', parent_id: null, name: 'Makanan & Minuman', is_leaf: false },
    { id: '110', parent_id: '100', name: 'Kopi', is_leaf: true },
    { id: '200', parent_id: null, name: 'Fashion', is_leaf: false },
    { id: '210', parent_id: '200', name: 'Kaos', is_leaf: true },
  ],
};

describe('publish rules on the screens', () => {
  it('reads the target from the route and builds the category tree', () => {
    expect(targetOfPath('/product-channel/x/create-product-tokopedia')).toBe('tokopedia');
    expect(targetOfPath('/product-channel/x/edit-product-lazada')).toBe('lazada');
    expect(targetOfPath('/product-channel/x/create-product-distributor')).toBeNull();
    const tree = categoryTree(CATEGORIES.items);
    expect(tree.map((c) => c.label)).toEqual(['Makanan & Minuman', 'Fashion']);
    expect(tree[0]!.children?.map((c) => [c.value, c.isLeaf])).toEqual([['110', true]]);
  });

  it('sends the chosen attribute values as attributes and leaves empty ones out', () => {
    expect(toPublishChoice({ name: 'Kopi', attribute_values: { '501': ['Arabika'], '502': [], '503': undefined } })).toEqual({
      name: 'Kopi',
      attributes: [{ id: '501', values: ['Arabika'] }],
    });
    expect(toPublishChoice({ name: 'Kopi' })).toEqual({ name: 'Kopi' });
  });
});

describe('/product-channel/:id/edit-product-shopee', { timeout: 60_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('starts from the last choices, sends the edit, and follows the progress to "Berhasil di simpan"', async () => {
    let polls = 0;
    const { fetchStub, calls } = stubFetch((method, url) => {
      if (url.pathname === `/api/channels/${CHANNEL}`)
        return { body: { id: CHANNEL, name: 'Shopee Kelola Demo', marketplace: 'shopee', status: 'CONNECTED' } };
      if (url.pathname === `/api/channels/${CHANNEL}/products/ITEM-9/edit`) return { body: START };
      if (url.pathname === `/api/products/${PRODUCT}`) return { body: MASTER };
      if (url.pathname === `/api/channels/${CHANNEL}/categories`) return { body: CATEGORIES };
      if (url.pathname === `/api/channels/${CHANNEL}/brands`) return { body: { items: [{ id: '0', name: 'NoBrand' }] } };
      if (url.pathname === `/api/channels/${CHANNEL}/products/ITEM-9/publish` && method === 'PUT') {
        const batch: PublishBatch = { id: 'batch-1', done: false, items: [publication('PENDING')] };
        return { body: batch };
      }
      if (url.pathname === '/api/publish-batches/batch-1') {
        polls += 1;
        const batch: PublishBatch =
          polls < 2
            ? { id: 'batch-1', done: false, items: [publication('ON_PROGRESS')] }
            : { id: 'batch-1', done: true, items: [publication('FINISHED')] };
        return { body: batch };
      }
      return notFound;
    });
    vi.stubGlobal('fetch', fetchStub);
    renderWithRouter(<EditChannelProductScreen />, {
      path: `/product-channel/${CHANNEL}/edit-product-shopee?product=ITEM-9&workspace_id=${WORKSPACE}`,
      pattern: '/product-channel/:id/edit-product-shopee',
      me: meWith({ product: 'WRITE' }),
    });
    expect(await screen.findByText('Ubah produk Shopee — Shopee Kelola Demo')).toBeTruthy();
    // The image over 1 MB cannot be chosen; the other is.
    expect(await screen.findByText('Lebih dari 1 MB')).toBeTruthy();
    await waitFor(() =>
      expect((screen.getByDisplayValue('Kopi Gayo Arabika 250 g') as HTMLInputElement).value).toBe('Kopi Gayo Arabika 250 g'),
    );
    await waitFor(() => expect(screen.getByText('Makanan & Minuman / Kopi')).toBeTruthy());
    clickButton('Simpan ke toko');
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const sent = calls.find((c) => c.method === 'PUT')!.body as Record<string, unknown>;
    expect(sent).toMatchObject({
      target: 'shopee',
      category_path: ['100', '110'],
      name: 'Kopi Gayo Arabika 250 g',
      weight_grams: 250,
      image_ids: [IMAGE],
      prices: [{ catalog_id: CATALOG, price: 89_000 }],
    });
    // Polled every 2 s until done: the spec's message.
    expect(await screen.findByText('Shopee Kelola Demo Berhasil di simpan', {}, { timeout: 10_000 })).toBeTruthy();
  });

  it("joins Tokopedia's errors into the failure message", async () => {
    const { PublishProgress } = await import('../../components/publish-progress.tsx');
    const { render } = await import('@testing-library/react');
    render(<PublishProgress items={[publication('FAILED', { target: 'tokopedia', errors: ['Foto buram', 'Kategori salah'] })]} />);
    expect(screen.getByText('Tokopedia Gagal di simpan: Foto buram, Kategori salah')).toBeTruthy();
  });
});
