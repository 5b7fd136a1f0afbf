import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../../lib/i18n.ts';
import { setNotifier } from '../../../../lib/notify.ts';
import { renderWithRouter, stubFetch } from '../../../../test/render-with-router.tsx';
import { CHANNELS, choose, meWith, notFound, WAREHOUSES, WORKSPACE } from '../../../../test/document-fixtures.ts';
import { listOf, ORDER, ORDER_ID, ORDER_ID_2, REASONS, ROW, ROW_2 } from './order-fixtures.ts';
import { SalesScreen } from './sales-screen.tsx';

type Answer = { status?: number; body: unknown };

function setup(
  options: { query?: string; pattern?: string; path?: string; handler?: (method: string, url: URL, body: unknown) => Answer | null } = {},
) {
  const { fetchStub, calls } = stubFetch((method, url, body) => {
    const custom = options.handler?.(method, url, body);
    if (custom) return custom;
    if (url.pathname === '/api/orders' && method === 'GET') return { body: listOf([ROW, ROW_2]) };
    if (url.pathname === `/api/orders/${ORDER_ID}` && method === 'GET') return { body: ORDER };
    if (url.pathname === `/api/orders/${ORDER_ID}/cancellation-reasons`) return { body: REASONS };
    if (url.pathname === '/api/channels') return { body: CHANNELS };
    if (url.pathname === '/api/warehouses') return { body: WAREHOUSES };
    return notFound;
  });
  vi.stubGlobal('fetch', fetchStub);
  const view = renderWithRouter(<SalesScreen />, {
    path: `${options.path ?? '/sales'}?workspace_id=${WORKSPACE}${options.query ?? ''}`,
    pattern: options.pattern ?? '/sales',
    me: meWith({ sales: 'WRITE', 'store-list': 'READ' }),
  });
  return { ...view, calls };
}

const lastListQuery = (calls: { method: string; url: URL }[]) =>
  Object.fromEntries(
    [...calls].reverse().find((call) => call.url.pathname === '/api/orders' && call.method === 'GET')?.url.searchParams ?? [],
  );

describe('/sales', { timeout: 60_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows every tab of spec part 4 with its count, amounts in rupiah and the stock-short flag', async () => {
    setup();
    const row = (await screen.findByText('SHP-240001')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Rp1.500.000')).toBeTruthy();
    expect(within(row).getByTestId('stock-short').textContent).toContain('Stok kurang');
    expect(within(row).getByText('Shopee')).toBeTruthy();
    const other = screen.getByText('SHP-240002').closest('tr') as HTMLElement;
    expect(within(other).queryByTestId('stock-short')).toBeNull();
    expect(screen.getByTestId('tab-all').textContent).toBe('Semua (42)');
    expect(screen.getByTestId('tab-new').textContent).toBe('Baru (7)');
    expect(screen.getByTestId('tab-cancel_requested').textContent).toBe('Permintaan Batal (1)');
    for (const key of [
      'unpaid',
      'confirmed',
      'on_process',
      'confirm_cancellation',
      'shipped',
      'delivered',
      'canceled',
      'completed',
      'ready_to_ship',
    ])
      expect(screen.getByTestId(`tab-${key}`)).toBeTruthy();
  });

  it('keeps tab, filters and sort in the URL and sends them to the API', async () => {
    const { calls, router } = setup();
    await screen.findByText('SHP-240001');
    expect(lastListQuery(calls)).toEqual({ page: '1', size: '10', sort: '-order_date' });
    fireEvent.click(screen.getByTestId('tab-new'));
    await waitFor(() => expect(lastListQuery(calls).tab).toBe('new'));
    await choose('filter-payment', 'Lunas');
    await waitFor(() => expect(lastListQuery(calls).payment_status).toBe('PAID'));
    await choose('filter-marketplace', 'Lazada');
    await waitFor(() => expect(lastListQuery(calls).marketplace).toBe('lazada'));
    await choose('filter-shop', 'Shopee · Shopee Kelola');
    await waitFor(() => expect(lastListQuery(calls).channel_id).toBe(CHANNELS.items[0]?.id));
    const stockShort = screen.getByTestId('filter-stock-short');
    fireEvent.click(stockShort.tagName === 'INPUT' ? stockShort : (stockShort.querySelector('input') as HTMLElement));
    await waitFor(() => expect(lastListQuery(calls).stock_short).toBe('true'));
    await choose('sort', 'Total tertinggi');
    await waitFor(() => expect(lastListQuery(calls).sort).toBe('-buyer_total'));
    const url = new URLSearchParams(router.state.location.search);
    expect(url.get('tab')).toBe('new');
    expect(url.get('payment_status')).toBe('PAID');
    expect(url.get('shop')).toBe(CHANNELS.items[0]?.id);
    expect(url.get('marketplace')).toBe('lazada');
    expect(url.get('sort')).toBe('-buyer_total');
  });

  it('starts from a shared URL and shows one shop on /sales-channel/:id', async () => {
    const shop = CHANNELS.items[1]?.id ?? '';
    const { calls } = setup({
      path: `/sales-channel/${shop}`,
      pattern: '/sales-channel/:id',
      query: '&tab=shipped&date_from=2026-11-01&date_to=2026-11-24',
    });
    await screen.findByText('SHP-240001');
    expect(lastListQuery(calls)).toMatchObject({ tab: 'shipped', channel_id: shop, date_from: '2026-11-01', date_to: '2026-11-24' });
    expect(await screen.findByText('Pesanan Penjualan Tokopedia Kelola')).toBeTruthy();
    expect(screen.queryByTestId('filter-shop')).toBeNull();
    expect(screen.queryByTestId('filter-marketplace')).toBeNull();
  });

  it('refuses a search text without a parameter, then searches by the chosen one', async () => {
    const { calls, router } = setup();
    await screen.findByText('SHP-240001');
    const box = screen.getByPlaceholderText('Cari pesanan');
    fireEvent.change(box, { target: { value: 'Budi' } });
    const enter = () => {
      fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
      fireEvent.keyUp(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    };
    enter();
    expect((await screen.findByTestId('search-error')).textContent).toBe('Silakan pilih parameter pencarian pesanan penjualan/voucher');
    expect(lastListQuery(calls).q).toBeUndefined();
    await choose('search-by', 'Nama atau telepon pembeli');
    await waitFor(() => expect(screen.queryByTestId('search-error')).toBeNull());
    enter();
    await waitFor(() => expect(lastListQuery(calls)).toMatchObject({ search_by: 'buyer', q: 'Budi' }));
    expect(new URLSearchParams(router.state.location.search).get('search_by')).toBe('buyer');
  });

  it('bulk accepts and shows a result per order', async () => {
    const { calls } = setup({
      handler: (method, url) =>
        method === 'POST' && url.pathname === '/api/orders/bulk'
          ? {
              body: {
                items: [
                  { order_id: ORDER_ID, ok: true, code: null, status: 'CONFIRMED' },
                  { order_id: ORDER_ID_2, ok: false, code: 'ORDER_STATE_CONFLICT', status: 'CANCELED' },
                ],
              },
            }
          : null,
    });
    await screen.findByText('SHP-240001');
    fireEvent.click(document.querySelector('thead .ant-checkbox-input') as HTMLElement);
    const bar = await screen.findByTestId('bulk-bar');

    fireEvent.click(within(bar).getByText('Terima'));
    const results = await screen.findByTestId('bulk-results');
    expect(calls.find((call) => call.url.pathname === '/api/orders/bulk')?.body).toEqual({
      action: 'ACCEPT',
      order_ids: [ORDER_ID, ORDER_ID_2],
    });
    expect(within(results).getByText('SHP-240001')).toBeTruthy();
    expect(within(results).getByText('Berhasil')).toBeTruthy();
    expect(within(results).getByText('Tindakan ini tidak dapat dilakukan pada pesanan berstatus Dibatalkan.')).toBeTruthy();
  });

  it('opens the detail: unmapped SKU, amounts with profit, and cancel needs a reason', async () => {
    const { calls } = setup({
      query: `&order=${ORDER_ID}`,
      handler: (method, url) =>
        method === 'POST' && url.pathname === `/api/orders/${ORDER_ID}/cancel` ? { body: { ...ORDER, status: 'CANCELED' } } : null,
    });
    const drawer = await screen.findByTestId('order-amounts');
    expect(within(drawer).getByText('Rp425.000')).toBeTruthy();
    expect(screen.getByTestId('unmapped-line')).toBeTruthy();
    expect(screen.getByTestId('order-warehouse').textContent).toBe('Gudang Jakarta');
    fireEvent.click(within(screen.getByTestId('order-actions')).getByText('Batalkan'));
    const dialog = (await screen.findByText('Batalkan pesanan', { selector: '.ant-modal-title' })).closest('.ant-modal') as HTMLElement;
    fireEvent.click(within(dialog).getByText('Batalkan pesanan', { selector: 'button span' }));
    expect(await within(dialog).findByText('Silakan pilih alasan')).toBeTruthy();
    expect(calls.some((call) => call.url.pathname.endsWith('/cancel'))).toBe(false);
    await choose('cancel-reason', 'Stok habis');
    fireEvent.click(within(dialog).getByText('Batalkan pesanan', { selector: 'button span' }));
    await waitFor(() => expect(calls.find((call) => call.url.pathname.endsWith('/cancel'))?.body).toEqual({ reason_id: 'OUT_OF_STOCK' }));
  });

  it('shows the cancel reason as its translated text with the detail, not its code (both languages)', async () => {
    setup({
      query: `&order=${ORDER_ID}`,
      handler: (method, url) =>
        method === 'GET' && url.pathname === `/api/orders/${ORDER_ID}`
          ? { body: { ...ORDER, status: 'CANCELED', cancel_reason: 'OUT_OF_STOCK: Gudang kosong' } }
          : null,
    });
    const reason = await screen.findByTestId('cancel-reason-text');
    expect(reason.textContent).toBe('Stok habis: Gudang kosong');
    try {
      await act(() => i18n.changeLanguage('en'));
      await waitFor(() => expect(screen.getByTestId('cancel-reason-text').textContent).toBe('Out of stock: Gudang kosong'));
    } finally {
      await act(() => i18n.changeLanguage('id'));
    }
  });

  it('a cancel refused because the order is invoiced names the invoice (ADR 0042)', async () => {
    const error = vi.fn();
    setNotifier({ error, success: vi.fn() });
    try {
      setup({
        query: `&order=${ORDER_ID}`,
        handler: (method, url) =>
          method === 'POST' && url.pathname === `/api/orders/${ORDER_ID}/cancel`
            ? {
                status: 409,
                body: {
                  code: 'ORDER_INVOICED',
                  message: 'x',
                  details: { invoice_id: 'inv-1', invoice_number: 'INV/2026/11/000001' },
                },
              }
            : null,
      });
      await screen.findByTestId('order-amounts');
      fireEvent.click(within(screen.getByTestId('order-actions')).getByText('Batalkan'));
      const dialog = (await screen.findByText('Batalkan pesanan', { selector: '.ant-modal-title' })).closest('.ant-modal') as HTMLElement;
      await choose('cancel-reason', 'Stok habis');
      fireEvent.click(within(dialog).getByText('Batalkan pesanan', { selector: 'button span' }));
      await waitFor(() =>
        expect(error).toHaveBeenCalledWith(
          expect.objectContaining({
            description:
              'Pesanan ini sudah ditagih pada faktur INV/2026/11/000001. Batalkan faktur itu dulu, atau kurangi dengan nota kredit.',
          }),
        ),
      );
    } finally {
      setNotifier(null);
    }
  });

  it('shows a marketplace reason it has no text for as the marketplace gave it', async () => {
    setup({
      query: `&order=${ORDER_ID}`,
      handler: (method, url) =>
        method === 'GET' && url.pathname === `/api/orders/${ORDER_ID}`
          ? { body: { ...ORDER, status: 'CANCELED', cancel_reason: 'Pembeli berubah pikiran' } }
          : null,
    });
    expect((await screen.findByTestId('cancel-reason-text')).textContent).toBe('Pembeli berubah pikiran');
  });

  it('shows "sending to Shopee…" while the marketplace answers', async () => {
    setup({
      query: `&order=${ORDER_ID}`,
      handler: (method, url) =>
        method === 'GET' && url.pathname === `/api/orders/${ORDER_ID}`
          ? { body: { ...ORDER, marketplace_action: { action: 'ACCEPT', state: 'SENDING', message: null, at: ORDER.order_date } } }
          : null,
    });
    expect((await screen.findByTestId('marketplace-sending')).textContent).toContain('Mengirim ke Shopee…');
  });

  it('shows a failed marketplace action with its message and a retry', async () => {
    setup({
      query: `&order=${ORDER_ID}`,
      handler: (method, url) =>
        method === 'GET' && url.pathname === `/api/orders/${ORDER_ID}`
          ? {
              body: {
                ...ORDER,
                marketplace_action: { action: 'ACCEPT', state: 'FAILED', message: 'Order already shipped', at: ORDER.order_date },
              },
            }
          : null,
    });
    const failed = await screen.findByTestId('marketplace-failed');
    expect(within(failed).getByText('Order already shipped')).toBeTruthy();
    expect(within(failed).getByText('Kirim ulang')).toBeTruthy();
  });

  it('"check stock again" on a short order: still short is said, then reserved is said (ADR 0069)', async () => {
    const error = vi.fn();
    const success = vi.fn();
    setNotifier({ error, success });
    let answers = 0;
    try {
      const { calls } = setup({
        query: `&order=${ORDER_ID}`,
        handler: (method, url) =>
          method === 'POST' && url.pathname === `/api/orders/${ORDER_ID}/reserve-stock`
            ? { body: { ...ORDER, stock_short: (answers += 1) === 1 } }
            : null,
      });
      const alert = await screen.findByTestId('order-stock-short');
      expect(alert.textContent).toContain('Stok dipesan otomatis begitu barang masuk ke gudang.');
      fireEvent.click(within(alert).getByText('Cek stok lagi'));
      await waitFor(() => expect(error).toHaveBeenCalledWith(expect.objectContaining({ title: 'Stok masih belum cukup.' })));
      fireEvent.click(within(screen.getByTestId('order-stock-short')).getByText('Cek stok lagi'));
      await waitFor(() => expect(success).toHaveBeenCalledWith(expect.objectContaining({ title: 'Stok pesanan ini sudah dipesan.' })));
      expect(calls.filter((c) => c.method === 'POST' && c.url.pathname.endsWith('/reserve-stock'))).toHaveLength(2);
    } finally {
      setNotifier(null);
    }
  });

  it('offers no "check stock again" on a short order that holds no reservation any more (shipped)', async () => {
    setup({
      query: `&order=${ORDER_ID}`,
      handler: (method, url) =>
        method === 'GET' && url.pathname === `/api/orders/${ORDER_ID}` ? { body: { ...ORDER, status: 'SHIPPED' } } : null,
    });
    const alert = await screen.findByTestId('order-stock-short');
    expect(within(alert).queryByText('Cek stok lagi')).toBeNull();
  });
});
