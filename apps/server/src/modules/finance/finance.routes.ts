import {
  BANKS,
  BankList,
  CreditCheck,
  CreditCheckInput,
  CreditNote,
  CreditNoteInput,
  CreditNoteList,
  CreditNoteListQuery,
  CustomerBalance,
  FinanceIdParams,
  Invoice,
  InvoiceableOrders,
  InvoiceableQuery,
  InvoiceCreateInput,
  InvoiceList,
  InvoiceListQuery,
  LedgerCheck,
  Payment,
  PaymentChannel,
  PaymentChannelInput,
  PaymentChannelList,
  PaymentDecisionInput,
  PaymentInput,
  PaymentList,
  PaymentListQuery,
  WalletHistory,
  WalletQuery,
  Withdrawal,
  WithdrawalActionInput,
  WithdrawalInput,
  WithdrawalList,
  WithdrawalListQuery,
  WithdrawalSettings,
  WithdrawalSettingsInput,
} from '@kelola/contracts';
import type { Router } from '../../http/route.ts';
import { checkCredit, customerBalance } from './credit.service.ts';
import { getCreditNote, issueCreditNote, listCreditNotes } from './credit-notes.service.ts';
import { fakturPdf } from './faktur.ts';
import { cancelInvoice, createInvoice, getInvoice, invoiceableOrders, listInvoices } from './invoices.service.ts';
import { ledgerProblems } from './ledger.service.ts';
import {
  createPayment,
  decidePayment,
  getPayment,
  listPaymentChannels,
  listPayments,
  paymentProof,
  savePaymentChannel,
} from './payments.service.ts';
import { walletHistory } from './wallet.service.ts';
import {
  actOnWithdrawal,
  getWithdrawal,
  getWithdrawalSettings,
  listWithdrawals,
  requestWithdrawal,
  saveWithdrawalSettings,
} from './withdrawals.service.ts';

const tags = ['finance'];
const READ = ['finance-channel', 'READ'] as const;
const WRITE = ['finance-channel', 'WRITE'] as const;

/** The finance screens (spec /finance-channel/:id/…): invoices, payments, credit notes, wallets, withdrawals. */
export function registerFinanceRoutes({ route }: Router): void {
  route(
    { method: 'GET', url: '/api/finance/banks', permission: READ, tags, summary: 'Indonesian banks (BI code, name)', response: BankList },
    async () => ({
      items: BANKS.map(([code, name]) => ({ code, name })),
    }),
  );
  route(
    {
      method: 'GET',
      url: '/api/finance/customers/:id/balance',
      permission: READ,
      tags,
      params: FinanceIdParams,
      response: CustomerBalance,
    },
    (ctx, { params }) => customerBalance(ctx, params.id),
  );
  route(
    {
      method: 'POST',
      url: '/api/finance/credit-check',
      permission: READ,
      tags,
      summary: 'Whether an amount may be confirmed on credit for a customer, naming the refusing rule (CL_…)',
      body: CreditCheckInput,
      response: CreditCheck,
    },
    (ctx, { body }) => checkCredit(ctx, body.customer_id, body.amount),
  );
  route(
    {
      method: 'GET',
      url: '/api/finance/ledger-check',
      permission: READ,
      tags,
      summary: 'The ledger check of the workspace: unbalanced posting sets, balances that differ from their postings, negative wallets',
      response: LedgerCheck,
    },
    (ctx) => ledgerProblems(ctx.db),
  );

  // Invoices (/finance-channel/:id/invoice, /invoice-detail)
  route(
    { method: 'GET', url: '/api/finance/invoices', permission: READ, tags, querystring: InvoiceListQuery, response: InvoiceList },
    (ctx, { query }) => listInvoices(ctx, query),
  );
  route(
    {
      method: 'GET',
      url: '/api/finance/invoiceable-orders',
      permission: READ,
      tags,
      summary: "A customer's confirmed manual orders no invoice bills yet",
      querystring: InvoiceableQuery,
      response: InvoiceableOrders,
    },
    (ctx, { query }) => invoiceableOrders(ctx, query.customer_id),
  );
  route(
    { method: 'GET', url: '/api/finance/invoices/:id', permission: READ, tags, params: FinanceIdParams, response: Invoice },
    (ctx, { params }) => getInvoice(ctx, params.id),
  );
  route(
    {
      method: 'GET',
      url: '/api/finance/invoices/:id/pdf',
      permission: READ,
      tags,
      summary: 'The printable faktur (PDF, Indonesian)',
      params: FinanceIdParams,
    },
    async (ctx, { params, reply }) => {
      const inv = await getInvoice(ctx, params.id);
      const pdf = await fakturPdf(inv);
      void reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="faktur-${inv.number.replace(/\//gu, '-')}.pdf"`);
      return pdf;
    },
  );
  route(
    { method: 'POST', url: '/api/finance/invoices', permission: WRITE, tags, body: InvoiceCreateInput, response: Invoice },
    (ctx, { body }) => createInvoice(ctx, body),
  );
  route(
    { method: 'POST', url: '/api/finance/invoices/:id/cancel', permission: WRITE, tags, params: FinanceIdParams, response: Invoice },
    (ctx, { params }) => cancelInvoice(ctx, params.id),
  );

  // Payment channels and payments (/payment-channel, /payment-history)
  route({ method: 'GET', url: '/api/finance/payment-channels', permission: READ, tags, response: PaymentChannelList }, (ctx) =>
    listPaymentChannels(ctx),
  );
  route(
    { method: 'POST', url: '/api/finance/payment-channels', permission: WRITE, tags, body: PaymentChannelInput, response: PaymentChannel },
    (ctx, { body }) => savePaymentChannel(ctx, null, body),
  );
  route(
    {
      method: 'PUT',
      url: '/api/finance/payment-channels/:id',
      permission: WRITE,
      tags,
      params: FinanceIdParams,
      body: PaymentChannelInput,
      response: PaymentChannel,
    },
    (ctx, { params, body }) => savePaymentChannel(ctx, params.id, body),
  );
  route(
    { method: 'GET', url: '/api/finance/payments', permission: READ, tags, querystring: PaymentListQuery, response: PaymentList },
    (ctx, { query }) => listPayments(ctx, query),
  );
  route(
    { method: 'GET', url: '/api/finance/payments/:id', permission: READ, tags, params: FinanceIdParams, response: Payment },
    (ctx, { params }) => getPayment(ctx, params.id),
  );
  route(
    {
      method: 'GET',
      url: '/api/finance/payments/:id/proof',
      permission: READ,
      tags,
      summary: 'The transfer proof image',
      params: FinanceIdParams,
    },
    async (ctx, { params, reply }) => {
      const file = await paymentProof(ctx, params.id);
      void reply.header('content-type', file.mimeType).header('cache-control', 'private, max-age=3600');
      return file.stream;
    },
  );
  route(
    {
      method: 'POST',
      url: '/api/finance/payments',
      permission: WRITE,
      tags,
      summary: 'A payment with its transfer proof (base64 image), waiting for confirmation',
      bodyLimit: 8 * 1024 * 1024,
      body: PaymentInput,
      response: Payment,
    },
    (ctx, { body }) => createPayment(ctx, body),
  );
  route(
    {
      method: 'POST',
      url: '/api/finance/payments/:id/decision',
      permission: WRITE,
      tags,
      summary: 'Confirm (allocates to invoices, over-payment to the wallet), reject or cancel',
      params: FinanceIdParams,
      body: PaymentDecisionInput,
      response: Payment,
    },
    (ctx, { params, body }) => decidePayment(ctx, params.id, body),
  );

  // Credit notes (/credit-notes)
  route(
    { method: 'GET', url: '/api/finance/credit-notes', permission: READ, tags, querystring: CreditNoteListQuery, response: CreditNoteList },
    (ctx, { query }) => listCreditNotes(ctx, query),
  );
  route(
    { method: 'GET', url: '/api/finance/credit-notes/:id', permission: READ, tags, params: FinanceIdParams, response: CreditNote },
    (ctx, { params }) => getCreditNote(ctx, params.id),
  );
  route(
    { method: 'POST', url: '/api/finance/credit-notes', permission: WRITE, tags, body: CreditNoteInput, response: CreditNote },
    (ctx, { body }) => issueCreditNote(ctx, body),
  );

  // Wallet and withdrawals (/wallet/history, /withdrawal, /wallet-withdrawl)
  route(
    { method: 'GET', url: '/api/finance/wallet/history', permission: READ, tags, querystring: WalletQuery, response: WalletHistory },
    (ctx, { query }) => walletHistory(ctx, query),
  );
  route({ method: 'GET', url: '/api/finance/withdrawal-settings', permission: READ, tags, response: WithdrawalSettings }, (ctx) =>
    getWithdrawalSettings(ctx),
  );
  route(
    {
      method: 'PUT',
      url: '/api/finance/withdrawal-settings',
      permission: WRITE,
      tags,
      body: WithdrawalSettingsInput,
      response: WithdrawalSettings,
    },
    (ctx, { body }) => saveWithdrawalSettings(ctx, body),
  );
  route(
    { method: 'GET', url: '/api/finance/withdrawals', permission: READ, tags, querystring: WithdrawalListQuery, response: WithdrawalList },
    (ctx, { query }) => listWithdrawals(ctx, query),
  );
  route(
    { method: 'GET', url: '/api/finance/withdrawals/:id', permission: READ, tags, params: FinanceIdParams, response: Withdrawal },
    (ctx, { params }) => getWithdrawal(ctx, params.id),
  );
  route(
    { method: 'POST', url: '/api/finance/withdrawals', permission: WRITE, tags, body: WithdrawalInput, response: Withdrawal },
    (ctx, { body }) => requestWithdrawal(ctx, body),
  );
  route(
    {
      method: 'POST',
      url: '/api/finance/withdrawals/:id/actions',
      permission: WRITE,
      tags,
      summary: 'approve, process, complete, reject, cancel or fail a withdrawal',
      params: FinanceIdParams,
      body: WithdrawalActionInput,
      response: Withdrawal,
    },
    (ctx, { params, body }) => actOnWithdrawal(ctx, params.id, body),
  );
}
