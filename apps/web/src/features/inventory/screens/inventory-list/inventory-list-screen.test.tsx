import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { busyReasons, resetBusy } from '../../../../lib/busy-banner.ts';
import { renderWithRouter, stubFetch } from '../../../../test/render-with-router.tsx';
import {
  BANDUNG_ID,
  EMPTY_INVENTORY,
  INVENTORY,
  JAKARTA_ID,
  KAOS_M,
  KAOS_M_DETAIL,
  NOT_FOUND,
  SYNC_DONE,
  SYNC_RUNNING,
  WAREHOUSES,
  WORKSPACE,
  exportRecord,
  meWith,
} from './stock-fixtures.ts';
import { InventoryListScreen } from './inventory-list-screen.tsx';

const BUSINESS_B = '0193a000-0000-7000-8000-00000000b002';

type Answer = { status?: number; body: unknown };
type Options = {
  path?: string;
  access?: 'READ' | 'WRITE';
  warehouses?: boolean;
  inventory?: () => Answer;
  exportStates?: Answer[];
  syncStates?: Answer[];
};

function setup({
  path = `/inventory/list-inventoryv2?workspace_id=${WORKSPACE}`,
  access = 'WRITE',
  warehouses = true,
  inventory,
  exportStates = [],
  syncStates = [],
}: Options = {}) {
  let exportPoll = 0;
  let syncPoll = 0;
  const { fetchStub, calls } = stubFetch((method, url) => {
    if (url.pathname === '/api/inventory') return inventory ? inventory() : { body: INVENTORY };
    if (url.pathname === `/api/inventory/catalogs/${KAOS_M}`) return { body: KAOS_M_DETAIL };
    if (url.pathname === '/api/warehouses') return { body: WAREHOUSES };
    if (url.pathname === '/api/bin-locations')
      return {
        body: {
          items: [
            {
              warehouse_id: url.searchParams.get('warehouse_id'),
              catalog_id: KAOS_M,
              location: 'A-01-2',
              sku: 'KPK-HITAM-M',
              name: 'Kaos Polos M',
            },
          ],
        },
      };
    if (url.pathname === '/api/inventory/exports' && method === 'POST') return { status: 202, body: exportRecord('PROCESSING') };
    if (url.pathname.startsWith('/api/inventory/exports/') && url.pathname.endsWith('/file')) return { body: { file: true } };
    if (url.pathname.startsWith('/api/inventory/exports/'))
      return exportStates[Math.min(exportPoll++, exportStates.length - 1)] ?? NOT_FOUND;
    if (url.pathname === '/api/inventory/sync-stock' && method === 'POST') return { status: 202, body: SYNC_RUNNING };
    if (url.pathname === '/api/inventory/sync-stock') return syncStates[Math.min(syncPoll++, syncStates.length - 1)] ?? NOT_FOUND;
    return NOT_FOUND;
  });
  vi.stubGlobal('fetch', fetchStub);
  const view = renderWithRouter(<InventoryListScreen />, {
    path,
    pattern: '/inventory/list-inventoryv2',
    me: meWith({ 'list-inventory': access, ...(warehouses ? { warehouse: 'READ' as const } : {}), 'export-history': 'READ' }),
    routes: [
      { path: '/inventory/stock-movement', element: <p>movements</p> },
      { path: '/export-history', element: <p>history</p> },
    ],
  });
  return { ...view, calls };
}

const inventoryCalls = (calls: { url: URL }[]) =>
  calls.filter((call) => call.url.pathname === '/api/inventory').map((call) => Object.fromEntries(call.url.searchParams));
const search = (router: { state: { location: { search: string } } }) => new URLSearchParams(router.state.location.search);

describe('/inventory/list-inventoryv2', { timeout: 30_000 }, () => {
  beforeEach(() => resetBusy());
  afterEach(() => {
    vi.unstubAllGlobals();
    resetBusy();
  });

  it('lists balances per warehouse × SKU with every stock column, the state tags and the counts per state', async () => {
    setup();
    expect(await screen.findByText('Kaos Polos M')).toBeTruthy();
    for (const header of [
      'SKU',
      'Nama Produk',
      'Gudang',
      'On Hand',
      'Dalam Pesanan',
      'Dialokasikan',
      'Dapat Dialokasikan',
      'Stok Pengaman',
      'Tersedia',
      'Satuan',
      'Status Stok',
    ]) {
      expect(screen.getAllByText(header).length).toBeGreaterThan(0);
    }
    expect(screen.getByText('1.500')).toBeTruthy();
    expect(screen.getByText('1.440')).toBeTruthy();
    expect(screen.getByText('-3')).toBeTruthy();
    expect(screen.getAllByText('PCS')).toHaveLength(2);
    expect(screen.getByText('Gudang Bandung', { selector: 'td' })).toBeTruthy();
    for (const tab of ['Semua (11)', 'Stok Tersedia (7)', 'Stok Habis (3)', 'Stok Minus (1)']) expect(screen.getByText(tab)).toBeTruthy();
    expect(screen.getByText('Stok Minus', { selector: '.ant-tag' })).toBeTruthy();
    expect(screen.getByText('Menampilkan 1-2 dari 2 data')).toBeTruthy();
  });

  it('asks again when the top bar business changes instead of showing the list cached for another business', async () => {
    const view = setup({ path: `/inventory/list-inventoryv2?workspace_id=${WORKSPACE}` });
    await screen.findByText('Kaos Polos M');
    expect(inventoryCalls(view.calls)).toHaveLength(1);
    await act(() => view.router.navigate(`/inventory/list-inventoryv2?workspace_id=${WORKSPACE}&business_id=${BUSINESS_B}`));
    await waitFor(() => expect(inventoryCalls(view.calls)).toHaveLength(2));
    await act(() => view.router.navigate(`/inventory/list-inventoryv2?workspace_id=${WORKSPACE}`));
    // Back to all businesses: the list cached for all is the right one.
    expect(inventoryCalls(view.calls)).toHaveLength(2);
  });

  it('asks page 1 size 10 by default, the top bar warehouse, and the list filters of the URL', async () => {
    const first = setup({ path: `/inventory/list-inventoryv2?workspace_id=${WORKSPACE}&warehouse_id=${JAKARTA_ID}` });
    await screen.findByText('Kaos Polos M');
    expect(inventoryCalls(first.calls)[0]).toEqual({ page: '1', size: '10', sort: '-updated_at', warehouse_id: JAKARTA_ID });
    first.unmount();
    const second = setup({
      path: `/inventory/list-inventoryv2?workspace_id=${WORKSPACE}&warehouse_id=${JAKARTA_ID}&warehouse=${BANDUNG_ID}&status=MINUS_STOCK&catalog_id=${KAOS_M}&sort=available&page=2&size=20`,
    });
    await screen.findByText('Kaos Polos M');
    expect(inventoryCalls(second.calls)[0]).toEqual({
      page: '2',
      size: '20',
      sort: 'available',
      status: 'MINUS_STOCK',
      warehouse_id: BANDUNG_ID,
      catalog_id: KAOS_M,
    });
  });

  it('puts the stock state tab in the URL and back to all', async () => {
    const { router, calls } = setup();
    await screen.findByText('Kaos Polos M');
    fireEvent.click(screen.getByText('Stok Habis (3)'));
    await waitFor(() => expect(search(router).get('status')).toBe('OUT_OF_STOCK'));
    await waitFor(() => expect(inventoryCalls(calls).some((q) => q.status === 'OUT_OF_STOCK')).toBe(true));
    expect(search(router).get('workspace_id')).toBe(WORKSPACE);
    fireEvent.click(screen.getByText('Semua (11)'));
    await waitFor(() => expect(search(router).get('status')).toBeNull());
  });

  it('filters by warehouse under its own URL key, leaving the carried warehouse_id alone', async () => {
    const { router } = setup();
    await screen.findByText('Kaos Polos M');
    fireEvent.mouseDown(
      screen.getByTestId('filter-warehouse').querySelector('.ant-select-selector') ?? screen.getByTestId('filter-warehouse'),
    );
    const option = await waitFor(() => {
      const found = [...document.querySelectorAll('.ant-select-item-option')].find(
        (element) => element.getAttribute('title') === 'Gudang Bandung',
      );
      if (!found) throw new Error('no option');
      return found;
    });
    fireEvent.click(option);
    await waitFor(() => expect(search(router).get('warehouse')).toBe(BANDUNG_ID));
    expect(search(router).get('warehouse_id')).toBeNull();
  });

  it('opens the bin locations of the warehouse in view from "Lokasi Rak", which waits for a warehouse to be chosen', async () => {
    const first = setup();
    await screen.findByText('Kaos Polos M');
    expect((screen.getByTestId('open-bin-locations') as HTMLButtonElement).disabled).toBe(true);
    first.unmount();

    const { calls } = setup({ path: `/inventory/list-inventoryv2?workspace_id=${WORKSPACE}&warehouse=${BANDUNG_ID}` });
    await screen.findAllByText('Kaos Polos M');
    const open = screen.getByTestId('open-bin-locations') as HTMLButtonElement;
    await waitFor(() => expect(open.disabled).toBe(false));
    fireEvent.click(open);
    const drawer = await screen.findByTestId('bin-locations');
    await waitFor(() => expect(within(drawer).getByText('A-01-2')).toBeTruthy());
    const asked = calls.filter((c) => c.url.pathname === '/api/bin-locations').map((c) => c.url.searchParams.get('warehouse_id'));
    expect(asked).toEqual([BANDUNG_ID]);
  });

  it('says so when there is no stock yet, and offers a retry when the list fails', async () => {
    const empty = setup({ inventory: () => ({ body: EMPTY_INVENTORY }) });
    expect(await screen.findByText('Belum ada data inventori')).toBeTruthy();
    empty.unmount();
    let fail = true;
    setup({ inventory: () => (fail ? { status: 500, body: { code: 'INTERNAL', message: 'boom' } } : { body: INVENTORY }) });
    expect(await screen.findByText('Gagal memuat data')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByText('Coba lagi'));
    expect(await screen.findByText('Kaos Polos M')).toBeTruthy();
  });

  it('opens the stock of a SKU in every warehouse, with a link to its movements', async () => {
    const { router } = setup({ path: `/inventory/list-inventoryv2?workspace_id=${WORKSPACE}&warehouse_id=${JAKARTA_ID}` });
    fireEvent.click(await screen.findByLabelText('Lihat stok KAOS-M di semua gudang'));
    const drawer = await screen.findByTestId('stock-detail');
    expect(await within(drawer).findByText('Total Semua Gudang')).toBeTruthy();
    expect(within(drawer).getByText('KAOS-M — Kaos Polos M')).toBeTruthy();
    expect(within(drawer).getByText('Gudang Bandung')).toBeTruthy();
    expect(within(drawer).getByText('Stok Habis')).toBeTruthy();
    fireEvent.click(within(drawer).getByText('Lihat Pergerakan Stok'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/inventory/stock-movement'));
    expect(search(router).get('catalog_id')).toBe(KAOS_M);
    expect(search(router).get('warehouse_id')).toBe(JAKARTA_ID);
  });

  it('exports with the list filters, waits while the job runs, then downloads the file', async () => {
    // jsdom has no object URLs: the download's blob link is stubbed for this test only.
    const createObjectURL = vi.fn(() => 'blob:x');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    onTestFinished(() => {
      Reflect.deleteProperty(URL, 'createObjectURL');
      Reflect.deleteProperty(URL, 'revokeObjectURL');
    });
    const { calls } = setup({
      path: `/inventory/list-inventoryv2?workspace_id=${WORKSPACE}&status=IN_STOCK&warehouse=${BANDUNG_ID}`,
      exportStates: [{ body: exportRecord('PROCESSING') }, { body: exportRecord('DONE') }],
    });
    await screen.findByText('Kaos Polos M');
    fireEvent.click(screen.getByTestId('export-inventory'));
    expect(await screen.findByText('Mohon tunggu, data inventori sedang diekspor.')).toBeTruthy();
    expect(calls.find((call) => call.url.pathname === '/api/inventory/exports')?.body).toEqual({
      warehouse_id: BANDUNG_ID,
      status: 'IN_STOCK',
    });
    expect(await screen.findByText('Ekspor selesai')).toBeTruthy();
    expect(screen.getByText('11 baris diekspor ke inventori-20261122.xlsx.')).toBeTruthy();
    await waitFor(() =>
      expect(calls.some((call) => call.url.pathname === `/api/inventory/exports/${exportRecord('DONE').id}/file`)).toBe(true),
    );
    expect(createObjectURL).toHaveBeenCalled();
  });

  it('tells when the export job failed', async () => {
    setup({ exportStates: [{ body: exportRecord('FAILED', { error: 'disk full' }) }] });
    await screen.findByText('Kaos Polos M');
    fireEvent.click(screen.getByTestId('export-inventory'));
    expect(await screen.findByText('Ekspor gagal')).toBeTruthy();
    expect(screen.getByText('disk full')).toBeTruthy();
  });

  it('syncs stock: polls while a warehouse is ONPROGRESS with the keep-open banner, then lists successes and errors', async () => {
    const { calls } = setup({ syncStates: [{ body: SYNC_RUNNING }, { body: SYNC_DONE }] });
    await screen.findByText('Kaos Polos M');
    fireEvent.click(screen.getByTestId('sync-stock'));
    const dialog = await screen.findByRole('dialog');
    // Every warehouse is preselected when the list shows them all.
    await waitFor(() => expect(within(dialog).getByText('Gudang Jakarta Barat')).toBeTruthy());
    fireEvent.click(within(dialog).getByText('Mulai Sinkronisasi'));
    await waitFor(() => expect(busyReasons()).toEqual(['stock-sync']));
    const post = calls.find((call) => call.method === 'POST' && call.url.pathname === '/api/inventory/sync-stock');
    expect(post?.body).toEqual({ warehouse_ids: [BANDUNG_ID, JAKARTA_ID] });
    const result = await screen.findByTestId('sync-result', {}, { timeout: 10_000 });
    expect(within(result).getByText('Sinkronisasi stok gagal di 1 gudang')).toBeTruthy();
    expect(within(result).getByText('Berhasil (1)')).toBeTruthy();
    expect(within(result).getByText('Gagal (1)')).toBeTruthy();
    expect(within(screen.getAllByTestId('sync-success')[0]!).getByText('Gudang Bandung')).toBeTruthy();
    expect(within(screen.getAllByTestId('sync-error')[0]!).getByText('Gudang Jakarta Barat')).toBeTruthy();
    expect(within(result).getByText('Kanal Shopee menolak permintaan')).toBeTruthy();
    expect(busyReasons()).toEqual([]);
    const polls = calls.filter((call) => call.method === 'GET' && call.url.pathname === '/api/inventory/sync-stock');
    expect(polls).toHaveLength(2);
    expect(polls[0]?.url.searchParams.get('warehouse_ids')).toBe(`${BANDUNG_ID},${JAKARTA_ID}`);
  });

  it('preselects the filtered warehouse for the sync', async () => {
    const { calls } = setup({
      path: `/inventory/list-inventoryv2?workspace_id=${WORKSPACE}&warehouse=${JAKARTA_ID}`,
      syncStates: [{ body: { ...SYNC_DONE, success: [JAKARTA_ID], error: [] } }],
    });
    await screen.findByText('Kaos Polos M');
    fireEvent.click(screen.getByTestId('sync-stock'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByText('Mulai Sinkronisasi'));
    expect(await screen.findByText('Sinkronisasi stok berhasil di semua gudang', {}, { timeout: 10_000 })).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST' && call.url.pathname === '/api/inventory/sync-stock')?.body).toEqual({
      warehouse_ids: [JAKARTA_ID],
    });
  });

  it('offers the warehouses on screen for the sync when the role cannot list warehouses', async () => {
    const { calls } = setup({ warehouses: false, syncStates: [{ body: SYNC_DONE }] });
    await screen.findByText('Kaos Polos M');
    expect(calls.some((call) => call.url.pathname === '/api/warehouses')).toBe(false);
    fireEvent.click(screen.getByTestId('sync-stock'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByText('Mulai Sinkronisasi'));
    await screen.findByTestId('sync-result', {}, { timeout: 10_000 });
    expect(calls.find((call) => call.method === 'POST' && call.url.pathname === '/api/inventory/sync-stock')?.body).toEqual({
      warehouse_ids: [JAKARTA_ID, BANDUNG_ID],
    });
  });

  it('has no stock sync for a READ-only role, but can still export', async () => {
    setup({ access: 'READ' });
    await screen.findByText('Kaos Polos M');
    expect(screen.queryByTestId('sync-stock')).toBeNull();
    expect(screen.getByTestId('export-inventory')).toBeTruthy();
  });

  it('speaks English', async () => {
    const { i18n } = await import('../../../../lib/i18n.ts');
    await i18n.changeLanguage('en');
    try {
      setup();
      expect(await screen.findByText('Inventory List')).toBeTruthy();
      expect(await screen.findByText('Minus Stock (1)')).toBeTruthy();
      expect(screen.getByText('Sync Stock')).toBeTruthy();
    } finally {
      await i18n.changeLanguage('id');
    }
  });
});
