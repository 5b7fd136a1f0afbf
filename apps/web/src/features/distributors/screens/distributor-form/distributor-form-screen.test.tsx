import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../../lib/i18n.ts';
import { setNotifier } from '../../../../lib/notify.ts';
import { BANDUNG, choose, clickButton, meWith, notFound, WAREHOUSES, WORKSPACE } from '../../../../test/document-fixtures.ts';
import { renderWithRouter, stubFetch } from '../../../../test/render-with-router.tsx';
import { AREAS, CHANNEL, CHANNEL_QUERY, MAJU } from '../../test/distributors-fixtures.ts';
import { DistributorFormScreen } from './distributor-form-screen.tsx';

type Answer = { status?: number; body: unknown };

const LIST_API = `/api/distributor-channels/${CHANNEL}/distributors`;
const LIST_PATH = `/distributor-channel/${CHANNEL}/distributor-list`;

function setup({
  onSave = (body) => ({ status: 201, body: { ...MAJU, ...(body as object) } }),
  access = 'WRITE',
  query = '',
  found = true,
}: { onSave?: (body: unknown, method: string) => Answer; access?: 'READ' | 'WRITE'; query?: string; found?: boolean } = {}) {
  const { fetchStub, calls } = stubFetch((method, url, body) => {
    if (url.pathname === '/api/areas') return { body: { items: AREAS[url.searchParams.get('parent') ?? 'ID'] ?? [] } };
    if (url.pathname === '/api/warehouses') return { body: WAREHOUSES };
    if (url.pathname === LIST_API && method === 'POST') return onSave(body, method);
    if (url.pathname === `${LIST_API}/${MAJU.id}` && method === 'GET')
      return found ? { body: MAJU } : { status: 404, body: { code: 'DISTRIBUTOR_NOT_FOUND', message: 'distributor not found (server)' } };
    if (url.pathname === `${LIST_API}/${MAJU.id}` && method === 'PUT') return onSave(body, method);
    return notFound;
  });
  vi.stubGlobal('fetch', fetchStub);
  const view = renderWithRouter(<DistributorFormScreen />, {
    path: `/distributor-channel/${CHANNEL}/add-distributor?${CHANNEL_QUERY}&workspace_id=${WORKSPACE}${query}`,
    pattern: '/distributor-channel/:id/add-distributor',
    me: meWith({ 'distributor-channel': access }),
    routes: [{ path: '/distributor-channel/:id/distributor-list', element: <p>daftar distributor</p> }],
  });
  return { ...view, calls };
}

const writes = <C extends { method: string }>(calls: C[]) => calls.filter((c) => c.method !== 'GET');
const searchOf = (router: { state: { location: { search: string } } }) =>
  Object.fromEntries(new URLSearchParams(router.state.location.search));
/** The antd form item (label, control, errors) around the field labelled `label`. */
const fieldItem = (label: string) => screen.getByLabelText(label).closest('.ant-form-item') as HTMLElement;
const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
/** A level of the area cascade opens once its parent is chosen. */
async function chooseArea(testId: string, option: string) {
  await waitFor(() => expect(screen.getByTestId(testId).className).not.toContain('disabled'));
  await choose(testId, option);
}
/** The text a field error code shows: the shared `validation`, else `errors`, texts; else the server's message. */
function codeText(code: string, server: string, namespaces = ['validation', 'errors']) {
  const key = namespaces.map((ns) => `${ns}:${code}`).find((candidate) => i18n.exists(candidate));
  return key ? i18n.t(key, { lng: 'id' }) : server;
}

/** Every section: a new sub-distributor in Bandung, paid to BCA, shipped from the Bandung warehouse. */
async function fillValidForm() {
  await screen.findByText('Tambah Distributor');
  fill('Kode Distributor', ' DIST-BDG-02 ');
  fill('Nama Distributor', 'CV Sinar Abadi');
  await choose('distributor-category', 'Sub Distributor');
  fill('Telepon', '0812 3456 7890');
  fill('Email', 'admin@sinarabadi.co.id');
  fill('NPWP', '01.234.567.8-901.000');
  fill('Alamat', 'Jl. Pasteur No. 1');
  await chooseArea('area-province_code', 'Jawa Barat');
  await chooseArea('area-city_code', 'Kota Bandung');
  await chooseArea('area-district_code', 'Sukajadi');
  await chooseArea('area-subdistrict_code', 'Pasteur');
  await choose('distributor-bank', 'BCA');
  fill('Nomor Rekening', '1234567890');
  fill('Nama Pemilik Rekening', 'CV Sinar Abadi');
  await choose('distributor-warehouse', BANDUNG.name);
  fill('Area Cakupan', 'Kota Bandung, Kab. Bandung Barat');
}

const REQUIRED_FIELDS = [
  'Kode Distributor',
  'Nama Distributor',
  'Kategori',
  'Telepon',
  'NPWP',
  'Alamat',
  'Provinsi',
  'Kota/Kabupaten',
  'Kecamatan',
  'Kode Pos',
  'Bank',
  'Nomor Rekening',
  'Nama Pemilik Rekening',
  'Gudang',
  'Area Cakupan',
];

// antd Selects in jsdom are slow: a full form with the area cascade takes a few seconds.
describe('/distributor-channel/:id/add-distributor', { timeout: 60_000 }, () => {
  const success = vi.fn();
  beforeEach(() => {
    success.mockReset();
    setNotifier({ success, error: vi.fn() });
  });
  afterEach(() => {
    setNotifier(null);
    vi.unstubAllGlobals();
  });

  it('shows the required message on every required field and sends nothing', async () => {
    const { calls } = setup();
    await screen.findByText('Tambah Distributor');
    clickButton('Simpan');
    await waitFor(() => expect(within(fieldItem('Kode Distributor')).getByText('Wajib diisi.')).toBeTruthy());
    for (const label of REQUIRED_FIELDS) expect(within(fieldItem(label)).getByText('Wajib diisi.'), label).toBeTruthy();
    expect(screen.getAllByText('Wajib diisi.')).toHaveLength(REQUIRED_FIELDS.length);
    // The optional fields and the status (active by default) say nothing.
    for (const label of ['Email', 'Nama NPWP', 'Kelurahan/Desa']) expect(within(fieldItem(label)).queryByText('Wajib diisi.')).toBeNull();
    expect(writes(calls)).toEqual([]);
  });

  it('refuses a wrong phone, NPWP, email, postal code and account number before sending', async () => {
    const { calls } = setup();
    await screen.findByText('Tambah Distributor');
    fill('Telepon', '12345');
    fill('NPWP', '12.345');
    fill('Email', 'admin@');
    fill('Kode Pos', '0123');
    fill('Nomor Rekening', '12-34');
    clickButton('Simpan');
    await waitFor(() => expect(within(fieldItem('Telepon')).getByText('Nomor HP tidak valid.')).toBeTruthy());
    expect(within(fieldItem('NPWP')).getByText('NPWP harus 15 atau 16 angka.')).toBeTruthy();
    expect(within(fieldItem('Email')).getByText('Format email tidak valid.')).toBeTruthy();
    expect(within(fieldItem('Kode Pos')).getByText('Kode pos harus 5 angka.')).toBeTruthy();
    expect(within(fieldItem('Nomor Rekening')).queryByText('Wajib diisi.')).toBeNull();
    expect(within(fieldItem('Nomor Rekening')).getByText(codeText('INVALID_ACCOUNT_NUMBER', 'Format tidak sesuai.'))).toBeTruthy();
    expect(writes(calls)).toEqual([]);
  });

  it('sends every field of a valid form, then says so and goes back to the list with the channel query', async () => {
    const { calls, router } = setup();
    await fillValidForm();
    expect((screen.getByLabelText('Kode Pos') as HTMLInputElement).value).toBe('40161');
    clickButton('Simpan');
    await waitFor(() => expect(router.state.location.pathname).toBe(LIST_PATH));
    expect(writes(calls)).toHaveLength(1);
    expect(writes(calls)[0]?.method).toBe('POST');
    expect(writes(calls)[0]?.body).toEqual({
      code: 'DIST-BDG-02',
      name: 'CV Sinar Abadi',
      category: 'SUB',
      phone: '0812 3456 7890',
      email: 'admin@sinarabadi.co.id',
      status: 'ACTIVE',
      npwp_id: '01.234.567.8-901.000',
      npwp_name: null,
      address: 'Jl. Pasteur No. 1',
      province_code: '32',
      city_code: '32.73',
      district_code: '32.73.07',
      subdistrict_code: '32.73.07.1001',
      postal_code: '40161',
      bank_code: '014',
      bank_account_number: '1234567890',
      bank_account_name: 'CV Sinar Abadi',
      warehouse_id: BANDUNG.id,
      coverage_area: 'Kota Bandung, Kab. Bandung Barat',
    });
    expect(searchOf(router)).toEqual({ sales_channel_id: '18', channel_code: 'distributor', workspace_id: WORKSPACE });
    expect(success).toHaveBeenCalledWith(expect.objectContaining({ title: 'Distributor CV Sinar Abadi disimpan' }));
  });

  it("puts the server's taken code on the code field and stays on the form", async () => {
    const { calls, router } = setup({
      onSave: () => ({
        status: 409,
        body: {
          code: 'DISTRIBUTOR_CODE_TAKEN',
          message: 'code taken (server)',
          details: { fields: [{ path: 'code', code: 'DISTRIBUTOR_CODE_TAKEN', message: 'code taken (server)' }] },
        },
      }),
    });
    await fillValidForm();
    clickButton('Simpan');
    const taken = codeText('DISTRIBUTOR_CODE_TAKEN', 'code taken (server)');
    await waitFor(() => expect(within(fieldItem('Kode Distributor')).getByText(taken)).toBeTruthy());
    expect(writes(calls)).toHaveLength(1);
    expect(router.state.location.pathname).toBe(`/distributor-channel/${CHANNEL}/add-distributor`);
    expect(success).not.toHaveBeenCalled();
  });

  it('edits a distributor (?edit=): its values filled in, the whole form sent with PUT', async () => {
    const { calls, router } = setup({ query: `&edit=${MAJU.id}`, onSave: (body) => ({ body: { ...MAJU, ...(body as object) } }) });
    expect(await screen.findByText('Ubah Distributor')).toBeTruthy();
    await waitFor(() => expect((screen.getByLabelText('Nama Distributor') as HTMLInputElement).value).toBe('CV Maju Jaya'));
    expect((screen.getByLabelText('Kode Distributor') as HTMLInputElement).value).toBe('DIST-BDG-01');
    expect(screen.getByTestId('distributor-category').textContent).toContain('Distributor Utama');
    expect(screen.getByTestId('distributor-bank').textContent).toContain('BCA');
    await waitFor(() => expect(screen.getByTestId('area-city_code').textContent).toContain('Kota Bandung'));
    await waitFor(() => expect(screen.getByTestId('distributor-warehouse').textContent).toContain(BANDUNG.name));
    fill('Area Cakupan', 'Kota Bandung, Kota Cimahi');
    fireEvent.click(screen.getByLabelText('Nonaktif'));
    clickButton('Simpan');
    await waitFor(() => expect(router.state.location.pathname).toBe(LIST_PATH));
    expect(writes(calls).map((c) => `${c.method} ${c.url.pathname}`)).toEqual([`PUT ${LIST_API}/${MAJU.id}`]);
    expect(writes(calls)[0]?.body).toEqual({
      code: 'DIST-BDG-01',
      name: 'CV Maju Jaya',
      category: 'MAIN',
      phone: '+6281234567890',
      email: 'admin@majujaya.co.id',
      status: 'INACTIVE',
      npwp_id: '0123456789012345',
      npwp_name: null,
      address: 'Jl. Pasteur No. 12',
      province_code: '32',
      city_code: '32.73',
      district_code: '32.73.07',
      subdistrict_code: '32.73.07.1001',
      postal_code: '40161',
      bank_code: '014',
      bank_account_number: '1234567890',
      bank_account_name: 'CV Maju Jaya',
      warehouse_id: BANDUNG.id,
      coverage_area: 'Kota Bandung, Kota Cimahi',
    });
    expect(searchOf(router)).toEqual({ sales_channel_id: '18', channel_code: 'distributor', workspace_id: WORKSPACE });
    expect(success).toHaveBeenCalledWith(expect.objectContaining({ title: 'Distributor CV Maju Jaya disimpan' }));
  });

  it('says so when the distributor to edit does not exist', async () => {
    setup({ query: `&edit=${MAJU.id}`, found: false });
    expect(await screen.findByText(codeText('DISTRIBUTOR_NOT_FOUND', 'distributor not found (server)', ['errors']))).toBeTruthy();
    expect(screen.queryByLabelText('Nama Distributor')).toBeNull();
  });

  it('shows a 403 page instead of the form for a reader', async () => {
    const { router } = setup({ access: 'READ' });
    expect(await screen.findByText('Tidak ada akses')).toBeTruthy();
    expect(screen.queryByLabelText('Kode Distributor')).toBeNull();
    clickButton('Kembali ke daftar distributor');
    await waitFor(() => expect(router.state.location.pathname).toBe(LIST_PATH));
    expect(searchOf(router)).toEqual({ sales_channel_id: '18', channel_code: 'distributor', workspace_id: WORKSPACE });
  });
});
