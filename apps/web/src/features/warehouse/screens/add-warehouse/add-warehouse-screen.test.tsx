import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ME } from '../../../../test/fixtures.ts';
import { renderWithRouter, stubFetch } from '../../../../test/render-with-router.tsx';
import { AREAS, BANDUNG, BUSINESSES, WORKSPACE } from '../../test/warehouse-fixtures.ts';
import { AddWarehouseScreen } from './add-warehouse-screen.tsx';

type Answer = { status?: number; body: unknown };

// Validation and Select updates settle late when the whole suite runs in parallel.
const SLOW = { timeout: 8_000 };

function setup(onPost: (body: unknown) => Answer, permission: 'READ' | 'WRITE' = 'WRITE') {
  const { fetchStub, calls } = stubFetch((method, url, body) => {
    if (url.pathname === '/api/areas') return { body: { items: AREAS[url.searchParams.get('parent') ?? 'ID'] ?? [] } };
    if (url.pathname === '/api/businesses') return { body: BUSINESSES };
    if (url.pathname === '/api/warehouses' && method === 'POST') return onPost(body);
    return { status: 404, body: { code: 'NOT_FOUND', message: 'no' } };
  });
  vi.stubGlobal('fetch', fetchStub);
  const view = renderWithRouter(<AddWarehouseScreen />, {
    path: `/warehouse/add-warehouse?workspace_id=${WORKSPACE}`,
    pattern: '/warehouse/add-warehouse',
    me: { ...ME, permissions: { warehouse: permission, 'store-list': 'READ' } },
    routes: [{ path: '/warehouse', element: <p>daftar gudang</p> }],
  });
  return { ...view, calls };
}

/** Opens an antd Select by its test id and picks the option with this text. */
async function choose(testId: string, option: string) {
  const select = screen.getByTestId(testId);
  await waitFor(() => expect(select.className).not.toContain('disabled'), SLOW);
  fireEvent.mouseDown(select.querySelector('.ant-select-selector') ?? select);
  const item = await waitFor(() => {
    const found = [...document.querySelectorAll('.ant-select-item-option')].find((element) => element.getAttribute('title') === option);
    if (!found) throw new Error(`no option ${option}`);
    return found;
  }, SLOW);
  fireEvent.click(item);
}

const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

async function fillValidForm() {
  fill('Nama Gudang', 'Gudang Pasteur');
  fill('Kode Gudang', 'BDG-02');
  fill('No. Telepon', '0812 3456 7890');
  fill('Alamat 1', 'Jl. Pasteur No. 1');
  await choose('area-province_code', 'Jawa Barat');
  await choose('area-city_code', 'Kota Bandung');
  await choose('area-district_code', 'Sukajadi');
  await choose('area-subdistrict_code', 'Pasteur');
}

// antd Selects in jsdom are slow: a full cascade takes a few seconds.
describe('/warehouse/add-warehouse', { timeout: 30_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('walks the area cascade, fills the postal code from the village and sends every field', async () => {
    const onPost = vi.fn((body: unknown) => ({ status: 201, body: { ...BANDUNG, ...(body as object), name: 'Gudang Pasteur' } }));
    const { router, calls } = setup(onPost);
    expect(screen.getByTestId('area-city_code').className).toContain('disabled');
    await fillValidForm();
    await choose('business-select', 'Demo Pangan');
    expect((screen.getByLabelText('Kode Pos') as HTMLInputElement).value).toBe('40161');
    expect(calls.filter((call) => call.url.pathname === '/api/areas').map((call) => call.url.searchParams.get('parent'))).toEqual([
      null,
      '32',
      '32.73',
      '32.73.07',
    ]);
    fireEvent.click(screen.getByText('Simpan'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/warehouse'), SLOW);
    expect(onPost.mock.calls[0]?.[0]).toEqual({
      name: 'Gudang Pasteur',
      code: 'BDG-02',
      external_code: null,
      category: null,
      contact: null,
      phone: '0812 3456 7890',
      address_line_1: 'Jl. Pasteur No. 1',
      address_line_2: null,
      country_code: 'ID',
      province_code: '32',
      city_code: '32.73',
      district_code: '32.73.07',
      subdistrict_code: '32.73.07.1001',
      postal_code: '40161',
      business_id: BUSINESSES.items[1]?.id,
    });
    expect(router.state.location.search).toBe(`?workspace_id=${WORKSPACE}`);
    expect(await screen.findByText('Gudang Pasteur berhasil ditambahkan')).toBeTruthy();
  });

  it('empties the lower levels when a higher one changes', async () => {
    setup(() => ({ status: 201, body: BANDUNG }));
    await choose('area-province_code', 'Jawa Barat');
    await choose('area-city_code', 'Kota Bandung');
    await choose('area-district_code', 'Sukajadi');
    await choose('area-province_code', 'DKI Jakarta');
    await waitFor(() => expect(screen.getByTestId('area-city_code').textContent).not.toContain('Kota Bandung'), SLOW);
    await waitFor(() => expect(screen.getByTestId('area-district_code').className).toContain('disabled'), SLOW);
  });

  it('shows the rules of the shared schema before sending', async () => {
    const onPost = vi.fn(() => ({ status: 201, body: BANDUNG }));
    setup(onPost);
    fill('Kode Gudang', 'BDG 02');
    fill('Kode Pos', '0123');
    fireEvent.click(screen.getByText('Simpan'));
    expect(await screen.findByText('Kode Gudang tidak boleh mengandung spasi.', {}, SLOW)).toBeTruthy();
    expect(screen.getByText('Kode pos harus 5 angka.')).toBeTruthy();
    expect(screen.getAllByText('Wajib diisi.').length).toBeGreaterThanOrEqual(6);
    expect(onPost).not.toHaveBeenCalled();
  });

  it('puts a taken code (409) on the code field and stays on the form', async () => {
    const { router } = setup(() => ({
      status: 409,
      body: {
        code: 'WAREHOUSE_CODE_TAKEN',
        message: 'taken',
        details: { fields: [{ path: 'code', code: 'WAREHOUSE_CODE_TAKEN', message: 'WAREHOUSE_CODE_TAKEN' }] },
      },
    }));
    await fillValidForm();
    fireEvent.click(screen.getByText('Simpan'));
    const codeItem = screen.getByLabelText('Kode Gudang').closest('.ant-form-item');
    await waitFor(() => expect(codeItem?.textContent).toContain('Kode gudang sudah dipakai.'), SLOW);
    expect(router.state.location.pathname).toBe('/warehouse/add-warehouse');
  });

  it('shows a 403 page instead of the form without WRITE on warehouse', () => {
    setup(() => ({ body: null }), 'READ');
    expect(screen.getByText('Anda tidak memiliki akses untuk mengubah data gudang.')).toBeTruthy();
    expect(screen.queryByLabelText('Nama Gudang')).toBeNull();
  });
});
