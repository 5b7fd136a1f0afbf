import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ME } from '../../../../test/fixtures.ts';
import { renderWithRouter, stubFetch } from '../../../../test/render-with-router.tsx';
import { BANDUNG, JAKARTA, WORKSPACE } from '../../test/warehouse-fixtures.ts';
import { WarehouseListScreen } from './warehouse-list-screen.tsx';

function setup(permission: 'READ' | 'WRITE', path = `/warehouse?workspace_id=${WORKSPACE}`, total = 2) {
  const { fetchStub, calls } = stubFetch((_method, url) =>
    url.pathname === '/api/warehouses'
      ? { body: { items: [BANDUNG, JAKARTA], page: 1, size: 10, total_row: total } }
      : { status: 404, body: { code: 'NOT_FOUND', message: 'no' } },
  );
  vi.stubGlobal('fetch', fetchStub);
  const me = { ...ME, permissions: { warehouse: permission } };
  const view = renderWithRouter(<WarehouseListScreen />, {
    path,
    pattern: '/warehouse',
    me,
    routes: [
      { path: '/warehouse/add-warehouse', element: <p>add</p> },
      { path: '/warehouse/update-warehouse/:id', element: <p>edit</p> },
    ],
  });
  return { ...view, calls };
}

describe('/warehouse', { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists the warehouses with the spec columns and the pagination text', async () => {
    setup('WRITE');
    expect(await screen.findByText('Gudang Bandung')).toBeTruthy();
    for (const header of ['Nama Gudang', 'Kode Gudang', 'Kategori', 'Kontak', 'No. Telepon', 'Kota/Kabupaten', 'Bisnis']) {
      expect(screen.getAllByText(header).length).toBeGreaterThan(0);
    }
    expect(screen.getByText('BDG-01')).toBeTruthy();
    expect(screen.getByText('Kota Bandung')).toBeTruthy();
    expect(screen.getByText('Demo Pangan')).toBeTruthy();
    expect(screen.getByText('Gudang Default')).toBeTruthy();
    expect(screen.getByText('Menampilkan 1-2 dari 2 data')).toBeTruthy();
  });

  it('asks the API with the URL query: page, size, sort, search and the top bar business', async () => {
    const { calls } = setup('READ', `/warehouse?workspace_id=${WORKSPACE}&business_id=b-1&page=2&size=20&sort=-code&q=bdg`);
    await screen.findByText('Gudang Bandung');
    const url = calls.find((call) => call.url.pathname === '/api/warehouses')?.url;
    expect(Object.fromEntries(url?.searchParams ?? [])).toEqual({ page: '2', size: '20', sort: '-code', q: 'bdg', business_id: 'b-1' });
  });

  it('searches by name, code or contact through the URL', async () => {
    const { router, calls } = setup('READ');
    await screen.findByText('Gudang Bandung');
    const box = screen.getByPlaceholderText('Cari nama, kode atau kontak gudang');
    fireEvent.change(box, { target: { value: 'bandung' } });
    fireEvent.keyDown(box, { key: 'Enter', keyCode: 13 });
    expect(new URLSearchParams(router.state.location.search).get('q')).toBe('bandung');
    await waitFor(() => expect(calls.some((call) => call.url.searchParams.get('q') === 'bandung')).toBe(true));
  });

  it('shows the add button and edit links only with WRITE on warehouse', async () => {
    const { router } = setup('WRITE');
    await screen.findByText('Gudang Bandung');
    fireEvent.click(screen.getByText('Tambah Gudang'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/warehouse/add-warehouse'));
    expect(new URLSearchParams(router.state.location.search).get('workspace_id')).toBe(WORKSPACE);
  });

  it('has no add button or edit links for a READ-only role', async () => {
    setup('READ');
    await screen.findByText('Gudang Bandung');
    expect(screen.queryByText('Tambah Gudang')).toBeNull();
    expect(screen.queryByText('Ubah')).toBeNull();
    expect(screen.getByText('Gudang Bandung').closest('a')).toBeNull();
  });

  it('links each row to its edit form', async () => {
    const { router } = setup('WRITE');
    fireEvent.click(await screen.findByText('Gudang Bandung'));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/warehouse/update-warehouse/${BANDUNG.id}`));
  });
});
