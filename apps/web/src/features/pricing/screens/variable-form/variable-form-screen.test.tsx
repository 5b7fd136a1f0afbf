import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithRouter, stubFetch } from '../../../../test/render-with-router.tsx';
import { meWith, PPN, WORKSPACE } from '../../test/pricing-fixtures.ts';
import { FormulaVariableFormScreen, GlobalVariableFormScreen } from './variable-form-screen.tsx';

type Answer = { status?: number; body: unknown };

function setup(
  save: (body: unknown) => Answer,
  options: { path?: string; pattern?: string; element?: React.ReactNode; access?: 'READ' | 'WRITE' } = {},
) {
  const { fetchStub, calls } = stubFetch((method, url, body) => {
    if (method === 'GET' && url.pathname === `/api/global-variables/${PPN.id}`) return { body: PPN };
    if (method === 'POST' || method === 'PUT') return save(body);
    return { body: { items: [], page: 1, size: 10, total_row: 0 } };
  });
  vi.stubGlobal('fetch', fetchStub);
  const pattern = options.pattern ?? '/global-variable/add';
  const view = renderWithRouter(options.element ?? <GlobalVariableFormScreen />, {
    path: `${options.path ?? pattern}?workspace_id=${WORKSPACE}`,
    pattern,
    me: meWith(options.access ?? 'WRITE'),
    routes: [
      { path: '/global-variable', element: <p>global list</p> },
      { path: '/formula-variable', element: <p>formula list</p> },
    ],
  });
  return { ...view, calls };
}

const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const save = () => fireEvent.click(screen.getByRole('button', { name: /Simpan/u }));

describe('variable form', { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('requires a name and a value', async () => {
    const { calls } = setup(() => ({ status: 201, body: PPN }));
    await screen.findByLabelText('Nama Variabel');
    save();
    await waitFor(() => expect(screen.getAllByText('Wajib diisi.')).toHaveLength(2));
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('refuses a name over 30 characters, a name with spaces or symbols, a short description over 30 and a non-number value', async () => {
    setup(() => ({ status: 201, body: PPN }));
    await screen.findByLabelText('Nama Variabel');
    fill('Nama Variabel', 'a'.repeat(31));
    fill('Deskripsi Singkat', 'd'.repeat(31));
    fill('Nilai', 'sebelas');
    save();
    await waitFor(() => expect(screen.getAllByText('Maksimal 30 karakter.')).toHaveLength(2));
    expect(screen.getByText('Masukkan angka, paling banyak 6 desimal.')).toBeTruthy();
    fill('Nama Variabel', 'biaya kemas!');
    expect(await screen.findByText('Hanya huruf, angka dan garis bawah (tidak boleh hanya angka).')).toBeTruthy();
    fill('Nama Variabel', '12345');
    expect(await screen.findByText('Hanya huruf, angka dan garis bawah (tidak boleh hanya angka).')).toBeTruthy();
  });

  it('saves a valid variable to its own list and goes back with the workspace query', async () => {
    const { calls, router } = setup(() => ({ status: 201, body: { ...PPN, kind: 'FORMULA', name: 'markup_reseller' } }), {
      pattern: '/formula-variable/add',
      element: <FormulaVariableFormScreen />,
    });
    await screen.findByLabelText('Nama Variabel');
    fill('Nama Variabel', 'markup_reseller');
    fill('Nilai', '1.25');
    fill('Deskripsi Singkat', 'Markup reseller');
    save();
    await waitFor(() => expect(router.state.location.pathname).toBe('/formula-variable'));
    expect(new URLSearchParams(router.state.location.search).get('workspace_id')).toBe(WORKSPACE);
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.url.pathname).toBe('/api/formula-variables');
    expect(post?.body).toEqual({ name: 'markup_reseller', value: '1.25', short_description: 'Markup reseller' });
  });

  it("shows the server's field error on the name (VARIABLE_NAME_TAKEN)", async () => {
    setup(() => ({
      status: 409,
      body: {
        code: 'VARIABLE_NAME_TAKEN',
        message: 'taken',
        details: { fields: [{ path: 'name', code: 'VARIABLE_NAME_TAKEN', message: 'VARIABLE_NAME_TAKEN' }] },
      },
    }));
    await screen.findByLabelText('Nama Variabel');
    fill('Nama Variabel', 'ppn');
    fill('Nilai', '1.11');
    save();
    expect((await screen.findAllByText('Nama variabel sudah dipakai.')).length).toBeGreaterThan(0);
  });

  it('edits a used variable: the name is locked, the value may change (PUT)', async () => {
    const { calls } = setup(() => ({ body: PPN }), { path: `/global-variable/edit/${PPN.id}`, pattern: '/global-variable/edit/:id' });
    const name = (await screen.findByLabelText('Nama Variabel')) as HTMLInputElement;
    expect(name.value).toBe('ppn');
    expect(name.disabled).toBe(true);
    expect(screen.getByText('Dipakai di 2 formula: nama tidak dapat diubah, nilai tetap dapat diubah.')).toBeTruthy();
    fill('Nilai', '1.12');
    save();
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ name: 'ppn', value: '1.12', short_description: 'PPN 11%' });
  });

  it('shows a 403 page instead of the form for a READ-only role', async () => {
    setup(() => ({ body: PPN }), { access: 'READ' });
    expect(await screen.findByText('Tidak ada akses')).toBeTruthy();
    expect(screen.queryByLabelText('Nama Variabel')).toBeNull();
  });
});
