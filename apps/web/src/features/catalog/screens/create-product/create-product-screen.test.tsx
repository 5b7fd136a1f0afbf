import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ME } from '../../../../test/fixtures.ts';
import { renderWithRouter, stubFetch } from '../../../../test/render-with-router.tsx';
import { BRANDS, TREE, WORKSPACE } from '../../test/catalog-fixtures.ts';
import { CreateProductScreen } from './create-product-screen.tsx';

type Answer = { status?: number; body: unknown };

/** Two products to bundle, found by name in the component picker. */
const SEARCHABLE = [
  { id: 'p-kopi', type: 'SINGLE', name: 'Kopi Gayo', catalogs: [{ id: 'c-kopi', sku: 'KOPI-01', name: 'Kopi Gayo' }] },
  { id: 'p-teh', type: 'SINGLE', name: 'Teh Melati', catalogs: [{ id: 'c-teh', sku: 'TEH-01', name: 'Teh Melati' }] },
];

function setup(onPost: (body: unknown) => Answer) {
  const { fetchStub, calls } = stubFetch((method, url, body) => {
    if (url.pathname === '/api/products' && method === 'GET') {
      const q = (url.searchParams.get('q') ?? '').toLowerCase();
      const items = SEARCHABLE.filter((p) => p.name.toLowerCase().includes(q));
      return { body: { items, page: 1, size: 10, total_row: items.length } };
    }
    const detail = SEARCHABLE.find((p) => url.pathname === `/api/products/${p.id}`);
    if (detail) return { body: detail };
    if (url.pathname === '/api/price-formulas') return { body: { items: [] } };
    if (url.pathname === '/api/categories') return { body: TREE };
    if (url.pathname === '/api/brands') return { body: BRANDS };
    if (url.pathname === '/api/products' && method === 'POST') return onPost(body);
    return { status: 404, body: { code: 'NOT_FOUND', message: 'no' } };
  });
  vi.stubGlobal('fetch', fetchStub);
  const view = renderWithRouter(<CreateProductScreen />, {
    path: `/product/create?workspace_id=${WORKSPACE}`,
    pattern: '/product/create',
    me: { ...ME, permissions: { product: 'WRITE' } },
    routes: [{ path: '/product', element: <p>daftar produk</p> }],
  });
  return { ...view, calls };
}

const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

/** Types options into a tags Select: each value then Enter. */
function typeOptions(testId: string, values: string[]) {
  const input = screen.getByTestId(testId).querySelector('input') as HTMLInputElement;
  for (const value of values) {
    fireEvent.change(input, { target: { value } });
    fireEvent.keyDown(input, { key: 'Enter', keyCode: 13 });
  }
}

describe('/product/create', { timeout: 90_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends a single product and shows the server SKU_TAKEN error on the SKU field', async () => {
    const { calls, router } = setup(() => ({
      status: 409,
      body: {
        code: 'SKU_TAKEN',
        message: 'SKU taken',
        details: { fields: [{ path: 'catalogs.0.sku', code: 'SKU_TAKEN', message: 'SKU_TAKEN' }] },
      },
    }));
    await screen.findByLabelText('Nama Produk');
    fill('Nama Produk', 'Kaos Polos');
    fill('SKU', 'KAOS-01');
    fill('Harga', '150000');
    fill('Harga Pokok (HPP)', '90000');
    fireEvent.click(screen.getByText('Simpan'));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    const body = calls.find((call) => call.method === 'POST')?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      type: 'SINGLE',
      name: 'Kaos Polos',
      status: 'DRAFT',
      variant_tiers: [],
      bundle: null,
      catalogs: [{ sku: 'KAOS-01', options: [], price: 150_000, cost_price: 90_000 }],
    });
    // The error sits under the SKU input, not only above the form.
    const skuItem = screen.getByLabelText('SKU').closest('.ant-form-item') as HTMLElement;
    await waitFor(() => expect(within(skuItem).getByText('SKU sudah dipakai.')).toBeTruthy());
    expect(router.state.location.pathname).toBe('/product/create');
  });

  it('generates one SKU row per combination of two variant tiers and sends them', async () => {
    const { calls, router } = setup((body) => ({ status: 201, body: { ...(body as object), id: 'p-1', name: 'Kaos Polos', images: [] } }));
    await screen.findByLabelText('Nama Produk');
    fill('Nama Produk', 'Kaos Polos');
    fireEvent.click(screen.getByText('Varian'));
    fireEvent.change(await screen.findByLabelText('Awalan SKU'), { target: { value: 'KAOS' } });
    fireEvent.click(await screen.findByText('Tambah Varian'));
    fill('Nama Varian 1', 'Warna');
    typeOptions('tier-0-options', ['Merah', 'Biru']);
    fireEvent.click(screen.getByText('Tambah Varian'));
    fill('Nama Varian 2', 'Ukuran');
    typeOptions('tier-1-options', ['S', 'M']);
    await waitFor(() => expect(screen.getByText('4 kombinasi SKU')).toBeTruthy());
    const skus = () => screen.getAllByLabelText(/^SKU \d$/u).map((input) => (input as HTMLInputElement).value);
    expect(skus()).toEqual(['KAOS-MERAH-S', 'KAOS-MERAH-M', 'KAOS-BIRU-S', 'KAOS-BIRU-M']);
    for (const [index, input] of screen.getAllByLabelText(/^Harga \d$/u).entries())
      fireEvent.change(input, { target: { value: String(50_000 + index * 1000) } });
    // A third colour adds two rows and keeps what was typed in the others.
    typeOptions('tier-0-options', ['Hijau']);
    await waitFor(() => expect(screen.getByText('6 kombinasi SKU')).toBeTruthy());
    expect(skus()).toEqual(['KAOS-MERAH-S', 'KAOS-MERAH-M', 'KAOS-BIRU-S', 'KAOS-BIRU-M', 'KAOS-HIJAU-S', 'KAOS-HIJAU-M']);
    for (const input of screen.getAllByLabelText(/^Harga [56]$/u)) fireEvent.change(input, { target: { value: '60000' } });
    fireEvent.click(screen.getByText('Simpan'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/product'));
    const body = calls.find((call) => call.method === 'POST')?.body as {
      variant_tiers: unknown;
      catalogs: { sku: string; options: string[]; price: number }[];
    };
    expect(body.variant_tiers).toEqual([
      { name: 'Warna', options: ['Merah', 'Biru', 'Hijau'] },
      { name: 'Ukuran', options: ['S', 'M'] },
    ]);
    // A cost price left empty is sent as none (the order's profit then says it is incomplete).
    expect(body.catalogs.every((c) => (c as { cost_price?: unknown }).cost_price === null)).toBe(true);
    expect(body.catalogs.map((c) => [c.sku, c.options, c.price])).toEqual([
      ['KAOS-MERAH-S', ['Merah', 'S'], 50_000],
      ['KAOS-MERAH-M', ['Merah', 'M'], 51_000],
      ['KAOS-BIRU-S', ['Biru', 'S'], 52_000],
      ['KAOS-BIRU-M', ['Biru', 'M'], 53_000],
      ['KAOS-HIJAU-S', ['Hijau', 'S'], 60_000],
      ['KAOS-HIJAU-M', ['Hijau', 'M'], 60_000],
    ]);
    expect(new URLSearchParams(router.state.location.search).get('workspace_id')).toBe(WORKSPACE);
  });

  it('refuses a negative price on the price field instead of turning it positive', async () => {
    const { calls } = setup((body) => ({ status: 201, body: { ...(body as object), id: 'p-1', images: [] } }));
    await screen.findByLabelText('Nama Produk');
    fill('Nama Produk', 'Kaos Polos');
    fill('SKU', 'KAOS-01');
    fill('Harga', '-15000');
    fireEvent.click(screen.getByText('Simpan'));
    const priceItem = screen.getByLabelText('Harga').closest('.ant-form-item') as HTMLElement;
    await waitFor(() => expect(within(priceItem).getByText('Nominal tidak boleh negatif.')).toBeTruthy());
    expect((screen.getByLabelText('Harga') as HTMLInputElement).value).toBe('-15.000');
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('treats "Merah", "merah" and "MERAH " as one option and shows the error on the options, not on the SKUs', async () => {
    const { calls } = setup((body) => ({ status: 201, body: { ...(body as object), id: 'p-1', images: [] } }));
    await screen.findByLabelText('Nama Produk');
    fill('Nama Produk', 'Kaos Polos');
    fireEvent.click(screen.getByText('Varian'));
    fireEvent.change(await screen.findByLabelText('Awalan SKU'), { target: { value: 'KAOS' } });
    fireEvent.click(await screen.findByText('Tambah Varian'));
    fill('Nama Varian 1', 'Warna');
    typeOptions('tier-0-options', ['Merah', 'merah', 'MERAH ']);
    await waitFor(() => expect(screen.getByText('1 kombinasi SKU')).toBeTruthy());
    expect(screen.getAllByLabelText(/^SKU \d$/u).map((input) => (input as HTMLInputElement).value)).toEqual(['KAOS-MERAH']);
    fireEvent.click(screen.getByText('Simpan'));
    const optionsItem = screen.getByTestId('tier-0-options').closest('.ant-form-item') as HTMLElement;
    await waitFor(() =>
      expect(within(optionsItem).getByText('Opsi "merah" sama dengan "Merah" (spasi dan huruf besar/kecil tidak dibedakan).')).toBeTruthy(),
    );
    expect(screen.getByTestId('variant-rows').querySelector('.ant-form-item-explain-error')).toBeNull();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('keeps the first bundle component when a second search is made in the component picker', async () => {
    const { calls, router } = setup((body) => ({ status: 201, body: { ...(body as object), id: 'p-1', images: [] } }));
    await screen.findByLabelText('Nama Produk');
    fill('Nama Produk', 'Paket Sarapan');
    fireEvent.click(screen.getByText('Bundling'));
    await screen.findByText('Tambah Komponen');
    fill('SKU', 'PAKET-01');
    fill('Harga', '30000');
    const picker = () => screen.getByText('Tambah Komponen').closest('.ant-form-item')!.querySelector('input') as HTMLInputElement;
    const pick = async (query: string, label: string) => {
      fireEvent.mouseDown(picker());
      fireEvent.change(picker(), { target: { value: query } });
      fireEvent.click(await screen.findByTitle(label));
    };
    await pick('kopi', 'KOPI-01 — Kopi Gayo');
    expect(await screen.findByText('KOPI-01')).toBeTruthy();
    // Typing the second search keeps the first component in the table.
    fireEvent.mouseDown(picker());
    fireEvent.change(picker(), { target: { value: 'te' } });
    await screen.findByTitle('TEH-01 — Teh Melati');
    expect(screen.getByText('KOPI-01')).toBeTruthy();
    await pick('teh', 'TEH-01 — Teh Melati');
    expect(await screen.findByText('TEH-01')).toBeTruthy();
    expect(screen.getByText('KOPI-01')).toBeTruthy();
    fireEvent.click(screen.getByText('Simpan'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/product'));
    const body = calls.find((call) => call.method === 'POST')?.body as { bundle: { components: unknown[] } };
    expect(body.bundle.components).toEqual([
      { catalog_id: 'c-kopi', quantity: 1 },
      { catalog_id: 'c-teh', quantity: 1 },
    ]);
  });

  it('keeps a pasted name longer than 255 characters whole, counts it and refuses it on the field', async () => {
    const { calls } = setup((body) => ({ status: 201, body: { ...(body as object), id: 'p-1', images: [] } }));
    const name = (await screen.findByLabelText('Nama Produk')) as HTMLInputElement;
    // The browser cuts a paste at the maxlength attribute: there must be none.
    expect(name.getAttribute('maxlength')).toBeNull();
    fill('Nama Produk', 'x'.repeat(10_000));
    fill('SKU', 'KAOS-01');
    fill('Harga', '15000');
    expect(name.value).toHaveLength(10_000);
    expect(screen.getByText('10000 / 255')).toBeTruthy();
    fireEvent.click(screen.getByText('Simpan'));
    const item = name.closest('.ant-form-item') as HTMLElement;
    await waitFor(() => expect(within(item).getByText('Maksimal 255 karakter.')).toBeTruthy());
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('refuses an image that is not JPG, JPEG, PNG, BMP or GIF before any upload', async () => {
    const { calls } = setup(() => ({ status: 500, body: {} }));
    await screen.findByLabelText('Nama Produk');
    const input = screen.getByTestId('product-images').querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['x'], 'katalog.pdf', { type: 'application/pdf' })] } });
    expect(await screen.findByText(/katalog\.pdf: Nama berkas harus berakhiran/u)).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });
});
