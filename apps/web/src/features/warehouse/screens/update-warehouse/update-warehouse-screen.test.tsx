import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ME } from '../../../../test/fixtures.ts';
import { renderWithRouter, stubFetch } from '../../../../test/render-with-router.tsx';
import { AREAS, BANDUNG, BUSINESSES, WORKSPACE } from '../../test/warehouse-fixtures.ts';
import { UpdateWarehouseScreen } from './update-warehouse-screen.tsx';

function setup(found = true) {
  const onPut = vi.fn((body: unknown) => ({ body: { ...BANDUNG, ...(body as object) } }));
  const { fetchStub, calls } = stubFetch((method, url, body) => {
    if (url.pathname === '/api/areas') return { body: { items: AREAS[url.searchParams.get('parent') ?? 'ID'] ?? [] } };
    if (url.pathname === '/api/businesses') return { body: BUSINESSES };
    if (url.pathname === `/api/warehouses/${BANDUNG.id}` && method === 'GET')
      return found ? { body: BANDUNG } : { status: 404, body: { code: 'WAREHOUSE_NOT_FOUND', message: 'no' } };
    if (url.pathname === `/api/warehouses/${BANDUNG.id}` && method === 'PUT') return onPut(body);
    return { status: 404, body: { code: 'NOT_FOUND', message: 'no' } };
  });
  vi.stubGlobal('fetch', fetchStub);
  const view = renderWithRouter(<UpdateWarehouseScreen />, {
    path: `/warehouse/update-warehouse/${BANDUNG.id}?workspace_id=${WORKSPACE}`,
    pattern: '/warehouse/update-warehouse/:id',
    me: { ...ME, permissions: { warehouse: 'WRITE', 'store-list': 'READ' } },
    routes: [{ path: '/warehouse', element: <p>daftar gudang</p> }],
  });
  return { ...view, calls, onPut };
}

describe('/warehouse/update-warehouse/:id', { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('loads the saved warehouse with its area names and sends the whole form with PUT', async () => {
    const { router, onPut } = setup();
    await waitFor(() => expect((screen.getByLabelText('Nama Gudang') as HTMLInputElement).value).toBe('Gudang Bandung'));
    expect((screen.getByLabelText('Kode Gudang') as HTMLInputElement).value).toBe('BDG-01');
    expect(screen.getByTestId('area-subdistrict_code').textContent).toContain('Pasteur');
    expect(screen.getByTestId('area-city_code').textContent).toContain('Kota Bandung');
    fireEvent.change(screen.getByLabelText('Kategori'), { target: { value: 'Gudang Utama' } });
    fireEvent.click(screen.getByText('Simpan'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/warehouse'));
    expect(onPut.mock.calls[0]?.[0]).toMatchObject({
      name: 'Gudang Bandung',
      code: 'BDG-01',
      category: 'Gudang Utama',
      phone: '+6281234500002',
      subdistrict_code: '32.73.07.1001',
      business_id: BANDUNG.business_id,
      country_code: 'ID',
    });
    expect(await screen.findByText('Gudang Bandung berhasil diperbarui')).toBeTruthy();
  });

  it('says so when the warehouse does not exist (another workspace, deleted)', async () => {
    setup(false);
    expect(await screen.findByText('Gudang tidak ditemukan.')).toBeTruthy();
    expect(screen.queryByLabelText('Nama Gudang')).toBeNull();
  });
});
