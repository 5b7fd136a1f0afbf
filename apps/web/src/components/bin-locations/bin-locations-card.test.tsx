import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CatalogSearchItem } from '@kelola/contracts/catalog-search';
import { ME } from '../../test/fixtures.ts';
import { renderWithRouter, stubFetch } from '../../test/render-with-router.tsx';
import { BinLocationsCard } from './bin-locations-card.tsx';

const WORKSPACE = 'w-1';
const WH = '01a20060-0000-7000-8000-0000000000a1';
const sku = (n: number, code: string, name: string): CatalogSearchItem => ({
  id: `01a20060-0000-7000-8000-00000000000${n}`,
  sku: code,
  name,
  product_id: 'p-1',
  product_name: name,
  product_type: 'SINGLE',
  base_unit: 'PCS',
  price: 50_000,
  thumbnail_url: null,
});
const GAYO = sku(1, 'KOPI-GAYO-250', 'Kopi Gayo Arabika 250 g');
const KAOS_M = sku(2, 'KPK-HITAM-M', 'Kaos Polos Hitam M');
const KAOS_L = sku(3, 'KPK-HITAM-L', 'Kaos Polos Hitam L');

function setup(permissions: Record<string, string> = { 'list-inventory': 'WRITE' }) {
  // The server's state: KPK-HITAM-M in A-01-2, the coffee in B-03-1.
  const bins = new Map<string, string>([
    [KAOS_M.id, 'A-01-2'],
    [GAYO.id, 'B-03-1'],
  ]);
  const all = [GAYO, KAOS_M, KAOS_L];
  const { fetchStub, calls } = stubFetch((method, url, body) => {
    if (url.pathname === '/api/bin-locations' && method === 'GET') {
      expect(url.searchParams.get('warehouse_id')).toBe(WH);
      const items = [...bins.entries()]
        .map(([id, location]) => ({
          warehouse_id: WH,
          catalog_id: id,
          location,
          sku: all.find((c) => c.id === id)!.sku,
          name: all.find((c) => c.id === id)!.name,
        }))
        .sort((a, b) => a.location.localeCompare(b.location));
      return { body: { items } };
    }
    if (url.pathname === '/api/bin-locations' && method === 'PUT') {
      const input = body as { catalog_id: string; location: string };
      if (input.location) bins.set(input.catalog_id, input.location);
      else bins.delete(input.catalog_id);
      return { body: { warehouse_id: WH, catalog_id: input.catalog_id, location: input.location } };
    }
    if (url.pathname === '/api/catalogs') {
      const q = (url.searchParams.get('q') ?? '').toLowerCase();
      return { body: { items: all.filter((c) => c.sku.toLowerCase().startsWith(q) || c.name.toLowerCase().includes(q)) } };
    }
    return { status: 404, body: { code: 'NOT_FOUND', message: 'no' } };
  });
  vi.stubGlobal('fetch', fetchStub);
  const view = renderWithRouter(<BinLocationsCard warehouseId={WH} />, {
    path: `/warehouse/update-warehouse/${WH}?workspace_id=${WORKSPACE}`,
    pattern: '/warehouse/update-warehouse/:id',
    me: { ...ME, permissions: { warehouse: 'WRITE', ...permissions } },
  });
  const puts = () => calls.filter((c) => c.method === 'PUT').map((c) => c.body);
  return { ...view, puts, bins };
}

const rows = () =>
  [...screen.getByTestId('bin-locations').querySelectorAll('.ant-table-row')].map((row) =>
    [...row.querySelectorAll('td')].slice(0, 3).map((td) => td.textContent),
  );
const pickSku = async (index: number, label: string) => {
  const picker = screen.getByTestId(`bin-sku-${index}`);
  fireEvent.mouseDown(picker.querySelector('.ant-select-selector') ?? within(picker).getByRole('combobox'));
  const option = await waitFor(() => {
    const found = [...document.querySelectorAll('.ant-select-item-option')].filter((element) => element.textContent === label).at(-1);
    if (!found) throw new Error(`no option ${label}`);
    return found;
  });
  fireEvent.click(option);
};

describe('BinLocationsCard', { timeout: 30_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists the warehouse bins by location with their SKUs, and searches them', async () => {
    setup();
    await waitFor(() =>
      expect(rows()).toEqual([
        ['A-01-2', 'KPK-HITAM-M', 'Kaos Polos Hitam M'],
        ['B-03-1', 'KOPI-GAYO-250', 'Kopi Gayo Arabika 250 g'],
      ]),
    );
    expect(screen.getByTestId('bin-summary').textContent).toBe('2 rak · 2 SKU');
    fireEvent.change(within(screen.getByTestId('bin-search')).getByRole('searchbox'), { target: { value: 'kopi' } });
    await waitFor(() => expect(rows()).toEqual([['B-03-1', 'KOPI-GAYO-250', 'Kopi Gayo Arabika 250 g']]));
  });

  it('puts two SKUs in one bin, then moves one to another bin and takes the other out', async () => {
    const { puts, bins } = setup();
    await waitFor(() => expect(rows()).toHaveLength(2));
    fireEvent.click(screen.getByTestId('bin-add'));
    await screen.findByTestId('bin-modal');
    fireEvent.change(screen.getByTestId('bin-location-input'), { target: { value: 'C-10-1' } });
    await pickSku(0, 'KPK-HITAM-L — Kaos Polos Hitam L');
    fireEvent.click(screen.getByTestId('bin-add-sku'));
    await pickSku(1, 'KOPI-GAYO-250 — Kopi Gayo Arabika 250 g');
    fireEvent.click(within(document.querySelector('.ant-modal') as HTMLElement).getByText('Simpan'));
    await waitFor(() =>
      expect(puts()).toEqual([
        { warehouse_id: WH, catalog_id: KAOS_L.id, location: 'C-10-1' },
        { warehouse_id: WH, catalog_id: GAYO.id, location: 'C-10-1' },
      ]),
    );
    expect(await screen.findByText('2 SKU disimpan di rak C-10-1')).toBeTruthy();
    await waitFor(() =>
      expect(rows()).toEqual([
        ['A-01-2', 'KPK-HITAM-M', 'Kaos Polos Hitam M'],
        ['C-10-1', 'KOPI-GAYO-250', 'Kopi Gayo Arabika 250 g'],
        ['C-10-1', 'KPK-HITAM-L', 'Kaos Polos Hitam L'],
      ]),
    );

    // Move KPK-HITAM-M: the SKU stays, only the bin changes.
    fireEvent.click(screen.getByTestId('bin-edit-KPK-HITAM-M'));
    await waitFor(() => expect((screen.getByTestId('bin-location-input') as HTMLInputElement).value).toBe('A-01-2'));
    expect(screen.getByTestId('bin-sku-0').textContent).toContain('KPK-HITAM-M — Kaos Polos Hitam M');
    fireEvent.change(screen.getByTestId('bin-location-input'), { target: { value: 'D-02-4' } });
    fireEvent.click(within(document.querySelector('.ant-modal') as HTMLElement).getByText('Simpan'));
    await waitFor(() => expect(bins.get(KAOS_M.id)).toBe('D-02-4'));
    expect(puts().at(-1)).toEqual({ warehouse_id: WH, catalog_id: KAOS_M.id, location: 'D-02-4' });

    // Take the coffee out of its bin: an empty location.
    fireEvent.click(await screen.findByTestId('bin-remove-KOPI-GAYO-250'));
    fireEvent.click(await screen.findByText('Keluarkan'));
    await waitFor(() => expect(puts().at(-1)).toEqual({ warehouse_id: WH, catalog_id: GAYO.id, location: '' }));
    await waitFor(() => expect(rows().map((r) => r[1])).toEqual(['KPK-HITAM-L', 'KPK-HITAM-M']));
  });

  it('refuses an empty or too long location and a missing SKU without sending anything', async () => {
    const { puts } = setup();
    await waitFor(() => expect(rows()).toHaveLength(2));
    fireEvent.click(screen.getByTestId('bin-add'));
    await screen.findByTestId('bin-modal');
    fireEvent.click(within(document.querySelector('.ant-modal') as HTMLElement).getByText('Simpan'));
    expect(await screen.findByText('Harap isi lokasi rak')).toBeTruthy();
    expect(await screen.findByText('Harap pilih SKU')).toBeTruthy();
    // 41 characters: kept as typed (never cut), counted and refused.
    fireEvent.change(screen.getByTestId('bin-location-input'), { target: { value: 'R'.repeat(41) } });
    await waitFor(() => expect((screen.getByTestId('bin-location-input') as HTMLInputElement).value).toHaveLength(41));
    expect(await screen.findByText('41 / 40')).toBeTruthy();
    await pickSku(0, 'KPK-HITAM-L — Kaos Polos Hitam L');
    fireEvent.click(within(document.querySelector('.ant-modal') as HTMLElement).getByText('Simpan'));
    await waitFor(() => expect(document.querySelector('.ant-form-item-explain-error')?.textContent).toMatch(/40/u));
    expect(puts()).toEqual([]);
  });

  it('shows the bins read-only without WRITE, and nothing without the inventory list', async () => {
    setup({ 'list-inventory': 'READ' });
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(screen.queryByTestId('bin-add')).toBeNull();
    expect(screen.queryByTestId('bin-edit-KPK-HITAM-M')).toBeNull();
    vi.unstubAllGlobals();
    const hidden = setup({});
    expect(hidden.container.querySelector('[data-testid="bin-locations"]')).toBeNull();
  });
});
