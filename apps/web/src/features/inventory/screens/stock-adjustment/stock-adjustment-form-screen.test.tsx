import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithRouter, stubFetch } from '../../../../test/render-with-router.tsx';
import {
  ADJUSTMENT,
  BANDUNG,
  CATALOGS,
  catalogStock,
  choose,
  clickButton,
  JAKARTA,
  KAOS,
  KOPI,
  meWith,
  notFound,
  POSTED_ADJUSTMENT,
  WAREHOUSES,
  WORKSPACE,
} from '../../../../test/document-fixtures.ts';
import { StockAdjustmentFormScreen } from './stock-adjustment-form-screen.tsx';

type Answer = { status?: number; body: unknown };
type Handlers = { onSave?: (method: string, body: unknown) => Answer; onPost?: () => Answer };

const STOCK: Record<string, ReturnType<typeof catalogStock>> = {
  [KAOS.id]: catalogStock(KAOS, { [JAKARTA.id]: 12, [BANDUNG.id]: 3 }),
  // 30 available in Jakarta after a safety stock of 5 (35 on hand).
  [KOPI.id]: (({ warehouses, ...rest }) => ({ ...rest, warehouses: warehouses.map((w) => ({ ...w, safety_stock: 5 })) }))(
    catalogStock(KOPI, { [JAKARTA.id]: 30 }),
  ),
};

function setup(handlers: Handlers = {}, options: { id?: string; access?: 'READ' | 'WRITE'; inventory?: boolean } = {}) {
  let current = [ADJUSTMENT, POSTED_ADJUSTMENT].find((a) => a.id === options.id);
  const { fetchStub, calls } = stubFetch((method, url, body) => {
    if (url.pathname === '/api/warehouses') return { body: WAREHOUSES };
    if (url.pathname === '/api/catalogs') return { body: CATALOGS };
    const stock = /^\/api\/inventory\/catalogs\/(.+)$/u.exec(url.pathname);
    if (stock && method === 'GET') return { body: STOCK[stock[1] ?? ''] };
    if (url.pathname === '/api/inventory/adjustments' && method === 'POST') return handlers.onSave?.(method, body) ?? notFound;
    if (current && url.pathname === `/api/inventory/adjustments/${current.id}` && method === 'GET') return { body: current };
    if (current && url.pathname === `/api/inventory/adjustments/${current.id}` && method === 'PUT') {
      const answer = handlers.onSave?.(method, body) ?? notFound;
      if ((answer.status ?? 200) < 300) current = answer.body as typeof current;
      return answer;
    }
    if (current && url.pathname === `/api/inventory/adjustments/${current.id}/post` && method === 'POST') {
      const answer = handlers.onPost?.() ?? { body: { ...current, status: 'POSTED', posted_at: '2026-11-21T03:00:00.000Z' } };
      if ((answer.status ?? 200) < 300) current = answer.body as typeof current;
      return answer;
    }
    return notFound;
  });
  vi.stubGlobal('fetch', fetchStub);
  const me = meWith({ 'stock-adjustment': options.access ?? 'WRITE' });
  if (options.inventory === false) delete me.permissions['list-inventory'];
  const view = renderWithRouter(<StockAdjustmentFormScreen />, {
    path: `/inventory/stock-adjustment/create?workspace_id=${WORKSPACE}${options.id ? `&id=${options.id}` : ''}`,
    pattern: '/inventory/stock-adjustment/create',
    me,
    routes: [{ path: '/inventory/stock-adjustment', element: <p>daftar penyesuaian</p> }],
  });
  return { ...view, calls };
}

const change = (line: number, value: string) => fireEvent.change(screen.getByLabelText(`Perubahan baris ${line}`), { target: { value } });
const cell = (testId: string) => screen.getByTestId(testId).textContent;

describe('/inventory/stock-adjustment/create', { timeout: 60_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the stock available of the SKU in the chosen warehouse and the stock after the change, live', async () => {
    setup();
    await screen.findByText('Barang Disesuaikan');
    await choose('adjustment-warehouse', 'Gudang Jakarta');
    await choose('item-0-sku', 'KAOS-M — Kaos Polos M');
    await waitFor(() => expect(cell('item-0-available')).toBe('12'));
    change(1, '-5');
    await waitFor(() => expect(cell('item-0-after')).toBe('7'));
    change(1, '8');
    await waitFor(() => expect(cell('item-0-after')).toBe('20'));
    // Another warehouse: the same SKU has 3 there.
    await choose('adjustment-warehouse', 'Gudang Bandung');
    await waitFor(() => expect(cell('item-0-available')).toBe('3'));
    expect(cell('item-0-after')).toBe('11');
  });

  it('shows a negative result as an error on the line and does not send it', async () => {
    const { calls } = setup({ onSave: () => ({ status: 201, body: ADJUSTMENT }) });
    await screen.findByText('Barang Disesuaikan');
    await choose('adjustment-warehouse', 'Gudang Jakarta');
    await choose('adjustment-type', 'Barang Rusak');
    await choose('item-0-sku', 'KAOS-M — Kaos Polos M');
    await waitFor(() => expect(cell('item-0-available')).toBe('12'));
    change(1, '-20');
    await waitFor(() => expect(cell('item-0-after')).toBe('-8'));
    const row = screen.getByTestId('adjustment-items').querySelector('tbody tr.ant-table-row') as HTMLElement;
    expect(await within(row).findByText('Stok setelah perubahan tidak boleh kurang dari stok yang dipesan atau disisihkan.')).toBeTruthy();
    clickButton('Simpan draf');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('lets a count go below the safety stock, but not below what orders reserved', async () => {
    setup();
    await screen.findByText('Barang Disesuaikan');
    await choose('adjustment-warehouse', 'Gudang Jakarta');
    await choose('item-0-sku', 'KOPI-250 — Kopi Arabika 250 g');
    await waitFor(() => expect(cell('item-0-available')).toBe('30'));
    change(1, '-33');
    await waitFor(() => expect(cell('item-0-after')).toBe('-3'));
    const row = screen.getByTestId('adjustment-items').querySelector('tbody tr.ant-table-row') as HTMLElement;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(within(row).queryByText('Stok setelah perubahan tidak boleh kurang dari stok yang dipesan atau disisihkan.')).toBeNull();
    change(1, '-36');
    expect(await within(row).findByText('Stok setelah perubahan tidak boleh kurang dari stok yang dipesan atau disisihkan.')).toBeTruthy();
  });

  it('says why the stock available is missing without READ on the inventory list', async () => {
    const { calls } = setup({}, { inventory: false });
    await screen.findByText('Barang Disesuaikan');
    await choose('adjustment-warehouse', 'Gudang Jakarta');
    await choose('item-0-sku', 'KAOS-M — Kaos Polos M');
    expect(screen.getByText('Anda tidak memiliki akses ke daftar inventori: stok tersedia tidak dapat ditampilkan.')).toBeTruthy();
    change(1, '-5');
    await waitFor(() => expect(cell('item-0-after')).toBe('-'));
    expect(calls.some((call) => call.url.pathname.startsWith('/api/inventory/catalogs/'))).toBe(false);
  });

  it('saves a draft (POST) with date, warehouse, type, note and items, then opens it', async () => {
    const { calls, router } = setup({ onSave: () => ({ status: 201, body: ADJUSTMENT }) });
    await screen.findByText('Barang Disesuaikan');
    await choose('adjustment-warehouse', 'Gudang Jakarta');
    await choose('adjustment-type', 'Barang Rusak');
    fireEvent.change(screen.getByLabelText('Catatan'), { target: { value: 'Kardus basah' } });
    await choose('item-0-sku', 'KAOS-M — Kaos Polos M');
    change(1, '-2');
    clickButton('Tambah barang');
    await choose('item-1-sku', 'KOPI-250 — Kopi Arabika 250 g');
    change(2, '5');
    clickButton('Simpan draf');
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      date: dayjs().format('YYYY-MM-DD'),
      warehouse_id: JAKARTA.id,
      type: 'DAMAGED',
      note: 'Kardus basah',
      items: [
        { catalog_id: KAOS.id, change: -2 },
        { catalog_id: KOPI.id, change: 5 },
      ],
    });
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('id')).toBe(ADJUSTMENT.id));
    expect(await screen.findByText('Penyesuaian Stok ADJ-000001')).toBeTruthy();
  });

  it("puts the server's item error on its line (items.0.catalog_id)", async () => {
    setup({
      onSave: () => ({
        status: 404,
        body: {
          code: 'CATALOG_NOT_FOUND',
          message: 'no',
          details: { fields: [{ path: 'items.0.catalog_id', code: 'CATALOG_NOT_FOUND', message: 'SKU tidak ditemukan.' }] },
        },
      }),
    });
    await screen.findByText('Barang Disesuaikan');
    await choose('adjustment-warehouse', 'Gudang Jakarta');
    await choose('adjustment-type', 'Lainnya');
    await choose('item-0-sku', 'KOPI-250 — Kopi Arabika 250 g');
    change(1, '1');
    clickButton('Simpan draf');
    const row = screen.getByTestId('adjustment-items').querySelector('tbody tr.ant-table-row') as HTMLElement;
    expect(await within(row).findByText('SKU tidak ditemukan.')).toBeTruthy();
  });

  it('loads a draft for editing and saves it with PUT', async () => {
    const { calls } = setup(
      { onSave: (_method, body) => ({ body: { ...ADJUSTMENT, ...(body as object), items: ADJUSTMENT.items } }) },
      { id: ADJUSTMENT.id },
    );
    expect(await screen.findByText('Penyesuaian Stok ADJ-000001')).toBeTruthy();
    expect((screen.getByLabelText('Nomor') as HTMLInputElement).value).toBe('ADJ-000001');
    expect(screen.getByTestId('adjustment-warehouse').textContent).toContain('Gudang Jakarta');
    expect(screen.getByTestId('item-0-sku').textContent).toContain('KAOS-M — Kaos Polos M');
    await waitFor(() => expect(cell('item-0-available')).toBe('12'));
    expect(cell('item-0-after')).toBe('10');
    change(1, '-3');
    clickButton('Simpan draf');
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({
      warehouse_id: JAKARTA.id,
      type: 'DAMAGED',
      note: 'Kardus basah',
      items: [{ catalog_id: KAOS.id, change: -3 }],
    });
  });

  it('posts a draft after a confirmation, then shows it read-only', async () => {
    const { calls } = setup({}, { id: ADJUSTMENT.id });
    await screen.findByText('Penyesuaian Stok ADJ-000001');
    fireEvent.click(screen.getByTestId('post-adjustment'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Posting penyesuaian ADJ-000001?');
    clickButton('Posting', dialog);
    await waitFor(() => expect(calls.some((call) => call.method === 'POST' && call.url.pathname.endsWith('/post'))).toBe(true));
    // Nothing was edited: no PUT before the posting.
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
    await waitFor(() => expect(screen.queryByLabelText('Perubahan baris 1')).toBeNull());
    expect(screen.getAllByText('Diposting').length).toBeGreaterThan(0);
  });

  it('shows a posted adjustment read-only with the stock at posting', async () => {
    setup({}, { id: POSTED_ADJUSTMENT.id });
    expect(await screen.findByText('Penyesuaian Stok ADJ-000002')).toBeTruthy();
    expect(screen.queryByLabelText('Perubahan baris 1')).toBeNull();
    expect(screen.queryByText('Simpan draf')).toBeNull();
    expect(screen.queryByTestId('post-adjustment')).toBeNull();
    const row = screen.getByText('KOPI-250').closest('tr') as HTMLElement;
    expect(within(row).getByText('30')).toBeTruthy();
    expect(within(row).getByText('+5')).toBeTruthy();
    expect(within(row).getByText('35')).toBeTruthy();
    expect(screen.getByText('Stok Opname')).toBeTruthy();
  });

  it('shows a draft read-only to a READ-only role, and a 403 page instead of a new form', async () => {
    setup({}, { id: ADJUSTMENT.id, access: 'READ' });
    expect(await screen.findByText('Penyesuaian Stok ADJ-000001')).toBeTruthy();
    expect(screen.queryByTestId('post-adjustment')).toBeNull();
    expect(screen.queryByLabelText('Perubahan baris 1')).toBeNull();
  });

  it('refuses a new adjustment to a READ-only role', async () => {
    setup({}, { access: 'READ' });
    expect(await screen.findByText('Tidak ada akses')).toBeTruthy();
  });

  it('shows a retry when the adjustment cannot be loaded', async () => {
    setup({}, { id: '01a20080-0000-7000-8000-0000000000ff' });
    expect(await screen.findByText('Gagal memuat data')).toBeTruthy();
  });
});
