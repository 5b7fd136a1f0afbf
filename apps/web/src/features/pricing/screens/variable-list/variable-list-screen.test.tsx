import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithRouter, stubFetch } from '../../../../test/render-with-router.tsx';
import { meWith, PACKING, page, PPN, WORKSPACE } from '../../test/pricing-fixtures.ts';
import { GlobalVariableListScreen, ProductVariableListScreen } from './variable-list-screen.tsx';

type Answer = { status?: number; body: unknown };

function setup(
  onDelete: (id: string) => Answer,
  list: Answer = { body: page([PACKING, PPN]) },
  element = <GlobalVariableListScreen />,
  pattern = '/global-variable',
) {
  const { fetchStub, calls } = stubFetch((method, url) => {
    if (method === 'GET' && /^\/api\/(global|product)-variables$/u.test(url.pathname)) return list;
    if (method === 'DELETE') return onDelete(url.pathname.split('/').pop() ?? '');
    return { status: 404, body: { code: 'NOT_FOUND', message: 'no' } };
  });
  vi.stubGlobal('fetch', fetchStub);
  const view = renderWithRouter(element, {
    path: `${pattern}?workspace_id=${WORKSPACE}`,
    pattern,
    me: meWith('WRITE'),
    routes: [{ path: `${pattern}/edit/:id`, element: <p>edit</p> }],
  });
  return { ...view, calls };
}

async function confirmDelete(name: string) {
  fireEvent.click(await screen.findByRole('button', { name: `Hapus ${name}` }));
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByText(`Variabel ${name} akan dihapus. Tindakan ini tidak dapat dibatalkan.`)).toBeTruthy();
  fireEvent.click(within(dialog).getByRole('button', { name: 'Hapus' }));
}

describe('variable lists', { timeout: 60_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists name, value, short description and how many formulas use each variable', async () => {
    setup(() => ({ status: 204, body: null }));
    expect(await screen.findByText('ppn')).toBeTruthy();
    expect(screen.getByText('1.11')).toBeTruthy();
    expect(screen.getByText('PPN 11%')).toBeTruthy();
    expect(screen.getByText('2 formula')).toBeTruthy();
    expect(screen.getByText('Belum dipakai')).toBeTruthy();
  });

  it("shows 'Cannot Delete' with the formulas that use the variable (409 VARIABLE_IN_USE)", async () => {
    const { calls } = setup(() => ({
      status: 409,
      body: { code: 'VARIABLE_IN_USE', message: 'Cannot Delete', details: { formulas: ['harga_grosir', 'harga_reseller'] } },
    }));
    await confirmDelete('ppn');
    const body = await screen.findByTestId('cannot-delete');
    expect(screen.getAllByText('Cannot Delete').length).toBeGreaterThan(0);
    expect(within(body).getByText('Variabel ppn dipakai dalam formula berikut. Ubah formula tersebut terlebih dahulu.')).toBeTruthy();
    expect(within(body).getByText('harga_grosir')).toBeTruthy();
    expect(within(body).getByText('harga_reseller')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.url.pathname)).toEqual([`/api/global-variables/${PPN.id}`]);
  });

  it('deletes an unused variable after confirmation and reloads the list', async () => {
    const { calls } = setup(() => ({ status: 204, body: null }));
    await screen.findByText('biaya_kemas');
    const before = calls.filter((call) => call.method === 'GET').length;
    await confirmDelete('biaya_kemas');
    expect(await screen.findByText('Variabel biaya_kemas dihapus')).toBeTruthy();
    expect(calls.some((call) => call.method === 'DELETE' && call.url.pathname === `/api/global-variables/${PACKING.id}`)).toBe(true);
    await waitFor(() => expect(calls.filter((call) => call.method === 'GET').length).toBeGreaterThan(before));
    expect(screen.queryByTestId('cannot-delete')).toBeNull();
  });

  it('does not delete when the confirmation is cancelled', async () => {
    const { calls } = setup(() => ({ status: 204, body: null }));
    fireEvent.click(await screen.findByRole('button', { name: 'Hapus biaya_kemas' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Batal' }));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    expect(screen.queryByText('Variabel biaya_kemas dihapus')).toBeNull();
  });

  it("says 'Gagal mengambil data' when the list cannot load, and retries", async () => {
    const { calls } = setup(
      () => ({ status: 204, body: null }),
      { status: 500, body: { code: 'INTERNAL', message: 'boom' } },
      <ProductVariableListScreen />,
      '/product-variable',
    );
    expect(await screen.findByText('Gagal mengambil data')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Coba lagi/u }));
    await waitFor(() => expect(calls.filter((call) => call.url.pathname === '/api/product-variables').length).toBe(2));
  });
});
