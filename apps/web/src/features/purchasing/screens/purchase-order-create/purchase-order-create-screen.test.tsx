import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../../lib/i18n.ts';
import {
  CATALOGS,
  choose,
  clickButton,
  JAKARTA,
  KAOS,
  KOPI,
  meWith,
  notFound,
  WAREHOUSES,
  WORKSPACE,
} from '../../../../test/document-fixtures.ts';
import { renderWithRouter, stubFetch } from '../../../../test/render-with-router.tsx';
import { PO, SUMBER, SUPPLIERS } from '../../test/purchasing-fixtures.ts';
import { PurchaseOrderCreateScreen } from './purchase-order-create-screen.tsx';

type Answer = { status?: number; body: unknown };

function setup(onCreate: (body: unknown) => Answer, options: { access?: 'READ' | 'WRITE'; query?: string } = {}) {
  const { fetchStub, calls } = stubFetch((method, url, body) => {
    if (url.pathname === '/api/suppliers') return { body: SUPPLIERS };
    if (url.pathname === '/api/warehouses') return { body: WAREHOUSES };
    if (url.pathname === '/api/catalogs') return { body: CATALOGS };
    if (url.pathname === '/api/purchase-orders' && method === 'POST') return onCreate(body);
    return notFound;
  });
  vi.stubGlobal('fetch', fetchStub);
  const view = renderWithRouter(<PurchaseOrderCreateScreen />, {
    path: `/purchase-order/create?workspace_id=${WORKSPACE}${options.query ?? ''}`,
    pattern: '/purchase-order/create',
    me: meWith({ 'purchase-order': options.access ?? 'WRITE', supplier: 'READ' }),
    routes: [
      { path: '/purchase-order/list', element: <p>daftar pesanan pembelian</p> },
      { path: '/supplier/list', element: <p>daftar pemasok</p> },
    ],
  });
  return { ...view, calls };
}

const posts = (calls: { method: string; body: unknown }[]) => calls.filter((call) => call.method === 'POST');
const rows = () => screen.getByTestId('po-lines-form').querySelectorAll('tbody tr.ant-table-row');
const fieldItem = (element: HTMLElement) => element.closest('.ant-form-item') as HTMLElement;

/** Supplier, warehouse, notes and two lines: KAOS-M 24 × Rp30.000 and KOPI-250 6 × Rp45.000. */
async function fillOrder() {
  await choose('po-supplier', SUMBER.name);
  await choose('po-warehouse', JAKARTA.name);
  fireEvent.change(screen.getByLabelText('Catatan'), { target: { value: ' Kirim pagi ' } });
  await choose('line-0-sku', 'KAOS-M — Kaos Polos M');
  fireEvent.change(screen.getByLabelText('Kuantitas baris 1'), { target: { value: '24' } });
  fireEvent.change(screen.getByLabelText('Harga satuan baris 1'), { target: { value: '30000' } });
  clickButton('Tambah barang');
  await choose('line-1-sku', 'KOPI-250 — Kopi Arabika 250 g');
  fireEvent.change(screen.getByLabelText('Kuantitas baris 2'), { target: { value: '6' } });
  fireEvent.change(screen.getByLabelText('Harga satuan baris 2'), { target: { value: '45000' } });
}

describe('/purchase-order/create', { timeout: 60_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends the order with today, the lines and their costs, then opens it in the list', async () => {
    const { calls, router } = setup(() => ({ status: 201, body: PO }));
    await screen.findByText('Buat Pesanan Pembelian');
    await fillOrder();
    await waitFor(() => expect(screen.getByTestId('po-form-total').textContent).toContain('Rp990.000'));
    clickButton('Simpan');
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]?.body).toEqual({
      supplier_id: SUMBER.id,
      warehouse_id: JAKARTA.id,
      order_date: dayjs().format('YYYY-MM-DD'),
      expected_date: null,
      notes: 'Kirim pagi',
      lines: [
        { catalog_id: KAOS.id, quantity: 24, unit_cost: 30_000 },
        { catalog_id: KOPI.id, quantity: 6, unit_cost: 45_000 },
      ],
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/purchase-order/list'));
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({ workspace_id: WORKSPACE, id: PO.id });
  });

  it("puts the server's field errors on their fields: a duplicate line and an expected date before the order", async () => {
    setup(() => ({
      status: 400,
      body: {
        code: 'VALIDATION_FAILED',
        message: 'invalid',
        details: {
          fields: [
            { path: 'lines.0.catalog_id', code: 'DUPLICATE_LINE', message: 'duplicate (server)' },
            { path: 'expected_date', code: 'EXPECTED_BEFORE_ORDER', message: 'before (server)' },
          ],
        },
      },
    }));
    await screen.findByText('Buat Pesanan Pembelian');
    await fillOrder();
    clickButton('Simpan');
    const duplicate = i18n.t('validation:DUPLICATE_LINE', { lng: 'id', defaultValue: 'duplicate (server)' });
    await waitFor(() => expect(within(rows()[0] as HTMLElement).getByText(duplicate)).toBeTruthy());
    expect(within(rows()[1] as HTMLElement).queryByText(duplicate)).toBeNull();
    const before = i18n.t('validation:EXPECTED_BEFORE_ORDER', { lng: 'id', defaultValue: 'before (server)' });
    expect(within(fieldItem(screen.getByLabelText('Perkiraan Tiba'))).getByText(before)).toBeTruthy();
  });

  it('refuses a missing supplier, warehouse, SKU and cost and a quantity of 0 before sending', async () => {
    const { calls } = setup(() => ({ status: 201, body: PO }));
    await screen.findByText('Buat Pesanan Pembelian');
    fireEvent.change(screen.getByLabelText('Kuantitas baris 1'), { target: { value: '0' } });
    clickButton('Simpan');
    expect(await screen.findByText('Pilih SKU.')).toBeTruthy();
    expect(screen.getByText('Kuantitas harus bilangan bulat 1 sampai 1.000.000.')).toBeTruthy();
    expect(within(fieldItem(screen.getByLabelText('Pemasok'))).getByText('Wajib diisi.')).toBeTruthy();
    expect(within(fieldItem(screen.getByLabelText('Gudang Tujuan'))).getByText('Wajib diisi.')).toBeTruthy();
    expect(within(fieldItem(screen.getByLabelText('Harga satuan baris 1'))).getByText('Wajib diisi.')).toBeTruthy();
    expect(posts(calls)).toEqual([]);
  });

  it('starts with the top bar warehouse and links to the suppliers to add one', async () => {
    setup(() => ({ status: 201, body: PO }), { query: `&warehouse_id=${JAKARTA.id}` });
    await waitFor(() => expect(screen.getByTestId('po-warehouse').textContent).toContain('Gudang Jakarta'));
    const link = screen.getByText('Tambah pemasok baru').closest('a') as HTMLAnchorElement;
    expect(link.getAttribute('href')).toBe(`/supplier/list?workspace_id=${WORKSPACE}&warehouse_id=${JAKARTA.id}`);
  });

  it('shows a 403 page instead of the form for a READ-only role', async () => {
    setup(() => ({ status: 201, body: PO }), { access: 'READ' });
    expect(await screen.findByText('Tidak ada akses')).toBeTruthy();
    expect(screen.queryByText('Buat Pesanan Pembelian')).toBeNull();
  });
});
