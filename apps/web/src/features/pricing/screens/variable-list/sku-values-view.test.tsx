import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Variable } from '@kelola/contracts/pricing';
import { renderWithRouter, stubFetch } from '../../../../test/render-with-router.tsx';
import { meWith, page, PACKING, WORKSPACE } from '../../test/pricing-fixtures.ts';
import { ProductVariableListScreen } from './variable-list-screen.tsx';

const KEMAS: Variable = { ...PACKING, kind: 'PRODUCT' };
const POTONGAN: Variable = {
  ...PACKING,
  id: '01a20090-0000-7000-8000-000000000003',
  kind: 'PRODUCT',
  name: 'potongan',
  short_description: 'Potongan reseller',
  value: '1000',
};
const SKU = {
  id: 'c-paket',
  sku: 'PAKET-01',
  name: 'Paket Kopi Berdua',
  product_id: 'p-1',
  product_name: 'Paket Kopi Berdua',
  product_type: 'BUNDLING',
  base_unit: 'PCS',
  price: 172_500,
  thumbnail_url: null,
};
const OTHER = { ...SKU, id: 'c-kopi', sku: 'KOPI-250', name: 'Kopi Gayo 250 g', product_type: 'SINGLE' };

type Answer = { status?: number; body: unknown };

function setup(options: { access?: 'READ' | 'WRITE'; onPut?: (body: unknown) => Answer } = {}) {
  const { fetchStub, calls } = stubFetch((method, url, body) => {
    if (url.pathname === '/api/product-variables') return { body: page([KEMAS, POTONGAN]) };
    if (url.pathname === '/api/catalogs') {
      const q = (url.searchParams.get('q') ?? '').toLowerCase();
      return { body: { items: [SKU, OTHER].filter((s) => s.sku.toLowerCase().startsWith(q) || s.name.toLowerCase().includes(q)) } };
    }
    if (method === 'GET' && url.pathname === '/api/catalogs/c-paket/variables')
      return { body: { items: [{ variable_id: KEMAS.id, name: 'biaya_kemas', value: '4000' }] } };
    if (method === 'PUT' && url.pathname === '/api/catalogs/c-paket/variables') return options.onPut?.(body) ?? { body: { items: [] } };
    return { status: 404, body: { code: 'NOT_FOUND', message: 'no' } };
  });
  vi.stubGlobal('fetch', fetchStub);
  const view = renderWithRouter(<ProductVariableListScreen />, {
    path: `/product-variable?workspace_id=${WORKSPACE}&view=sku`,
    pattern: '/product-variable',
    me: meWith(options.access ?? 'WRITE'),
  });
  return { ...view, calls };
}

const option = (title: string) =>
  waitFor(() => {
    const found = [...document.querySelectorAll('.ant-select-item-option')].find((element) => element.textContent === title);
    if (!found) throw new Error(`no option ${title}`);
    return found;
  });

const searchedFor = (calls: { url: URL }[], q: string) =>
  calls.some((call) => call.url.pathname === '/api/catalogs' && call.url.searchParams.get('q') === q);

/** Types "paket" and picks PAKET-01; given `calls`, only once the server has been asked for "paket". */
async function pickPaket(calls?: { url: URL }[]) {
  const box = screen.getByLabelText('Cari dan pilih SKU');
  fireEvent.mouseDown(box);
  fireEvent.change(box, { target: { value: 'paket' } });
  // The picker narrows what it listed at once and asks the server after a pause in typing.
  if (calls) await waitFor(() => expect(searchedFor(calls, 'paket')).toBe(true));
  fireEvent.click(await option('PAKET-01 — Paket Kopi Berdua'));
  return within(await screen.findByTestId('sku-variable-values'));
}

const valueInput = (panel: ReturnType<typeof within>, name: string) =>
  panel.getByLabelText(`Nilai ${name} untuk SKU ini`) as HTMLInputElement;
const puts = (calls: { method: string; body: unknown }[]) => calls.filter((call) => call.method === 'PUT').map((call) => call.body);

describe('/product-variable?view=sku: values per SKU', { timeout: 60_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it("finds a SKU by search and shows every product variable with the variable's value and the SKU's own", async () => {
    const { calls } = setup();
    expect(await screen.findByText('Belum ada SKU yang dipilih')).toBeTruthy();
    const panel = await pickPaket(calls);
    expect(panel.getByText('Biaya kemasan')).toBeTruthy();
    expect(panel.getAllByText('Nilai untuk PAKET-01').length).toBeGreaterThan(0);
    await waitFor(() => expect(valueInput(panel, 'biaya_kemas').value).toBe('4000'));
    // No own value: the formula uses the variable's.
    expect(valueInput(panel, 'potongan').value).toBe('');
    expect(valueInput(panel, 'potongan').placeholder).toBe('Ikut nilai variabel (1000)');
  });

  it('sends only what changed: a new value and a cleared one (null)', async () => {
    const { calls } = setup();
    const panel = await pickPaket();
    await waitFor(() => expect(valueInput(panel, 'biaya_kemas').value).toBe('4000'));
    fireEvent.click(panel.getByLabelText('Kosongkan nilai biaya_kemas'));
    fireEvent.change(valueInput(panel, 'potongan'), { target: { value: '1500' } });
    fireEvent.click(panel.getByRole('button', { name: 'Simpan Nilai' }));
    await waitFor(() =>
      expect(puts(calls)).toEqual([
        {
          values: [
            { variable_id: KEMAS.id, value: null },
            { variable_id: POTONGAN.id, value: '1500' },
          ],
        },
      ]),
    );
    expect(await screen.findByText('Nilai variabel PAKET-01 disimpan')).toBeTruthy();
  });

  it('refuses a value the server would refuse, on its field, without calling it', async () => {
    const { calls } = setup();
    const panel = await pickPaket();
    await waitFor(() => expect(valueInput(panel, 'biaya_kemas').value).toBe('4000'));
    fireEvent.change(valueInput(panel, 'potongan'), { target: { value: '12,5' } });
    fireEvent.click(panel.getByRole('button', { name: 'Simpan Nilai' }));
    expect(await panel.findByText('Masukkan angka, paling banyak 6 desimal.')).toBeTruthy();
    expect(puts(calls)).toEqual([]);
  });

  it("puts the server's field error (values.N…) on the row of the variable it was about", async () => {
    setup({
      onPut: () => ({
        status: 400,
        body: {
          code: 'VALIDATION_FAILED',
          message: 'bad',
          details: { fields: [{ path: 'values.0.variable_id', code: 'VARIABLE_NOT_FOUND', message: 'VARIABLE_NOT_FOUND' }] },
        },
      }),
    });
    const panel = await pickPaket();
    await waitFor(() => expect(valueInput(panel, 'biaya_kemas').value).toBe('4000'));
    fireEvent.change(valueInput(panel, 'potongan'), { target: { value: '1500' } });
    fireEvent.click(panel.getByRole('button', { name: 'Simpan Nilai' }));
    const error = await panel.findByText('Variabel tidak ditemukan.');
    // The only change sent was potongan (index 0): the message sits in potongan's row.
    expect(error.closest('tr')?.textContent).toContain('potongan');
  });

  it('shows the values read-only without WRITE on product-variable', async () => {
    setup({ access: 'READ' });
    const panel = await pickPaket();
    await waitFor(() => expect(valueInput(panel, 'biaya_kemas').value).toBe('4000'));
    expect(valueInput(panel, 'biaya_kemas').disabled).toBe(true);
    expect(panel.queryByRole('button', { name: 'Simpan Nilai' })).toBeNull();
  });

  it('switches back to the variable list, keeping the view in the URL', async () => {
    const { router } = setup();
    await screen.findByText('Belum ada SKU yang dipilih');
    fireEvent.click(screen.getByText('Daftar Variabel'));
    await waitFor(() => expect(router.state.location.search).not.toContain('view=sku'));
    expect(await screen.findByText('biaya_kemas')).toBeTruthy();
    expect(screen.getByText('Tambah Variabel Produk')).toBeTruthy();
  });
});
