import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ExportRecord } from '@kelola/contracts/catalog';
import { ME } from '../../../../test/fixtures.ts';
import { renderWithRouter, stubFetch } from '../../../../test/render-with-router.tsx';
import { ExportHistoryScreen } from './export-history-screen.tsx';

const WORKSPACE = '0193a000-0000-7000-8000-00000000a001';
const USER = '0193a000-0000-7000-8000-00000000c001';
const record = (over: Partial<ExportRecord>): ExportRecord => ({
  id: '0193a000-0000-7000-8000-0000000e0001',
  type: 'INVENTORY',
  status: 'DONE',
  file_name: 'inventori-20261122.xlsx',
  row_count: 1250,
  progress: 0,
  file_size: 20480,
  filters: {},
  error: null,
  requested_by: USER,
  requested_by_name: 'Sari Wulandari',
  created_at: '2026-11-22T03:00:00.000Z',
  finished_at: '2026-11-22T03:01:00.000Z',
  ...over,
});
const PAGE = {
  items: [
    record({ status: 'DONE', filters: { warehouse_id: '0193a000-0000-7000-8000-00000000d001', status: 'IN_STOCK' } }),
    record({
      id: '0193a000-0000-7000-8000-0000000e0002',
      type: 'PRODUCT',
      file_name: 'produk-20261121.xlsx',
      status: 'FAILED',
      row_count: 0,
      error: 'disk full',
    }),
    record({ id: '0193a000-0000-7000-8000-0000000e0003', file_name: 'inventori-20261120.xlsx', status: 'RETRY', row_count: 0 }),
    record({ id: '0193a000-0000-7000-8000-0000000e0004', file_name: 'inventori-20261119.xlsx', status: 'PROCESSING', row_count: 0 }),
  ],
  page: 1,
  size: 10,
  total_row: 14,
};

function setup(path = `/export-history?workspace_id=${WORKSPACE}`, page: unknown = PAGE) {
  const { fetchStub, calls } = stubFetch((_method, url) => {
    if (url.pathname === '/api/exports') return { body: page };
    if (url.pathname.endsWith('/file')) return { body: { file: true } };
    return { status: 404, body: { code: 'NOT_FOUND', message: 'not found' } };
  });
  vi.stubGlobal('fetch', fetchStub);
  const view = renderWithRouter(<ExportHistoryScreen />, {
    path,
    pattern: '/export-history',
    me: { ...ME, permissions: { 'export-history': 'READ' } as typeof ME.permissions },
  });
  const listCalls = () => calls.filter((c) => c.url.pathname === '/api/exports').map((c) => Object.fromEntries(c.url.searchParams));
  return { ...view, calls, listCalls };
}

describe('/export-history', { timeout: 30_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists each export with type, file, filters, requester, date, status, rows and a download for the finished ones', async () => {
    const view = setup();
    expect(await screen.findByText('inventori-20261122.xlsx')).toBeTruthy();
    for (const header of ['Jenis', 'Nama Berkas', 'Periode / Filter', 'Diminta Oleh', 'Tanggal', 'Status', 'Jumlah Baris'])
      expect(screen.getAllByText(header).length).toBeGreaterThan(0);
    const done = screen.getByText('inventori-20261122.xlsx').closest('tr') as HTMLElement;
    expect(within(done).getByText('Inventori')).toBeTruthy();
    expect(within(done).getByText('Sari Wulandari')).toBeTruthy();
    expect(within(done).getByText('Selesai')).toBeTruthy();
    expect(within(done).getByText('1.250')).toBeTruthy();
    expect(within(done).getByText(/Gudang: dipilih/u)).toBeTruthy();
    expect(within(done).getByText(/Status: Stok Tersedia/u)).toBeTruthy();
    expect(within(done).getByRole('button', { name: /Unduh/u })).toBeTruthy();
    // Spec part 4: failed, retry, and processing while the job runs; none of them offers a file.
    const failed = screen.getByText('produk-20261121.xlsx').closest('tr') as HTMLElement;
    expect(within(failed).getByText('Gagal')).toBeTruthy();
    expect(within(failed).getByText('Produk')).toBeTruthy();
    expect(within(failed).queryByRole('button', { name: /Unduh/u })).toBeNull();
    expect(within(screen.getByText('inventori-20261120.xlsx').closest('tr') as HTMLElement).getByText('Dicoba Ulang')).toBeTruthy();
    expect(within(screen.getByText('inventori-20261119.xlsx').closest('tr') as HTMLElement).getByText('Diproses')).toBeTruthy();
    expect(view.listCalls()[0]).toMatchObject({ page: '1', size: '10' });

    fireEvent.click(within(done).getByRole('button', { name: /Unduh/u }));
    await waitFor(() => expect(view.calls.some((c) => c.url.pathname.endsWith(`/exports/${PAGE.items[0]!.id}/file`))).toBe(true));
  });

  it('keeps the page and size in the URL and asks the API for them', async () => {
    const view = setup(`/export-history?workspace_id=${WORKSPACE}&page=2&size=20`);
    await screen.findByText('inventori-20261122.xlsx');
    expect(view.listCalls()[0]).toMatchObject({ page: '2', size: '20' });
    await act(() => view.router.navigate(`/export-history?workspace_id=${WORKSPACE}&page=3&size=20&type=PRODUCT`));
    await waitFor(() => expect(view.listCalls().at(-1)).toMatchObject({ page: '3', size: '20', type: 'PRODUCT' }));
  });

  it('says what will appear when nothing was exported yet', async () => {
    setup(undefined, { items: [], page: 1, size: 10, total_row: 0 });
    expect(await screen.findByText(/Belum ada ekspor/u)).toBeTruthy();
  });
});
