import type { ExportRecord } from '@kelola/contracts/catalog';
import type { CatalogSearchItem } from '@kelola/contracts/catalog-search';
import type { InventoryList, StockBalance, StockSyncStatus } from '@kelola/contracts/inventory';
import type { Warehouse } from '@kelola/contracts/warehouses';
import type { Me } from '@kelola/contracts/me';
import { ME } from '../../../../test/fixtures.ts';
import type { InboundList, InventoryDetail } from '../../api/inventory-api.ts';
import type { MovementList, StockMovement } from '../../api/movement-api.ts';

/** Test data of the inventory screens, shaped like the server's answers. */
export const WORKSPACE = 'w-1';
export const JAKARTA_ID = '01a20053-61ff-71fa-902a-a828eba29a02';
export const BANDUNG_ID = '01a20053-6220-743f-9efd-e20c8657b538';
export const KAOS_M = '01a20060-0000-7000-8000-000000000001';
export const KAOS_L = '01a20060-0000-7000-8000-000000000002';
export const RECEIPT_ID = '01a20070-0000-7000-8000-000000000001';
export const ADJUSTMENT_ID = '01a20071-0000-7000-8000-000000000001';
export const USER_ID = 'u-1';

export const meWith = (permissions: Record<string, 'READ' | 'WRITE'>): Me => ({
  ...ME,
  uuid: USER_ID,
  permissions: permissions as Me['permissions'],
});

const balance = (over: Partial<StockBalance>): StockBalance => ({
  warehouse_id: JAKARTA_ID,
  warehouse_name: 'Gudang Jakarta Barat',
  catalog_id: KAOS_M,
  sku: 'KAOS-M',
  name: 'Kaos Polos M',
  unit: 'PCS',
  on_hand: 1500,
  in_order: 20,
  allocated: 30,
  safety_stock: 10,
  allocatable: 1470,
  available: 1440,
  stock_state: 'IN_STOCK',
  updated_at: '2026-11-22T03:15:00.000Z',
  ...over,
});

export const KAOS_M_JAKARTA = balance({});
export const KAOS_L_BANDUNG = balance({
  warehouse_id: BANDUNG_ID,
  warehouse_name: 'Gudang Bandung',
  catalog_id: KAOS_L,
  sku: 'KAOS-L',
  name: 'Kaos Polos L',
  on_hand: 2,
  in_order: 5,
  allocated: 0,
  safety_stock: 0,
  allocatable: 2,
  available: -3,
  stock_state: 'MINUS_STOCK',
});

export const INVENTORY: InventoryList = {
  items: [KAOS_M_JAKARTA, KAOS_L_BANDUNG],
  page: 1,
  size: 10,
  total_row: 2,
  counts: { in_stock: 7, out_of_stock: 3, minus_stock: 1, all: 11 },
};
export const EMPTY_INVENTORY: InventoryList = {
  items: [],
  page: 1,
  size: 10,
  total_row: 0,
  counts: { in_stock: 0, out_of_stock: 0, minus_stock: 0, all: 0 },
};

export const KAOS_M_DETAIL: InventoryDetail = {
  catalog_id: KAOS_M,
  sku: 'KAOS-M',
  name: 'Kaos Polos M',
  unit: 'PCS',
  warehouses: [
    KAOS_M_JAKARTA,
    balance({
      warehouse_id: BANDUNG_ID,
      warehouse_name: 'Gudang Bandung',
      on_hand: 0,
      in_order: 0,
      allocated: 0,
      safety_stock: 0,
      allocatable: 0,
      available: 0,
      stock_state: 'OUT_OF_STOCK',
    }),
  ],
  totals: { on_hand: 1500, in_order: 20, allocated: 30, safety_stock: 10, allocatable: 1470, available: 1440 },
};

const warehouse = (id: string, name: string): Warehouse => ({
  id,
  warehouse_id: id,
  name,
  code: name.slice(7, 10).toUpperCase(),
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
  district_code: '31.73.05',
  district_name: 'Kebon Jeruk',
  subdistrict_code: '31.73.05.1001',
  subdistrict_name: 'Kebon Jeruk',
  postal_code: '11530',
  business_id: null,
  business_name: null,
  is_default: false,
  created_at: '2026-11-21T22:56:34.137Z',
  updated_at: '2026-11-21T22:56:34.137Z',
});
export const WAREHOUSES = {
  items: [warehouse(BANDUNG_ID, 'Gudang Bandung'), warehouse(JAKARTA_ID, 'Gudang Jakarta Barat')],
  page: 1,
  size: 200,
  total_row: 2,
};

export const CATALOGS: { items: CatalogSearchItem[] } = {
  items: [
    {
      id: KAOS_L,
      sku: 'KAOS-L',
      name: 'Kaos Polos L',
      product_id: 'p-1',
      product_name: 'Kaos Polos',
      product_type: 'VARIANT',
      base_unit: 'PCS',
      price: 55000,
      thumbnail_url: null,
    },
    {
      id: KAOS_M,
      sku: 'KAOS-M',
      name: 'Kaos Polos M',
      product_id: 'p-1',
      product_name: 'Kaos Polos',
      product_type: 'VARIANT',
      base_unit: 'PCS',
      price: 50000,
      thumbnail_url: null,
    },
  ],
};

export const exportRecord = (status: ExportRecord['status'], over: Partial<ExportRecord> = {}): ExportRecord => ({
  id: '01a20080-0000-7000-8000-000000000001',
  type: 'INVENTORY',
  status,
  file_name: 'inventori-20261122.xlsx',
  row_count: status === 'DONE' ? 11 : 0,
  progress: status === 'DONE' ? 100 : 0,
  file_size: status === 'DONE' ? 4096 : null,
  error: null,
  requested_by: USER_ID,
  requested_by_name: null,
  filters: {},
  created_at: '2026-11-22T03:15:00.000Z',
  finished_at: status === 'DONE' ? '2026-11-22T03:15:05.000Z' : null,
  ...over,
});

const run = (warehouseId: string, status: 'ONPROGRESS' | 'SUCCESS' | 'FAILED', error: string | null = null) => ({
  warehouse_id: warehouseId,
  run_id: `run-${warehouseId}`,
  status,
  sku_count: 2,
  error,
  started_at: '2026-11-22T03:15:00.000Z',
  finished_at: status === 'ONPROGRESS' ? null : '2026-11-22T03:15:02.000Z',
});
export const SYNC_RUNNING: StockSyncStatus = {
  in_progress: true,
  success: [],
  error: [],
  items: [run(BANDUNG_ID, 'SUCCESS'), run(JAKARTA_ID, 'ONPROGRESS')],
};
export const SYNC_DONE: StockSyncStatus = {
  in_progress: false,
  success: [BANDUNG_ID],
  error: [JAKARTA_ID],
  items: [run(BANDUNG_ID, 'SUCCESS'), run(JAKARTA_ID, 'FAILED', 'Kanal Shopee menolak permintaan')],
};

const movement = (over: Partial<StockMovement>): StockMovement => ({
  id: '01a20090-0000-7000-8000-000000000001',
  type: 'RECEIPT',
  warehouse_id: JAKARTA_ID,
  warehouse_name: 'Gudang Jakarta Barat',
  catalog_id: KAOS_M,
  sku: 'KAOS-M',
  name: 'Kaos Polos M',
  quantity: 100,
  on_hand_before: 1400,
  on_hand_after: 1500,
  in_order_before: 20,
  in_order_after: 20,
  allocated_before: null,
  allocated_after: null,
  channel_id: null,
  channel_name: null,
  reference_type: 'GOODS_RECEIPT',
  reference_id: 'GR-000001',
  reference_key: `goods-receipt:${RECEIPT_ID}`,
  actor_id: USER_ID,
  actor_name: 'Dewi Lestari',
  at: '2026-11-22T03:15:00.000Z',
  ...over,
});
export const RECEIPT_MOVEMENT = movement({});
export const ADJUSTMENT_MOVEMENT = movement({
  id: '01a20090-0000-7000-8000-000000000002',
  type: 'ADJUSTMENT',
  quantity: -5,
  on_hand_before: 1505,
  on_hand_after: 1500,
  reference_type: 'STOCK_ADJUSTMENT',
  reference_id: 'ADJ-000001',
  reference_key: `stock-adjustment:${ADJUSTMENT_ID}`,
  actor_id: '01a200aa-0000-7000-8000-00000000beef',
  actor_name: 'Budi Santoso',
});
export const SHIP_MOVEMENT = movement({
  id: '01a20090-0000-7000-8000-000000000003',
  type: 'SHIP',
  quantity: 2,
  on_hand_before: 1502,
  on_hand_after: 1500,
  in_order_before: 22,
  in_order_after: 20,
  reference_type: 'ORDER',
  reference_id: 'SO-123',
  reference_key: 'order:SO-123:ship',
  actor_id: null,
});
export const MOVEMENTS: MovementList = { items: [RECEIPT_MOVEMENT, ADJUSTMENT_MOVEMENT, SHIP_MOVEMENT], page: 1, size: 10, total_row: 3 };

export const INBOUND: InboundList = {
  items: [
    {
      id: RECEIPT_ID,
      number: 'GR-000001',
      date: '2026-11-22',
      warehouse_id: JAKARTA_ID,
      warehouse_name: 'Gudang Jakarta Barat',
      supplier_reference: 'SJ-7781',
      note: 'Kiriman pabrik minggu ini',
      status: 'POSTED',
      total_quantity: 1200,
      created_at: '2026-11-22T02:00:00.000Z',
      posted_at: '2026-11-22T03:15:00.000Z',
    },
  ],
  page: 1,
  size: 10,
  total_row: 1,
};

export const NOT_FOUND = { status: 404, body: { code: 'NOT_FOUND', message: 'no' } };
