import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHANNELS, meWith, notFound, WAREHOUSES, WORKSPACE } from '../../../test/document-fixtures.ts';
import { renderWithRouter, stubFetch } from '../../../test/render-with-router.tsx';
import { listOf, ORDER_ID, ORDER_ID_2, ROW, ROW_2 } from './fulfillment-fixtures.ts';
import { FulfillmentListScreen } from './fulfillment-list-screen.tsx';

function setup(
  query = '',
  permissions: Parameters<typeof meWith>[0] = { fulfillment: 'WRITE', 'store-list': 'READ', warehouse: 'READ' },
  { motion = true } = {},
) {
  const { fetchStub, calls } = stubFetch((method, url) => {
    if (url.pathname === '/api/fulfillment' && method === 'GET') return { body: listOf([{ ...ROW, stock_short: true }, ROW_2]) };
    if (url.pathname === '/api/fulfillment/bulk' && method === 'POST')
      return {
        body: {
          items: [
            { order_id: ORDER_ID, ok: true, code: null, step: 'PACK_CONFIRMED', status: 'ON_PROCESS' },
            { order_id: ORDER_ID_2, ok: false, code: 'FULFILLMENT_STEP_CONFLICT', step: 'NEW', status: null },
          ],
        },
      };
    if (url.pathname === '/api/channels') return { body: CHANNELS };
    if (url.pathname === '/api/warehouses') return { body: WAREHOUSES };
    return notFound;
  });
  vi.stubGlobal('fetch', fetchStub);
  const screenElement = <FulfillmentListScreen kind="fulfillment" />;
  // motion false: what the app's providers set when the system asks for less motion (dialogs open at once).
  const view = renderWithRouter(
    motion ? screenElement : <ConfigProvider theme={{ token: { motion: false } }}>{screenElement}</ConfigProvider>,
    {
      path: `/fulfillment?workspace_id=${WORKSPACE}${query}`,
      pattern: '/fulfillment',
      me: meWith(permissions),
    },
  );
  return { ...view, calls };
}

const lastList = (calls: { method: string; url: URL }[]) =>
  Object.fromEntries([...calls].reverse().find((c) => c.url.pathname === '/api/fulfillment' && c.method === 'GET')?.url.searchParams ?? []);

describe('/fulfillment', { timeout: 60_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows a tab per step with its count and keeps the step and filters in the URL', async () => {
    const { calls, router } = setup('&step=PICK_CONFIRMED&courier=SPX');
    await screen.findByText('SHP-240001');
    expect(screen.getByTestId('tab-NEW').textContent).toBe('Belum Diproses (4)');
    // A short order is flagged: its goods cannot be issued until its stock is reserved (ADR 0069).
    expect(within(screen.getByText('SHP-240001').closest('tr') as HTMLElement).getByTestId('stock-short').textContent).toBe('Stok kurang');
    expect(within(screen.getByText('SHP-240002').closest('tr') as HTMLElement).queryByTestId('stock-short')).toBeNull();
    expect(screen.getByTestId('tab-PICK_CONFIRMED').textContent).toBe('Pick Dikonfirmasi (2)');
    expect(screen.getByTestId('tab-SHIPPED').textContent).toBe('Dikirim (9)');
    expect(lastList(calls)).toMatchObject({ step: 'PICK_CONFIRMED', courier: 'SPX', page: '1' });
    fireEvent.click(screen.getByTestId('tab-PACKING_COMPLETED'));
    await waitFor(() => expect(router.state.location.search).toContain('step=PACKING_COMPLETED'));
    await waitFor(() => expect(lastList(calls).step).toBe('PACKING_COMPLETED'));
  });

  it('runs a step in bulk and shows the result of each order, the refusal naming the step', async () => {
    const { calls } = setup('&step=PICK_CONFIRMED');
    await screen.findByText('SHP-240001');
    for (const checkbox of screen.getAllByRole('checkbox').slice(1)) fireEvent.click(checkbox);
    fireEvent.click(await screen.findByRole('button', { name: 'Konfirmasi Pack' }));
    const results = await screen.findByTestId('bulk-results');
    expect(calls.find((c) => c.url.pathname === '/api/fulfillment/bulk')?.body).toEqual({
      action: 'CONFIRM_PACK',
      order_ids: [ORDER_ID, ORDER_ID_2],
    });
    expect(within(results).getByText('SHP-240001').closest('li')?.textContent).toContain('Berhasil');
    expect(within(results).getByText('SHP-240002').closest('li')?.textContent).toContain('Belum Diproses');
  });

  it("prints the selected orders' picking list and labels in the printable full page", async () => {
    setup('&step=PICK_CONFIRMED', { fulfillment: 'READ' });
    const open = vi.fn();
    vi.stubGlobal('open', open);
    await screen.findByText('SHP-240001');
    for (const checkbox of screen.getAllByRole('checkbox').slice(1)) fireEvent.click(checkbox);
    // The printable page reads `order_ids` (comma-separated) and the workspace from its URL.
    const opened = () => {
      const [url, target, features] = open.mock.lastCall as [string, string, string];
      const parsed = new URL(url, 'http://localhost');
      return [parsed.pathname, parsed.searchParams.get('order_ids'), parsed.searchParams.get('workspace_id'), target, features];
    };
    fireEvent.click(await screen.findByRole('button', { name: 'Cetak Picking List' }));
    expect(opened()).toEqual(['/fulfillment/bulk-picking-list', `${ORDER_ID},${ORDER_ID_2}`, WORKSPACE, '_blank', 'noopener']);
    await waitFor(() => expect(screen.queryByTestId('bulk-bar')).toBeNull());
    for (const checkbox of screen.getAllByRole('checkbox').slice(1)) fireEvent.click(checkbox);
    fireEvent.click(await screen.findByRole('button', { name: 'Cetak Label' }));
    expect(opened()).toEqual(['/fulfillment/bulk-shipping-label', `${ORDER_ID},${ORDER_ID_2}`, WORKSPACE, '_blank', 'noopener']);
  });

  it('a reader sees the list without bulk actions or scanning', async () => {
    setup('', { fulfillment: 'READ' });
    await screen.findByText('SHP-240001');
    expect(screen.queryByTestId('open-scan')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Konfirmasi Pick' })).toBeNull();
  });

  it('opens scan to pack with the focus in its input, also when dialogs open without motion', async () => {
    for (const motion of [true, false]) {
      const { unmount } = setup('', undefined, { motion });
      fireEvent.click(await screen.findByTestId('open-scan'));
      const input = await screen.findByTestId('scan-input');
      await waitFor(() => expect(document.activeElement).toBe(input));
      // Still there once the dialog's own focus handling has settled.
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(document.activeElement).toBe(input);
      unmount();
    }
  });
});
