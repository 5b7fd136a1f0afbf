import { fireEvent, screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import type { CatalogSearchItem } from '@kelola/contracts/catalog-search';
import type { Adjustment, AllocationView, GoodsReceipt } from '@kelola/contracts/inventory';
import type { Me } from '@kelola/contracts/me';
import type { MenuKey } from '@kelola/contracts/menu';
import type { Warehouse } from '@kelola/contracts/warehouses';
import { ME } from './fixtures.ts';

/** Test data of the goods receipt, stock adjustment and allocation screens, shaped as the API answers. */
export const WORKSPACE = 'w-1';

const warehouse = (id: string, name: string, code: string): Warehouse => ({
  id,
  warehouse_id: id,
  name,
  code,
  external_code: null,
  category: null,
  contact: null,
  phone: null,
  address_line_1: 'Jl. Contoh No. 1',
  address_line_2: null,
  country_code: 'ID',
  country_name: 'Indonesia',
  province_code: '31',
  province_name: 'DKI Jakarta',
  city_code: '31.73',
  city_name: 'Kota Administrasi Jakarta Barat',
  district_code: '31.73.01',
  district_name: 'Cengkareng',
  subdistrict_code: '31.73.01.1001',
  subdistrict_name: 'Cengkareng Barat',
  postal_code: null,
  business_id: null,
  business_name: null,
  is_default: false,
  created_at: '2026-11-21T22:56:34.137Z',
  updated_at: '2026-11-21T22:56:34.137Z',
});

export const JAKARTA = warehouse('01a20053-61ff-71fa-902a-a828eba29a02', 'Gudang Jakarta', 'JKT-01');
export const BANDUNG = warehouse('01a20053-6220-743f-9efd-e20c8657b538', 'Gudang Bandung', 'BDG-01');
export const WAREHOUSES = { items: [BANDUNG, JAKARTA], page: 1, size: 200, total_row: 2 };

const sku = (id: string, code: string, name: string): CatalogSearchItem => ({
  id,
  sku: code,
  name,
  product_id: `p-${code}`,
  product_name: name,
  product_type: 'SINGLE',
  base_unit: 'PCS',
  price: 50_000,
  thumbnail_url: null,
});

export const KAOS = sku('01a20060-0000-7000-8000-000000000001', 'KAOS-M', 'Kaos Polos M');
export const KOPI = sku('01a20060-0000-7000-8000-000000000002', 'KOPI-250', 'Kopi Arabika 250 g');
export const CATALOGS = { items: [KAOS, KOPI] };

/** GET /api/inventory/catalogs/:id: the SKU's stock per warehouse. */
export function catalogStock(item: CatalogSearchItem, available: Record<string, number>) {
  const warehouses = Object.entries(available).map(([warehouseId, value]) => ({
    warehouse_id: warehouseId,
    warehouse_name: warehouseId === JAKARTA.id ? JAKARTA.name : BANDUNG.name,
    catalog_id: item.id,
    sku: item.sku,
    name: item.name,
    unit: 'PCS' as const,
    on_hand: value,
    in_order: 0,
    allocated: 0,
    safety_stock: 0,
    allocatable: value,
    available: value,
    stock_state: value > 0 ? ('IN_STOCK' as const) : value === 0 ? ('OUT_OF_STOCK' as const) : ('MINUS_STOCK' as const),
    updated_at: '2026-11-21T22:56:34.137Z',
  }));
  const sum = warehouses.reduce((n, w) => n + w.available, 0);
  return {
    catalog_id: item.id,
    sku: item.sku,
    name: item.name,
    unit: 'PCS' as const,
    warehouses,
    totals: { on_hand: sum, in_order: 0, allocated: 0, safety_stock: 0, allocatable: sum, available: sum },
  };
}

export const RECEIPT: GoodsReceipt = {
  id: '01a20070-0000-7000-8000-000000000001',
  number: 'GR-000001',
  date: '2026-11-20',
  warehouse_id: JAKARTA.id,
  warehouse_name: JAKARTA.name,
  supplier_reference: 'SJ-7781',
  note: 'Kiriman pertama',
  status: 'DRAFT',
  total_quantity: 1250,
  lines: [
    { catalog_id: KAOS.id, sku: KAOS.sku, name: KAOS.name, quantity: 1000 },
    { catalog_id: KOPI.id, sku: KOPI.sku, name: KOPI.name, quantity: 250 },
  ],
  created_at: '2026-11-20T03:00:00.000Z',
  posted_at: null,
};

export const POSTED_RECEIPT: GoodsReceipt = {
  ...RECEIPT,
  id: '01a20070-0000-7000-8000-000000000002',
  number: 'GR-000002',
  supplier_reference: null,
  status: 'POSTED',
  posted_at: '2026-11-21T03:00:00.000Z',
};

export const ADJUSTMENT: Adjustment = {
  id: '01a20080-0000-7000-8000-000000000001',
  number: 'ADJ-000001',
  date: '2026-11-20',
  warehouse_id: JAKARTA.id,
  warehouse_name: JAKARTA.name,
  type: 'DAMAGED',
  note: 'Kardus basah',
  status: 'DRAFT',
  items: [{ catalog_id: KAOS.id, sku: KAOS.sku, name: KAOS.name, stock_available: 12, change: -2, after_change: 10 }],
  created_at: '2026-11-20T03:00:00.000Z',
  posted_at: null,
};

export const POSTED_ADJUSTMENT: Adjustment = {
  ...ADJUSTMENT,
  id: '01a20080-0000-7000-8000-000000000002',
  number: 'ADJ-000002',
  type: 'STOCK_OPNAME',
  status: 'POSTED',
  items: [{ catalog_id: KOPI.id, sku: KOPI.sku, name: KOPI.name, stock_available: 30, change: 5, after_change: 35 }],
  posted_at: '2026-11-21T03:00:00.000Z',
};

export const SHOPEE = '01a20090-0000-7000-8000-00000000000a';
export const TOKOPEDIA = '01a20090-0000-7000-8000-00000000000b';
export const TIKTOK = '01a20090-0000-7000-8000-00000000000c';

const channel = (id: string, name: string, marketplace: string) => ({
  id,
  marketplace,
  shop_id: `shop-${marketplace}`,
  name,
  region: 'ID',
  status: 'CONNECTED',
  business_id: null,
  access_token_expires_at: null,
  reconciled_until: null,
  created_at: '2026-11-21T22:56:34.137Z',
});

export const CHANNELS = {
  items: [
    channel(SHOPEE, 'Shopee Kelola', 'shopee'),
    channel(TOKOPEDIA, 'Tokopedia Kelola', 'tokopedia'),
    channel(TIKTOK, 'TikTok Kelola', 'tiktok'),
  ],
};

/** GET /api/inventory/stock-allocation for KAOS in Jakarta: 10 available, safety stock 2 (as the server test). */
export const ALLOCATION: AllocationView = {
  warehouse_id: JAKARTA.id,
  catalog_id: KAOS.id,
  available: 10,
  safety_stock: 2,
  rules: [
    {
      channel_id: SHOPEE,
      channel_name: 'Shopee Kelola',
      mode: 'PERCENTAGE',
      value: 70,
      buffer: 0,
      quantity: 7,
      explanation: '7 = 10 tersedia × 70%, dibulatkan ke bawah, dikurangi buffer 0',
    },
    {
      channel_id: TOKOPEDIA,
      channel_name: 'Tokopedia Kelola',
      mode: 'QUANTITY',
      value: 4,
      buffer: 1,
      quantity: 3,
      explanation: '3 = tetap 4, dikurangi buffer 1',
    },
  ],
  set_asides: [
    { channel_id: SHOPEE, channel_name: 'Shopee Kelola', quantity: 0 },
    { channel_id: TOKOPEDIA, channel_name: 'Tokopedia Kelola', quantity: 0 },
    { channel_id: TIKTOK, channel_name: 'TikTok Kelola', quantity: 0 },
  ],
};

/** The same rules without a SKU: no quantities. */
export const ALLOCATION_NO_SKU: AllocationView = {
  ...ALLOCATION,
  catalog_id: null,
  available: null,
  safety_stock: null,
  rules: ALLOCATION.rules.map((rule) => ({ ...rule, quantity: null, explanation: null })),
  set_asides: [],
};

export const page = <T>(items: T[]) => ({ items, page: 1, size: 10, total_row: items.length });

/** The demo user with the given access on the menu keys (and READ on the warehouse list and inventory). */
export function meWith(permissions: Partial<Record<MenuKey, 'READ' | 'WRITE'>>): Me {
  return { ...ME, permissions: { warehouse: 'READ', 'list-inventory': 'READ', 'store-list': 'READ', ...permissions } };
}

export const notFound = { status: 404, body: { code: 'ROUTE_NOT_FOUND', message: 'no' } };

/** Clicks the button showing this text (getByRole is slow on antd tables in jsdom). */
export function clickButton(text: string | RegExp, within: HTMLElement | Document = document) {
  const button = [...within.querySelectorAll('button')].find((element) =>
    typeof text === 'string' ? element.textContent?.trim() === text : text.test(element.textContent ?? ''),
  );
  if (!button) throw new Error(`no button ${String(text)}`);
  fireEvent.click(button);
}

/** Opens an antd Select by its test id and picks the option whose title is `option`. */
export async function choose(testId: string, option: string) {
  const select = await screen.findByTestId(testId);
  fireEvent.mouseDown(select.querySelector('.ant-select-selector') ?? select);
  const item = await waitFor(() => {
    // The newest dropdown is the last one in the page: earlier pickers keep theirs (hidden) in the DOM.
    const found = [...document.querySelectorAll('.ant-select-item-option')]
      .reverse()
      .find((element) => element.getAttribute('title') === option && !element.closest('.ant-select-dropdown-hidden'));
    if (!found) throw new Error(`no option ${option}`);
    return found;
  });
  fireEvent.click(item);
  await waitFor(() => expect(select.textContent).toContain(option));
}
