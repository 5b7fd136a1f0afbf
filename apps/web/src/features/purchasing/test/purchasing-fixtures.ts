import type { PurchaseOrder, PurchaseOrderList, PurchaseOrderSummary, Supplier } from '@kelola/contracts/purchasing';
import { BANDUNG, JAKARTA, KAOS, KOPI } from '../../../test/document-fixtures.ts';

/** Test data of the supplier and purchase order screens, shaped as the API answers. */
const supplier = (id: string, name: string, extra: Partial<Supplier> = {}): Supplier => ({
  id,
  name,
  code: null,
  contact_name: null,
  phone: null,
  email: null,
  npwp: null,
  address: null,
  payment_term_days: 0,
  notes: null,
  purchase_order_count: 0,
  created_at: '2026-11-20T03:00:00.000Z',
  updated_at: '2026-11-20T03:00:00.000Z',
  ...extra,
});

export const SUMBER = supplier('01a200a0-0000-7000-8000-000000000001', 'PT Sumber Tekstil', {
  code: 'SUP-01',
  contact_name: 'Budi Santoso',
  phone: '+6281234567890',
  email: 'budi@sumber.co.id',
  payment_term_days: 30,
  purchase_order_count: 3,
});
export const GAYO = supplier('01a200a0-0000-7000-8000-000000000002', 'CV Kopi Gayo', { contact_name: 'Rina', payment_term_days: 14 });
export const SUPPLIERS = { items: [SUMBER, GAYO], page: 1, size: 10, total_row: 2 };
export const NO_SUPPLIERS = { items: [], page: 1, size: 10, total_row: 0 };

export const PO_ID = '01a200b0-0000-7000-8000-000000000001';
export const PO_ID_2 = '01a200b0-0000-7000-8000-000000000002';
export const LINE_KAOS = '01a200c0-0000-7000-8000-000000000001';
export const LINE_KOPI = '01a200c0-0000-7000-8000-000000000002';

export const PO_ROW: PurchaseOrderSummary = {
  id: PO_ID,
  number: 'PO/2026/11/000001',
  supplier_id: SUMBER.id,
  supplier_name: SUMBER.name,
  warehouse_id: JAKARTA.id,
  warehouse_name: JAKARTA.name,
  order_date: '2026-11-20',
  expected_date: '2026-11-27',
  status: 'CREATED',
  total_quantity: 150,
  received_quantity: 0,
  total: 4_500_000,
  created_at: '2026-11-20T03:00:00.000Z',
};

export const PO_ROW_2: PurchaseOrderSummary = {
  ...PO_ROW,
  id: PO_ID_2,
  number: 'PO/2026/11/000002',
  supplier_id: GAYO.id,
  supplier_name: GAYO.name,
  warehouse_id: BANDUNG.id,
  warehouse_name: BANDUNG.name,
  expected_date: null,
  status: 'PARTIAL_RECEIVED',
  total_quantity: 40,
  received_quantity: 10,
  total: 3_200_000,
};

export const COUNTS: PurchaseOrderList['counts'] = { CREATED: 4, PARTIAL_RECEIVED: 2, RECEIVED: 7, UNRECEIVED: 1, CANCELLED: 3 };

export const listOf = (items: PurchaseOrderSummary[], counts = COUNTS): PurchaseOrderList => ({
  items,
  page: 1,
  size: 10,
  total_row: items.length,
  counts,
});

/** PO 1: 100 KAOS-M at Rp30.000 and 50 KOPI-250 at Rp30.000, nothing received yet. */
export const PO: PurchaseOrder = {
  ...PO_ROW,
  notes: 'Kirim sebelum akhir bulan',
  lines: [
    {
      id: LINE_KAOS,
      catalog_id: KAOS.id,
      sku: KAOS.sku,
      name: KAOS.name,
      quantity: 100,
      received_quantity: 0,
      unit_cost: 30_000,
      total: 3_000_000,
    },
    {
      id: LINE_KOPI,
      catalog_id: KOPI.id,
      sku: KOPI.sku,
      name: KOPI.name,
      quantity: 50,
      received_quantity: 0,
      unit_cost: 30_000,
      total: 1_500_000,
    },
  ],
  receipts: [],
  updated_at: '2026-11-20T03:00:00.000Z',
};

/** PO 1 after a first delivery: KAOS-M 40 of 100 in, KOPI-250 all 50 in. */
export const PO_PARTIAL: PurchaseOrder = {
  ...PO,
  status: 'PARTIAL_RECEIVED',
  received_quantity: 90,
  lines: [
    { ...PO.lines[0]!, received_quantity: 40 },
    { ...PO.lines[1]!, received_quantity: 50 },
  ],
  receipts: [{ id: '01a20070-0000-7000-8000-000000000009', number: 'GR-000009', date: '2026-11-22', total_quantity: 90 }],
};
