import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithRouter, stubFetch } from '../../../../test/render-with-router.tsx';
import {
  CATALOGS,
  choose,
  clickButton,
  JAKARTA,
  KAOS,
  KOPI,
  meWith,
  notFound,
  RECEIPT,
  WAREHOUSES,
  WORKSPACE,
} from '../../../../test/document-fixtures.ts';
import { GoodsReceiptCreateScreen } from './goods-receipt-create-screen.tsx';

type Answer = { status?: number; body: unknown };

function setup(onCreate: (body: unknown) => Answer, options: { access?: 'READ' | 'WRITE'; query?: string } = {}) {
  const { fetchStub, calls } = stubFetch((method, url, body) => {
    if (url.pathname === '/api/warehouses') return { body: WAREHOUSES };
    if (url.pathname === '/api/catalogs') return { body: CATALOGS };
    if (url.pathname === '/api/inventory/goods-receipts' && method === 'POST') return onCreate(body);
    return notFound;
  });
  vi.stubGlobal('fetch', fetchStub);
  const view = renderWithRouter(<GoodsReceiptCreateScreen />, {
    path: `/inventory/goods-receipt/create?workspace_id=${WORKSPACE}${options.query ?? ''}`,
    pattern: '/inventory/goods-receipt/create',
    me: meWith({ 'goods-receipt': options.access ?? 'WRITE' }),
    routes: [{ path: '/inventory/goods-receipt', element: <p>daftar penerimaan</p> }],
  });
  return { ...view, calls };
}

const quantity = (line: number) => screen.getByLabelText(`Kuantitas baris ${line}`);

/** Warehouse, supplier reference and two lines: KAOS-M × 24 and KOPI-250 × 6. */
async function fillTwoLines() {
  await choose('receipt-warehouse', 'Gudang Jakarta');
  fireEvent.change(screen.getByLabelText('Referensi Pemasok'), { target: { value: ' SJ-9001 ' } });
  await choose('line-0-sku', 'KAOS-M — Kaos Polos M');
  fireEvent.change(quantity(1), { target: { value: '24' } });
  clickButton('Tambah barang');
  await choose('line-1-sku', 'KOPI-250 — Kopi Arabika 250 g');
  fireEvent.change(quantity(2), { target: { value: '6' } });
}

const created = (body: unknown, status: 'DRAFT' | 'POSTED'): Answer => ({ status: 201, body: { ...RECEIPT, ...(body as object), status } });

describe('/inventory/goods-receipt/create', { timeout: 60_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('saves a draft with today, the warehouse, the reference and the lines, then opens the receipt', async () => {
    const { calls, router } = setup((body) => created(body, 'DRAFT'));
    await screen.findByText('Barang Diterima');
    // The number is the server's (GR-000001 …): the field only says so.
    expect((screen.getByLabelText('Nomor') as HTMLInputElement).disabled).toBe(true);
    await fillTwoLines();
    expect(within(screen.getByTestId('receipt-lines')).getAllByText('PCS')).toHaveLength(2);
    clickButton('Simpan draf');
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      date: dayjs().format('YYYY-MM-DD'),
      warehouse_id: JAKARTA.id,
      supplier_reference: 'SJ-9001',
      note: null,
      lines: [
        { catalog_id: KAOS.id, quantity: 24 },
        { catalog_id: KOPI.id, quantity: 6 },
      ],
      post: false,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/inventory/goods-receipt'));
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({ workspace_id: WORKSPACE, id: RECEIPT.id });
  });

  it('"Simpan & posting" asks first, then sends post: true', async () => {
    const { calls } = setup((body) => created(body, 'POSTED'));
    await screen.findByText('Barang Diterima');
    await fillTwoLines();
    fireEvent.click(screen.getByTestId('save-and-post'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Simpan dan posting penerimaan ini?');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    clickButton('Simpan & posting', dialog);
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({ post: true, lines: [{ quantity: 24 }, { quantity: 6 }] });
  });

  it('refuses a missing warehouse, a line without SKU and a quantity of 0 before sending', async () => {
    const { calls } = setup((body) => created(body, 'DRAFT'));
    await screen.findByText('Barang Diterima');
    fireEvent.change(quantity(1), { target: { value: '0' } });
    clickButton('Simpan draf');
    expect(await screen.findByText('Pilih SKU.')).toBeTruthy();
    expect(screen.getByText('Kuantitas harus bilangan bulat 1 sampai 1.000.000.')).toBeTruthy();
    expect(screen.getByText('Wajib diisi.')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it("puts the server's line errors on the matching line (lines.1.catalog_id, lines.0.quantity)", async () => {
    setup(() => ({
      status: 422,
      body: {
        code: 'CATALOG_IS_BUNDLE',
        message: 'bundle',
        details: {
          fields: [
            {
              path: 'lines.1.catalog_id',
              code: 'CATALOG_IS_BUNDLE',
              message: 'Produk bundling tidak memiliki stok sendiri; gunakan SKU komponennya.',
            },
            { path: 'lines.0.quantity', code: 'INVALID_VALUE', message: 'Pilihan tidak valid.' },
          ],
        },
      },
    }));
    await screen.findByText('Barang Diterima');
    await fillTwoLines();
    clickButton('Simpan draf');
    const rows = () => screen.getByTestId('receipt-lines').querySelectorAll('tbody tr.ant-table-row');
    await waitFor(() =>
      expect(
        within(rows()[1] as HTMLElement).getByText('Produk bundling tidak memiliki stok sendiri; gunakan SKU komponennya.'),
      ).toBeTruthy(),
    );
    expect(within(rows()[0] as HTMLElement).getByText('Pilihan tidak valid.')).toBeTruthy();
    expect(within(rows()[0] as HTMLElement).queryByText(/bundling/u)).toBeNull();
  });

  it('removes a line', async () => {
    setup((body) => created(body, 'DRAFT'));
    await screen.findByText('Barang Diterima');
    clickButton('Tambah barang');
    expect(screen.getByLabelText('Kuantitas baris 2')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Hapus baris 2'));
    await waitFor(() => expect(screen.queryByLabelText('Kuantitas baris 2')).toBeNull());
  });

  it('starts with the top bar warehouse', async () => {
    setup((body) => created(body, 'DRAFT'), { query: `&warehouse_id=${JAKARTA.id}` });
    await waitFor(() => expect(screen.getByTestId('receipt-warehouse').textContent).toContain('Gudang Jakarta'));
  });

  it('shows a 403 page instead of the form for a READ-only role', async () => {
    setup((body) => created(body, 'DRAFT'), { access: 'READ' });
    expect(await screen.findByText('Tidak ada akses')).toBeTruthy();
    expect(screen.queryByText('Barang Diterima')).toBeNull();
  });
});
