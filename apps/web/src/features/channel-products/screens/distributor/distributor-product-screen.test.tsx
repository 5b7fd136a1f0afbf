import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChannelProductList } from '@kelola/contracts/channel-products';
import type { DistributorProduct } from '@kelola/contracts/distributor-channel';
import { renderWithRouter, stubFetch } from '../../../../test/render-with-router.tsx';
import { clickButton, meWith, notFound, WORKSPACE } from '../../../../test/document-fixtures.ts';
import { ChannelProductsScreen } from '../channel-products/channel-products-screen.tsx';
import { distributorImageProblem, DistributorProductScreen, skuRows, toDistributorBody } from './distributor-product-screen.tsx';

const CHANNEL = '0193a000-0000-7000-8000-0000000000d1';
const PRODUCT = '0193a000-0000-7000-8000-0000000000d3';
const SKU_M = '0193a000-0000-7000-8000-0000000000a1';
const SKU_L = '0193a000-0000-7000-8000-0000000000a2';

const CHANNELS = { items: [{ id: CHANNEL, name: 'Kanal Distributor', status: 'ACTIVE', created_at: '2026-11-01T00:00:00.000Z' }] };
const MASTER = {
  id: PRODUCT,
  name: 'Kaos Grosir',
  catalogs: [
    { id: SKU_M, sku: 'KAOS-M', name: 'Kaos Grosir M', options: ['M'], price: 60_000 },
    { id: SKU_L, sku: 'KAOS-L', name: 'Kaos Grosir L', options: ['L'], price: 65_000 },
  ],
  images: [],
};
const SAVED: DistributorProduct = {
  channel_id: CHANNEL,
  product_id: PRODUCT,
  name: 'Kaos Grosir',
  status: 'active',
  min_order: 12,
  images: [],
  skus: [
    {
      catalog_id: SKU_M,
      seller_sku: 'KAOS-M',
      name: 'Kaos Grosir M',
      price: 48_000,
      effective_date: '2026-01-01',
      prices: [{ price: 48_000, effective_date: '2026-01-01' }],
    },
  ],
  updated_at: '2026-11-01T00:00:00.000Z',
};

describe('distributor form rules', () => {
  it('lists every master SKU, offered as saved, and sends only the offered ones', () => {
    const rows = skuRows(MASTER as never, SAVED, '2026-11-25');
    expect(rows.map((r) => [r.sku, r.offered, r.price, r.effective_date])).toEqual([
      ['KAOS-M', true, 48_000, '2026-01-01'],
      ['KAOS-L', false, null, '2026-11-25'],
    ]);
    const { body, rowOf } = toDistributorBody({
      status: 'active',
      min_order: 6,
      skus: [rows[1]!, { ...rows[0]!, offered: false }, { ...rows[1]!, offered: true, price: 50_000 }],
    });
    expect(body.skus).toEqual([{ catalog_id: SKU_L, price: 50_000, effective_date: '2026-11-25' }]);
    expect(rowOf).toEqual([2]);
  });

  it('refuses images that are not JPG, JPEG, PNG, BMP or GIF, or over 1 MB', () => {
    expect(distributorImageProblem({ name: 'a.PNG', size: 1000 })).toBeNull();
    expect(distributorImageProblem({ name: 'a.webp', size: 1000 })).toBe('IMAGE_EXTENSION');
    expect(distributorImageProblem({ name: 'a.jpg', size: 1024 * 1024 + 1 })).toBe('CHANNEL_IMAGE_TOO_LARGE');
  });
});

describe('/product-channel/:id/edit-product-distributor', { timeout: 60_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  const serve = () =>
    stubFetch((method, url, body) => {
      if (url.pathname === '/api/distributor-channels') return { body: CHANNELS };
      if (url.pathname === `/api/distributor-channels/${CHANNEL}/products/${PRODUCT}` && method === 'GET') return { body: SAVED };
      if (url.pathname === `/api/distributor-channels/${CHANNEL}/products/${PRODUCT}` && method === 'PUT')
        return { body: { ...SAVED, ...(body as object) } };
      if (url.pathname === `/api/products/${PRODUCT}`) return { body: MASTER };
      if (url.pathname === '/api/products') return { body: { items: [MASTER], total: 1 } };
      return notFound;
    });

  it('starts from the saved product, adds a SKU with its price and date, and saves', async () => {
    const { fetchStub, calls } = serve();
    vi.stubGlobal('fetch', fetchStub);
    renderWithRouter(<DistributorProductScreen />, {
      path: `/product-channel/${CHANNEL}/edit-product-distributor?product=${PRODUCT}&workspace_id=${WORKSPACE}`,
      pattern: '/product-channel/:id/edit-product-distributor',
      me: meWith({ 'product-channel': 'WRITE' }),
      routes: [{ path: '/product-channel/:id/product/synchronize', element: <p>daftar</p> }],
    });
    expect(await screen.findByText('Ubah produk distributor — Kanal Distributor')).toBeTruthy();
    await waitFor(() => expect(screen.getByText('KAOS-L')).toBeTruthy());
    await waitFor(() => expect((screen.getByTestId('min-order') as HTMLInputElement).value).toBe('12'));
    const boxes = [...document.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')];
    expect(boxes.map((b) => b.checked)).toEqual([true, false]);
    // Offering the second SKU without a price is refused on its field, and nothing is sent.
    fireEvent.click(boxes[1]!);
    clickButton('Simpan');
    expect(await screen.findByText('Wajib diisi.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    const prices = screen.getAllByLabelText('Harga distributor') as HTMLInputElement[];
    fireEvent.change(prices[1]!, { target: { value: '52000' } });
    clickButton('Simpan');
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')!.body).toMatchObject({
      status: 'active',
      min_order: 12,
      skus: [
        { catalog_id: SKU_M, price: 48_000, effective_date: '2026-01-01' },
        { catalog_id: SKU_L, price: 52_000 },
      ],
    });
    expect(await screen.findByText('daftar')).toBeTruthy();
  });

  it('shows a read-only member the no-access page, not the form', async () => {
    const { fetchStub } = serve();
    vi.stubGlobal('fetch', fetchStub);
    renderWithRouter(<DistributorProductScreen />, {
      path: `/product-channel/${CHANNEL}/edit-product-distributor?product=${PRODUCT}&workspace_id=${WORKSPACE}`,
      pattern: '/product-channel/:id/edit-product-distributor',
      me: meWith({ 'product-channel': 'READ' }),
    });
    expect(await screen.findByText('Tidak ada akses')).toBeTruthy();
    expect(screen.queryByText('Simpan')).toBeNull();
  });

  it('lists the distributor channel products at /product-channel/:id as channel products', async () => {
    const list: ChannelProductList = {
      items: [
        {
          product_id: PRODUCT,
          name: 'Kaos Grosir',
          status: 'active',
          mapping: 'CONFIRMED',
          variant_count: 1,
          price_min: 48_000,
          price_max: 48_000,
          imported_at: '2026-11-01T00:00:00.000Z',
          skus: [],
        },
      ],
      counts: { all: 1, active: 1, inactive: 0 },
      total: 1,
      import: { status: 'NONE', reason: null, started_at: null, finished_at: null, imported: 0 },
    };
    const { fetchStub, calls } = stubFetch((_method, url) => {
      if (url.pathname === '/api/distributor-channels') return { body: CHANNELS };
      if (url.pathname === `/api/distributor-channels/${CHANNEL}/products`) return { body: list };
      return notFound;
    });
    vi.stubGlobal('fetch', fetchStub);
    renderWithRouter(<ChannelProductsScreen />, {
      path: `/product-channel/${CHANNEL}/product/synchronize?workspace_id=${WORKSPACE}`,
      pattern: '/product-channel/:id/product/synchronize',
      me: meWith({ 'product-channel': 'WRITE' }),
    });
    expect(await screen.findByText('Kaos Grosir')).toBeTruthy();
    expect(screen.getByText('Kanal Distributor — Produk Kanal Distributor')).toBeTruthy();
    expect(screen.getByText('Tambah produk distributor').closest('a')?.getAttribute('href')).toBe(
      `/product-channel/${CHANNEL}/create-product-distributor`,
    );
    expect(screen.getByText('Ubah').closest('a')?.getAttribute('href')).toContain(`edit-product-distributor?product=${PRODUCT}`);
    // A shop's calls are not made for the distributor channel.
    expect(calls.some((c) => c.url.pathname.startsWith('/api/channels/'))).toBe(false);
  });
});
