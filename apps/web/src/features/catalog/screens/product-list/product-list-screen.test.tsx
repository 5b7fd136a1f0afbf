import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ME } from '../../../../test/fixtures.ts';
import { renderWithRouter, stubFetch } from '../../../../test/render-with-router.tsx';
import { BRAND_ID, BRANDS, CATEGORY_ID, PRODUCTS, TREE, WORKSPACE } from '../../test/catalog-fixtures.ts';
import { ProductListScreen } from './product-list-screen.tsx';

function setup(path = `/product?workspace_id=${WORKSPACE}`, permission: 'READ' | 'WRITE' = 'WRITE') {
  const { fetchStub, calls } = stubFetch((method, url) => {
    if (url.pathname === '/api/products') return { body: PRODUCTS };
    if (url.pathname === '/api/categories') return { body: TREE };
    if (url.pathname === '/api/brands') return { body: BRANDS };
    if (url.pathname === '/api/products/bulk-status' && method === 'POST') return { body: { done: [PRODUCTS.items[0]!.id], failed: [] } };
    return { status: 404, body: { code: 'NOT_FOUND', message: 'no' } };
  });
  vi.stubGlobal('fetch', fetchStub);
  const view = renderWithRouter(<ProductListScreen />, {
    path,
    pattern: '/product',
    me: { ...ME, permissions: { product: permission, 'product-category': 'READ' } },
    routes: [
      { path: '/product/edit', element: <p>edit</p> },
      { path: '/product/create', element: <p>create</p> },
    ],
  });
  return { ...view, calls };
}

const productCalls = (calls: { url: URL }[]) =>
  calls.filter((call) => call.url.pathname === '/api/products').map((call) => Object.fromEntries(call.url.searchParams));

describe('/product', { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the products with the price range in rupiah, and the counts per status on the tabs', async () => {
    setup();
    expect(await screen.findByText('Kaos Polos')).toBeTruthy();
    expect(screen.getByText('Rp50.000')).toBeTruthy();
    expect(screen.getByText('Rp65.000')).toBeTruthy();
    expect(screen.getByText('4 varian')).toBeTruthy();
    for (const tab of ['Semua (6)', 'Aktif (1)', 'Tidak Aktif (2)', 'Draf (3)']) expect(screen.getByText(tab)).toBeTruthy();
  });

  it('asks the API with the filters, sort and page of the URL', async () => {
    const { calls } = setup(
      `/product?workspace_id=${WORKSPACE}&status=DRAFT&category_id=${CATEGORY_ID}&brand_id=${BRAND_ID}&type=VARIANT&stock_state=MINUS_STOCK&q=kaos&sort=name&page=2`,
    );
    await screen.findByText('Kaos Polos');
    expect(productCalls(calls)[0]).toEqual({
      page: '2',
      size: '10',
      sort: 'name',
      status: 'DRAFT',
      category_id: CATEGORY_ID,
      brand_id: BRAND_ID,
      type: 'VARIANT',
      stock_state: 'MINUS_STOCK',
      q: 'kaos',
    });
  });

  it('puts the status tab, the search and the type filter in the URL', async () => {
    const { router, calls } = setup();
    await screen.findByText('Kaos Polos');
    fireEvent.click(screen.getByText('Draf (3)'));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('status')).toBe('DRAFT'));
    const box = screen.getByPlaceholderText('Cari nama produk atau SKU');
    fireEvent.change(box, { target: { value: 'KAOS-01' } });
    fireEvent.keyDown(box, { key: 'Enter', keyCode: 13 });
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('q')).toBe('KAOS-01'));
    fireEvent.mouseDown(screen.getByTestId('filter-type').querySelector('.ant-select-selector') ?? screen.getByTestId('filter-type'));
    const option = await waitFor(() => {
      const found = [...document.querySelectorAll('.ant-select-item-option')].find(
        (element) => element.getAttribute('title') === 'Bundling',
      );
      if (!found) throw new Error('no option');
      return found;
    });
    fireEvent.click(option);
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('type')).toBe('BUNDLING'));
    const search = new URLSearchParams(router.state.location.search);
    expect(search.get('workspace_id')).toBe(WORKSPACE);
    expect(search.get('status')).toBe('DRAFT');
    await waitFor(() =>
      expect(productCalls(calls).some((q) => q.type === 'BUNDLING' && q.status === 'DRAFT' && q.q === 'KAOS-01')).toBe(true),
    );
    fireEvent.click(screen.getByText('Semua (6)'));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('status')).toBeNull());
  });

  it('shows each product’s stock state and available stock, and for a bundle the SKU that limits it', async () => {
    setup();
    await screen.findByText('Kaos Polos');
    const cell = (index: number) => screen.getByTestId(`stock-${PRODUCTS.items[index]!.id}`).textContent;
    expect(cell(0)).toBe('Stok Tersedia12');
    expect(cell(1)).toBe('Stok Tersedia4dibatasi oleh SKU KAOS-HM');
    expect(cell(2)).toBe('Stok Minus-3');
  });

  it('filters by stock state through the URL and the API', async () => {
    const { router, calls } = setup();
    await screen.findByText('Kaos Polos');
    fireEvent.mouseDown(screen.getByTestId('filter-stock').querySelector('.ant-select-selector') ?? screen.getByTestId('filter-stock'));
    const option = await waitFor(() => {
      const found = [...document.querySelectorAll('.ant-select-item-option')].find(
        (element) => element.getAttribute('title') === 'Stok Habis',
      );
      if (!found) throw new Error('no option');
      return found;
    });
    fireEvent.click(option);
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('stock_state')).toBe('OUT_OF_STOCK'));
    await waitFor(() => expect(productCalls(calls).some((q) => q.stock_state === 'OUT_OF_STOCK' && q.page === '1')).toBe(true));
    expect(new URLSearchParams(router.state.location.search).get('workspace_id')).toBe(WORKSPACE);
  });

  it('changes the status of the selected products in bulk', async () => {
    const { calls } = setup();
    await screen.findByText('Kaos Polos');
    fireEvent.click(screen.getAllByRole('checkbox')[1]!);
    fireEvent.click(await screen.findByText('Jadikan Tidak Aktif'));
    await waitFor(() =>
      expect(calls.find((call) => call.url.pathname === '/api/products/bulk-status')?.body).toEqual({
        ids: [PRODUCTS.items[0]!.id],
        status: 'INACTIVE',
      }),
    );
  });

  it('links a row to /product/edit with the id and the workspace query', async () => {
    const { router } = setup();
    fireEvent.click(await screen.findByText('Kaos Polos'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/product/edit'));
    const search = new URLSearchParams(router.state.location.search);
    expect(search.get('id')).toBe(PRODUCTS.items[0]!.id);
    expect(search.get('workspace_id')).toBe(WORKSPACE);
  });

  it('has no add button, bulk selection or edit links for a READ-only role', async () => {
    setup(undefined, 'READ');
    await screen.findByText('Kaos Polos');
    expect(screen.queryByText('Tambah Produk')).toBeNull();
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
    expect(screen.getByText('Kaos Polos').closest('a')).toBeNull();
  });
});
