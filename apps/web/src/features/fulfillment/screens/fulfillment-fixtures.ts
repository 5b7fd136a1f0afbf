import type { FulfillmentDetail, FulfillmentInfo, FulfillmentList } from '@kelola/contracts/fulfillment';

export const ORDER_ID = '01a200a0-0000-7000-8000-000000000001';
export const ORDER_ID_2 = '01a200a0-0000-7000-8000-000000000002';

export const info = (overrides: Partial<FulfillmentInfo> = {}): FulfillmentInfo => ({
  step: 'PICK_CONFIRMED',
  allowed_actions: ['CONFIRM_PACK'],
  editable: true,
  delivery_note_number: null,
  ship_method: null,
  shipment_state: null,
  shipment_message: null,
  picked: { at: '2026-11-24T03:00:00.000Z', by: 'u-1' },
  packed: null,
  packing_completed: null,
  goods_issued: null,
  shipped: null,
  ...overrides,
});

const summary = (id: string, number: string) => ({
  id,
  order_number: number,
  source: 'MARKETPLACE' as const,
  status: 'ON_PROCESS' as const,
  marketplace_status: 'READY_TO_SHIP',
  marketplace: 'shopee',
  channel_id: 'c-1',
  channel_name: 'Toko Kopi Shopee',
  business_id: null,
  warehouse_id: 'wh-1',
  order_date: '2026-11-24T02:00:00.000Z',
  buyer_name: 'Siti Aminah',
  buyer_phone: '+6281311112222',
  courier_name: 'SPX',
  receipt_number: null,
  total_item: 3,
  buyer_total: 160_000,
  currency: 'IDR' as const,
  payment_status: 'PAID' as const,
  stock_short: false,
  has_unmapped_lines: false,
  marketplace_action: null,
  allowed_actions: [],
});

export const ROW = { ...summary(ORDER_ID, 'SHP-240001'), fulfillment: info() };
export const ROW_2 = { ...summary(ORDER_ID_2, 'SHP-240002'), fulfillment: info() };

export const listOf = (items: FulfillmentList['items']): FulfillmentList => ({
  items,
  page: 1,
  size: 10,
  total_row: items.length,
  counts: { NEW: 4, PICK_CONFIRMED: 2, PACK_CONFIRMED: 0, PACKING_COMPLETED: 1, GOODS_ISSUED: 0, SHIPPED: 9 },
});

export const DETAIL: FulfillmentDetail = {
  ...ROW,
  warehouse_name: 'Gudang Jakarta',
  shipping_id: null,
  service_type: null,
  courier_service: 'Reguler',
  pickup_address: null,
  dropshipper: false,
  dropshipper_name: null,
  dropshipper_phone: null,
  payment_method: null,
  customer_id: null,
  buyer_email: null,
  shipping_address: {
    name: 'Siti Aminah',
    phone: '+6281311112222',
    address: 'Jl. Merdeka 5',
    province_code: null,
    city_code: null,
    district_code: null,
    subdistrict_code: null,
    postal_code: '40111',
    city: 'Bandung',
  },
  notes: null,
  cancel_reason: null,
  amounts: {
    subtotal: 150_000,
    seller_discount: 0,
    marketplace_discount: 0,
    voucher: 0,
    deposit: 0,
    loyalty: 0,
    shipping_fee_buyer: 10_000,
    shipping_fee_seller: 0,
    admin_fee: 0,
    buyer_total: 160_000,
    merchant_net: 150_000,
    cost: 0,
    profit: 150_000,
    cost_complete: false,
  },
  lines: [],
  timeline: [],
  created_at: '2026-11-24T02:00:00.000Z',
  updated_at: '2026-11-24T03:00:00.000Z',
  pack_lines: [
    { id: 'l-1', sku: 'KOPI-250', barcode: '8991234567890', name: 'Kopi Gayo 250 g', options: null, quantity: 2 },
    { id: 'l-2', sku: 'TEH-100', barcode: null, name: 'Teh Melati', options: null, quantity: 1 },
  ],
};
