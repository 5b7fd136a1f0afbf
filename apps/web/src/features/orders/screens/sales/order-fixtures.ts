import type { Order } from '@kelola/contracts/orders';
import type { OrderRow } from '../../api/orders-api.ts';

/** Test data of the order screens, shaped as GET /api/orders and /api/orders/:id answer. */
export const ORDER_ID = '01a20100-0000-7000-8000-000000000001';
export const ORDER_ID_2 = '01a20100-0000-7000-8000-000000000002';

export const ROW: OrderRow = {
  id: ORDER_ID,
  order_number: 'SHP-240001',
  source: 'MARKETPLACE',
  status: 'NEW',
  marketplace_status: 'READY_TO_SHIP',
  marketplace: 'shopee',
  channel_id: '01a20090-0000-7000-8000-00000000000a',
  channel_name: 'Shopee Kelola',
  business_id: null,
  warehouse_id: null,
  order_date: '2026-11-24T03:00:00.000Z',
  buyer_name: 'Budi Santoso',
  buyer_phone: '081234567890',
  courier_name: 'SPX',
  receipt_number: null,
  total_item: 2,
  buyer_total: 1500000,
  currency: 'IDR',
  payment_status: 'PAID',
  stock_short: true,
  has_unmapped_lines: false,
  marketplace_action: null,
  allowed_actions: ['ACCEPT', 'REJECT', 'CANCEL', 'REQUEST_CANCEL'],
};

export const ROW_2: OrderRow = { ...ROW, id: ORDER_ID_2, order_number: 'SHP-240002', stock_short: false, buyer_total: 250000 };

export const COUNTS = {
  all: 42,
  unpaid: 3,
  new: 7,
  confirmed: 5,
  on_process: 4,
  confirm_cancellation: 1,
  shipped: 6,
  delivered: 2,
  canceled: 8,
  completed: 4,
  ready_to_ship: 1,
  cancel_requested: 1,
  draft: 0,
};

export const listOf = (items: OrderRow[]) => ({ items, page: 1, size: 10, total_row: items.length, counts: COUNTS });

export const ORDER: Order = {
  ...ROW,
  warehouse_name: 'Gudang Jakarta',
  shipping_id: null,
  service_type: null,
  courier_service: 'Reguler',
  pickup_address: null,
  dropshipper: false,
  dropshipper_name: null,
  dropshipper_phone: null,
  payment_method: 'ShopeePay',
  customer_id: null,
  buyer_email: null,
  shipping_address: {
    name: 'Budi Santoso',
    phone: '081234567890',
    address: 'Jl. Darmo 12',
    province_code: null,
    city_code: null,
    district_code: null,
    subdistrict_code: null,
    postal_code: '60241',
    city: 'Surabaya',
  },
  notes: null,
  cancel_reason: null,
  amounts: {
    subtotal: 1500000,
    seller_discount: 0,
    marketplace_discount: 0,
    voucher: 0,
    deposit: 0,
    loyalty: 0,
    shipping_fee_buyer: 0,
    shipping_fee_seller: 0,
    admin_fee: 75000,
    buyer_total: 1500000,
    merchant_net: 1425000,
    cost: 1000000,
    profit: 425000,
    cost_complete: true,
  },
  lines: [
    {
      id: 'l-1',
      catalog_id: null,
      sku: null,
      marketplace_sku: 'KAOS-XL',
      unmapped: true,
      name: 'Kaos Polos XL',
      options: null,
      quantity: 2,
      unit_price: 750000,
      discount: 0,
      total: 1500000,
      unit_cost: null,
      price_source: 'MARKETPLACE',
      reserved_quantity: 0,
      short_quantity: 0,
    },
  ],
  timeline: [
    {
      id: 't-1',
      at: '2026-11-24T03:00:00.000Z',
      actor_type: 'MARKETPLACE',
      actor_id: null,
      actor_name: null,
      event: 'IMPORTED',
      from_status: null,
      to_status: 'NEW',
      note: null,
    },
  ],
  created_at: '2026-11-24T03:00:00.000Z',
  updated_at: '2026-11-24T03:00:00.000Z',
};

export const REASONS = {
  items: [
    { id: 'OUT_OF_STOCK', label: 'Stok habis' },
    { id: 'CUSTOMER_REQUEST', label: 'Permintaan pembeli' },
  ],
};
