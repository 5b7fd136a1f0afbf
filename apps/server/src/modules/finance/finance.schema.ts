import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from '../../platform/db/columns.ts';
import { tenantPolicy, workspaceIdColumn } from '../../platform/db/tenancy.ts';

const amount = () => bigint({ mode: 'number' }).notNull().default(0);
/** "No party" in a key column (a primary or unique key cannot hold null). */
export const NO_PARTY = '00000000-0000-0000-0000-000000000000';

/**
 * A ledger account of a workspace (ADR 0034): its kind (RECEIVABLE, WALLET, WALLET_HOLD per customer; CASH, REVENUE,
 * TAX, FEES, CREDIT_NOTES per workspace), currency and its balance, kept in the same transaction as every posting
 * (debit positive). `ledgerMismatches` rebuilds every balance from the postings.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: uuid().primaryKey(),
    workspaceId: workspaceIdColumn(),
    kind: text().notNull(),
    partyId: uuid().notNull().default(NO_PARTY),
    currency: text().notNull().default('IDR'),
    balance: amount(),
    createdAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [uniqueIndex('ledger_accounts_key').on(t.workspaceId, t.kind, t.partyId, t.currency), tenantPolicy()],
);

/** One posting set (journal entry): its idempotency key (a retry posts once) and its source. Append-only. */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: uuid().primaryKey(),
    workspaceId: workspaceIdColumn(),
    idempotencyKey: text().notNull(),
    /** INVOICE, PAYMENT, CREDIT_NOTE, WITHDRAWAL, FEE … */
    sourceType: text().notNull(),
    sourceId: uuid(),
    /** What happened, for the wallet history (WITHDRAWAL_REQUESTED, PAYMENT_OVERPAID …). */
    event: text().notNull(),
    memo: text(),
    currency: text().notNull().default('IDR'),
    actorId: uuid(),
    createdAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_entries_key').on(t.workspaceId, t.idempotencyKey),
    index('ledger_entries_source_idx').on(t.workspaceId, t.sourceType, t.sourceId),
    tenantPolicy(),
  ],
);

/** One line of a posting set: signed amount (debit positive) and the account's balance after it. Append-only. */
export const ledgerPostings = pgTable(
  'ledger_postings',
  {
    id: uuid().primaryKey(),
    workspaceId: workspaceIdColumn(),
    entryId: uuid()
      .notNull()
      .references(() => ledgerEntries.id),
    accountId: uuid()
      .notNull()
      .references(() => ledgerAccounts.id),
    amount: bigint({ mode: 'number' }).notNull(),
    balanceAfter: bigint({ mode: 'number' }).notNull(),
    createdAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [
    index('ledger_postings_account_idx').on(t.workspaceId, t.accountId, t.id),
    index('ledger_postings_entry_idx').on(t.workspaceId, t.entryId),
    check('ledger_postings_nonzero', sql`amount <> 0`),
    tenantPolicy(),
  ],
);

/** One row per customer that buys on credit: the row every credit decision of that customer locks first. */
export const creditLocks = pgTable(
  'credit_locks',
  { workspaceId: workspaceIdColumn(), customerId: uuid().notNull(), checks: bigint({ mode: 'number' }).notNull().default(0) },
  (t) => [primaryKey({ columns: [t.workspaceId, t.customerId] }), tenantPolicy()],
);

/** An order confirmed on credit: its amount counts against the customer's limit until it is invoiced (or released). */
export const creditOrders = pgTable(
  'credit_orders',
  {
    workspaceId: workspaceIdColumn(),
    orderId: uuid().notNull(),
    customerId: uuid().notNull(),
    amount: amount(),
    dueDate: text().notNull(),
    /** OPEN (not invoiced), INVOICED, RELEASED (the order was cancelled). */
    status: text().notNull().default('OPEN'),
    invoiceId: uuid(),
    createdAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.orderId] }),
    index('credit_orders_customer_idx').on(t.workspaceId, t.customerId, t.status),
    tenantPolicy(),
  ],
);

/** An invoice (faktur) of one or several confirmed orders of one customer; PPN per the business's tax liability. */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid().primaryKey(),
    workspaceId: workspaceIdColumn(),
    number: text().notNull(),
    customerId: uuid().notNull(),
    /** The buyer as billed (kept as it was when issued). */
    customerName: text().notNull(),
    businessId: uuid(),
    currency: text().notNull().default('IDR'),
    issueDate: text().notNull(),
    dueDate: text().notNull(),
    /** Harga jual (before PPN), the tax base, PPN and what the buyer pays. */
    subtotal: amount(),
    dpp: amount(),
    ppn: amount(),
    ppnRate: text().notNull().default('0'),
    total: amount(),
    paid: amount(),
    credited: amount(),
    status: text().notNull(),
    notes: text(),
    idempotencyKey: text().notNull(),
    createdAt: timestamptz().notNull().defaultNow(),
    cancelledAt: timestamptz(),
  },
  (t) => [
    uniqueIndex('invoices_number_key').on(t.workspaceId, t.number),
    uniqueIndex('invoices_idempotency_key').on(t.workspaceId, t.idempotencyKey),
    index('invoices_customer_idx').on(t.workspaceId, t.customerId, t.issueDate),
    index('invoices_list_idx').on(t.workspaceId, t.createdAt.desc(), t.id.desc()),
    tenantPolicy(),
  ],
);

/** Which orders an invoice bills; an order is billed once (unless its invoice is cancelled, which deletes its rows). */
export const invoiceOrders = pgTable(
  'invoice_orders',
  {
    workspaceId: workspaceIdColumn(),
    orderId: uuid().notNull(),
    invoiceId: uuid()
      .notNull()
      .references(() => invoices.id),
    orderNumber: text().notNull(),
    amount: amount(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.orderId] }),
    index('invoice_orders_invoice_idx').on(t.workspaceId, t.invoiceId),
    tenantPolicy(),
  ],
);

/** A bank account or method the merchant accepts payments by (/payment-channel). */
export const paymentChannels = pgTable(
  'payment_channels',
  {
    id: uuid().primaryKey(),
    workspaceId: workspaceIdColumn(),
    method: text().notNull(),
    bankCode: text(),
    bankName: text(),
    accountNumber: text(),
    accountName: text(),
    active: boolean().notNull().default(true),
    createdAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [index('payment_channels_idx').on(t.workspaceId, t.createdAt), tenantPolicy()],
);

/** A customer's payment with its transfer proof: NEED_CONFIRMATION → CONFIRMED, or REJECTED / CANCELLED. */
export const payments = pgTable(
  'payments',
  {
    id: uuid().primaryKey(),
    workspaceId: workspaceIdColumn(),
    number: text().notNull(),
    customerId: uuid().notNull(),
    customerName: text().notNull(),
    channelId: uuid().references(() => paymentChannels.id),
    method: text().notNull(),
    currency: text().notNull().default('IDR'),
    amount: amount(),
    senderBank: text(),
    senderAccountNumber: text(),
    senderAccountName: text(),
    paidAt: text().notNull(),
    proofKey: text(),
    proofMime: text(),
    /** Invoices the customer chose to pay (empty: oldest first). */
    invoiceIds: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    status: text().notNull(),
    allocated: amount(),
    overpaid: amount(),
    reason: text(),
    notes: text(),
    idempotencyKey: text().notNull(),
    createdAt: timestamptz().notNull().defaultNow(),
    decidedAt: timestamptz(),
    decidedBy: uuid(),
  },
  (t) => [
    uniqueIndex('payments_number_key').on(t.workspaceId, t.number),
    uniqueIndex('payments_idempotency_key').on(t.workspaceId, t.idempotencyKey),
    index('payments_list_idx').on(t.workspaceId, t.createdAt.desc(), t.id.desc()),
    tenantPolicy(),
  ],
);

/** How a confirmed payment or an applied credit note was spread over invoices. */
export const allocations = pgTable(
  'finance_allocations',
  {
    id: uuid().primaryKey(),
    workspaceId: workspaceIdColumn(),
    invoiceId: uuid()
      .notNull()
      .references(() => invoices.id),
    paymentId: uuid(),
    creditNoteId: uuid(),
    amount: amount(),
    createdAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [index('finance_allocations_invoice_idx').on(t.workspaceId, t.invoiceId), tenantPolicy()],
);

/** A credit note: RETURN (from the returns flow), PRICE_CORRECTION or GOODWILL, applied to an invoice or the wallet. */
export const creditNotes = pgTable(
  'credit_notes',
  {
    id: uuid().primaryKey(),
    workspaceId: workspaceIdColumn(),
    number: text().notNull(),
    customerId: uuid().notNull(),
    customerName: text().notNull(),
    invoiceId: uuid().references(() => invoices.id),
    reason: text().notNull(),
    target: text().notNull(),
    currency: text().notNull().default('IDR'),
    amount: amount(),
    /** What the wallet received (the part beyond the invoice's remaining bill, or all of it for WALLET). */
    toWallet: amount(),
    notes: text(),
    sourceRef: text(),
    idempotencyKey: text().notNull(),
    createdAt: timestamptz().notNull().defaultNow(),
    actorId: uuid(),
  },
  (t) => [
    uniqueIndex('credit_notes_number_key').on(t.workspaceId, t.number),
    uniqueIndex('credit_notes_idempotency_key').on(t.workspaceId, t.idempotencyKey),
    index('credit_notes_list_idx').on(t.workspaceId, t.createdAt.desc()),
    tenantPolicy(),
  ],
);

/** The workspace's withdrawal rules (spec part 9; the spec shows no values, these are the defaults). */
export const withdrawalSettings = pgTable(
  'withdrawal_settings',
  {
    workspaceId: workspaceIdColumn().primaryKey(),
    minAmount: bigint({ mode: 'number' }).notNull().default(50_000),
    maxAmount: bigint({ mode: 'number' }).notNull().default(50_000_000),
    maxCount: integer().notNull().default(3),
    countPeriod: text().notNull().default('DAY'),
    fee: bigint({ mode: 'number' }).notNull().default(0),
    updatedAt: timestamptz().notNull().defaultNow(),
  },
  () => [tenantPolicy()],
);

/** A withdrawal of a customer's (distributor's, reseller's) wallet money to a bank account. */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: uuid().primaryKey(),
    workspaceId: workspaceIdColumn(),
    number: text().notNull(),
    customerId: uuid().notNull(),
    customerName: text().notNull(),
    currency: text().notNull().default('IDR'),
    amount: amount(),
    fee: amount(),
    bankCode: text().notNull(),
    bankName: text().notNull(),
    accountNumber: text().notNull(),
    accountName: text().notNull(),
    beneficiary: text().notNull(),
    status: text().notNull(),
    reason: text(),
    idempotencyKey: text().notNull(),
    requestedAt: timestamptz().notNull().defaultNow(),
    approvedAt: timestamptz(),
    processedAt: timestamptz(),
    completedAt: timestamptz(),
    closedAt: timestamptz(),
    updatedAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('withdrawals_number_key').on(t.workspaceId, t.number),
    uniqueIndex('withdrawals_idempotency_key').on(t.workspaceId, t.idempotencyKey),
    index('withdrawals_list_idx').on(t.workspaceId, t.requestedAt.desc(), t.id.desc()),
    index('withdrawals_customer_idx').on(t.workspaceId, t.customerId, t.requestedAt),
    tenantPolicy(),
  ],
);
