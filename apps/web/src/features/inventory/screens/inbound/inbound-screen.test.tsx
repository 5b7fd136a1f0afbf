import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithRouter, stubFetch } from '../../../../test/render-with-router.tsx';
import {
  BANDUNG_ID,
  INBOUND,
  JAKARTA_ID,
  KAOS_M,
  NOT_FOUND,
  RECEIPT_ID,
  WAREHOUSES,
  WORKSPACE,
  meWith,
} from '../inventory-list/stock-fixtures.ts';
import { InboundScreen } from './inbound-screen.tsx';

type Answer = { status?: number; body: unknown };

function setup(options: { path?: string; receipt?: 'READ' | 'WRITE'; inbound?: () => Answer } = {}) {
  const { path = `/inventory/inbound?workspace_id=${WORKSPACE}`, receipt = 'WRITE', inbound = () => ({ body: INBOUND }) } = options;
  const { fetchStub, calls } = stubFetch((_method, url) => {
    if (url.pathname === '/api/inventory/inbound') return inbound();
    if (url.pathname === '/api/warehouses') return { body: WAREHOUSES };
    return NOT_FOUND;
  });
  vi.stubGlobal('fetch', fetchStub);
  const view = renderWithRouter(<InboundScreen />, {
    path,
    pattern: '/inventory/inbound',
    me: meWith({ inbound: 'READ', 'goods-receipt': receipt, warehouse: 'READ' }),
    routes: [
      { path: '/inventory/goods-receipt', element: <p>goods receipt</p> },
      { path: '/inventory/goods-receipt/create', element: <p>create receipt</p> },
    ],
  });
  return { ...view, calls };
}

const inboundCalls = (calls: { url: URL }[]) =>
  calls.filter((call) => call.url.pathname === '/api/inventory/inbound').map((call) => Object.fromEntries(call.url.searchParams));
const search = (router: { state: { location: { search: string } } }) => new URLSearchParams(router.state.location.search);

describe('/inventory/inbound', { timeout: 30_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists the posted goods receipts', async () => {
    setup();
    expect(await screen.findByText('GR-000001')).toBeTruthy();
    for (const header of [
      'Nomor',
      'Tanggal & Waktu',
      'Gudang',
      'Referensi Pemasok',
      'Total Jumlah',
      'Status',
      'Diposting Pada',
      'Catatan',
    ]) {
      expect(screen.getAllByText(header).length).toBeGreaterThan(0);
    }
    expect(screen.getByText('Gudang Jakarta Barat')).toBeTruthy();
    expect(screen.getByText('SJ-7781')).toBeTruthy();
    expect(screen.getByText('1.200')).toBeTruthy();
    expect(screen.getByText('Diposting', { selector: '.ant-tag' })).toBeTruthy();
    expect(screen.getByText('Menampilkan 1-1 dari 1 data')).toBeTruthy();
  });

  it('asks page 1 size 10 newest first, with the top bar warehouse and the URL filters', async () => {
    const first = setup({ path: `/inventory/inbound?workspace_id=${WORKSPACE}&warehouse_id=${JAKARTA_ID}` });
    await screen.findByText('GR-000001');
    expect(inboundCalls(first.calls)[0]).toEqual({ page: '1', size: '10', sort: '-date', warehouse_id: JAKARTA_ID });
    first.unmount();
    const second = setup({
      path: `/inventory/inbound?workspace_id=${WORKSPACE}&warehouse=${BANDUNG_ID}&status=DRAFT&catalog_id=${KAOS_M}&sort=number`,
    });
    await screen.findByText('GR-000001');
    expect(inboundCalls(second.calls)[0]).toEqual({
      page: '1',
      size: '10',
      sort: 'number',
      status: 'DRAFT',
      warehouse_id: BANDUNG_ID,
      catalog_id: KAOS_M,
    });
  });

  it('switches to drafts through the status filter', async () => {
    const { router, calls } = setup();
    await screen.findByText('GR-000001');
    fireEvent.mouseDown(screen.getByTestId('filter-status').querySelector('.ant-select-selector') ?? screen.getByTestId('filter-status'));
    const option = await waitFor(() => {
      const found = [...document.querySelectorAll('.ant-select-item-option')].find((element) => element.getAttribute('title') === 'Draf');
      if (!found) throw new Error('no option');
      return found;
    });
    fireEvent.click(option);
    await waitFor(() => expect(search(router).get('status')).toBe('DRAFT'));
    await waitFor(() => expect(inboundCalls(calls).some((q) => q.status === 'DRAFT')).toBe(true));
  });

  it('opens the goods receipt of a row with the workspace query', async () => {
    const { router } = setup();
    fireEvent.click(await screen.findByLabelText('Buka penerimaan barang GR-000001'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/inventory/goods-receipt'));
    expect(search(router).get('id')).toBe(RECEIPT_ID);
    expect(search(router).get('workspace_id')).toBe(WORKSPACE);
  });

  it('offers a new goods receipt only with WRITE on goods-receipt', async () => {
    const writer = setup();
    await screen.findByText('GR-000001');
    fireEvent.click(screen.getByText('Buat Penerimaan Barang'));
    await waitFor(() => expect(writer.router.state.location.pathname).toBe('/inventory/goods-receipt/create'));
    writer.unmount();
    setup({ receipt: 'READ' });
    await screen.findByText('GR-000001');
    expect(screen.queryByText('Buat Penerimaan Barang')).toBeNull();
  });

  it('says so when nothing came in yet, and when the list fails', async () => {
    const empty = setup({ receipt: 'READ', inbound: () => ({ body: { items: [], page: 1, size: 10, total_row: 0 } }) });
    expect(await screen.findByText('Belum ada data inbound')).toBeTruthy();
    empty.unmount();
    setup({ inbound: () => ({ status: 500, body: { code: 'INTERNAL', message: 'boom' } }) });
    expect(await screen.findByText('Gagal memuat data')).toBeTruthy();
  });
});
