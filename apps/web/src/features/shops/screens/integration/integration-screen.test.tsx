import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clickButton, meWith, notFound, WORKSPACE } from '../../../../test/document-fixtures.ts';
import { renderWithRouter, stubFetch } from '../../../../test/render-with-router.tsx';
import { IntegrationScreen } from './integration-screen.tsx';

const CHANNEL = { id: 'dist-1', name: 'Distributor', created_at: '2026-11-25T00:00:00.000Z' };

function setup(opened: boolean, permission: 'READ' | 'WRITE' = 'WRITE') {
  let channels = opened ? [CHANNEL] : [];
  const { fetchStub, calls } = stubFetch((method, url) => {
    if (url.pathname === '/api/integrations') return { body: { items: [] } };
    if (url.pathname === '/api/distributor-channels' && method === 'GET') return { body: { items: channels } };
    if (url.pathname === '/api/distributor-channels' && method === 'POST') {
      channels = [CHANNEL];
      return { status: 201, body: CHANNEL };
    }
    return notFound;
  });
  vi.stubGlobal('fetch', fetchStub);
  const view = renderWithRouter(<IntegrationScreen />, {
    path: `/integration?workspace_id=${WORKSPACE}`,
    pattern: '/integration',
    me: meWith({ 'store-list': permission }),
    routes: [{ path: '/product-channel/:id/product/synchronize', element: <p>produk distributor</p> }],
  });
  return { ...view, calls };
}

describe('/integration: the distributor channel', { timeout: 30_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('opens the distributor channel and goes to its products', async () => {
    const { calls, router } = setup(false);
    await screen.findByText('Buka kanal distributor');
    clickButton('Buka kanal distributor');
    await waitFor(() => expect(router.state.location.pathname).toBe('/product-channel/dist-1/product/synchronize'));
    const post = calls.find((call) => call.method === 'POST' && call.url.pathname === '/api/distributor-channels');
    expect(post?.body).toEqual({ name: 'Distributor' });
  });

  it('links an opened channel to its products, and a READ member cannot open one', async () => {
    setup(true);
    expect(await screen.findByText('Aktif: Distributor')).toBeTruthy();
    expect(screen.getByText('Kelola produk distributor')).toBeTruthy();
    vi.unstubAllGlobals();
    document.body.innerHTML = '';
    setup(false, 'READ');
    await screen.findByText('Kanal Distributor');
    expect(screen.queryByText('Buka kanal distributor')).toBeNull();
  });
});
