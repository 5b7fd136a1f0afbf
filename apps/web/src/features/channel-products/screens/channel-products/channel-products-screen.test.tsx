import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChannelProductList, ChannelPushList } from '@kelola/contracts/channel-products';
import { renderWithRouter, stubFetch } from '../../../../test/render-with-router.tsx';
import { clickButton, meWith, notFound, WORKSPACE } from '../../../../test/document-fixtures.ts';
import { ChannelProductsScreen } from './channel-products-screen.tsx';

const CHANNEL = '0193a000-0000-7000-8000-000000000001';
const CATALOG = '0193a000-0000-7000-8000-000000000002';

const list = (status: 'NONE' | 'ONPROGRESS' | 'SUCCESS'): ChannelProductList => ({
  items:
    status === 'NONE'
      ? []
      : [
          {
            product_id: 'P1',
            name: 'Kopi Gayo Arabika 250 g',
            status: 'active',
            mapping: 'CONFIRMED',
            variant_count: 1,
            price_min: 89_000,
            price_max: 89_000,
            imported_at: '2026-11-25T03:00:00.000Z',
            skus: [
              {
                sku_id: 'S1',
                seller_sku: 'KOPI-GAYO-250',
                price: 89_000,
                stock: 7,
                catalog_id: CATALOG,
                mapping: 'CONFIRMED',
                mapped_by: 'SKU',
              },
            ],
          },
          {
            product_id: 'P2',
            name: 'Kaos Polos',
            status: 'inactive',
            mapping: 'PART_CONFIRMED',
            variant_count: 2,
            price_min: 65_000,
            price_max: 68_000,
            imported_at: '2026-11-25T03:00:00.000Z',
            skus: [],
          },
        ],
  counts: { all: status === 'NONE' ? 0 : 2, active: status === 'NONE' ? 0 : 1, inactive: status === 'NONE' ? 0 : 1 },
  total: status === 'NONE' ? 0 : 2,
  import: { status, reason: null, started_at: null, finished_at: status === 'SUCCESS' ? '2026-11-25T03:00:00.000Z' : null, imported: 2 },
});

const PUSHES: ChannelPushList = {
  items: [
    {
      channel_id: CHANNEL,
      channel_name: 'Shopee Kelola Demo',
      marketplace: 'shopee',
      catalog_id: CATALOG,
      kind: 'STOCK',
      value: 7,
      explanation: 'Shopee Kelola Demo mendapat 7 = 10 tersedia × 70%, dibulatkan ke bawah, dikurangi buffer 0 (Gudang Jakarta)',
      pushed_at: '2026-11-25T03:01:00.000Z',
      pending: false,
      push_count: 1,
      reason: 'movement',
      error: null,
    },
  ],
};

function setup() {
  let state: 'NONE' | 'ONPROGRESS' | 'SUCCESS' = 'NONE';
  const { fetchStub, calls } = stubFetch((method, url) => {
    if (url.pathname === `/api/channels/${CHANNEL}`)
      return { body: { id: CHANNEL, name: 'Shopee Kelola Demo', marketplace: 'shopee', status: 'CONNECTED' } };
    if (url.pathname === `/api/channels/${CHANNEL}/products` && method === 'GET') {
      const answer = list(state);
      // The import runs while the screen polls, then ends.
      if (state === 'ONPROGRESS') state = 'SUCCESS';
      return { body: answer };
    }
    if (url.pathname === `/api/channels/${CHANNEL}/products/synchronize` && method === 'POST') {
      state = 'ONPROGRESS';
      return { body: list('ONPROGRESS').import };
    }
    if (url.pathname === `/api/channels/${CHANNEL}/pushes`) return { body: PUSHES };
    return notFound;
  });
  vi.stubGlobal('fetch', fetchStub);
  const pattern = '/product-channel/:id/product/synchronize';
  renderWithRouter(<ChannelProductsScreen />, {
    path: `/product-channel/${CHANNEL}/product/synchronize?workspace_id=${WORKSPACE}`,
    pattern,
    me: meWith({ product: 'WRITE' }),
  });
  return { calls };
}

describe('/product-channel/:id/product/synchronize', { timeout: 60_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('synchronizes, polls the import until it ends, and shows the counts, mapping state and pushed stock with its explanation', async () => {
    const { calls } = setup();
    expect(await screen.findByText('Shopee Kelola Demo (shopee)')).toBeTruthy();
    clickButton('Sinkronkan produk');
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url.pathname.endsWith('/products/synchronize'))).toBe(true));
    // Polled every 2 s while ONPROGRESS, until the list says SUCCESS.
    expect(await screen.findByText('Kopi Gayo Arabika 250 g', {}, { timeout: 10_000 })).toBeTruthy();
    await waitFor(() => expect(screen.getByText(/2 produk disinkronkan pada/u)).toBeTruthy(), { timeout: 10_000 });
    expect(screen.getAllByText('Terkonfirmasi').length).toBeGreaterThan(0);
    expect(screen.getByText('Sebagian terkonfirmasi')).toBeTruthy();
    expect(screen.getAllByText(/mendapat 7 = 10 tersedia × 70%/u).length).toBeGreaterThan(0);
    // The status filter asks the server for the active products only.
    const segment = [...document.querySelectorAll('.ant-segmented-item')].find((item) => item.textContent === 'Aktif');
    fireEvent.click(segment!.querySelector('input') ?? segment!);
    await waitFor(() =>
      expect(calls.some((c) => c.url.pathname.endsWith('/products') && c.url.searchParams.get('status') === 'active')).toBe(true),
    );
  });
});
