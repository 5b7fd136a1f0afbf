import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithRouter, stubFetch } from '../../../test/render-with-router.tsx';
import { choose, meWith, notFound, WORKSPACE } from '../../../test/document-fixtures.ts';
import { BANKS, CHANNELS, CUSTOMER_ID, CUSTOMERS, INVOICE_ROW, INVOICE_ROW_2, paged, PAYMENT } from '../test/finance-fixtures.ts';
import { PaymentHistoryScreen } from './payment-history-screen.tsx';

function setup(permission: 'READ' | 'WRITE' = 'WRITE') {
  const { fetchStub, calls } = stubFetch((method, url) => {
    if (url.pathname === '/api/finance/payments' && method === 'GET') return { body: paged([PAYMENT]) };
    if (url.pathname === '/api/finance/payments' && method === 'POST') return { body: { ...PAYMENT, id: 'pay-3' } };
    if (url.pathname === `/api/finance/payments/${PAYMENT.id}/proof`) return { body: {} };
    if (url.pathname === `/api/finance/payments/${PAYMENT.id}/decision`) return { body: { ...PAYMENT, status: 'CONFIRMED' } };
    if (url.pathname === '/api/finance/payment-channels') return { body: CHANNELS };
    if (url.pathname === '/api/finance/banks') return { body: BANKS };
    if (url.pathname === '/api/finance/invoices') return { body: paged([INVOICE_ROW, INVOICE_ROW_2]) };
    if (url.pathname === '/api/customers') return { body: CUSTOMERS };
    return notFound;
  });
  vi.stubGlobal('fetch', fetchStub);
  renderWithRouter(<PaymentHistoryScreen />, {
    path: `/finance-channel/1/payment-history?workspace_id=${WORKSPACE}`,
    pattern: '/finance-channel/:id/payment-history',
    me: meWith({ 'finance-channel': permission }),
  });
  return { calls };
}

describe('/finance-channel/:id/payment-history', { timeout: 60_000 }, () => {
  beforeEach(() => {
    URL.createObjectURL = vi.fn(() => 'blob:bukti-transfer');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('opens a payment with its transfer proof and remaining bill, and confirms it', async () => {
    const { calls } = setup();
    const row = (await screen.findByText('PAY/2026/11/000002')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Rp1.500.000')).toBeTruthy();
    expect(within(row).getByText('Perlu konfirmasi')).toBeTruthy();
    fireEvent.click(within(row).getByText('PAY/2026/11/000002'));
    const proof = (await screen.findByTestId('proof-image')).querySelector('img') ?? (await screen.findByTestId('proof-image'));
    expect(proof.getAttribute('src')).toBe('blob:bukti-transfer');
    expect(calls.some((c) => c.url.pathname === `/api/finance/payments/${PAYMENT.id}/proof`)).toBe(true);
    expect(screen.getByTestId('remaining-bill').textContent).toBe('Rp3.840.000');
    expect(screen.getByText('BCA 8730123456 a.n. PT Kelola Demo Nusantara')).toBeTruthy();
    fireEvent.click(screen.getByText('Konfirmasi'));
    await waitFor(() => expect(calls.find((c) => c.url.pathname.endsWith('/decision'))?.body).toEqual({ action: 'CONFIRM', reason: null }));
  });

  it('a reader sees the payment but cannot confirm or reject it', async () => {
    setup('READ');
    fireEvent.click(await screen.findByText('PAY/2026/11/000002'));
    await screen.findByTestId('remaining-bill');
    expect(screen.queryByText('Konfirmasi')).toBeNull();
    expect(screen.queryByText('Tolak')).toBeNull();
  });

  it('records a payment with its transfer-proof image; customer, account and amount are required', async () => {
    const { calls } = setup();
    fireEvent.click(await screen.findByText('Catat pembayaran'));
    const dialog = (await screen.findByText('Catat pembayaran', { selector: '.ant-modal-title' })).closest('.ant-modal') as HTMLElement;
    fireEvent.click(within(dialog).getByText('OK'));
    await waitFor(() => expect(within(dialog).getAllByText('Wajib diisi.')).toHaveLength(3));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    // The list's filter is a customer select too, with its own test id.
    expect(screen.getAllByTestId('payments-filter-customer')).toHaveLength(1);
    const customer = within(dialog).getByTestId('payment-customer');
    fireEvent.mouseDown(customer.querySelector('.ant-select-selector') ?? customer);
    fireEvent.click(
      await waitFor(() => {
        const option = [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')].find(
          (element) => element.getAttribute('title') === 'CV Distribusi Nusantara (DIST-0001)',
        );
        if (!option) throw new Error('no customer option');
        return option;
      }),
    );
    // The open bill of the customer: both open invoices.
    await waitFor(() => expect(within(dialog).getByTestId('open-bill').textContent).toContain('Rp3.840.000'));
    await choose('payment-channel', 'BCA 8730123456 a.n. PT Kelola Demo Nusantara');
    const amount = within(dialog).getByTestId('payment-amount');
    fireEvent.change(amount, { target: { value: '1.500.000' } });
    const file = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(file, { target: { files: [new File(['PNG'], 'bukti.png', { type: 'image/png' })] } });
    await within(dialog).findByText('bukti.png');
    fireEvent.click(within(dialog).getByText('OK'));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
        customer_id: CUSTOMER_ID,
        channel_id: 'ch-1',
        amount: 1_500_000,
        invoice_ids: [],
        proof: { file_name: 'bukti.png', content_base64: btoa('PNG') },
        idempotency_key: expect.any(String),
      }),
    );
  });
});
