import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setNotifier } from '../../../../lib/notify.ts';
import { renderWithRouter, stubFetch } from '../../../../test/render-with-router.tsx';
import { meWith, notFound, WORKSPACE } from '../../../../test/document-fixtures.ts';
import { CustomerListScreen } from './customer-list-screen.tsx';

const IMPORT = {
  id: 'ci-1',
  status: 'PREVIEW',
  file_name: 'pelanggan.xlsx',
  preview: { new: 1, changed: 1, unchanged: 0, errors: 1, examples: 2 },
  items: [
    { outcome: 'ERROR', row: 4, code: 'C-004', name: 'Surel Salah', changes: [], errors: ['email: Format email tidak valid.'] },
    {
      outcome: 'CHANGED',
      row: 2,
      code: 'C-001',
      name: 'Toko Lama',
      changes: [{ field: 'credit_limit', before: '1000000', after: '5000000' }],
      errors: [],
    },
    { outcome: 'NEW', row: 3, code: 'C-003', name: 'Toko Baru', changes: [], errors: [] },
    { outcome: 'EXAMPLE', row: 5, code: 'CUST-0101', name: 'Toko Makmur Jaya', changes: [], errors: [] },
  ],
  truncated: false,
  result: null,
  has_error_file: false,
  created_at: '2026-11-25T01:00:00.000Z',
};

function setup(permission: 'READ' | 'WRITE' = 'WRITE') {
  const { fetchStub, calls } = stubFetch((method, url) => {
    if (url.pathname === '/api/customers' && method === 'GET') return { body: { items: [], page: 1, size: 20, total_row: 0 } };
    if (url.pathname === '/api/customer-categories')
      return { body: { items: [{ id: 'cat-1', name: 'Grosir', description: null, customer_count: 0 }] } };
    if (url.pathname === '/api/customers/imports' && method === 'POST') return { body: IMPORT };
    if (url.pathname === '/api/customers/imports/ci-1/confirm' && method === 'POST')
      return {
        body: { ...IMPORT, status: 'DONE', result: { created: 1, updated: 1, unchanged: 0, failed: 1 }, has_error_file: true },
      };
    if (url.pathname === '/api/customers/exports' && method === 'POST')
      return { status: 202, body: { id: 'ex-1', type: 'CUSTOMER', status: 'PROCESSING', file_name: 'pelanggan-20261125.xlsx' } };
    return notFound;
  });
  vi.stubGlobal('fetch', fetchStub);
  renderWithRouter(<CustomerListScreen />, {
    path: `/customer-channel/all/customer-list?workspace_id=${WORKSPACE}&q=toko&category_id=cat-1`,
    pattern: '/customer-channel/:id/customer-list',
    me: meWith({ 'customer-channel': permission }),
  });
  return { calls };
}

describe('/customer-channel/:id/customer-list import and export', { timeout: 60_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    setNotifier(null);
  });

  it('previews an uploaded sheet (nothing sent to confirm yet), imports once confirmed and offers the error file', async () => {
    const { calls } = setup();
    fireEvent.click(await screen.findByTestId('customer-import-open'));
    const modal = await screen.findByTestId('customer-import');
    expect(within(modal).getByText('Unduh Template')).toBeTruthy();
    const input = modal.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['PK'], 'pelanggan.xlsx')] } });
    const preview = await screen.findByTestId('customer-import-preview');
    await waitFor(() =>
      expect(calls.find((c) => c.url.pathname === '/api/customers/imports')?.body).toEqual({
        file_name: 'pelanggan.xlsx',
        content_base64: btoa('PK'),
      }),
    );
    expect(within(preview).getByText('1 baru')).toBeTruthy();
    expect(within(preview).getByText('1 berubah')).toBeTruthy();
    expect(within(preview).getByText('1 galat')).toBeTruthy();
    expect(within(preview).getByText('2 contoh dilewati')).toBeTruthy();
    expect(within(preview).getByText('email: Format email tidak valid.')).toBeTruthy();
    expect(within(preview).getByText('credit_limit: 1000000 → 5000000')).toBeTruthy();
    expect(within(preview).getByText('Baris contoh template (CONTOH), dilewati.')).toBeTruthy();
    expect(calls.some((c) => c.url.pathname.endsWith('/confirm'))).toBe(false);

    fireEvent.click(within(preview).getByText('Impor 2 Pelanggan'));
    const result = await screen.findByTestId('customer-import-result');
    expect(calls.filter((c) => c.url.pathname.endsWith('/confirm'))).toHaveLength(1);
    expect(within(result).getByText('1 ditambah, 1 diperbarui, 0 tetap, 1 gagal.')).toBeTruthy();
    expect(within(result).getByText('Unduh Berkas Galat')).toBeTruthy();
  });

  it('exports the customers the list shows (its search and category) to the export history', async () => {
    const success = vi.fn();
    setNotifier({ error: vi.fn(), success });
    const { calls } = setup('READ');
    fireEvent.click(await screen.findByTestId('customer-export'));
    await waitFor(() =>
      expect(calls.find((c) => c.url.pathname === '/api/customers/exports')?.body).toEqual({ q: 'toko', category_id: 'cat-1' }),
    );
    await waitFor(() =>
      expect(success).toHaveBeenCalledWith({
        title: 'Ekspor pelanggan sedang diproses',
        description: 'Unduh pelanggan-20261125.xlsx dari menu Riwayat Ekspor setelah selesai.',
      }),
    );
    // A reader can export but not import.
    expect(screen.queryByTestId('customer-import-open')).toBeNull();
  });
});
