import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithRouter, stubFetch } from '../../../../test/render-with-router.tsx';
import {
  CATALOGS,
  catalogStock,
  choose,
  JAKARTA,
  KAOS,
  meWith,
  notFound,
  WAREHOUSES,
  WORKSPACE,
} from '../../../../test/document-fixtures.ts';
import { ORDER } from '../sales/order-fixtures.ts';
import { ManualOrderCreateScreen } from './manual-order-create-screen.tsx';

function setup() {
  const { fetchStub, calls } = stubFetch((method, url) => {
    if (url.pathname === '/api/warehouses') return { body: WAREHOUSES };
    if (url.pathname === '/api/catalogs') return { body: CATALOGS };
    if (url.pathname === `/api/inventory/catalogs/${KAOS.id}`) return { body: catalogStock(KAOS, { [JAKARTA.id]: 12 }) };
    if (url.pathname === '/api/customers') return { body: { items: [], page: 1, size: 20, total_row: 0 } };
    if (url.pathname === '/api/manual-orders' && method === 'POST') return { status: 201, body: { ...ORDER, source: 'MANUAL' } };
    if (url.pathname === '/api/manual-orders/price-preview' && method === 'POST')
      return {
        body: {
          area_code: null,
          customer_type: 'RETAIL',
          order_date: '2026-11-24',
          items: [{ catalog_id: KAOS.id, unit_price: 140_000, source: 'FORMULA', area_code: null }],
        },
      };
    return notFound;
  });
  vi.stubGlobal('fetch', fetchStub);
  const view = renderWithRouter(<ManualOrderCreateScreen />, {
    path: `/manual-order/all/create?workspace_id=${WORKSPACE}`,
    pattern: '/manual-order/:id/create',
    me: meWith({ 'manual-order': 'WRITE' }),
    routes: [{ path: '/manual-order/:id', element: <p>daftar manual</p> }],
  });
  return { ...view, calls };
}

const type = (label: string, value: string, index = 0) => {
  const input = screen.getAllByLabelText(label)[index] as HTMLInputElement;
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
};

describe('/manual-order/:id/create', { timeout: 60_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('adds up lines, line and order discounts and shipping, shows the stock of the warehouse, and confirms', async () => {
    const { calls, router } = setup();
    await choose('warehouse', JAKARTA.name);
    await choose('line-sku-0', `${KAOS.sku} — ${KAOS.name}`);
    await waitFor(() => expect(screen.getByTestId('line-stock').textContent).toBe('12'));
    type('Jumlah', '2');
    type('Harga Satuan', '150000');
    type('Diskon', '10000');
    type('Ongkos kirim', '15000');
    type('Diskon pesanan', '20000');
    await waitFor(() => expect(screen.getByTestId('manual-total').textContent).toBe('Rp285.000'));
    expect(within(screen.getByTestId('manual-totals')).getByText('Rp290.000')).toBeTruthy();
    type('Nama pembeli', 'Toko Sinar Surabaya');
    fireEvent.click(screen.getByText('Konfirmasi'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/manual-order/all'));
    const body = calls.find((call) => call.url.pathname === '/api/manual-orders')?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      warehouse_id: JAKARTA.id,
      buyer_name: 'Toko Sinar Surabaya',
      lines: [{ catalog_id: KAOS.id, quantity: 2, unit_price: 150000, discount: 10000 }],
      discount: 20000,
      shipping_fee: 15000,
      payment_status: 'UNPAID',
      confirm: true,
    });
  });

  it('fills an empty price from the server (area, formula or base price), says which applied, and leaves it to the server', async () => {
    const { calls, router } = setup();
    await choose('warehouse', JAKARTA.name);
    await choose('line-sku-0', `${KAOS.sku} — ${KAOS.name}`);
    await waitFor(() => expect(screen.getByTestId('line-price-source').textContent).toBe('Harga formula: Rp140.000'));
    const preview = calls.find((call) => call.url.pathname === '/api/manual-orders/price-preview')?.body as Record<string, unknown>;
    expect(preview).toMatchObject({ customer_id: null, catalog_ids: [KAOS.id] });
    expect(preview.order_date).toMatch(/^\d{4}-\d{2}-\d{2}$/u);
    type('Jumlah', '2');
    await waitFor(() => expect(screen.getByTestId('manual-total').textContent).toBe('Rp280.000'));
    type('Nama pembeli', 'Toko Sinar Surabaya');
    fireEvent.click(screen.getByText('Simpan draf'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/manual-order/all'));
    const body = calls.find((call) => call.url.pathname === '/api/manual-orders')?.body as { lines: Record<string, unknown>[] };
    expect(body.lines[0]).toEqual({ catalog_id: KAOS.id, quantity: 2, discount: 0 });
  });

  it('says which fields are missing and sends nothing', async () => {
    const { calls } = setup();
    fireEvent.click(await screen.findByText('Simpan draf'));
    expect((await screen.findAllByText('Wajib diisi.')).length).toBeGreaterThan(0);
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });
});
