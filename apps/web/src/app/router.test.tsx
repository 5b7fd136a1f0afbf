import { configure, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../lib/i18n.ts';
import { setAccessToken } from '../lib/auth-session.ts';
import { fakeToken, ME, MENU } from '../test/fixtures.ts';
import { Providers } from './providers.tsx';
import { buildRoutes } from './router.tsx';

// Lazy screens (and the not-built placeholder, ADR 0048) load on first use; a busy machine takes seconds.
configure({ asyncUtilTimeout: 15_000 });

function renderAt(path: string) {
  const router = createMemoryRouter(buildRoutes(), { initialEntries: [path] });
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

describe('router', { timeout: 40_000 }, () => {
  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        const body = url.startsWith('/api/me/menu') ? MENU : url.startsWith('/api/me') ? ME : { code: 'NOT_FOUND', message: 'no' };
        return new Response(JSON.stringify(body), { status: 'code' in body ? 404 : 200, headers: { 'Content-Type': 'application/json' } });
      }),
    );
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('sends anonymous users to the login page with the wanted path kept', async () => {
    const router = renderAt('/sales?page=2');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent('/sales?page=2')}`);
    expect(await screen.findByRole('button', { name: 'Masuk' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Kelola - Masuk'));
  });

  it('sends unknown paths to /auth/404', async () => {
    const router = renderAt('/no/such/page');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/404'));
  });

  it('sends a signed-in user from the login page to the kept path', async () => {
    setAccessToken(fakeToken(600));
    const router = renderAt(`/auth/login?redirect=${encodeURIComponent('/sales?page=2')}`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/sales'));
    expect(new URLSearchParams(router.state.location.search).get('page')).toBe('2');
  });

  it('renders the shell with the server menu and marks screens not built yet', async () => {
    setAccessToken(fakeToken(600));
    // /store is built now (the shops feature): a route still without a screen shows the placeholder.
    const router = renderAt('/retur-channel/1/retur-list');
    await waitFor(() => expect(router.state.location.pathname).toBe('/retur-channel/1/retur-list'));
    const placeholder = await screen.findByTestId('screen-not-built');
    expect(placeholder.textContent).toContain('Layar ini belum dibuat: /retur-channel/:id/retur-list');
    expect(await screen.findByText('Pesanan Penjualan…')).toBeTruthy();
    expect(await screen.findByText('Belum ada toko')).toBeTruthy();
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('workspace_id')).toBe('w-1'));
  });

  it('shows the dashboard on /dashboardv2 too (the spec tells the two apart by nothing)', async () => {
    setAccessToken(fakeToken(600));
    const router = renderAt('/dashboardv2');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboardv2'));
    expect((await screen.findAllByTestId('dashboard-range')).length).toBeGreaterThan(0);
    expect(screen.queryByTestId('screen-not-built')).toBeNull();
  });

  it('redirects web-platform-product to the channel store product list with the id', async () => {
    setAccessToken(fakeToken(600));
    const router = renderAt('/web-platform-product/53');
    await waitFor(() => expect(router.state.location.pathname).toBe('/channel/store/53/product'));
  });

  it('shows the welcome card on the dashboard', async () => {
    setAccessToken(fakeToken(600));
    renderAt('/');
    expect(await screen.findByText('Selamat datang, Demo Kelola')).toBeTruthy();
    expect(screen.getByText('Workspace aktif: Toko Demo')).toBeTruthy();
  });
});
