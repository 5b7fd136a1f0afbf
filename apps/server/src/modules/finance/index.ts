import type { KelolaModule } from '../../http/context.ts';
import { registerFinanceRoutes } from './finance.routes.ts';
export { checkCredit, customerBalance, followOrderCredit, type CreditOrder } from './credit.service.ts';
export { issueCreditNote } from './credit-notes.service.ts';
export { cancelInvoice, createInvoice, getInvoice } from './invoices.service.ts';
export { balanceOf, ledgerProblems, post, rebuildBalances, type LedgerProblems, type Posting } from './ledger.service.ts';
export { createPayment, decidePayment, savePaymentChannel } from './payments.service.ts';
export { walletHistory } from './wallet.service.ts';
export { actOnWithdrawal, requestWithdrawal, saveWithdrawalSettings } from './withdrawals.service.ts';

/** Finance (issue 17): the ledger, credit limits, invoices, payments, credit notes, wallets and withdrawals (ADR 0034, 0035). */
export const financeModule: KelolaModule = { name: 'finance', routes: registerFinanceRoutes };
