import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setNotifier } from '../../../lib/notify.ts';
import { meWith, notFound, WORKSPACE } from '../../../test/document-fixtures.ts';
import { renderWithRouter, stubFetch } from '../../../test/render-with-router.tsx';
import { DETAIL, ORDER_ID } from './fulfillment-fixtures.ts';
import { FulfillmentDetailScreen } from './fulfillment-detail-screen.tsx';

function setup(permissions: Parameters<typeof meWith>[0], reserved: () => boolean) {
  let short = true;
  const { fetchStub, calls } = stubFetch((method, url) => {
    if (url.pathname === `/api/fulfillment/${ORDER_ID}` && method === 'GET') return { body: { ...DETAIL, stock_short: short } };
    if (url.pathname === `/api/orders/${ORDER_ID}/reserve-stock` && method === 'POST') {
      short = !reserved();
      return { body: { ...DETAIL, stock_short: short } };
    }
    return notFound;
  });
  vi.stubGlobal('fetch', fetchStub);
  renderWithRouter(<FulfillmentDetailScreen kind="fulfillment" />, {
    path: `/fulfillment/detail?workspace_id=${WORKSPACE}&id=${ORDER_ID}`,
    pattern: '/fulfillment/detail',
    me: meWith(permissions),
  });
  return { calls };
}

describe('/fulfillment/detail: a short order (ADR 0069)', { timeout: 60_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says why its goods cannot leave, and "check stock again" says whether the stock is now reserved', async () => {
    const error = vi.fn();
    const success = vi.fn();
    setNotifier({ error, success });
    let tries = 0;
    try {
      const { calls } = setup({ fulfillment: 'WRITE', sales: 'WRITE' }, () => (tries += 1) > 1);
      const alert = await screen.findByTestId('order-stock-short');
      expect(alert.textContent).toContain('barangnya belum bisa dikeluarkan dari gudang');
      fireEvent.click(within(alert).getByText('Cek stok lagi'));
      await waitFor(() => expect(error).toHaveBeenCalledWith(expect.objectContaining({ title: 'Stok masih belum cukup.' })));
      fireEvent.click(within(screen.getByTestId('order-stock-short')).getByText('Cek stok lagi'));
      await waitFor(() => expect(success).toHaveBeenCalledWith(expect.objectContaining({ title: 'Stok pesanan ini sudah dipesan.' })));
      // The detail is read again: the notice goes once the order is no longer short.
      await waitFor(() => expect(screen.queryByTestId('order-stock-short')).toBeNull());
      expect(calls.filter((c) => c.method === 'POST').map((c) => c.url.pathname)).toEqual([
        `/api/orders/${ORDER_ID}/reserve-stock`,
        `/api/orders/${ORDER_ID}/reserve-stock`,
      ]);
    } finally {
      setNotifier(null);
    }
  });

  it('a member who cannot write sales sees the notice without the button', async () => {
    setup({ fulfillment: 'WRITE' }, () => true);
    const alert = await screen.findByTestId('order-stock-short');
    expect(within(alert).queryByText('Cek stok lagi')).toBeNull();
  });
});
