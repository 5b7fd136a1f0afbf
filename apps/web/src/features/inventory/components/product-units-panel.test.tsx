import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProductUnitsView } from '@kelola/contracts/product-units';
import { renderWithRouter, stubFetch } from '../../../test/render-with-router.tsx';
import { clickButton, KAOS, meWith, notFound, WORKSPACE } from '../../../test/document-fixtures.ts';
import { ProductUnitsPanel } from './product-units-panel.tsx';

type Answer = { status?: number; body: unknown };
type Unit = { unit: string; conversion_qty: number };

const q = (whole: number, remainder: number) => ({ whole, remainder });

/** The server's view for these units, with 25 on hand and 19 available (in PCS), worked out as the server does. */
function view(units: Unit[], onHand = 25, available = 19): ProductUnitsView {
  const split = (n: number, size: number) => q(Math.trunc(n / size) || 0, n - (Math.trunc(n / size) || 0) * size || 0);
  return {
    catalog_id: KAOS.id,
    product_id: KAOS.product_id,
    sku: KAOS.sku,
    name: KAOS.name,
    base_unit: 'PCS',
    units,
    on_hand: onHand,
    available,
    stock: [{ unit: 'PCS', conversion_qty: 1 }, ...units].map((u, i) => ({
      unit: u.unit,
      conversion_qty: u.conversion_qty,
      is_base: i === 0,
      on_hand: split(onHand, u.conversion_qty),
      available: split(available, u.conversion_qty),
    })),
  };
}

const URL_PATH = `/api/inventory/product-units/${KAOS.id}`;

function setup(options: { access?: 'READ' | 'WRITE'; get?: () => Answer; put?: (body: unknown) => Answer } = {}) {
  const { fetchStub, calls } = stubFetch((method, url, body) => {
    if (url.pathname === URL_PATH && method === 'GET') return options.get?.() ?? { body: view([{ unit: 'BOX', conversion_qty: 12 }]) };
    if (url.pathname === URL_PATH && method === 'PUT') return options.put?.(body) ?? notFound;
    return notFound;
  });
  vi.stubGlobal('fetch', fetchStub);
  const rendered = renderWithRouter(<ProductUnitsPanel catalogId={KAOS.id} />, {
    path: `/inventory/list-inventoryv2?workspace_id=${WORKSPACE}`,
    pattern: '/inventory/list-inventoryv2',
    me: meWith({ 'list-inventory': options.access ?? 'WRITE' }),
  });
  const gets = () => calls.filter((call) => call.method === 'GET' && call.url.pathname === URL_PATH).length;
  const puts = () => calls.filter((call) => call.method === 'PUT');
  return { ...rendered, gets, puts };
}

const rowTexts = () =>
  [...screen.getByTestId('product-units').querySelectorAll('tbody tr.ant-table-row')].map((row) =>
    [...row.querySelectorAll('td')].map((cell) => cell.textContent?.trim()),
  );
const modal = () => document.querySelector('.ant-modal') as HTMLElement;
const setValue = (label: string, value: string) => fireEvent.change(within(modal()).getByLabelText(label), { target: { value } });

describe('ProductUnitsPanel', { timeout: 60_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows each unit with its content and the stock in whole units plus the rest in the base unit', async () => {
    setup({
      get: () => ({
        body: view(
          [
            { unit: 'BOX', conversion_qty: 12 },
            { unit: 'KARTON', conversion_qty: 48 },
          ],
          25,
          -5,
        ),
      }),
    });
    expect(await screen.findByText('1 BOX = 12 PCS')).toBeTruthy();
    expect(rowTexts()).toEqual([
      ['PCS', 'Satuan dasar', '25 PCS', '-5 PCS'],
      ['BOX', '1 BOX = 12 PCS', '2 BOX + 1 PCS', '0 BOX − 5 PCS'],
      ['KARTON', '1 KARTON = 48 PCS', '0 KARTON + 25 PCS', '0 KARTON − 5 PCS'],
    ]);
    expect(screen.getByText('Stok dihitung dalam satuan dasar PCS; satuan lain berisi sejumlah PCS.')).toBeTruthy();
    expect(screen.getByText('Ubah satuan')).toBeTruthy();
  });

  it('says so when the product has no conversion unit, and offers no editing without WRITE', async () => {
    setup({ access: 'READ', get: () => ({ body: view([]) }) });
    expect(await screen.findByText('Produk ini belum memiliki satuan konversi. Stok dihitung dalam PCS.')).toBeTruthy();
    expect(screen.queryByText('Ubah satuan')).toBeNull();
  });

  it('offers a retry when the units fail to load, and leaves the section out for a bundle', async () => {
    let fail = true;
    const failing = setup({ get: () => (fail ? { status: 500, body: { code: 'INTERNAL', message: 'boom' } } : { body: view([]) }) });
    expect(await screen.findByText('Gagal memuat satuan')).toBeTruthy();
    fail = false;
    clickButton('Coba lagi');
    expect(await screen.findByTestId('product-units-empty')).toBeTruthy();
    failing.unmount();
    const bundle = setup({ get: () => ({ status: 404, body: { code: 'CATALOG_NOT_FOUND', message: 'Produk tidak ditemukan' } }) });
    await waitFor(() => expect(bundle.gets()).toBe(1));
    await waitFor(() => expect(screen.queryByTestId('product-units')).toBeNull());
  });

  it('edits the units in a list: checks names and contents before sending, saves, says so and refreshes the panel', async () => {
    let saved: Unit[] = [{ unit: 'BOX', conversion_qty: 12 }];
    const { gets, puts } = setup({
      get: () => ({ body: view(saved) }),
      put: (body) => {
        saved = (body as { units: Unit[] }).units;
        return { body: view(saved) };
      },
    });
    fireEvent.click(await screen.findByText('Ubah satuan'));
    expect(await within(modal()).findByText('Ubah Satuan')).toBeTruthy();
    expect((within(modal()).getByLabelText('Nama satuan 1') as HTMLInputElement).value).toBe('BOX');
    expect((within(modal()).getByLabelText('Isi satuan 1') as HTMLInputElement).value).toBe('12');

    clickButton('Tambah satuan', modal());
    setValue('Nama satuan 2', 'pcs');
    setValue('Isi satuan 2', '1');
    clickButton('Simpan', modal());
    // The base unit is taken (whatever the case) and a unit holds at least 2 base units: nothing is sent.
    expect(await within(modal()).findByText('Nilai ini muncul lebih dari sekali.')).toBeTruthy();
    expect(within(modal()).getByText('Nilai minimal 2.')).toBeTruthy();
    expect(puts()).toHaveLength(0);

    setValue('Nama satuan 2', 'Karton');
    setValue('Isi satuan 2', '48');
    clickButton('Tambah satuan', modal());
    setValue('Nama satuan 3', 'LUSIN');
    setValue('Isi satuan 3', '12');
    fireEvent.click(within(modal()).getByLabelText('Hapus satuan 1'));
    await waitFor(() => expect(within(modal()).queryByText('Nilai ini muncul lebih dari sekali.')).toBeNull());
    const before = gets();
    clickButton('Simpan', modal());

    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0]?.body).toEqual({
      units: [
        { unit: 'Karton', conversion_qty: 48 },
        { unit: 'LUSIN', conversion_qty: 12 },
      ],
    });
    expect(await screen.findByText('Satuan produk disimpan')).toBeTruthy();
    await waitFor(() => expect(document.querySelector('.ant-modal')).toBeNull());
    // The panel asked again (invalidation) and shows the saved units.
    await waitFor(() => expect(gets()).toBeGreaterThan(before));
    expect(await screen.findByText('1 LUSIN = 12 PCS')).toBeTruthy();
    expect(screen.queryByText('1 BOX = 12 PCS')).toBeNull();
    expect(rowTexts()[2]).toEqual(['LUSIN', '1 LUSIN = 12 PCS', '2 LUSIN + 1 PCS', '1 LUSIN + 7 PCS']);
  });

  it('shows the server’s field errors on their rows and keeps the modal open', async () => {
    const { puts } = setup({
      put: () => ({
        status: 400,
        body: {
          code: 'VALIDATION_FAILED',
          message: 'Data tidak valid',
          details: { fields: [{ path: 'units.1.unit', code: 'DUPLICATE_VALUE', message: 'Nilai ini muncul lebih dari sekali.' }] },
        },
      }),
    });
    fireEvent.click(await screen.findByText('Ubah satuan'));
    clickButton('Tambah satuan', await waitFor(() => modal()));
    setValue('Nama satuan 2', 'DUS');
    setValue('Isi satuan 2', '24');
    clickButton('Simpan', modal());
    await waitFor(() => expect(puts()).toHaveLength(1));
    const row = within(modal()).getByLabelText('Nama satuan 2').closest('.ant-form-item') as HTMLElement;
    expect(await within(row).findByText('Nilai ini muncul lebih dari sekali.')).toBeTruthy();
    expect(modal()).toBeTruthy();
    expect(screen.queryByText('Satuan produk disimpan')).toBeNull();
  });
});
