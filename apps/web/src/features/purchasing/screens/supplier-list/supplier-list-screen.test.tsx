import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../../lib/i18n.ts';
import { setNotifier } from '../../../../lib/notify.ts';
import { clickButton, meWith, notFound, WORKSPACE } from '../../../../test/document-fixtures.ts';
import { renderWithRouter, stubFetch } from '../../../../test/render-with-router.tsx';
import { NO_SUPPLIERS, SUMBER, SUPPLIERS } from '../../test/purchasing-fixtures.ts';
import { SupplierListScreen } from './supplier-list-screen.tsx';

type Answer = { status?: number; body: unknown } | null;

function setup({
  query = '',
  access = 'WRITE',
  list = SUPPLIERS,
  handler = () => null,
}: {
  query?: string;
  access?: 'READ' | 'WRITE';
  list?: unknown;
  handler?: (method: string, url: URL, body: unknown) => Answer;
} = {}) {
  const { fetchStub, calls } = stubFetch((method, url, body) => {
    const answer = handler(method, url, body);
    if (answer) return answer;
    if (url.pathname === '/api/suppliers' && method === 'GET') return { body: list };
    return notFound;
  });
  vi.stubGlobal('fetch', fetchStub);
  const view = renderWithRouter(<SupplierListScreen />, {
    path: `/supplier/list?workspace_id=${WORKSPACE}${query}`,
    pattern: '/supplier/list',
    me: meWith({ supplier: access }),
  });
  return { ...view, calls };
}

const lastList = (calls: { method: string; url: URL }[]) =>
  Object.fromEntries([...calls].reverse().find((c) => c.url.pathname === '/api/suppliers' && c.method === 'GET')?.url.searchParams ?? []);
const posts = <C extends { method: string }>(calls: C[]) => calls.filter((c) => c.method !== 'GET');
/** The antd form item (label, control, errors) around the field labelled `label`. */
const fieldItem = (label: string) => screen.getByLabelText(label).closest('.ant-form-item') as HTMLElement;
const dialog = async () =>
  (await screen.findByText('Tambah Pemasok', { selector: '.ant-modal-title' })).closest('.ant-modal') as HTMLElement;

describe('/supplier/list', { timeout: 60_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists the suppliers with their terms and order counts, the search kept in the URL', async () => {
    const { calls, router } = setup({ query: '&q=Sumber' });
    const row = (await screen.findByText('PT Sumber Tekstil')).closest('tr') as HTMLElement;
    expect(row.textContent).toContain('SUP-01');
    expect(row.textContent).toContain('Budi Santoso');
    expect(row.textContent).toContain('+6281234567890');
    expect(row.textContent).toContain('budi@sumber.co.id');
    expect(row.textContent).toContain('30');
    expect(within(row).getByText('3')).toBeTruthy();
    const headings = [...document.querySelectorAll('th')].map((th) => th.textContent);
    expect(headings).toEqual(expect.arrayContaining(['Nama', 'Kode', 'Kontak', 'Telepon', 'Email', 'Termin (hari)', 'Pesanan Pembelian']));
    expect(lastList(calls)).toMatchObject({ q: 'Sumber', page: '1', size: '10' });

    const search = screen.getByPlaceholderText('Cari nama, kode, kontak atau telepon');
    fireEvent.change(search, { target: { value: 'Gayo' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('q')).toBe('Gayo'));
    expect(new URLSearchParams(router.state.location.search).get('workspace_id')).toBe(WORKSPACE);
    await waitFor(() => expect(lastList(calls).q).toBe('Gayo'));
  });

  it('invites to add the first supplier when there is none', async () => {
    setup({ list: NO_SUPPLIERS });
    const empty = await screen.findByTestId('list-empty');
    expect(empty.textContent).toContain('Belum ada pemasok');
    fireEvent.click(within(empty).getByTestId('add-first-supplier'));
    expect(await dialog()).toBeTruthy();
  });

  it('a reader sees the suppliers without add, edit or delete', async () => {
    setup({ access: 'READ' });
    await screen.findByText('PT Sumber Tekstil');
    expect(screen.queryByTestId('add-supplier')).toBeNull();
    expect(screen.queryByLabelText('Ubah PT Sumber Tekstil')).toBeNull();
    expect(screen.queryByLabelText('Hapus PT Sumber Tekstil')).toBeNull();
  });

  it('refuses a missing name, a wrong email and a wrong NPWP before sending', async () => {
    const { calls } = setup();
    await screen.findByText('PT Sumber Tekstil');
    fireEvent.click(screen.getByTestId('add-supplier'));
    const modal = await dialog();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'budi@' } });
    fireEvent.change(screen.getByLabelText('NPWP'), { target: { value: '12.345' } });
    clickButton('Simpan', modal);
    await waitFor(() => expect(within(fieldItem('Nama Pemasok')).getByText('Wajib diisi.')).toBeTruthy());
    expect(within(fieldItem('Email')).getByText('Format email tidak valid.')).toBeTruthy();
    expect(within(fieldItem('NPWP')).getByText('NPWP harus 15 atau 16 angka.')).toBeTruthy();
    expect(posts(calls)).toEqual([]);
  });

  it('sends the supplier and shows a taken code on the code field', async () => {
    const { calls } = setup({
      handler: (method, url) =>
        method === 'POST' && url.pathname === '/api/suppliers'
          ? {
              status: 409,
              body: {
                code: 'VALIDATION_FAILED',
                message: 'invalid',
                details: { fields: [{ path: 'code', code: 'SUPPLIER_CODE_TAKEN', message: 'code taken (server)' }] },
              },
            }
          : null,
    });
    await screen.findByText('PT Sumber Tekstil');
    fireEvent.click(screen.getByTestId('add-supplier'));
    const modal = await dialog();
    fireEvent.change(screen.getByLabelText('Nama Pemasok'), { target: { value: ' PT Baru ' } });
    fireEvent.change(screen.getByLabelText('Kode'), { target: { value: 'SUP-01' } });
    fireEvent.change(screen.getByLabelText('NPWP'), { target: { value: '0123456789012345' } });
    fireEvent.change(screen.getByLabelText('Termin Pembayaran (hari)'), { target: { value: '45' } });
    clickButton('Simpan', modal);
    const taken = i18n.t('validation:SUPPLIER_CODE_TAKEN', { lng: 'id', defaultValue: 'code taken (server)' });
    await waitFor(() => expect(within(fieldItem('Kode')).getByText(taken)).toBeTruthy());
    expect(posts(calls)).toHaveLength(1);
    expect(posts(calls)[0]?.body).toEqual({
      name: 'PT Baru',
      code: 'SUP-01',
      contact_name: null,
      phone: null,
      email: null,
      npwp: '0123456789012345',
      address: null,
      payment_term_days: 45,
      notes: null,
    });
  });

  it('edits a supplier from its row with its values filled in', async () => {
    const { calls } = setup({
      handler: (method, url, body) =>
        method === 'PUT' && url.pathname === `/api/suppliers/${SUMBER.id}` ? { body: { ...SUMBER, ...(body as object) } } : null,
    });
    await screen.findByText('PT Sumber Tekstil');
    fireEvent.click(screen.getByLabelText('Ubah PT Sumber Tekstil'));
    const modal = (await screen.findByText('Ubah Pemasok', { selector: '.ant-modal-title' })).closest('.ant-modal') as HTMLElement;
    expect((screen.getByLabelText('Nama Pemasok') as HTMLInputElement).value).toBe('PT Sumber Tekstil');
    fireEvent.change(screen.getByLabelText('Nama Kontak'), { target: { value: 'Sari' } });
    clickButton('Simpan', modal);
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]?.body).toMatchObject({ name: 'PT Sumber Tekstil', code: 'SUP-01', contact_name: 'Sari', payment_term_days: 30 });
  });

  it('deletes after a confirmation; a supplier named by orders says why it stays', async () => {
    const error = vi.fn();
    setNotifier({ error, success: vi.fn() });
    try {
      const { calls } = setup({
        handler: (method, url) =>
          method === 'DELETE' && url.pathname === `/api/suppliers/${SUMBER.id}`
            ? { status: 409, body: { code: 'SUPPLIER_IN_USE', message: 'in use (server)' } }
            : null,
      });
      await screen.findByText('PT Sumber Tekstil');
      fireEvent.click(screen.getByLabelText('Hapus PT Sumber Tekstil'));
      const confirm = (await screen.findByText('Hapus pemasok PT Sumber Tekstil?')).closest('.ant-popover') as HTMLElement;
      expect(posts(calls)).toEqual([]);
      clickButton('Hapus', confirm);
      await waitFor(() =>
        expect(error).toHaveBeenCalledWith(
          expect.objectContaining({ title: '409', description: i18n.t('errors:SUPPLIER_IN_USE', { lng: 'id' }) }),
        ),
      );
      expect(i18n.t('errors:SUPPLIER_IN_USE', { lng: 'id' })).not.toBe('SUPPLIER_IN_USE');
      expect(posts(calls).map((c) => c.method)).toEqual(['DELETE']);
    } finally {
      setNotifier(null);
    }
  });
});
