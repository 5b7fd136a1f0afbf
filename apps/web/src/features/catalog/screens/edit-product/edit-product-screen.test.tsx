import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Product } from '@kelola/contracts/catalog';
import type { Publication } from '@kelola/contracts/channel-publish';
import { ME } from '../../../../test/fixtures.ts';
import { renderWithRouter, stubFetch } from '../../../../test/render-with-router.tsx';
import { BRANDS, TREE, WORKSPACE } from '../../test/catalog-fixtures.ts';
import { EditProductScreen } from './edit-product-screen.tsx';

const ID = '01a20053-6220-743f-9efd-e20c8657b702';
const YOUTUBE = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';

const BUNDLE: Product = {
  id: ID,
  product_id: ID,
  type: 'BUNDLING',
  name: 'Paket Kaos Hemat',
  slug: 'paket-kaos-hemat',
  category_id: null,
  category_path: [],
  brand_id: null,
  brand_name: null,
  condition: 'NEW',
  specification: null,
  description: null,
  short_description: null,
  video_url: YOUTUBE,
  video: null,
  base_unit: 'PCS',
  units: [],
  gift_size: null,
  weight: 0,
  width: 0,
  height: 0,
  length: 0,
  factory_sku: null,
  barcode: null,
  wholesale_prices: [],
  is_import: false,
  origin: null,
  vat_mode: 'NONE',
  status: 'ACTIVE',
  is_valid: true,
  variant_tiers: [],
  catalogs: [
    {
      id: 'c-1',
      catalog_id: 'c-1',
      product_id: ID,
      sku: 'PKT-01',
      cost_price: null,
      name: 'Paket Kaos Hemat',
      options: [],
      price: 99_000,
      barcode: null,
      weight: 0,
      position: 0,
    },
  ],
  images: [],
  bundle: {
    components: [{ catalog_id: 'c-2', product_id: 'p-2', sku: 'KAOS-HM', name: 'Kaos Hitam M', price: 59_000, quantity: 2 }],
    price_formula_id: null,
    available: 4,
    limiting_catalog_id: 'c-2',
  },
  availability: {
    quantity: 4,
    limiting_catalog_id: 'c-2',
    limiting_sku: 'KAOS-HM',
    per_warehouse: [
      { warehouse_id: 'wh-1', warehouse_name: 'Gudang Jakarta', quantity: 4, limiting_catalog_id: 'c-2', limiting_sku: 'KAOS-HM' },
      { warehouse_id: 'wh-2', warehouse_name: 'Gudang Bandung', quantity: 0, limiting_catalog_id: 'c-2', limiting_sku: 'KAOS-HM' },
    ],
  },
  price: { currency: 'IDR', min: 99_000, max: 99_000 },
  variant_count: 0,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-02T00:00:00Z',
};

const VIDEO = { format: 'mp4' as const, content_type: 'video/mp4', size: 2 * 1024 * 1024, url: `/api/products/${ID}/video?v=1` };

const publication = (over: Partial<Publication>): Publication => ({
  id: 'pub-1',
  batch_id: 'batch-1',
  product_id: ID,
  product_name: 'Paket Kaos Hemat',
  channel_id: 'ch-shopee',
  channel_name: 'Toko Kaos Shopee',
  target: 'shopee',
  mode: 'CREATE',
  status: 'FINISHED',
  channel_product_id: '800123',
  errors: [],
  attempts: 1,
  draft: null,
  mapped_skus: 1,
  updated_at: '2026-01-03T00:00:00Z',
  finished_at: '2026-01-03T00:00:00Z',
  ...over,
});

// Newest first, as the server answers: the Shopee shop's failed retry is older than its success.
const PUBLICATIONS: Publication[] = [
  publication({
    id: 'pub-3',
    channel_id: 'ch-tiktok',
    channel_name: 'Toko Kaos TikTok',
    target: 'tokopedia',
    status: 'FAILED',
    errors: ['Toko belum diverifikasi'],
  }),
  publication({ id: 'pub-2' }),
  publication({ id: 'pub-1', status: 'FAILED', errors: ['Gambar tidak dapat diproses'] }),
];

/** XMLHttpRequest stand-in: the test answers the upload. */
class FakeXhr {
  static last: FakeXhr | null = null;
  status = 0;
  statusText = '';
  responseText = '';
  withCredentials = false;
  upload = { onprogress: null };
  onload: (() => void) | null = null;
  onerror = null;
  onabort = null;
  open() {}
  setRequestHeader() {}
  send() {
    FakeXhr.last = this;
  }
  abort() {}
}

function setup() {
  let product: Product = BUNDLE;
  const { fetchStub, calls } = stubFetch((method, url, body) => {
    if (url.pathname === `/api/products/${ID}` && method === 'GET') return { body: product };
    if (url.pathname === `/api/products/${ID}` && method === 'PUT') return { body: { ...product, ...(body as object) } };
    if (url.pathname === `/api/products/${ID}/publications`) return { body: { items: PUBLICATIONS } };
    if (url.pathname === '/api/categories') return { body: TREE };
    if (url.pathname === '/api/brands') return { body: BRANDS };
    if (url.pathname === '/api/price-formulas') return { body: { items: [] } };
    return { status: 404, body: { code: 'NOT_FOUND', message: 'no' } };
  });
  vi.stubGlobal('fetch', fetchStub);
  renderWithRouter(<EditProductScreen />, {
    path: `/product/edit?workspace_id=${WORKSPACE}&id=${ID}`,
    pattern: '/product/edit',
    me: { ...ME, permissions: { product: 'WRITE' } },
    routes: [{ path: '/product', element: <p>daftar produk</p> }],
  });
  return { calls, setProduct: (next: Product) => (product = next) };
}

describe('/product/edit', { timeout: 30_000 }, () => {
  beforeEach(() => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:video'), revokeObjectURL: vi.fn() }));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows how many bundles the stock can build and the SKU that limits it, in total and per warehouse', async () => {
    setup();
    const note = await screen.findByTestId('bundle-availability');
    expect(note.textContent).toContain('Tersedia 4 — dibatasi oleh SKU KAOS-HM');
    expect(note.textContent).toContain('Gudang Jakarta: Tersedia 4 — dibatasi oleh SKU KAOS-HM');
    expect(note.textContent).toContain('Gudang Bandung: Tersedia 0 — dibatasi oleh SKU KAOS-HM');
  });

  it('lists under "Dipublikasikan ke" each shop the product was published to, with its latest status', async () => {
    setup();
    expect(await screen.findByText('Dipublikasikan ke')).toBeTruthy();
    const list = await screen.findByTestId('product-publications');
    await waitFor(() => expect(list.textContent).toContain('Toko Kaos Shopee'));
    const rows = [...list.querySelectorAll('.ant-list-item')].map((row) => row.textContent);
    expect(rows).toEqual(['Toko Kaos TikTokTokopediaGagalToko belum diverifikasi', 'Toko Kaos ShopeeShopeeBerhasil']);
  });

  it('an uploaded file replaces the YouTube link in the form, which then stays off and is sent empty', async () => {
    const { calls, setProduct } = setup();
    const link = (await screen.findByLabelText('URL Video YouTube')) as HTMLInputElement;
    await waitFor(() => expect(link.value).toBe(YOUTUBE));
    expect(link.disabled).toBe(false);

    const input = screen.getByTestId('product-video').querySelector('input[type="file"]') as HTMLInputElement;
    const file = new File(['....'], 'promo.mp4', { type: 'video/mp4' });
    fireEvent.change(input, { target: { files: [file] } });
    await waitFor(() => expect(FakeXhr.last).not.toBeNull());
    // The server stored it and dropped the link: the product read again says so.
    setProduct({ ...BUNDLE, video_url: null, video: VIDEO });
    act(() => {
      FakeXhr.last!.status = 200;
      FakeXhr.last!.responseText = JSON.stringify(VIDEO);
      FakeXhr.last!.onload?.();
    });
    await waitFor(() => expect(link.value).toBe(''));
    await waitFor(() => expect(link.disabled).toBe(true));
    expect(screen.getByText('Produk memakai video unggahan. Hapus video tersebut untuk memakai tautan YouTube.')).toBeTruthy();

    fireEvent.click(screen.getByText('Simpan'));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    expect((calls.find((call) => call.method === 'PUT')!.body as { video_url: unknown }).video_url).toBeNull();
  });
});
