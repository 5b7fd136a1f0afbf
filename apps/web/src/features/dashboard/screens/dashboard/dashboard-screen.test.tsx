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
    return { status: 404, body: { code: 'NOT_FOUND', message: 'no' } };
  });
  vi.stubGlobal('fetch', fetchStub);
  const view = renderWithRouter(<DashboardScreen />, {
    path,
    pattern: '/dashboard',
    me: { ...ME, permissions },
    routes: [{ path: '/warehouse', element: <p>daftar gudang</p> }],
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

  it('shows the to-do cards that later work fills', () => {
    setup({});
    for (const [id, title] of [
      ['todo-new-orders', 'Pesanan baru'],
      ['todo-ready-to-ship', 'Siap kirim'],
      ['todo-low-stock', 'Stok menipis'],
    ] as const) {
      expect(card(id).getByText(title)).toBeTruthy();
      expect(card(id).getByText('Muncul setelah toko terhubung dan pesanan masuk.')).toBeTruthy();
    }
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
