import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Store } from '@kelola/contracts/channel-shops';
import { clickButton, meWith, notFound, WORKSPACE } from '../../../../test/document-fixtures.ts';
import { renderWithRouter, stubFetch } from '../../../../test/render-with-router.tsx';
import { StoreListScreen } from './store-list-screen.tsx';

const SHOP: Store = {
  id: 'shop-1',
  marketplace: 'shopee',
  shop_id: '880001',
  name: 'Toko Kelola Shopee',
  region: 'ID',
  status: 'CONNECTED',
  business_id: null,
  access_token_expires_at: null,
  reconciled_until: null,
  created_at: '2026-11-25T00:00:00.000Z',
  main_warehouse_id: null,
  main_warehouse_name: null,
  arrange_shipment: 'pickup',
  auto_confirm: false,
  confirmed_at: '2026-11-25T00:00:00.000Z',
  status_reason: null,
  status_message: null,
  mapped_warehouses: 1,
};

describe('/store', { timeout: 30_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it("opens a shop's products at /store/:id/product/synchronize", async () => {
    const { fetchStub } = stubFetch((_method, url) => (url.pathname === '/api/stores' ? { body: { items: [SHOP] } } : notFound));
    vi.stubGlobal('fetch', fetchStub);
    const { router } = renderWithRouter(<StoreListScreen />, {
      path: `/store?workspace_id=${WORKSPACE}`,
      pattern: '/store',
      me: meWith({ 'store-list': 'READ' }),
      routes: [{ path: '/store/:id/product/synchronize', element: <p>produk toko</p> }],
    });
    await screen.findByText('Toko Kelola Shopee');
    clickButton('Produk');
    await waitFor(() => expect(router.state.location.pathname).toBe('/store/shop-1/product/synchronize'));
    expect(new URLSearchParams(router.state.location.search).get('workspace_id')).toBe(WORKSPACE);
  });
});
