import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ME } from '../../../../test/fixtures.ts';
import { renderWithRouter, stubFetch } from '../../../../test/render-with-router.tsx';
import { DashboardScreen } from './dashboard-screen.tsx';

function setup(permissions: Record<string, 'READ' | 'WRITE'>, path = '/dashboard?workspace_id=w-1') {
  const { fetchStub, calls } = stubFetch((_method, url) => {
    if (url.pathname === '/api/warehouses') return { body: { items: [], page: 1, size: 1, total_row: 3 } };
    if (url.pathname === '/api/users') return { body: { items: [], page: 1, size: 1, total_row: 5 } };
    if (url.pathname === '/api/channels') return { body: { items: [{ status: 'CONNECTED' }, { status: 'DISCONNECTED' }] } };
    if (url.pathname === '/api/orders')
      return { body: { items: [], page: 1, size: 1, total_row: 40, counts: { all: 40, new: 9, ready_to_ship: 4, cancel_requested: 2 } } };
    return { status: 404, body: { code: 'NOT_FOUND', message: 'no' } };
  });
  vi.stubGlobal('fetch', fetchStub);
  const view = renderWithRouter(<DashboardScreen />, {
    path,
    pattern: '/dashboard',
    me: { ...ME, permissions },
    routes: [
      { path: '/warehouse', element: <p>daftar gudang</p> },
      { path: '/sales', element: <p>pesanan</p> },
    ],
  });
  return { ...view, calls };
}

const card = (testId: string) => within(screen.getByTestId(testId));

describe('/dashboard', { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('counts the warehouses, users and channels of the workspace, each card linking to its screen', async () => {
    const { router, calls } = setup({ warehouse: 'READ', 'user-management': 'READ', 'store-list': 'READ' });
    expect(screen.getByText('Selamat datang, Demo Kelola')).toBeTruthy();
    await waitFor(() => expect(card('count-warehouses').getByText('3')).toBeTruthy());
    await waitFor(() => expect(card('count-users').getByText('5')).toBeTruthy());
    await waitFor(() => expect(card('count-channels').getByText('2')).toBeTruthy());
    expect(card('count-channels').getByText('1 toko terhubung')).toBeTruthy();
    expect(calls.find((call) => call.url.pathname === '/api/warehouses')?.url.searchParams.get('size')).toBe('1');
    fireEvent.click(card('count-warehouses').getByText('Lihat'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/warehouse'));
    expect(router.state.location.search).toBe('?workspace_id=w-1');
  });

  it('asks nothing the role may not read and says so on the card', async () => {
    const { calls } = setup({ warehouse: 'READ' });
    await waitFor(() => expect(card('count-warehouses').getByText('3')).toBeTruthy());
    expect(card('count-users').getByText('Anda tidak memiliki akses ke data ini')).toBeTruthy();
    expect(calls.map((call) => call.url.pathname)).toEqual(['/api/warehouses']);
  });

  it("counts the orders waiting for the team (new, ready to ship, buyers' cancel requests), each opening its /sales tab", async () => {
    const { router, calls } = setup({ sales: 'READ' });
    await waitFor(() => expect(card('todo-new-orders').getByText('9')).toBeTruthy());
    expect(card('todo-ready-to-ship').getByText('4')).toBeTruthy();
    expect(card('todo-cancel-requests').getByText('2')).toBeTruthy();
    expect(card('todo-cancel-requests').getByText('Permintaan batal')).toBeTruthy();
    // one request for the three figures
    expect(calls.filter((call) => call.url.pathname === '/api/orders').map((call) => call.url.searchParams.get('size'))).toEqual(['1']);
    fireEvent.click(card('todo-ready-to-ship').getByText('Lihat'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/sales'));
    expect(new URLSearchParams(router.state.location.search).get('tab')).toBe('ready_to_ship');
    expect(new URLSearchParams(router.state.location.search).get('workspace_id')).toBe('w-1');
  });

  it('asks no order figures of a role that may not read sales, and says so', async () => {
    const { calls } = setup({ warehouse: 'READ' });
    await waitFor(() => expect(card('count-warehouses').getByText('3')).toBeTruthy());
    expect(card('todo-new-orders').getByText('Anda tidak memiliki akses ke data ini')).toBeTruthy();
    expect(calls.some((call) => call.url.pathname === '/api/orders')).toBe(false);
  });

  it('refuses a period shorter than 7 days with a translated message', () => {
    setup({}, '/dashboard?workspace_id=w-1&start_date=2026-11-10&end_date=2026-11-12');
    expect(screen.getByText('Tanggal akhir minimal 7 hari setelah tanggal mulai.')).toBeTruthy();
  });

  it('accepts a period of 7 days or more without a message', () => {
    setup({}, '/dashboard?workspace_id=w-1&start_date=2026-11-01&end_date=2026-11-08');
    expect(screen.queryByText('Tanggal akhir minimal 7 hari setelah tanggal mulai.')).toBeNull();
  });
});
