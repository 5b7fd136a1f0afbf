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

/** A saved manual draft: one KAOS line at a typed price, one at the server's price. */
const DRAFT = {
  ...ORDER,
  id: 'draft-1',
  order_number: 'SO/2026/11/000007',
  source: 'MANUAL' as const,
  status: 'DRAFT' as const,
  warehouse_id: JAKARTA.id,
  buyer_name: 'Toko Sinar Surabaya',
  courier_name: 'JNE',
  payment_status: 'UNPAID',
  voucher_code: 'MEMBERBARU',
  amounts: { ...ORDER.amounts, seller_discount: 5_000, voucher: 25_000, shipping_fee_buyer: 12_000 },
  lines: [
    {
      ...ORDER.lines[0]!,
      catalog_id: KAOS.id,
      sku: KAOS.sku,
      name: KAOS.name,
      unmapped: false,
      quantity: 2,
      unit_price: 150_000,
      price_source: 'INPUT',
    },
    {
      ...ORDER.lines[0]!,
      id: 'l-2',
      catalog_id: KAOS.id,
      sku: KAOS.sku,
      name: KAOS.name,
      unmapped: false,
      quantity: 1,
      unit_price: 140_000,
      price_source: 'AREA',
    },
  ],
};

function setup(search = '', refuseVoucher?: string, promotion = false) {
  const { fetchStub, calls } = stubFetch((method, url, body) => {
    if (url.pathname === '/api/warehouses') return { body: WAREHOUSES };
    if (refuseVoucher && url.pathname === '/api/manual-orders' && method === 'POST' && (body as { voucher_code?: string }).voucher_code)
      return {
        status: 422,
        body: {
          code: 'VOUCHER_NOT_USABLE',
          message: 'Voucher tidak dapat dipakai untuk transaksi ini.',
          details: { fields: [{ path: 'voucher_code', code: refuseVoucher, message: refuseVoucher }] },
        },
      };
    if (url.pathname === '/api/manual-orders/voucher-check' && method === 'POST') {
      const code = String((body as { voucher_code?: string }).voucher_code).toUpperCase();
      if (code === 'MEMBERBARU')
        return {
          body: {
            voucher_id: 'v-1',
            voucher_code: 'MEMBERBARU',
            name: 'Voucher Member Baru',
            type: 'DISCOUNT',
            goods: 280_000,
            discount: 25_000,
          },
        };
      if (code === 'TIDAKADA')
        return {
          status: 422,
          body: {
            code: 'VOUCHER_NOT_USABLE',
            message: 'Voucher tidak dapat dipakai untuk transaksi ini.',
            details: { fields: [{ path: 'voucher_code', code: 'VOUCHER_CODE_UNKNOWN', message: 'VOUCHER_CODE_UNKNOWN' }] },
          },
        };
    }
    // with `promotion`, a 10 % programme prices every line without a typed price (as the save would)
    if (promotion && url.pathname === '/api/manual-orders/quote' && method === 'POST') {
      const lines = (body as { lines: { catalog_id: string; unit_price?: number; discount: number }[] }).lines;
      return {
        body: {
          lines: lines.map((line) =>
            line.unit_price === undefined
              ? { catalog_id: line.catalog_id, unit_price: 126_000, discount: line.discount, price_source: 'PROMOTION' }
              : { catalog_id: line.catalog_id, unit_price: line.unit_price, discount: line.discount, price_source: 'INPUT' },
          ),
        },
      };
    }
    if (url.pathname === '/api/catalogs') return { body: CATALOGS };
    if (url.pathname === `/api/inventory/catalogs/${KAOS.id}`) return { body: catalogStock(KAOS, { [JAKARTA.id]: 12 }) };
    if (url.pathname === '/api/customers') return { body: { items: [], page: 1, size: 20, total_row: 0 } };
    if (url.pathname === '/api/manual-orders' && method === 'POST') return { status: 201, body: { ...ORDER, source: 'MANUAL' } };
    if (url.pathname === `/api/orders/${DRAFT.id}`) return { body: DRAFT };
    if (url.pathname === `/api/manual-orders/${DRAFT.id}` && method === 'PUT') return { body: DRAFT };
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
    path: `/manual-order/all/create?workspace_id=${WORKSPACE}${search}`,
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

  it('edits a saved draft: the form is filled from it, a typed price stays typed, and saving replaces it (PUT)', async () => {
    const { calls, router } = setup(`&edit=${DRAFT.id}`);
    expect(await screen.findByText(`Ubah Pesanan ${DRAFT.order_number}`)).toBeTruthy();
    await waitFor(() => expect((screen.getByLabelText('Nama pembeli') as HTMLInputElement).value).toBe('Toko Sinar Surabaya'));
    fireEvent.click(screen.getByText('Simpan draf'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/manual-order/all'));
    const put = calls.find((call) => call.method === 'PUT' && call.url.pathname === `/api/manual-orders/${DRAFT.id}`);
    expect(put?.body).toMatchObject({
      warehouse_id: JAKARTA.id,
      buyer_name: 'Toko Sinar Surabaya',
      courier_name: 'JNE',
      discount: 5_000,
      shipping_fee: 12_000,
      voucher_code: 'MEMBERBARU',
      confirm: false,
      lines: [
        { catalog_id: KAOS.id, quantity: 2, unit_price: 150_000, discount: 0 },
        { catalog_id: KAOS.id, quantity: 1, discount: 0 },
      ],
    });
    expect((put?.body as { lines: Record<string, unknown>[] }).lines[1]).not.toHaveProperty('unit_price');
    expect(calls.some((call) => call.method === 'POST' && call.url.pathname === '/api/manual-orders')).toBe(false);
  });

  it('sends the voucher code and shows a refused code translated on the voucher field (id and en)', async () => {
    const { calls, router } = setup('', 'VOUCHER_CODE_NOT_VALID');
    await choose('warehouse', JAKARTA.name);
    await choose('line-sku-0', `${KAOS.sku} — ${KAOS.name}`);
    type('Nama pembeli', 'Toko Sinar Surabaya');
    type('Kode voucher', ' gajian20 ');
    fireEvent.click(screen.getByText('Konfirmasi'));
    expect(await screen.findByText('Voucher belum aktif atau di luar masa berlakunya.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/manual-order/all/create');
    const body = calls.find((call) => call.url.pathname === '/api/manual-orders')?.body as Record<string, unknown>;
    expect(body.voucher_code).toBe('gajian20');
    const en = (await import('../../../../../../../packages/contracts/locales/en/validation.json')).default as Record<string, string>;
    expect(en.VOUCHER_CODE_NOT_VALID).toBe('The voucher is not active or is outside its usage period.');
  });

  it("shows a voucher's discount and the new total before saving, and a refused code on its field", async () => {
    const { calls } = setup();
    await choose('warehouse', JAKARTA.name);
    await choose('line-sku-0', `${KAOS.sku} — ${KAOS.name}`);
    type('Jumlah', '2');
    type('Ongkos kirim', '15000');
    await waitFor(() => expect(screen.getByTestId('manual-total').textContent).toBe('Rp295.000'));
    type('Kode voucher', 'memberbaru');
    await waitFor(() => expect(screen.getByTestId('manual-voucher').textContent).toBe('-Rp25.000'), { timeout: 5_000 });
    expect(screen.getByTestId('manual-total').textContent).toBe('Rp270.000');
    expect(screen.getByTestId('voucher-applied').textContent).toBe('Voucher MEMBERBARU: potongan Rp25.000');
    const check = calls.find((call) => call.url.pathname === '/api/manual-orders/voucher-check')?.body as Record<string, unknown>;
    expect(check).toMatchObject({
      voucher_code: 'memberbaru',
      order_id: null,
      lines: [{ catalog_id: KAOS.id, quantity: 2, discount: 0 }],
      discount: 0,
      shipping_fee: 15000,
    });
    type('Kode voucher', 'TIDAKADA');
    expect(await screen.findByText('Kode voucher tidak ditemukan.', undefined, { timeout: 5_000 })).toBeTruthy();
    expect(screen.queryByTestId('manual-voucher')).toBeNull();
    expect(screen.getByTestId('manual-total').textContent).toBe('Rp295.000');
    // nothing was saved by checking
    expect(calls.some((call) => call.url.pathname === '/api/manual-orders')).toBe(false);
  });

  it("shows a discount programme's price and total before saving, as the save will price the line", async () => {
    const { calls } = setup('', undefined, true);
    await choose('warehouse', JAKARTA.name);
    await choose('line-sku-0', `${KAOS.sku} — ${KAOS.name}`);
    type('Jumlah', '2');
    await waitFor(() => expect(screen.getByTestId('line-price-source').textContent).toBe('Harga promo: Rp126.000'), { timeout: 5_000 });
    expect(screen.getByTestId('manual-total').textContent).toBe('Rp252.000');
    // the price shown may come from the quote asked when the line was chosen (quantity 1, the same unit price); the
    // form asks again for the lines as they are now, after its pause
    await waitFor(
      () => {
        const quote = calls.filter((call) => call.url.pathname === '/api/manual-orders/quote').at(-1)?.body;
        expect(quote).toMatchObject({ order_id: null, lines: [{ catalog_id: KAOS.id, quantity: 2, discount: 0 }] });
      },
      { timeout: 5_000 },
    );
    // a typed price is the merchant's: no programme, and the total follows it
    type('Harga Satuan', '150000');
    await waitFor(() => expect(screen.getByTestId('manual-total').textContent).toBe('Rp300.000'), { timeout: 5_000 });
    expect(screen.queryByText(/Harga promo/u)).toBeNull();
  });

  it('says which fields are missing and sends nothing', async () => {
    const { calls } = setup();
    fireEvent.click(await screen.findByText('Simpan draf'));
    expect((await screen.findAllByText('Wajib diisi.')).length).toBeGreaterThan(0);
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });
});
