import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithRouter, stubFetch } from '../../../../test/render-with-router.tsx';
import { meWith, WORKSPACE } from '../../test/pricing-fixtures.ts';
import { PriceAreaScreen } from './price-area-screen.tsx';

const PRODUCT_ID = '01a20083-ee37-70ff-919a-292dfa860067';
const SKU_250 = {
  id: 'c-250',
  catalog_id: 'c-250',
  product_id: PRODUCT_ID,
  sku: 'KSGA-250',
  name: 'Kopi Susu 250ml',
  options: ['250ml'],
  price: 18000,
  barcode: null,
  weight: 250,
  position: 0,
};
const SKU_1L = {
  ...SKU_250,
  id: 'c-1l',
  catalog_id: 'c-1l',
  sku: 'KSGA-1L',
  name: 'Kopi Susu 1L',
  options: ['1L'],
  price: 65000,
  position: 1,
};
const AREA_PRICE = {
  id: 'ap-1',
  catalog_id: 'c-1l',
  area_code: '32.73',
  area_level: 'city',
  area_name: 'Kota Bandung',
  customer_type: 'RESELLER',
  price: 60000,
  effective_from: '2026-01-01',
  effective_until: null,
  created_at: '2026-11-21T22:56:34.137Z',
  updated_at: '2026-11-21T22:56:34.137Z',
};

function setup(onPut: () => { status?: number; body: unknown }) {
  const { fetchStub, calls } = stubFetch((method, url) => {
    if (url.pathname === `/api/products/${PRODUCT_ID}`)
      return { body: { id: PRODUCT_ID, name: 'Kopi Susu Gula Aren', catalogs: [SKU_250, SKU_1L] } };
    if (url.pathname === '/api/catalogs/c-1l/area-prices') return { body: { items: [AREA_PRICE] } };
    if (url.pathname.startsWith('/api/catalogs/')) return { body: { items: [] } };
    if (url.pathname === '/api/areas') return { body: { items: [] } };
    if (method === 'PUT') return onPut();
    return { status: 404, body: { code: 'NOT_FOUND', message: 'no' } };
  });
  vi.stubGlobal('fetch', fetchStub);
  const pattern = '/product-channel/:id/price-area';
  return {
    ...renderWithRouter(<PriceAreaScreen />, {
      path: `/product-channel/${PRODUCT_ID}/price-area?workspace_id=${WORKSPACE}&catalog_id=c-1l`,
      pattern,
      me: meWith('WRITE'),
    }),
    calls,
  };
}

describe('/product-channel/:id/price-area', { timeout: 30_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it("lists the chosen SKU's area prices with area, customer type, price and dates", async () => {
    setup(() => ({ body: AREA_PRICE }));
    expect(await screen.findByText('Kota Bandung')).toBeTruthy();
    expect(screen.getByText('RESELLER')).toBeTruthy();
    expect(screen.getByText('Rp60.000')).toBeTruthy();
    expect(screen.getByText('01/01/2026 – seterusnya')).toBeTruthy();
    expect(screen.getByText('Rp65.000')).toBeTruthy();
  });

  it('shows an overlap (409 AREA_PRICE_OVERLAP) in Indonesian on the dates', async () => {
    const { calls } = setup(() => ({ status: 409, body: { code: 'AREA_PRICE_OVERLAP', message: 'overlap' } }));
    await screen.findByText('Kota Bandung');
    fireEvent.click(screen.getByText('Ubah').closest('button') as HTMLButtonElement);
    const dialog = within(await screen.findByRole('dialog'));
    fireEvent.click(dialog.getByText('Simpan').closest('button') as HTMLButtonElement);
    expect(await dialog.findByText('Sudah ada harga lain untuk SKU, area dan tipe pelanggan ini pada tanggal yang sama.')).toBeTruthy();
    expect(await dialog.findByText('Tanggal ini bertabrakan dengan harga lain untuk area dan tipe pelanggan yang sama.')).toBeTruthy();
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
        area_code: '32.73',
        customer_type: 'RESELLER',
        price: 60000,
        effective_from: '2026-01-01',
        effective_until: null,
      }),
    );
  });
});
