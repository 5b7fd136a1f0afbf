import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithRouter, stubFetch } from '../../../../test/render-with-router.tsx';
import { JAKARTA, meWith, notFound, page, POSTED_RECEIPT, RECEIPT, WAREHOUSES, WORKSPACE } from '../../../../test/document-fixtures.ts';
import { GoodsReceiptScreen } from './goods-receipt-screen.tsx';

type Answer = { status?: number; body: unknown };

function setup(options: { path?: string; access?: 'READ' | 'WRITE'; onPost?: (url: URL) => Answer; list?: Answer } = {}) {
  const { fetchStub, calls } = stubFetch((method, url) => {
    if (url.pathname === '/api/warehouses') return { body: WAREHOUSES };
    if (url.pathname === '/api/inventory/goods-receipts' && method === 'GET')
      return options.list ?? { body: page([RECEIPT, POSTED_RECEIPT]) };
    if (url.pathname === `/api/inventory/goods-receipts/${RECEIPT.id}` && method === 'GET') return { body: RECEIPT };
    if (url.pathname === `/api/inventory/goods-receipts/${POSTED_RECEIPT.id}` && method === 'GET') return { body: POSTED_RECEIPT };
    if (url.pathname.endsWith('/post') && method === 'POST')
      return options.onPost?.(url) ?? { body: { ...RECEIPT, status: 'POSTED', posted_at: '2026-11-21T03:00:00.000Z' } };
    return notFound;
  });
  vi.stubGlobal('fetch', fetchStub);
  const view = renderWithRouter(<GoodsReceiptScreen />, {
    path: options.path ?? `/inventory/goods-receipt?workspace_id=${WORKSPACE}`,
    pattern: '/inventory/goods-receipt',
    me: meWith({ 'goods-receipt': options.access ?? 'WRITE' }),
    routes: [{ path: '/inventory/goods-receipt/create', element: <p>form penerimaan</p> }],
  });
  return { ...view, calls };
}

const listCall = (calls: { method: string; url: URL }[]) =>
  [...calls].reverse().find((call) => call.method === 'GET' && call.url.pathname === '/api/inventory/goods-receipts')?.url;

describe('/inventory/goods-receipt', { timeout: 30_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists the receipts with number, date, warehouse, supplier reference, total quantity and status', async () => {
    setup();
    expect(await screen.findByText('GR-000001')).toBeTruthy();
    for (const header of ['Nomor', 'Tanggal', 'Gudang', 'Referensi Pemasok', 'Total Kuantitas', 'Status'])
      expect(screen.getAllByText(header).length).toBeGreaterThan(0);
    const row = screen.getByText('GR-000001').closest('tr') as HTMLElement;
    expect(within(row).getByText('Gudang Jakarta')).toBeTruthy();
    expect(within(row).getByText('SJ-7781')).toBeTruthy();
    expect(within(row).getByText('1.250')).toBeTruthy();
    expect(within(row).getByText('Draf')).toBeTruthy();
    expect(within(screen.getByText('GR-000002').closest('tr') as HTMLElement).getByText('Diposting')).toBeTruthy();
    expect(screen.getByText('Menampilkan 1-2 dari 2 data')).toBeTruthy();
  });

  it('asks the API with page 1, size 10, newest first, and follows the top bar warehouse and the URL filters', async () => {
    const { calls } = setup({ path: `/inventory/goods-receipt?workspace_id=${WORKSPACE}&warehouse_id=${JAKARTA.id}&status=DRAFT&page=2` });
    await screen.findByText('GR-000001');
    expect(Object.fromEntries(listCall(calls)?.searchParams ?? [])).toEqual({
      page: '2',
      size: '10',
      sort: '-date',
      status: 'DRAFT',
      warehouse_id: JAKARTA.id,
    });
  });

  it('shows the empty state and the create button for WRITE, none for READ', async () => {
    const { router } = setup({ list: { body: page([]) } });
    expect(await screen.findByText('Belum ada penerimaan barang')).toBeTruthy();
    fireEvent.click(screen.getAllByText('Buat penerimaan')[0] as HTMLElement);
    await waitFor(() => expect(router.state.location.pathname).toBe('/inventory/goods-receipt/create'));
    expect(new URLSearchParams(router.state.location.search).get('workspace_id')).toBe(WORKSPACE);
  });

  it('has no create button for a READ-only role', async () => {
    setup({ access: 'READ' });
    await screen.findByText('GR-000001');
    expect(screen.queryByText('Buat penerimaan')).toBeNull();
  });

  it('shows a retry when the list fails', async () => {
    setup({ list: { status: 500, body: { code: 'INTERNAL', message: 'boom' } } });
    expect(await screen.findByTestId('list-error')).toBeTruthy();
  });

  it('opens a receipt from its number and shows its lines', async () => {
    const { router } = setup();
    fireEvent.click(await screen.findByText('GR-000001'));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('id')).toBe(RECEIPT.id));
    expect(await screen.findByText('Penerimaan Barang GR-000001')).toBeTruthy();
    expect(screen.getByText('Barang Diterima (2)')).toBeTruthy();
    expect(screen.getByText('KAOS-M')).toBeTruthy();
    expect(screen.getByText('Kopi Arabika 250 g')).toBeTruthy();
    expect(screen.getByText('1.000')).toBeTruthy();
    expect(screen.getByText('Kiriman pertama')).toBeTruthy();
  });

  it('posts a draft after a confirmation', async () => {
    const { calls } = setup({ path: `/inventory/goods-receipt?workspace_id=${WORKSPACE}&id=${RECEIPT.id}` });
    await screen.findByText('Penerimaan Barang GR-000001');
    fireEvent.click(screen.getByRole('button', { name: /Posting/u }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Posting penerimaan GR-000001?');
    expect(dialog.textContent).toContain('Stok setiap barang akan bertambah di Gudang Jakarta.');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Posting' }));
    await waitFor(() =>
      expect(calls.some((call) => call.method === 'POST' && call.url.pathname === `/api/inventory/goods-receipts/${RECEIPT.id}/post`)).toBe(
        true,
      ),
    );
    expect(await screen.findByText('Penerimaan GR-000001 berhasil diposting')).toBeTruthy();
  });

  it('tells why a post failed (already posted elsewhere)', async () => {
    setup({
      path: `/inventory/goods-receipt?workspace_id=${WORKSPACE}&id=${RECEIPT.id}`,
      onPost: () => ({ status: 409, body: { code: 'DOCUMENT_ALREADY_POSTED', message: 'posted' } }),
    });
    await screen.findByText('Penerimaan Barang GR-000001');
    fireEvent.click(screen.getByRole('button', { name: /Posting/u }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Posting' }));
    expect(await screen.findByText('Dokumen sudah diposting dan tidak dapat diubah.')).toBeTruthy();
  });

  it('offers no post action for a posted receipt or a READ-only role', async () => {
    setup({ path: `/inventory/goods-receipt?workspace_id=${WORKSPACE}&id=${POSTED_RECEIPT.id}` });
    await screen.findByText('Penerimaan Barang GR-000002');
    expect(screen.queryByRole('button', { name: /Posting/u })).toBeNull();
  });

  it('offers no post action to a READ-only role', async () => {
    setup({ path: `/inventory/goods-receipt?workspace_id=${WORKSPACE}&id=${RECEIPT.id}`, access: 'READ' });
    await screen.findByText('Penerimaan Barang GR-000001');
    expect(screen.queryByRole('button', { name: /Posting/u })).toBeNull();
  });
});
