import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CatalogSearchItem } from '@kelola/contracts/catalog-search';
import { ME } from '../test/fixtures.ts';
import { renderWithRouter, stubFetch } from '../test/render-with-router.tsx';
import { SkuPicker, type SkuPickerProps } from './sku-picker.tsx';

const WORKSPACE = 'w-1';
const KAOS_M = '01a20060-0000-7000-8000-000000000001';
const kaos = (id: string, size: string, price: number): CatalogSearchItem => ({
  id,
  sku: `KAOS-${size}`,
  name: `Kaos Polos ${size}`,
  product_id: 'p-1',
  product_name: 'Kaos Polos',
  product_type: 'VARIANT',
  base_unit: 'PCS',
  price,
  thumbnail_url: null,
});
const CATALOGS = { items: [kaos('01a20060-0000-7000-8000-000000000002', 'L', 55000), kaos(KAOS_M, 'M', 50000)] };
/** A SKU no search of these tests lists: only a look-up by id finds it. */
const KAOS_XXL = kaos('01a20060-0000-7000-8000-0000000000ee', 'XXL', 60000);

function Harness(props: SkuPickerProps) {
  const [value, setValue] = useState(props.value);
  return (
    <SkuPicker
      {...props}
      value={value}
      onChange={(id, item) => {
        setValue(id);
        props.onChange?.(id, item);
      }}
    />
  );
}

function setup(props: SkuPickerProps = {}) {
  const { fetchStub, calls } = stubFetch((_method, url) => {
    const ids = url.searchParams.get('ids');
    if (url.pathname === '/api/catalogs' && ids)
      return { body: { items: [...CATALOGS.items, KAOS_XXL].filter((item) => ids.split(',').includes(item.id)) } };
    if (url.pathname === '/api/catalogs') {
      const q = (url.searchParams.get('q') ?? '').toLowerCase();
      return {
        body: { items: CATALOGS.items.filter((item) => item.sku.toLowerCase().startsWith(q) || item.name.toLowerCase().includes(q)) },
      };
    }
    return { status: 404, body: { code: 'NOT_FOUND', message: 'no' } };
  });
  vi.stubGlobal('fetch', fetchStub);
  const onChange = vi.fn();
  const view = renderWithRouter(<Harness {...props} onChange={onChange} />, {
    path: `/x?workspace_id=${WORKSPACE}`,
    pattern: '/x',
    me: ME,
  });
  return { ...view, calls, onChange };
}

const searchCalls = (calls: { url: URL }[]) =>
  calls.filter((call) => call.url.pathname === '/api/catalogs').map((call) => Object.fromEntries(call.url.searchParams));
const openPicker = () =>
  fireEvent.mouseDown(screen.getByTestId('sku-picker').querySelector('.ant-select-selector') ?? screen.getByRole('combobox'));
const option = (title: string) =>
  waitFor(() => {
    const found = [...document.querySelectorAll('.ant-select-item-option')].find((element) => element.textContent === title);
    if (!found) throw new Error(`no option ${title}`);
    return found;
  });

describe('SkuPicker', { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks nothing until opened, then lists SKUs as "SKU — name"', async () => {
    const { calls } = setup();
    expect(screen.getByText('Cari SKU atau nama produk')).toBeTruthy();
    expect(searchCalls(calls)).toHaveLength(0);
    openPicker();
    expect(await option('KAOS-L — Kaos Polos L')).toBeTruthy();
    expect(searchCalls(calls)[0]).toEqual({ limit: '20' });
  });

  it('searches the server after a pause in typing, only stocked SKUs when asked', async () => {
    const { calls } = setup({ stockedOnly: true });
    openPicker();
    await option('KAOS-L — Kaos Polos L');
    // Three key strokes in a row: one request, for the text typed last.
    for (const value of ['k', 'ka', 'kaos-m']) fireEvent.change(screen.getByRole('combobox'), { target: { value } });
    await waitFor(() => expect(searchCalls(calls).some((q) => q.q === 'kaos-m')).toBe(true));
    expect(searchCalls(calls).filter((q) => q.q !== undefined)).toEqual([{ q: 'kaos-m', limit: '20', stocked: 'true' }]);
    expect(searchCalls(calls).every((q) => q.stocked === 'true' && q.limit === '20')).toBe(true);
  });

  it('narrows the listed SKUs at once while the search waits for the pause in typing', async () => {
    const { calls } = setup();
    openPicker();
    await option('KAOS-L — Kaos Polos L');
    fireEvent.change(screen.getByRole('combobox'), { target: { value: 'KAOS-M' } });
    await waitFor(() =>
      expect([...document.querySelectorAll('.ant-select-item-option')].map((element) => element.textContent)).toEqual([
        'KAOS-M — Kaos Polos M',
      ]),
    );
    expect(searchCalls(calls).some((q) => q.q === 'KAOS-M')).toBe(false);
    await waitFor(() => expect(searchCalls(calls).some((q) => q.q === 'KAOS-M')).toBe(true));
  });

  it('gives the chosen catalog id and its item, and shows it as the value', async () => {
    const { onChange } = setup();
    openPicker();
    fireEvent.click(await option('KAOS-M — Kaos Polos M'));
    expect(onChange).toHaveBeenCalledWith(KAOS_M, expect.objectContaining({ id: KAOS_M, sku: 'KAOS-M', product_name: 'Kaos Polos' }));
    await waitFor(() => expect(screen.getByTestId('sku-picker').textContent).toContain('KAOS-M — Kaos Polos M'));
  });

  it('looks a value it has not listed up by id (a link, a saved filter) and shows it as "SKU — name"', async () => {
    const { calls } = setup({ value: KAOS_XXL.id });
    await waitFor(() => expect(screen.getByTestId('sku-picker').textContent).toContain('KAOS-XXL — Kaos Polos XXL'));
    expect(searchCalls(calls)).toEqual([{ ids: KAOS_XXL.id, limit: '1' }]);
  });

  it('shows the given label for a value it has not listed yet', () => {
    setup({ value: '01a20060-0000-7000-8000-0000000000ff', selectedLabel: 'KAOS-XL — Kaos Polos XL' });
    expect(screen.getByTestId('sku-picker').textContent).toContain('KAOS-XL — Kaos Polos XL');
  });
});
