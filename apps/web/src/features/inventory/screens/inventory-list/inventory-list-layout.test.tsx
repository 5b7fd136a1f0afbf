import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithRouter, stubFetch } from '../../../../test/render-with-router.tsx';
import { INVENTORY, NOT_FOUND, WAREHOUSES, WORKSPACE, meWith } from './stock-fixtures.ts';
import { InventoryListScreen } from './inventory-list-screen.tsx';

function setup(width: number) {
  vi.stubGlobal('innerWidth', width);
  const { fetchStub } = stubFetch((_method, url) => {
    if (url.pathname === '/api/inventory') return { body: INVENTORY };
    if (url.pathname === '/api/warehouses') return { body: WAREHOUSES };
    return NOT_FOUND;
  });
  vi.stubGlobal('fetch', fetchStub);
  return renderWithRouter(<InventoryListScreen />, {
    path: `/inventory/list-inventoryv2?workspace_id=${WORKSPACE}`,
    pattern: '/inventory/list-inventoryv2',
    me: meWith({ 'list-inventory': 'READ', warehouse: 'READ' }),
  });
}

describe('/inventory/list-inventoryv2 layout', { timeout: 30_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('pins the figures a user acts on at the right of a wide table, and the SKU at the left', async () => {
    setup(1440);
    await screen.findByText('Kaos Polos M');
    // A sortable heading nests its text: find the cell by its whole text.
    const header = (text: string) => screen.getAllByRole('columnheader').find((cell) => cell.textContent === text) as HTMLElement;
    for (const title of ['Tersedia', 'Satuan', 'Status Stok']) expect(header(title).className).toMatch(/ant-table-cell-fix-(right|end)\b/u);
    expect(header('SKU').className).toMatch(/ant-table-cell-fix-(left|start)\b/u);
    expect(header('Dalam Pesanan').className).not.toContain('ant-table-cell-fix');
  });

  it('shows a card per row with the stock figures on a phone', async () => {
    setup(390);
    const cards = await screen.findAllByTestId('row-card');
    expect(cards).toHaveLength(INVENTORY.items.length);
    expect(screen.queryByRole('table')).toBeNull();
    const first = within(cards[0] as HTMLElement);
    const row = INVENTORY.items[0]!;
    for (const label of ['Tersedia', 'On Hand', 'Satuan', 'Status Stok', 'Gudang']) expect(first.getByText(label)).toBeTruthy();
    expect(first.getByText(row.warehouse_name)).toBeTruthy();
    // Secondary ledger figures stay in the stock drawer.
    expect(first.queryByText('Dalam Pesanan')).toBeNull();
    expect(screen.getByText('Menampilkan 1-2 dari 2 data')).toBeTruthy();
  });
});
