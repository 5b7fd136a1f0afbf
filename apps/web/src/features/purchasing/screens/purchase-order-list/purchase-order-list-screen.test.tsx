import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../../lib/i18n.ts';
import { setNotifier } from '../../../../lib/notify.ts';
import { BANDUNG, choose, clickButton, meWith, notFound, WAREHOUSES, WORKSPACE } from '../../../../test/document-fixtures.ts';
import { renderWithRouter, stubFetch } from '../../../../test/render-with-router.tsx';
import {
  COUNTS,
  GAYO,
  LINE_KAOS,
  LINE_KOPI,
  listOf,
  PO,
  PO_ID,
  PO_PARTIAL,
  PO_ROW,
  PO_ROW_2,
  SUPPLIERS,
} from '../../test/purchasing-fixtures.ts';
import { PurchaseOrderListScreen } from './purchase-order-list-screen.tsx';

type Answer = { status?: number; body: unknown } | null;

function setup({
  query = '',
  access = 'WRITE',
  supplierAccess = 'READ',
  list = listOf([PO_ROW, PO_ROW_2]),
  detail = PO,
  handler = () => null,
}: {
  query?: string;
  access?: 'READ' | 'WRITE';
  supplierAccess?: 'READ' | null;
  list?: unknown;
  detail?: unknown;
  handler?: (method: string, url: URL, body: unknown) => Answer;
} = {}) {
  const { fetchStub, calls } = stubFetch((method, url, body) => {
    const answer = handler(method, url, body);
    if (answer) return answer;
    if (url.pathname === '/api/purchase-orders' && method === 'GET') return { body: list };
    if (url.pathname === `/api/purchase-orders/${PO_ID}` && method === 'GET') return { body: detail };
    if (url.pathname === '/api/suppliers') return { body: SUPPLIERS };
    if (url.pathname === '/api/warehouses') return { body: WAREHOUSES };
    return notFound;
  });
  vi.stubGlobal('fetch', fetchStub);
  const view = renderWithRouter(<PurchaseOrderListScreen />, {
    path: `/purchase-order/list?workspace_id=${WORKSPACE}${query}`,
    pattern: '/purchase-order/list',
    me: meWith({ 'purchase-order': access, ...(supplierAccess ? { supplier: supplierAccess } : {}) }),
    routes: [{ path: '/purchase-order/create', element: <p>form pesanan pembelian</p> }],
  });
  return { ...view, calls };
}

const lastList = (calls: { method: string; url: URL }[]) =>
  Object.fromEntries(
    [...calls].reverse().find((c) => c.url.pathname === '/api/purchase-orders' && c.method === 'GET')?.url.searchParams ?? [],
  );
const writes = <C extends { method: string }>(calls: C[]) => calls.filter((c) => c.method !== 'GET');
const search = (router: { state: { location: { search: string } } }) => new URLSearchParams(router.state.location.search);

describe('/purchase-order/list', { timeout: 60_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows a tab per status with its count and the orders, the tab and filters kept in the URL', async () => {
    const { calls, router } = setup({
      query: `&status=CREATED&q=PO%2F2026&warehouse=${BANDUNG.id}&date_from=2026-11-01&date_to=2026-11-30`,
    });
    const row = (await screen.findByTestId('po-PO/2026/11/000001')).closest('tr') as HTMLElement;
    expect(row.textContent).toContain('PT Sumber Tekstil');
    expect(row.textContent).toContain('Gudang Jakarta');
    expect(row.textContent).toContain('0 / 150');
    expect(row.textContent).toContain('Rp4.500.000');
    expect(row.textContent).toContain('Dibuat');
    const row2 = screen.getByTestId('po-PO/2026/11/000002').closest('tr') as HTMLElement;
    expect(row2.textContent).toContain('10 / 40');
    expect(row2.textContent).toContain('Diterima Sebagian');
    const total = Object.values(COUNTS).reduce((sum, n) => sum + n, 0);
    expect(screen.getByTestId('tab-ALL').textContent).toBe(`Semua (${total})`);
    expect(screen.getByTestId('tab-CREATED').textContent).toBe('Dibuat (4)');
    expect(screen.getByTestId('tab-PARTIAL_RECEIVED').textContent).toBe('Diterima Sebagian (2)');
    expect(screen.getByTestId('tab-RECEIVED').textContent).toBe('Diterima (7)');
    expect(screen.getByTestId('tab-UNRECEIVED').textContent).toBe('Tidak Diterima (1)');
    expect(screen.getByTestId('tab-CANCELLED').textContent).toBe('Dibatalkan (3)');
    expect(lastList(calls)).toMatchObject({
      status: 'CREATED',
      q: 'PO/2026',
      warehouse_id: BANDUNG.id,
      date_from: '2026-11-01',
      date_to: '2026-11-30',
      page: '1',
    });

    fireEvent.click(screen.getByTestId('tab-RECEIVED'));
    await waitFor(() => expect(search(router).get('status')).toBe('RECEIVED'));
    await waitFor(() => expect(lastList(calls).status).toBe('RECEIVED'));
    await choose('filter-supplier', GAYO.name);
    await waitFor(() => expect(search(router).get('supplier')).toBe(GAYO.id));
    await waitFor(() => expect(lastList(calls)).toMatchObject({ status: 'RECEIVED', supplier_id: GAYO.id }));
    expect(lastList(calls).supplier).toBeUndefined();
    fireEvent.click(screen.getByTestId('tab-ALL'));
    await waitFor(() => expect(search(router).get('status')).toBeNull());
    await waitFor(() => expect(lastList(calls).status).toBeUndefined());
    expect(search(router).get('workspace_id')).toBe(WORKSPACE);
    expect(calls.find((c) => c.url.pathname === '/api/suppliers')?.url.searchParams.get('size')).toBe('200');
  });

  it('opens the create form keeping the workspace query', async () => {
    const { router } = setup();
    fireEvent.click(await screen.findByTestId('create-po'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/purchase-order/create'));
    expect(search(router).get('workspace_id')).toBe(WORKSPACE);
  });

  it('invites to create the first purchase order when there is none', async () => {
    setup({ list: listOf([], { CREATED: 0, PARTIAL_RECEIVED: 0, RECEIVED: 0, UNRECEIVED: 0, CANCELLED: 0 }) });
    const empty = await screen.findByTestId('list-empty');
    expect(empty.textContent).toContain('Belum ada pesanan pembelian');
    expect(within(empty).getByTestId('create-first-po')).toBeTruthy();
  });

  it('a reader sees the orders and their detail without create, receive, close or cancel', async () => {
    setup({ access: 'READ', query: `&id=${PO_ID}` });
    await screen.findByTestId('po-header');
    expect(screen.getByTestId('po-PO/2026/11/000001')).toBeTruthy();
    expect(screen.queryByTestId('create-po')).toBeNull();
    expect(screen.queryByTestId('po-actions')).toBeNull();
    expect(screen.queryByTestId('po-receive')).toBeNull();
  });

  it('has no supplier filter for a role that cannot list suppliers (GET /api/suppliers needs READ on supplier)', async () => {
    const { calls } = setup({ supplierAccess: null });
    await screen.findByTestId('po-PO/2026/11/000001');
    expect(screen.queryByTestId('filter-supplier')).toBeNull();
    expect(screen.getByTestId('filter-warehouse')).toBeTruthy();
    expect(calls.some((c) => c.url.pathname === '/api/suppliers')).toBe(false);
  });

  it('opens the drawer from the number with the lines, receipts and notes', async () => {
    const { router } = setup({ detail: PO_PARTIAL });
    fireEvent.click(await screen.findByTestId('po-PO/2026/11/000001'));
    await waitFor(() => expect(search(router).get('id')).toBe(PO_ID));
    const drawer = await screen.findByTestId('po-header');
    expect(drawer.textContent).toContain('PT Sumber Tekstil');
    expect(drawer.textContent).toContain('90 / 150');
    const lines = screen.getByTestId('po-lines');
    const kaos = within(lines).getByText('KAOS-M').closest('tr') as HTMLElement;
    expect([...kaos.querySelectorAll('td')].map((td) => td.textContent)).toEqual([
      'KAOS-M',
      'Kaos Polos M',
      '100',
      '40',
      'Rp30.000',
      'Rp3.000.000',
    ]);
    const receipts = screen.getByTestId('po-receipts');
    expect(within(receipts).getByText('GR-000009').closest('a')?.getAttribute('href')).toContain('/inventory/goods-receipt?id=');
    expect(within(receipts).getByText('90')).toBeTruthy();
    expect(screen.getByText('Kirim sebelum akhir bulan')).toBeTruthy();
  });

  it('receives the goods with what each line still waits for, today and the delivery note', async () => {
    const success = vi.fn();
    setNotifier({ error: vi.fn(), success });
    try {
      const { calls } = setup({
        query: `&id=${PO_ID}`,
        handler: (method, url) =>
          method === 'POST' && url.pathname === `/api/purchase-orders/${PO_ID}/receive` ? { body: PO_PARTIAL } : null,
      });
      fireEvent.click(await screen.findByTestId('po-receive'));
      const form = await screen.findByTestId('receive-form');
      const modal = form.closest('.ant-modal') as HTMLElement;
      expect((within(modal).getByLabelText('Kuantitas diterima KAOS-M') as HTMLInputElement).value).toBe('100');
      expect((within(modal).getByLabelText('Kuantitas diterima KOPI-250') as HTMLInputElement).value).toBe('50');
      fireEvent.change(within(modal).getByLabelText('No. Surat Jalan Pemasok'), { target: { value: ' SJ-7781 ' } });
      clickButton('Terima Barang', modal);
      await waitFor(() => expect(writes(calls)).toHaveLength(1));
      expect(writes(calls)[0]?.body).toEqual({
        date: dayjs().format('YYYY-MM-DD'),
        supplier_reference: 'SJ-7781',
        lines: [
          { line_id: LINE_KAOS, quantity: 100 },
          { line_id: LINE_KOPI, quantity: 50 },
        ],
      });
      await waitFor(() => expect(success).toHaveBeenCalledWith(expect.objectContaining({ title: 'Barang diterima dan stok bertambah' })));
    } finally {
      setNotifier(null);
    }
  });

  it('receives only what is left of a partly received order, and shows an over-received line on its field', async () => {
    const { calls } = setup({
      query: `&id=${PO_ID}`,
      detail: PO_PARTIAL,
      handler: (method, url) =>
        method === 'POST' && url.pathname === `/api/purchase-orders/${PO_ID}/receive`
          ? {
              status: 400,
              body: {
                code: 'VALIDATION_FAILED',
                message: 'invalid',
                details: { fields: [{ path: 'lines.0.quantity', code: 'OVER_RECEIVED', message: 'over (server)' }] },
              },
            }
          : null,
    });
    fireEvent.click(await screen.findByTestId('po-receive'));
    const modal = (await screen.findByTestId('receive-form')).closest('.ant-modal') as HTMLElement;
    // KOPI-250 has all 50 in: only KAOS-M still waits (60 of 100).
    expect(within(modal).queryByLabelText('Kuantitas diterima KOPI-250')).toBeNull();
    const kaos = within(modal).getByLabelText('Kuantitas diterima KAOS-M') as HTMLInputElement;
    expect(kaos.value).toBe('60');
    fireEvent.change(kaos, { target: { value: '25' } });
    clickButton('Terima Barang', modal);
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]?.body).toMatchObject({ supplier_reference: null, lines: [{ line_id: LINE_KAOS, quantity: 25 }] });
    const over = i18n.t('validation:OVER_RECEIVED', { lng: 'id', defaultValue: 'over (server)' });
    await waitFor(() => expect(within(kaos.closest('.ant-form-item') as HTMLElement).getByText(over)).toBeTruthy());
  });

  it('refuses a delivery of nothing before sending', async () => {
    const { calls } = setup({ query: `&id=${PO_ID}` });
    fireEvent.click(await screen.findByTestId('po-receive'));
    const modal = (await screen.findByTestId('receive-form')).closest('.ant-modal') as HTMLElement;
    fireEvent.change(within(modal).getByLabelText('Kuantitas diterima KAOS-M'), { target: { value: '0' } });
    fireEvent.change(within(modal).getByLabelText('Kuantitas diterima KOPI-250'), { target: { value: '0' } });
    clickButton('Terima Barang', modal);
    expect(await within(modal).findByText('Isi kuantitas diterima untuk minimal satu barang.')).toBeTruthy();
    expect(writes(calls)).toEqual([]);
  });

  it('offers cancel on a created order only, and cancels after a confirmation', async () => {
    const success = vi.fn();
    setNotifier({ error: vi.fn(), success });
    try {
      const { calls } = setup({
        query: `&id=${PO_ID}`,
        handler: (method, url) =>
          method === 'POST' && url.pathname === `/api/purchase-orders/${PO_ID}/cancel` ? { body: { ...PO, status: 'CANCELLED' } } : null,
      });
      const actions = await screen.findByTestId('po-actions');
      expect(within(actions).queryByTestId('po-close')).toBeNull();
      fireEvent.click(within(actions).getByTestId('po-cancel'));
      const confirm = (await screen.findByText(`Batalkan pesanan ${PO.number}?`, { selector: '.ant-modal-confirm-title' })).closest(
        '.ant-modal',
      ) as HTMLElement;
      expect(writes(calls)).toEqual([]);
      clickButton('Batalkan Pesanan', confirm);
      await waitFor(() => expect(writes(calls).map((c) => c.url.pathname)).toEqual([`/api/purchase-orders/${PO_ID}/cancel`]));
      await waitFor(() => expect(success).toHaveBeenCalledWith(expect.objectContaining({ title: `Pesanan ${PO.number} dibatalkan` })));
    } finally {
      setNotifier(null);
    }
  });

  it('offers close on a partly received order only, and closes the rest after a confirmation', async () => {
    const { calls } = setup({
      query: `&id=${PO_ID}`,
      detail: PO_PARTIAL,
      handler: (method, url) =>
        method === 'POST' && url.pathname === `/api/purchase-orders/${PO_ID}/close`
          ? { body: { ...PO_PARTIAL, status: 'UNRECEIVED' } }
          : null,
    });
    const actions = await screen.findByTestId('po-actions');
    expect(within(actions).queryByTestId('po-cancel')).toBeNull();
    expect(within(actions).getByTestId('po-receive')).toBeTruthy();
    fireEvent.click(within(actions).getByTestId('po-close'));
    const confirm = (await screen.findByText(`Tutup sisa pesanan ${PO.number}?`, { selector: '.ant-modal-confirm-title' })).closest(
      '.ant-modal',
    ) as HTMLElement;
    expect(confirm.textContent).toContain('tidak akan datang');
    clickButton('Tutup Sisa', confirm);
    await waitFor(() => expect(writes(calls).map((c) => c.url.pathname)).toEqual([`/api/purchase-orders/${PO_ID}/close`]));
  });

  it('offers no action on a received, unreceived or cancelled order', async () => {
    for (const status of ['RECEIVED', 'UNRECEIVED', 'CANCELLED'] as const) {
      const { unmount } = setup({ query: `&id=${PO_ID}`, detail: { ...PO, status } });
      await screen.findByTestId('po-header');
      expect(screen.queryByTestId('po-actions')).toBeNull();
      unmount();
    }
  });
});
