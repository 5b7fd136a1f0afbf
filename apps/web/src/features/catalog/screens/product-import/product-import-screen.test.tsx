import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ME } from '../../../../test/fixtures.ts';
import { renderWithRouter, stubFetch } from '../../../../test/render-with-router.tsx';
import { WORKSPACE } from '../../test/catalog-fixtures.ts';
import { ProductImportScreen } from './product-import-screen.tsx';

const JOB = {
  id: 'imp-1',
  file_name: 'produk.xlsx',
  total_rows: 3,
  processed_rows: 3,
  succeeded_rows: 0,
  failed_rows: 0,
  progress: 99,
  has_result_file: false,
  error: null,
  created_at: '2026-01-01T00:00:00Z',
  finished_at: null,
};
const SUMMARY = { new: 1, changed: 1, unchanged: 0, errors: 1, examples: 3 };
const PREVIEW = {
  summary: SUMMARY,
  truncated: false,
  items: [
    {
      outcome: 'ERROR',
      rows: [4],
      name: 'Teh Salah',
      skus: ['TEH-S'],
      changes: [],
      errors: ['baris 4: price: Nominal tidak boleh negatif.'],
    },
    {
      outcome: 'CHANGED',
      rows: [2],
      name: 'Kopi Gayo Arabika 250 g',
      skus: ['KOPI-GAYO-250'],
      changes: [{ field: 'TEH-H price', before: '10000', after: '12000' }],
      errors: [],
    },
    { outcome: 'NEW', rows: [3], name: 'Teh Melati', skus: ['TEH-M'], changes: [], errors: [] },
    { outcome: 'EXAMPLE', rows: [5, 6], name: 'Kaos Polos', skus: ['KAOS-HITAM-M', 'KAOS-HITAM-L'], changes: [], errors: [] },
  ],
};

function setup() {
  let status = 'PREVIEWING';
  const { fetchStub, calls } = stubFetch((method, url) => {
    if (url.pathname === '/api/products/imports' && method === 'POST') return { status: 202, body: { ...JOB, status, preview: null } };
    if (url.pathname === '/api/products/imports/imp-1/confirm' && method === 'POST') {
      status = 'DONE';
      return { status: 202, body: { ...JOB, status: 'QUEUED', preview: SUMMARY } };
    }
    if (url.pathname === '/api/products/imports/imp-1/preview') return { body: PREVIEW };
    if (url.pathname === '/api/products/imports/imp-1') {
      // The preview job finishes between the upload and the first poll.
      if (status === 'PREVIEWING') status = 'PREVIEW';
      const done = status === 'DONE' ? { succeeded_rows: 2, failed_rows: 1, progress: 100, has_result_file: true } : {};
      return { body: { ...JOB, status, preview: SUMMARY, ...done } };
    }
    return { status: 404, body: { code: 'NOT_FOUND', message: 'no' } };
  });
  vi.stubGlobal('fetch', fetchStub);
  renderWithRouter(<ProductImportScreen />, {
    path: `/product/import?workspace_id=${WORKSPACE}`,
    pattern: '/product/import',
    me: { ...ME, permissions: { product: 'WRITE' } },
    routes: [{ path: '/product', element: <p>daftar produk</p> }],
  });
  return { calls };
}

describe('/product/import', { timeout: 60_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the preview (new, changed with the diff, errors, skipped examples) and imports only once confirmed', async () => {
    const { calls } = setup();
    const input = (await screen.findByTestId('import-page')).querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['PK'], 'produk.xlsx')] } });
    await screen.findByTestId('import-preview');
    expect(screen.getByText('1 baru')).toBeTruthy();
    expect(screen.getByText('1 berubah')).toBeTruthy();
    expect(screen.getByText('3 contoh dilewati')).toBeTruthy();
    expect(screen.getByText('TEH-H price: 10000 → 12000')).toBeTruthy();
    expect(screen.getByText('baris 4: price: Nominal tidak boleh negatif.')).toBeTruthy();
    expect(screen.getByText('Baris contoh template (CONTOH), dilewati.')).toBeTruthy();
    expect(calls.some((call) => call.url.pathname.endsWith('/confirm'))).toBe(false);

    fireEvent.click(screen.getByText('Impor 2 Produk'));
    await waitFor(() => expect(calls.filter((call) => call.url.pathname.endsWith('/confirm'))).toHaveLength(1));
    expect(await screen.findByText('2 baris berhasil, 1 baris gagal.')).toBeTruthy();
  });

  it('refuses a file over 10 MB before sending it, and says so', async () => {
    const { calls } = setup();
    const input = (await screen.findByTestId('import-page')).querySelector('input[type="file"]') as HTMLInputElement;
    const big = new File(['PK'], 'produk-besar.xlsx');
    Object.defineProperty(big, 'size', { value: 10 * 1024 * 1024 + 1 });
    fireEvent.change(input, { target: { files: [big] } });
    expect(await screen.findByText('Ukuran berkas impor lebih dari 10 MB. Bagi menjadi beberapa berkas.')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });
});
