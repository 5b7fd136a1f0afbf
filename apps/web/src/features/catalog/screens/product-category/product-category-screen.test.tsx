import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ME } from '../../../../test/fixtures.ts';
import { renderWithRouter, stubFetch } from '../../../../test/render-with-router.tsx';
import { WORKSPACE } from '../../test/catalog-fixtures.ts';
import { ProductCategoryScreen } from './product-category-screen.tsx';

const LONG = 'Perlengkapan Rumah Tangga dan Dapur untuk Keluarga Besar Indonesia';
const TREE = {
  items: [
    { id: '01a20053-6220-743f-9efd-e20c8657b510', name: LONG, parent_id: null, position: 0, level: 1, product_count: 0, children: [] },
  ],
};

describe('/product-category', { timeout: 30_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('keeps "0 produk" on one line beside a long category name', async () => {
    const { fetchStub } = stubFetch((_method, url) =>
      url.pathname === '/api/categories' ? { body: TREE } : { status: 404, body: { code: 'NOT_FOUND', message: 'no' } },
    );
    vi.stubGlobal('fetch', fetchStub);
    renderWithRouter(<ProductCategoryScreen />, {
      path: `/product-category?workspace_id=${WORKSPACE}`,
      me: { ...ME, permissions: { 'product-category': 'WRITE' } },
    });
    const row = await screen.findByTestId(`category-${LONG}`);
    const count = within(row).getByText('0 produk');
    expect(count.style.whiteSpace).toBe('nowrap');
    expect(count.style.flexShrink).toBe('0');
  });

  it('opens the new category dialog with the focus in its name, also when dialogs open without motion', async () => {
    const { fetchStub } = stubFetch((_method, url) =>
      url.pathname === '/api/categories' ? { body: TREE } : { status: 404, body: { code: 'NOT_FOUND', message: 'no' } },
    );
    vi.stubGlobal('fetch', fetchStub);
    for (const motion of [true, false]) {
      const { unmount } = renderWithRouter(
        <ConfigProvider theme={{ token: { motion } }}>
          <ProductCategoryScreen />
        </ConfigProvider>,
        { path: `/product-category?workspace_id=${WORKSPACE}`, me: { ...ME, permissions: { 'product-category': 'WRITE' } } },
      );
      fireEvent.click(await screen.findByRole('button', { name: /Tambah Kategori/u }));
      const name = await screen.findByLabelText('Nama Kategori');
      await waitFor(() => expect(document.activeElement).toBe(name));
      // Still there once the dialog's own focus handling has settled.
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(document.activeElement).toBe(name);
      unmount();
    }
  });
});
