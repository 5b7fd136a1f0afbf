import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setNotifier } from '../../../lib/notify.ts';
import { renderWithRouter, stubFetch } from '../../../test/render-with-router.tsx';
import { choose, meWith, notFound, WORKSPACE } from '../../../test/document-fixtures.ts';
import { BANKS, CUSTOMER_ID, CUSTOMERS } from '../test/finance-fixtures.ts';
import { WalletWithdrawalScreen } from './wallet-withdrawal-screen.tsx';

const SETTINGS = { min_amount: 50_000, max_amount: 10_000_000, max_count: 3, count_period: 'DAY', fee: 2_500, transfer_hours: 48 };
const BALANCE = {
  customer_id: CUSTOMER_ID,
  currency: 'IDR',
  receivable: 0,
  wallet: 450_000,
  held: 300_000,
  credit_limit: 0,
  credit_used: 0,
  credit_remaining: 0,
  open_count: 0,
  transaction_limit: 0,
  oldest_due: null,
};

function setup(answer: { status?: number; body: unknown } = { body: { id: 'wd-1', number: 'WD/2026/11/000003' } }) {
  const { fetchStub, calls } = stubFetch((method, url) => {
    if (url.pathname === '/api/finance/withdrawal-settings') return { body: SETTINGS };
    if (url.pathname === '/api/finance/banks') return { body: BANKS };
    if (url.pathname === '/api/customers') return { body: CUSTOMERS };
    if (url.pathname === `/api/finance/customers/${CUSTOMER_ID}/balance`) return { body: BALANCE };
    if (url.pathname === '/api/finance/withdrawals' && method === 'POST') return answer;
    return notFound;
  });
  vi.stubGlobal('fetch', fetchStub);
  renderWithRouter(<WalletWithdrawalScreen />, {
    path: `/finance-channel/1/wallet-withdrawl?workspace_id=${WORKSPACE}`,
    pattern: '/finance-channel/:id/wallet-withdrawl',
    me: meWith({ 'finance-channel': 'WRITE' }),
  });
  return { calls };
}

async function fill() {
  await choose('withdrawal-customer', 'CV Distribusi Nusantara (DIST-0001)');
  expect((await screen.findByTestId('available-balance')).textContent).toContain('Rp450.000');
  fireEvent.change(screen.getByTestId('withdrawal-amount'), { target: { value: '200.000' } });
  await choose('withdrawal-bank', 'BRI (002)');
  fireEvent.change(screen.getByLabelText('Nomor rekening'), { target: { value: '0123010456789' } });
  fireEvent.change(screen.getByLabelText('Nama pemilik rekening'), { target: { value: 'Siti Aminah' } });
  fireEvent.change(screen.getByLabelText('Penerima'), { target: { value: 'Siti Aminah' } });
}

describe('/finance-channel/:id/wallet-withdrawl', { timeout: 60_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    setNotifier(null);
  });

  it('shows the rules and 2 × 24 hours; refuses an empty form and an unconfirmed one, sending nothing', async () => {
    const { calls } = setup();
    expect(await screen.findByText('Dana akan ditransfer dalam 2 × 24 jam.')).toBeTruthy();
    expect(
      await screen.findByText('Minimum Rp50.000, maksimum Rp10.000.000, paling banyak 3 kali per hari, biaya admin Rp2.500.'),
    ).toBeTruthy();
    fireEvent.click(screen.getByText('Ajukan penarikan'));
    await waitFor(() => expect(screen.getAllByText('Wajib diisi.')).toHaveLength(6));
    expect(screen.getByText('Centang konfirmasi data terlebih dahulu.')).toBeTruthy();

    await fill();
    fireEvent.click(screen.getByText('Ajukan penarikan'));
    expect(await screen.findByText('Centang konfirmasi data terlebih dahulu.')).toBeTruthy();
    expect(screen.queryByText('Periksa kembali penarikan')).toBeNull();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('reviews the amount, fee and net before sending once; a refusal of the server is shown', async () => {
    const error = vi.fn();
    setNotifier({ error, success: vi.fn() });
    const { calls } = setup({ status: 422, body: { code: 'WITHDRAWAL_BELOW_MIN', message: 'below', details: { min: 50_000 } } });
    await screen.findByText('Dana akan ditransfer dalam 2 × 24 jam.');
    await fill();
    fireEvent.click(screen.getByText('Saya menyatakan data rekening di atas sudah benar.'));
    fireEvent.click(screen.getByText('Ajukan penarikan'));
    const review = (await screen.findByText('Periksa kembali penarikan')).closest('.ant-modal') as HTMLElement;
    expect(within(review).getByText('Rp200.000')).toBeTruthy();
    expect(within(review).getByText('Rp2.500')).toBeTruthy();
    expect(within(review).getByText('Rp197.500')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.click(within(review).getByText('Kirim'));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
        customer_id: CUSTOMER_ID,
        amount: 200_000,
        bank_code: '002',
        account_number: '0123010456789',
        account_name: 'Siti Aminah',
        beneficiary: 'Siti Aminah',
        confirmed: true,
        idempotency_key: expect.any(String),
      }),
    );
    await waitFor(() =>
      expect(error).toHaveBeenCalledWith(expect.objectContaining({ description: 'Nominal penarikan di bawah minimum (50000).' })),
    );
  });
});
