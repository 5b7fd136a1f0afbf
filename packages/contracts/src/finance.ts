import { CURRENCIES, INVOICE_STATUSES, PAYMENT_STATUSES_FINANCE, WITHDRAWAL_ACTIONS, WITHDRAWAL_STATUSES } from '@kelola/domain';
import { z } from 'zod';
import { money } from './catalog.ts';
import { optionalText, page, paged, requiredText, size, uuid } from './validation.ts';

/**
 * Finance (issue 17): invoices, payments with transfer proofs, credit notes, credit limits, wallets and withdrawals.
 * Amounts are integers of the currency's minor unit (IDR: whole rupiah); a typed '1.500.000' is read as 1500000.
 */

/** A positive amount: a number or a text with thousands dots ('1.500.000'); zero is INVALID_VALUE. */
export const positiveAmount = money.transform((v, ctx) => {
  if (v <= 0n) {
    ctx.addIssue({ code: 'custom', message: 'INVALID_VALUE' });
    return z.NEVER;
  }
  return Number(v);
});
const amountOrZero = money.transform((v) => Number(v));

/** Every money-moving call carries one (header Idempotency-Key or this field): a retry posts once. */
export const idempotencyKey = z.string({ error: 'REQUIRED' }).trim().min(8, { error: 'INVALID_VALUE' }).max(100, { error: 'TOO_LONG' });

/** The Indonesian banks for payments and withdrawals (BI 3-digit code; research §6). */
export const BANKS = [
  ['002', 'BRI'],
  ['008', 'Bank Mandiri'],
  ['009', 'BNI'],
  ['011', 'Bank Danamon'],
  ['013', 'Bank Permata'],
  ['014', 'BCA'],
  ['016', 'Maybank Indonesia'],
  ['019', 'Bank Panin'],
  ['022', 'CIMB Niaga'],
  ['023', 'UOB Indonesia'],
  ['028', 'OCBC'],
  ['031', 'Citibank'],
  ['046', 'DBS Indonesia'],
  ['087', 'HSBC Indonesia'],
  ['110', 'Bank BJB'],
  ['111', 'Bank DKI'],
  ['113', 'Bank Jateng'],
  ['114', 'Bank Jatim'],
  ['147', 'Bank Muamalat'],
  ['153', 'Bank Sinarmas'],
  ['200', 'BTN'],
  ['213', 'SMBC Indonesia'],
  ['426', 'Bank Mega'],
  ['441', 'KB Bank'],
  ['451', 'Bank Syariah Indonesia'],
  ['490', 'Bank Neo Commerce'],
  ['494', 'Bank Raya'],
  ['501', 'blu by BCA Digital'],
  ['535', 'SeaBank'],
  ['536', 'BCA Syariah'],
  ['542', 'Bank Jago'],
  ['547', 'BTPN Syariah'],
  ['567', 'Allo Bank'],
  ['947', 'Bank Aladin Syariah'],
] as const;
export const BANK_CODES = BANKS.map(([code]) => code) as unknown as readonly [string, ...string[]];
export const bankName = (code: string): string | null => BANKS.find(([c]) => c === code)?.[1] ?? null;

const bankCode = z.enum(BANK_CODES, { error: 'INVALID_VALUE' });
const accountNumber = z
  .string({ error: 'REQUIRED' })
  .trim()
  .regex(/^\d{5,20}$/u, { error: 'INVALID_FORMAT' });
const day = z.string({ error: 'REQUIRED' }).regex(/^\d{4}-\d{2}-\d{2}$/u, { error: 'INVALID_FORMAT' });

export const FinanceIdParams = z.object({ id: uuid });

// Ledger, wallets -------------------------------------------------------------------------------------------------

export const WalletQuery = z.object({ customer_id: uuid, page, size });
export const WalletEntry = z.object({
  id: z.string(),
  at: z.string(),
  event: z.string(),
  source_type: z.string(),
  source_id: z.string().nullable(),
  memo: z.string().nullable(),
  /** Positive: money in; negative: money out (held or paid). */
  amount: z.number(),
  balance: z.number(),
});
export const WalletHistory = paged(WalletEntry).extend({
  customer_id: z.string(),
  customer_name: z.string(),
  currency: z.enum(CURRENCIES),
  balance: z.number(),
  held: z.number(),
});
export type WalletHistory = z.infer<typeof WalletHistory>;

export const CustomerBalance = z.object({
  customer_id: z.string(),
  currency: z.enum(CURRENCIES),
  receivable: z.number(),
  wallet: z.number(),
  held: z.number(),
  credit_limit: z.number(),
  credit_used: z.number(),
  credit_remaining: z.number(),
  open_count: z.number(),
  transaction_limit: z.number(),
  oldest_due: z.string().nullable(),
});
export type CustomerBalance = z.infer<typeof CustomerBalance>;
export const CreditCheckInput = z.object({ customer_id: uuid, amount: positiveAmount });
export const CreditCheck = z.object({ ok: z.boolean(), code: z.string().nullable(), remaining: z.number() });

export const LedgerCheck = z.object({
  unbalanced_entries: z.array(z.object({ entry_id: z.string(), sum: z.number() })),
  balance_mismatches: z.array(z.object({ account_id: z.string(), balance: z.number(), postings: z.number() })),
  negative_wallets: z.array(z.object({ account_id: z.string(), balance: z.number() })),
});
export type LedgerCheck = z.infer<typeof LedgerCheck>;

// Invoices --------------------------------------------------------------------------------------------------------

export const InvoiceCreateInput = z.object({
  order_ids: z.array(uuid, { error: 'REQUIRED' }).min(1, { error: 'REQUIRED' }).max(100, { error: 'TOO_BIG' }),
  issue_date: day.optional(),
  notes: optionalText(500),
  idempotency_key: idempotencyKey,
});
export type InvoiceCreateInput = z.input<typeof InvoiceCreateInput>;
export const InvoiceListQuery = z.object({
  page,
  size,
  status: z.enum(INVOICE_STATUSES).optional(),
  customer_id: uuid.optional(),
  q: z.string().trim().max(100).optional(),
});
export const InvoiceRow = z.object({
  id: z.string(),
  number: z.string(),
  customer_id: z.string(),
  customer_name: z.string(),
  currency: z.enum(CURRENCIES),
  issue_date: z.string(),
  due_date: z.string(),
  subtotal: z.number(),
  dpp: z.number(),
  ppn: z.number(),
  ppn_rate: z.string(),
  total: z.number(),
  paid: z.number(),
  credited: z.number(),
  remaining: z.number(),
  status: z.enum(INVOICE_STATUSES),
  overdue: z.boolean(),
  created_at: z.string(),
});
export type InvoiceRow = z.infer<typeof InvoiceRow>;
export const InvoiceList = paged(InvoiceRow);
export const Invoice = InvoiceRow.extend({
  notes: z.string().nullable(),
  business_name: z.string().nullable(),
  tax_liability: z.boolean(),
  orders: z.array(z.object({ order_id: z.string(), order_number: z.string(), amount: z.number() })),
  allocations: z.array(
    z.object({ kind: z.enum(['PAYMENT', 'CREDIT_NOTE']), ref_id: z.string(), number: z.string(), amount: z.number(), at: z.string() }),
  ),
});
export type Invoice = z.infer<typeof Invoice>;
export const InvoiceableQuery = z.object({ customer_id: uuid });
export const InvoiceableOrders = z.object({
  items: z.array(
    z.object({ order_id: z.string(), order_number: z.string(), order_date: z.string(), amount: z.number(), status: z.string() }),
  ),
});

// Payment channels and payments -------------------------------------------------------------------------------------

export const PAYMENT_METHODS = ['BANK_TRANSFER', 'CASH', 'QRIS', 'VIRTUAL_ACCOUNT'] as const;
export const PaymentChannelInput = z
  .object({
    method: z.enum(PAYMENT_METHODS, { error: 'INVALID_VALUE' }),
    bank_code: bankCode.optional().nullable(),
    account_number: accountNumber.optional().nullable(),
    account_name: optionalText(100),
    active: z.boolean().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.method !== 'BANK_TRANSFER' && v.method !== 'VIRTUAL_ACCOUNT') return;
    if (!v.bank_code) ctx.addIssue({ code: 'custom', path: ['bank_code'], message: 'REQUIRED' });
    if (!v.account_number) ctx.addIssue({ code: 'custom', path: ['account_number'], message: 'REQUIRED' });
    if (!v.account_name) ctx.addIssue({ code: 'custom', path: ['account_name'], message: 'REQUIRED' });
  });
export const PaymentChannel = z.object({
  id: z.string(),
  method: z.enum(PAYMENT_METHODS),
  bank_code: z.string().nullable(),
  bank_name: z.string().nullable(),
  account_number: z.string().nullable(),
  account_name: z.string().nullable(),
  active: z.boolean(),
});
export const PaymentChannelList = z.object({ items: z.array(PaymentChannel) });
export const BankList = z.object({ items: z.array(z.object({ code: z.string(), name: z.string() })) });

export const PaymentInput = z.object({
  customer_id: uuid,
  channel_id: uuid,
  amount: positiveAmount,
  paid_at: day,
  sender_bank: bankCode.optional().nullable(),
  sender_account_number: accountNumber.optional().nullable(),
  sender_account_name: optionalText(100),
  invoice_ids: z.array(uuid).max(50).optional(),
  proof: z
    .object({ file_name: requiredText(255), content_base64: z.string({ error: 'REQUIRED' }).min(1, { error: 'REQUIRED' }) })
    .optional()
    .nullable(),
  notes: optionalText(500),
  idempotency_key: idempotencyKey,
});
export type PaymentInput = z.input<typeof PaymentInput>;
export const PaymentDecisionInput = z.object({
  action: z.enum(['CONFIRM', 'REJECT', 'CANCEL'], { error: 'INVALID_VALUE' }),
  reason: optionalText(500),
});
export const PaymentListQuery = z.object({
  page,
  size,
  status: z.enum(PAYMENT_STATUSES_FINANCE).optional(),
  customer_id: uuid.optional(),
});
export const Payment = z.object({
  id: z.string(),
  number: z.string(),
  customer_id: z.string(),
  customer_name: z.string(),
  channel_id: z.string().nullable(),
  channel_label: z.string().nullable(),
  method: z.string(),
  currency: z.enum(CURRENCIES),
  amount: z.number(),
  allocated: z.number(),
  overpaid: z.number(),
  sender_bank: z.string().nullable(),
  sender_account_number: z.string().nullable(),
  sender_account_name: z.string().nullable(),
  paid_at: z.string(),
  has_proof: z.boolean(),
  invoice_ids: z.array(z.string()),
  /** What the customer still owes across open invoices after this payment (outstanding for the rest). */
  remaining_bill: z.number(),
  status: z.enum(PAYMENT_STATUSES_FINANCE),
  reason: z.string().nullable(),
  notes: z.string().nullable(),
  created_at: z.string(),
  allocations: z.array(z.object({ invoice_id: z.string(), invoice_number: z.string(), amount: z.number() })),
});
export type Payment = z.infer<typeof Payment>;
export const PaymentList = paged(Payment);

// Credit notes ----------------------------------------------------------------------------------------------------

export const CREDIT_NOTE_REASONS = ['RETURN', 'PRICE_CORRECTION', 'GOODWILL'] as const;
export const CreditNoteInput = z
  .object({
    customer_id: uuid,
    reason: z.enum(CREDIT_NOTE_REASONS, { error: 'INVALID_VALUE' }),
    target: z.enum(['INVOICE', 'WALLET'], { error: 'INVALID_VALUE' }),
    invoice_id: uuid.optional().nullable(),
    amount: positiveAmount,
    notes: optionalText(500),
    idempotency_key: idempotencyKey,
  })
  .superRefine((v, ctx) => {
    if (v.target === 'INVOICE' && !v.invoice_id) ctx.addIssue({ code: 'custom', path: ['invoice_id'], message: 'REQUIRED' });
  });
export type CreditNoteInput = z.input<typeof CreditNoteInput>;
export const CreditNote = z.object({
  id: z.string(),
  number: z.string(),
  customer_id: z.string(),
  customer_name: z.string(),
  invoice_id: z.string().nullable(),
  invoice_number: z.string().nullable(),
  reason: z.enum(CREDIT_NOTE_REASONS),
  target: z.enum(['INVOICE', 'WALLET']),
  currency: z.enum(CURRENCIES),
  amount: z.number(),
  to_wallet: z.number(),
  notes: z.string().nullable(),
  created_at: z.string(),
});
export const CreditNoteList = paged(CreditNote);
export const CreditNoteListQuery = z.object({ page, size, customer_id: uuid.optional() });

// Withdrawals -----------------------------------------------------------------------------------------------------

export const WithdrawalSettingsInput = z
  .object({
    min_amount: amountOrZero,
    max_amount: amountOrZero,
    max_count: z.number({ error: 'REQUIRED' }).int({ error: 'INVALID_VALUE' }).min(0, { error: 'INVALID_VALUE' }).max(1000),
    count_period: z.enum(['DAY', 'WEEK', 'MONTH'], { error: 'INVALID_VALUE' }),
    fee: amountOrZero,
  })
  .superRefine((v, ctx) => {
    if (v.max_amount > 0 && v.max_amount < v.min_amount) ctx.addIssue({ code: 'custom', path: ['max_amount'], message: 'INVALID_VALUE' });
  });
export const WithdrawalSettings = z.object({
  min_amount: z.number(),
  max_amount: z.number(),
  max_count: z.number(),
  count_period: z.enum(['DAY', 'WEEK', 'MONTH']),
  fee: z.number(),
  transfer_hours: z.number(),
});
export type WithdrawalSettings = z.infer<typeof WithdrawalSettings>;

export const WithdrawalInput = z.object({
  customer_id: uuid,
  amount: positiveAmount,
  bank_code: bankCode,
  account_number: accountNumber,
  account_name: requiredText(100),
  beneficiary: requiredText(100),
  /** The requester confirms the bank data is correct (spec part 9). */
  confirmed: z.literal(true, { error: 'REQUIRED' }),
  idempotency_key: idempotencyKey,
});
export type WithdrawalInput = z.input<typeof WithdrawalInput>;
export const WithdrawalActionInput = z.object({
  action: z.enum(WITHDRAWAL_ACTIONS, { error: 'INVALID_VALUE' }),
  reason: optionalText(500),
});
export const WithdrawalListQuery = z.object({
  page,
  size,
  status: z.enum(WITHDRAWAL_STATUSES).optional(),
  customer_id: uuid.optional(),
});
export const Withdrawal = z.object({
  id: z.string(),
  number: z.string(),
  customer_id: z.string(),
  customer_name: z.string(),
  currency: z.enum(CURRENCIES),
  amount: z.number(),
  fee: z.number(),
  /** What reaches the bank account: the amount less the fee. */
  net: z.number(),
  bank_code: z.string(),
  bank_name: z.string(),
  account_number: z.string(),
  account_name: z.string(),
  beneficiary: z.string(),
  status: z.enum(WITHDRAWAL_STATUSES),
  reason: z.string().nullable(),
  requested_at: z.string(),
  processed_at: z.string().nullable(),
  completed_at: z.string().nullable(),
  transfer_due_at: z.string(),
  overdue: z.boolean(),
});
export type Withdrawal = z.infer<typeof Withdrawal>;
export const WithdrawalList = paged(Withdrawal);
