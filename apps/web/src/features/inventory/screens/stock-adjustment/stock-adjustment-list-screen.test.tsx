import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithRouter, stubFetch } from '../../../../test/render-with-router.tsx';
import {
  ADJUSTMENT,
  BANDUNG,
  CATALOGS,
  choose,
  JAKARTA,
  KAOS,
  meWith,
  notFound,
  page,
  POSTED_ADJUSTMENT,
  WAREHOUSES,
  WORKSPACE,
} from '../../../../test/document-fixtures.ts';
import { StockAdjustmentListScreen } from './stock-adjustment-list-screen.tsx';

const { items: _items, ...DRAFT_ROW } = ADJUSTMENT;
const { items: _posted, ...POSTED_ROW } = POSTED_ADJUSTMENT;

function setup(options: { access?: 'READ' | 'WRITE'; query?: string; rows?: unknown[] } = {}) {
  const { fetchStub, calls } = stubFetch((method, url) => {
    if (url.pathname === '/api/warehouses') return { body: WAREHOUSES };
    if (url.pathname === '/api/catalogs') return { body: CATALOGS };
    if (url.pathname === '/api/inventory/adjustments' && method === 'GET') return { body: page(options.rows ?? [DRAFT_ROW, POSTED_ROW]) };
    return notFound;
  });
  vi.stubGlobal('fetch', fetchStub);
  const view = renderWithRouter(<StockAdjustmentListScreen />, {
    path: `/inventory/stock-adjustment?workspace_id=${WORKSPACE}${options.query ?? ''}`,
    pattern: '/inventory/stock-adjustment',
    me: meWith({ 'stock-adjustment': options.access ?? 'WRITE' }),
    routes: [{ path: '/inventory/stock-adjustment/create', element: <p>form penyesuaian</p> }],
  });
  return { ...view, calls };
}

const lastListQuery = (calls: { method: string; url: URL }[]) =>
  Object.fromEntries([...calls].reverse().find((call) => call.url.pathname === '/api/inventory/adjustments')?.url.searchParams ?? []);

describe('/inventory/stock-adjustment', { timeout: 60_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists number, date, type, warehouse, note and status', async () => {
    setup();
    const row = (await screen.findByText('ADJ-000001')).closest('tr') as HTMLElement;
    for (const header of ['Nomor', 'Tanggal', 'Tipe', 'Gudang', 'Catatan', 'Status'])
      expect(screen.getAllByText(header).length).toBeGreaterThan(0);
    expect(within(row).getByText('Barang Rusak')).toBeTruthy();
    expect(within(row).getByText('Gudang Jakarta')).toBeTruthy();
    expect(within(row).getByText('Kardus basah')).toBeTruthy();
    expect(within(row).getByText('Draf')).toBeTruthy();
    expect(within(row).getByText('Ubah')).toBeTruthy();
    const posted = screen.getByText('ADJ-000002').closest('tr') as HTMLElement;
    expect(within(posted).getByText('Stok Opname')).toBeTruthy();
    expect(within(posted).getByText('Lihat')).toBeTruthy();
  });

  it('opens an adjustment from its row', async () => {
    const { router } = setup();
    fireEvent.click(await screen.findByText('ADJ-000001'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/inventory/stock-adjustment/create'));
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({ workspace_id: WORKSPACE, id: ADJUSTMENT.id });
  });

  it('filters by warehouse, type and SKU through the URL, starting from the top bar warehouse', async () => {
    const { calls, router } = setup({ query: `&warehouse_id=${JAKARTA.id}` });
    await screen.findByText('ADJ-000001');
    expect(lastListQuery(calls)).toEqual({ page: '1', size: '10', sort: '-date', warehouse_id: JAKARTA.id });
    await choose('filter-warehouse', 'Gudang Bandung');
    await waitFor(() => expect(lastListQuery(calls).warehouse_id).toBe(BANDUNG.id));
    await choose('filter-type', 'Stok Opname');
    await waitFor(() => expect(lastListQuery(calls).type).toBe('STOCK_OPNAME'));
    await choose('filter-sku', 'KAOS-M — Kaos Polos M');
    await waitFor(() => expect(lastListQuery(calls).catalog_id).toBe(KAOS.id));
    expect(new URLSearchParams(router.state.location.search).get('type')).toBe('STOCK_OPNAME');
  });

  it('offers the create button only with WRITE', async () => {
    const { router } = setup({ rows: [] });
    expect(await screen.findByText('Belum ada penyesuaian stok')).toBeTruthy();
    fireEvent.click(screen.getAllByText('Buat penyesuaian')[0] as HTMLElement);
    await waitFor(() => expect(router.state.location.pathname).toBe('/inventory/stock-adjustment/create'));
  });

  it('has no create button and only "Lihat" links for a READ-only role', async () => {
    setup({ access: 'READ' });
    const row = (await screen.findByText('ADJ-000001')).closest('tr') as HTMLElement;
    expect(screen.queryByText('Buat penyesuaian')).toBeNull();
    expect(within(row).getByText('Lihat')).toBeTruthy();
  });
});
