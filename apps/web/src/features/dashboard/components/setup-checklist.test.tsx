import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ME } from '../../../test/fixtures.ts';
import { renderWithRouter, stubFetch } from '../../../test/render-with-router.tsx';
import { DashboardScreen } from '../screens/dashboard/dashboard-screen.tsx';

const ALL = { warehouse: 'WRITE', product: 'WRITE', 'store-list': 'WRITE', 'user-management': 'WRITE' } as const;
type Counts = { warehouses: number; products: number; connected: number; users: number };

function setup(counts: Counts, permissions: Record<string, 'READ' | 'WRITE'> = ALL) {
  const total = (n: number) => ({ body: { items: [], page: 1, size: 1, total_row: n } });
  const { fetchStub, calls } = stubFetch((_method, url) => {
    if (url.pathname === '/api/warehouses') return total(counts.warehouses);
    if (url.pathname === '/api/products') return total(counts.products);
    if (url.pathname === '/api/users') return total(counts.users);
    if (url.pathname === '/api/channels')
      return { body: { items: Array.from({ length: counts.connected }, () => ({ status: 'CONNECTED' })) } };
    return { status: 404, body: { code: 'NOT_FOUND', message: 'no' } };
  });
  vi.stubGlobal('fetch', fetchStub);
  const view = renderWithRouter(<DashboardScreen />, {
    path: '/dashboard?workspace_id=w-1',
    pattern: '/dashboard',
    me: { ...ME, permissions },
    routes: [{ path: '*', element: <p>other screen</p> }],
  });
  return { ...view, calls };
}

const step = (key: string) => screen.getByTestId(`setup-step-${key}`);

describe('the dashboard checklist of a new workspace', { timeout: 60_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists the first steps, ticks those the data shows done, and links each open step to its screen', async () => {
    const { router } = setup({ warehouses: 1, products: 0, connected: 0, users: 1 });
    expect(await screen.findByText('Mulai gunakan Kelola')).toBeTruthy();
    expect(screen.getByText('1 dari 4 langkah selesai')).toBeTruthy();
    expect(step('warehouse').dataset.done).toBe('true');
    expect(within(step('warehouse')).getByText('Selesai')).toBeTruthy();
    for (const key of ['products', 'shop', 'team']) expect(step(key).dataset.done).toBe('false');
    expect(within(step('products')).getByRole('button', { name: 'Impor produk' })).toBeTruthy();
    expect(within(step('shop')).getByRole('button', { name: 'Hubungkan toko' })).toBeTruthy();

    fireEvent.click(within(step('products')).getByRole('button', { name: 'Tambah produk' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/product/create'));
    expect(router.state.location.search).toBe('?workspace_id=w-1');
  });

  it('links the second action of the product step to the product import', async () => {
    const { router } = setup({ warehouses: 0, products: 0, connected: 0, users: 1 });
    await screen.findByText('0 dari 4 langkah selesai');
    fireEvent.click(within(step('products')).getByRole('button', { name: 'Impor produk' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/product/import'));
  });

  it('is gone once every step is done', async () => {
    const { calls } = setup({ warehouses: 2, products: 40, connected: 1, users: 3 });
    await waitFor(() => expect(calls.filter((c) => c.url.pathname === '/api/products')).toHaveLength(1));
    await waitFor(() => expect(screen.getByTestId('count-users').textContent).toContain('3'));
    expect(screen.queryByTestId('setup-checklist')).toBeNull();
  });

  it('leaves out the steps the member may not see', async () => {
    setup({ warehouses: 0, products: 0, connected: 0, users: 1 }, { warehouse: 'READ', product: 'READ' });
    await screen.findByText('0 dari 2 langkah selesai');
    expect(screen.queryByTestId('setup-step-shop')).toBeNull();
    expect(screen.queryByTestId('setup-step-team')).toBeNull();
  });
});
