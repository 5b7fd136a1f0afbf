import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithRouter, stubFetch } from '../../../../test/render-with-router.tsx';
import {
  ADJUSTMENT_ID,
  JAKARTA_ID,
  KAOS_M,
  MOVEMENTS,
  NOT_FOUND,
  RECEIPT_ID,
  RECEIPT_MOVEMENT,
  WAREHOUSES,
  WORKSPACE,
  meWith,
} from '../inventory-list/stock-fixtures.ts';
import { StockMovementScreen } from './stock-movement-screen.tsx';

type Answer = { status?: number; body: unknown };

function setup(path = `/inventory/stock-movement?workspace_id=${WORKSPACE}`, movements: () => Answer = () => ({ body: MOVEMENTS })) {
  const { fetchStub, calls } = stubFetch((_method, url) => {
    if (url.pathname === '/api/inventory/movements') return movements();
    if (url.pathname === '/api/warehouses') return { body: WAREHOUSES };
    return NOT_FOUND;
  });
  vi.stubGlobal('fetch', fetchStub);
  const view = renderWithRouter(<StockMovementScreen />, {
    path,
    pattern: '/inventory/stock-movement',
    me: meWith({ 'stock-movement': 'READ', warehouse: 'READ' }),
    routes: [
      { path: '/inventory/detail-stock-movement/:id', element: <p>movement detail</p> },
      { path: '/inventory/goods-receipt', element: <p>goods receipt</p> },
      { path: '/inventory/stock-adjustment/create', element: <p>adjustment</p> },
    ],
  });
  return { ...view, calls };
}

const movementCalls = (calls: { url: URL }[]) =>
  calls.filter((call) => call.url.pathname === '/api/inventory/movements').map((call) => Object.fromEntries(call.url.searchParams));
const search = (router: { state: { location: { search: string } } }) => new URLSearchParams(router.state.location.search);

describe('/inventory/stock-movement', { timeout: 30_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the ledger: type, SKU, signed quantity, before → after, reference and who', async () => {
    setup();
    expect(await screen.findByText('GR-000001')).toBeTruthy();
    for (const header of [
      'Tanggal & Waktu',
      'Tipe',
      'SKU',
      'Nama Produk',
      'Gudang',
      'Jumlah',
      'On Hand (Sebelum → Sesudah)',
      'Dalam Pesanan (Sebelum → Sesudah)',
      'Referensi',
      'Oleh',
    ]) {
      expect(screen.getAllByText(header).length).toBeGreaterThan(0);
    }
    const rows = screen.getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByText('Penerimaan Barang', { selector: '.ant-tag' })).toBeTruthy();
    expect(within(rows[0]!).getByText('+100')).toBeTruthy();
    expect(rows[0]!.textContent).toContain('1.400 → 1.500');
    expect(within(rows[0]!).getByText('Demo Kelola (Anda)')).toBeTruthy();
    expect(within(rows[1]!).getByText('-5')).toBeTruthy();
    expect(within(rows[1]!).getByText('Budi Santoso')).toBeTruthy();
    expect(within(rows[2]!).getByText('Pengiriman')).toBeTruthy();
    expect(within(rows[2]!).getByText('-2')).toBeTruthy();
    expect(rows[2]!.textContent).toContain('22 → 20');
    expect(within(rows[2]!).getByText('Sistem')).toBeTruthy();
    // An order reference has no document screen here: plain text.
    expect(within(rows[2]!).getByText('SO-123').closest('a')).toBeNull();
    expect(screen.getByText('Menampilkan 1-3 dari 3 data')).toBeTruthy();
  });

  it('asks newest first, page 1 size 10, with the top bar warehouse and the URL filters', async () => {
    const first = setup(`/inventory/stock-movement?workspace_id=${WORKSPACE}&warehouse_id=${JAKARTA_ID}`);
    await screen.findByText('GR-000001');
    expect(movementCalls(first.calls)[0]).toEqual({ page: '1', size: '10', sort: '-at', warehouse_id: JAKARTA_ID });
    first.unmount();
    const second = setup(`/inventory/stock-movement?workspace_id=${WORKSPACE}&type=SHIP&catalog_id=${KAOS_M}&reference_id=SO-123&sort=at`);
    await screen.findByText('GR-000001');
    expect(movementCalls(second.calls)[0]).toEqual({
      page: '1',
      size: '10',
      sort: 'at',
      type: 'SHIP',
      catalog_id: KAOS_M,
      reference_id: 'SO-123',
    });
    // The SKU filter names the SKU its rows show.
    expect(screen.getByTestId('sku-picker').textContent).toContain('KAOS-M — Kaos Polos M');
  });

  it('searches by reference and filters by type through the URL', async () => {
    const { router, calls } = setup();
    await screen.findByText('GR-000001');
    const box = screen.getByPlaceholderText('Cari nomor referensi');
    fireEvent.change(box, { target: { value: 'GR-000001' } });
    fireEvent.keyDown(box, { key: 'Enter', keyCode: 13 });
    await waitFor(() => expect(search(router).get('reference_id')).toBe('GR-000001'));
    fireEvent.mouseDown(screen.getByTestId('filter-type').querySelector('.ant-select-selector') ?? screen.getByTestId('filter-type'));
    const option = await waitFor(() => {
      const found = [...document.querySelectorAll('.ant-select-item-option')].find(
        (element) => element.getAttribute('title') === 'Penyesuaian Stok',
      );
      if (!found) throw new Error('no option');
      return found;
    });
    fireEvent.click(option);
    await waitFor(() => expect(search(router).get('type')).toBe('ADJUSTMENT'));
    await waitFor(() => expect(movementCalls(calls).some((q) => q.type === 'ADJUSTMENT' && q.reference_id === 'GR-000001')).toBe(true));
  });

  it('links a row to its detail and its reference to the document screen, keeping the workspace query', async () => {
    const { router } = setup();
    fireEvent.click(await screen.findByLabelText('Buka dokumen GR-000001'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/inventory/goods-receipt'));
    expect(search(router).get('id')).toBe(RECEIPT_ID);
    expect(search(router).get('workspace_id')).toBe(WORKSPACE);
    await router.navigate(`/inventory/stock-movement?workspace_id=${WORKSPACE}`);
    fireEvent.click(await screen.findByLabelText('Buka dokumen ADJ-000001'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/inventory/stock-adjustment/create'));
    expect(search(router).get('id')).toBe(ADJUSTMENT_ID);
    await router.navigate(`/inventory/stock-movement?workspace_id=${WORKSPACE}`);
    await screen.findByText('GR-000001');
    fireEvent.click(screen.getAllByText('Detail')[0]!);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/inventory/detail-stock-movement/${RECEIPT_MOVEMENT.id}`));
  });

  it('says so when there are no movements, and when the ledger fails to load', async () => {
    const empty = setup(undefined, () => ({ body: { items: [], page: 1, size: 10, total_row: 0 } }));
    expect(await screen.findByText('Belum ada pergerakan stok')).toBeTruthy();
    empty.unmount();
    setup(undefined, () => ({ status: 403, body: { code: 'FORBIDDEN', message: 'no' } }));
    expect(await screen.findByText('Gagal memuat data')).toBeTruthy();
  });
});
