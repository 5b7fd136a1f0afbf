import { act, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Me } from '@kelola/contracts/me';
import { setAccessToken } from '../lib/auth-session.ts';
import { resetBusy, startBusy } from '../lib/busy-banner.ts';
import { ChunkLoadError, CSS_CHUNK_LOAD_FAILED } from '../lib/chunk-load.ts';
import { changeLanguage } from '../lib/i18n.ts';
import { setTheme } from '../lib/ui-settings.ts';
import { fakeToken, ME, MENU } from '../test/fixtures.ts';
import { Providers } from './providers.tsx';
import { RouteError } from './route-error.tsx';
import { buildRoutes } from './router.tsx';

// Lazy screens load on first use; under a busy machine that takes longer than the default second.
configure({ asyncUtilTimeout: 5_000 });

type Call = { url: string; method: string; body: unknown };

let me: Me = ME;
const calls: Call[] = [];

function renderAt(path: string) {
  const router = createMemoryRouter(buildRoutes(), { initialEntries: [path] });
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

function setWidth(width: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
}

function touch(type: 'touchstart' | 'touchend', x: number) {
  const event = new Event(type) as Event & { touches: { clientX: number }[]; changedTouches: { clientX: number }[] };
  event.touches = type === 'touchstart' ? [{ clientX: x }] : [];
  event.changedTouches = [{ clientX: x }];
  window.dispatchEvent(event);
}

describe('shell', { timeout: 20_000 }, () => {
  beforeEach(() => {
    me = ME;
    calls.length = 0;
    setWidth(1366);
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit = {}) => {
        const method = init.method ?? 'GET';
        const body: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
        calls.push({ url, method, body });
        const answer = url.startsWith('/api/me/settings')
          ? body
          : url.startsWith('/api/me/menu')
            ? MENU
            : url.startsWith('/api/me')
              ? me
              : { items: [] };
        return new Response(JSON.stringify(answer), { status: 200, headers: { 'Content-Type': 'application/json' } });
      }),
    );
    setAccessToken(fakeToken(600));
  });

  afterEach(async () => {
    vi.unstubAllGlobals();
    resetBusy();
    setTheme('default');
    await changeLanguage('id');
  });

  it('shows the side menu on a wide screen and starts it collapsed under 800 px', async () => {
    renderAt('/dashboard');
    const sider = await screen.findByTestId('side-menu-sider');
    expect(sider.className).not.toContain('collapsed');
    act(() => {
      setWidth(780);
      window.dispatchEvent(new Event('resize'));
    });
    await waitFor(() => expect(screen.getByTestId('side-menu-sider').className).toContain('collapsed'));
  });

  it('opens the mobile menu as a drawer with a swipe from the left edge', async () => {
    setWidth(375);
    renderAt('/dashboard');
    expect(await screen.findByTestId('open-mobile-menu')).toBeTruthy();
    expect(screen.queryByTestId('side-menu-sider')).toBeNull();
    expect(screen.queryByTestId('side-menu')).toBeNull();

    // Starting too far right, or moving too little, does nothing.
    act(() => {
      touch('touchstart', 80);
      touch('touchend', 200);
      touch('touchstart', 10);
      touch('touchend', 60);
    });
    expect(screen.queryByTestId('side-menu')).toBeNull();

    act(() => {
      touch('touchstart', 20);
      touch('touchend', 120);
    });
    expect(await screen.findByTestId('side-menu')).toBeTruthy();
    expect(screen.getByText('Pesanan Penjualan…')).toBeTruthy();
  });

  it('shows the server menu in the header with the top menu layout, and the drawer on a phone', async () => {
    me = { ...ME, settings: { ...ME.settings, menu_layout: 'top' } };
    renderAt('/dashboard');
    const top = await screen.findByTestId('top-menu');
    expect(screen.queryByTestId('side-menu-sider')).toBeNull();
    expect(screen.queryByTestId('side-menu')).toBeNull();
    // Groups are submenus of a horizontal menu inside the header.
    expect(top.closest('header')).toBeTruthy();
    expect(top.querySelector('.ant-menu-horizontal')).toBeTruthy();
    expect(top.querySelectorAll('.ant-menu-submenu').length).toBeGreaterThan(0);

    act(() => {
      setWidth(375);
      window.dispatchEvent(new Event('resize'));
    });
    expect(await screen.findByTestId('open-mobile-menu')).toBeTruthy();
    expect(screen.queryByTestId('top-menu')).toBeNull();
  });

  it('keeps the side menu with the left menu layout', async () => {
    me = { ...ME, settings: { ...ME.settings, menu_layout: 'left' } };
    renderAt('/dashboard');
    expect(await screen.findByTestId('side-menu-sider')).toBeTruthy();
    expect(screen.queryByTestId('top-menu')).toBeNull();
  });

  it('shows the warning banner while a stock sync runs and guards the page against closing', async () => {
    renderAt('/dashboard');
    await screen.findByTestId('side-menu-sider');
    expect(screen.queryByTestId('busy-banner')).toBeNull();
    let stop: () => void = () => undefined;
    act(() => {
      stop = startBusy('stock-sync');
    });
    const banner = await screen.findByTestId('busy-banner');
    expect(banner.textContent).toContain('Sinkronisasi stok gudang sedang berjalan.');
    expect(banner.textContent).toContain('Jangan refresh atau tutup browser');
    const unload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(unload);
    expect(unload.defaultPrevented).toBe(true);
    act(() => stop());
    await waitFor(() => expect(screen.queryByTestId('busy-banner')).toBeNull());
  });

  it('applies the user settings from me.settings', async () => {
    me = { ...ME, settings: { ...ME.settings, locale: 'en-US', theme: 'dark' } };
    renderAt('/dashboard');
    await screen.findByTestId('side-menu-sider');
    await waitFor(() => expect(document.documentElement.lang).toBe('en'));
    expect(await screen.findByText('No shop yet')).toBeTruthy();
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(document.documentElement.lang).toBe('en');
  });

  it('switches theme and language from the user menu and saves them with PUT /api/me/settings', async () => {
    renderAt('/dashboard');
    fireEvent.click(await screen.findByTestId('user-menu'));
    expect((await screen.findByTestId('user-profile')).textContent).toContain('demo@kelola.id');
    fireEvent.click(await screen.findByText('Tema'));
    fireEvent.click(await screen.findByText('Gelap'));
    await waitFor(() => expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ ...ME.settings, theme: 'dark' }));
    expect(document.documentElement.dataset.theme).toBe('dark');

    fireEvent.click(screen.getByTestId('user-menu'));
    fireEvent.click(await screen.findByText('Bahasa'));
    fireEvent.click(await screen.findByText('English'));
    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT').at(-1)?.body).toMatchObject({ locale: 'en-US' }));
    expect(await screen.findByText('No shop yet')).toBeTruthy();
  });

  it('carries workspace_id and business_id across navigation with the full-path rule', async () => {
    const router = renderAt('/dashboard?workspace_id=w-1&business_id=b-2');
    await screen.findByTestId('side-menu-sider');
    await act(() => router.navigate('/fulfillment/detail?id=9'));
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/fulfillment?id=9&workspace_id=w-1&business_id=b-2'),
    );
    await act(() => router.navigate('/inventory/goods-receipt/create'));
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
        '/inventory/goods-receipt/create?workspace_id=w-1&business_id=b-2',
      ),
    );
    await act(() => router.navigate('/warehouse/add-warehouse?workspace_id=w-1'));
    expect(router.state.location.pathname).toBe('/warehouse/add-warehouse');
    await act(() => router.navigate('/auth/404'));
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/auth/404');
  });

  it('does not carry the query of a signed-out session', async () => {
    const router = renderAt('/dashboard?workspace_id=w-1');
    await screen.findByTestId('side-menu-sider');
    act(() => localStorage.clear());
    await act(() => router.navigate('/auth/login'));
    expect(router.state.location.search).toBe('');
    // The sign-in page drawn: its chunk is not left loading when the file's environment is torn down.
    expect(await screen.findByRole('button', { name: 'Masuk' })).toBeTruthy();
  });
});

describe('route error screen', () => {
  it('shows the load error with the CSS chunk code', async () => {
    const Broken = () => {
      throw new ChunkLoadError(CSS_CHUNK_LOAD_FAILED, 'Unable to preload CSS');
    };
    const router = createMemoryRouter([{ path: '/', element: <Broken />, errorElement: <RouteError /> }]);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <Providers>
        <RouterProvider router={router} />
      </Providers>,
    );
    expect(await screen.findByText('Halaman gagal dimuat')).toBeTruthy();
    expect(screen.getByTestId('route-error-code').textContent).toBe('CSS_CHUNK_LOAD_FAILED');
    expect(screen.getByRole('button', { name: 'Muat ulang' })).toBeTruthy();
  });
});
