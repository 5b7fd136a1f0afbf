import type { Invoice, InvoiceRow, Payment } from '@kelola/contracts/finance';

export const CUSTOMER_ID = '01a2b3c4-0000-7000-8000-000000000001';
export const CUSTOMERS = {
  items: [{ id: CUSTOMER_ID, code: 'DIST-0001', name: 'CV Distribusi Nusantara', credit_limit: 25_000_000, store_type: 'DISTRIBUTOR' }],
  page: 1,
  size: 50,
  total_row: 1,
};

export const INVOICE_ROW: InvoiceRow = {
  id: 'inv-1',
  number: 'INV/2026/11/000001',
  customer_id: CUSTOMER_ID,
  customer_name: 'CV Distribusi Nusantara',
  currency: 'IDR',
  issue_date: '2026-11-01',
  due_date: '2026-11-15',
  subtotal: 4_216_216,
  dpp: 3_864_865,
  ppn: 463_784,
  ppn_rate: '12 × 11/12',
  total: 4_680_000,
  paid: 3_000_000,
  credited: 0,
  remaining: 1_680_000,
  status: 'PARTIALLY_PAID',
  overdue: true,
  created_at: '2026-11-01T02:00:00.000Z',
};

export const INVOICE_ROW_2: InvoiceRow = {
  ...INVOICE_ROW,
  id: 'inv-2',
  number: 'INV/2026/11/000002',
  issue_date: '2026-11-20',
  due_date: '2026-12-20',
  total: 2_160_000,
  paid: 0,
  remaining: 2_160_000,
  status: 'OUTSTANDING',
  overdue: false,
};

export const INVOICE: Invoice = {
  ...INVOICE_ROW,
  notes: 'Pembayaran ke BCA 8730123456',
  business_name: 'Demo Fashion',
  tax_liability: true,
  orders: [
    { order_id: 'o-1', order_number: 'SO/2026/11/000008', amount: 2_880_000 },
    { order_id: 'o-2', order_number: 'SO/2026/11/000009', amount: 1_800_000 },
  ],
  allocations: [{ kind: 'PAYMENT', ref_id: 'pay-1', number: 'PAY/2026/11/000001', amount: 3_000_000, at: '2026-11-24T03:00:00.000Z' }],
};

export const PAYMENT: Payment = {
  id: 'pay-2',
  number: 'PAY/2026/11/000002',
  customer_id: CUSTOMER_ID,
  customer_name: 'CV Distribusi Nusantara',
  channel_id: 'ch-1',
  channel_label: 'BCA 8730123456 a.n. PT Kelola Demo Nusantara',
  method: 'BANK_TRANSFER',
  currency: 'IDR',
  amount: 1_500_000,
  allocated: 0,
  overpaid: 0,
  sender_bank: '014',
  sender_account_number: '0881234567',
  sender_account_name: 'CV Distribusi Nusantara',
  paid_at: '2026-11-25',
  has_proof: true,
  invoice_ids: [],
  remaining_bill: 3_840_000,
  status: 'NEED_CONFIRMATION',
  reason: null,
  notes: null,
  created_at: '2026-11-25T03:00:00.000Z',
  allocations: [],
};

export const CHANNELS = {
  items: [
    {
      id: 'ch-1',
      method: 'BANK_TRANSFER',
      bank_code: '014',
      bank_name: 'BCA',
      account_number: '8730123456',
      account_name: 'PT Kelola Demo Nusantara',
      active: true,
    },
  ],
};
export const BANKS = {
  items: [
    { code: '014', name: 'BCA' },
    { code: '002', name: 'BRI' },
  ],
};
export const paged = <T>(items: T[]) => ({ items, page: 1, size: 20, total_row: items.length });
