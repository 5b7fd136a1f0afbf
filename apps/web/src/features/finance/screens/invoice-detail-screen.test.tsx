import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithRouter, stubFetch } from '../../../test/render-with-router.tsx';
import { meWith, notFound, WORKSPACE } from '../../../test/document-fixtures.ts';
import { INVOICE } from '../test/finance-fixtures.ts';
import { InvoiceDetailScreen } from './invoice-detail-screen.tsx';

function setup(invoice = INVOICE) {
  const { fetchStub, calls } = stubFetch((method, url) => {
    if (url.pathname === `/api/finance/invoices/${invoice.id}` && method === 'GET') return { body: invoice };
    if (url.pathname === `/api/finance/invoices/${invoice.id}/pdf`) return { body: {} };
    if (url.pathname === `/api/finance/invoices/${invoice.id}/cancel`) return { body: { ...invoice, status: 'CANCELLED' } };
    return notFound;
  });
  vi.stubGlobal('fetch', fetchStub);
  renderWithRouter(<InvoiceDetailScreen />, {
    path: `/finance-channel/1/invoice-detail?id=${invoice.id}&workspace_id=${WORKSPACE}`,
    pattern: '/finance-channel/:id/invoice-detail',
    me: meWith({ 'finance-channel': 'WRITE' }),
  });
  return { calls };
}

describe('/finance-channel/:id/invoice-detail', { timeout: 60_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the PPN split, orders, payments and the remaining bill; a paid-into invoice cannot be cancelled', async () => {
    setup();
    expect(await screen.findByText('Faktur INV/2026/11/000001')).toBeTruthy();
    expect(screen.getByTestId('invoice-remaining').textContent).toBe('Rp1.680.000');
    expect(screen.getByText('Rp3.864.865')).toBeTruthy(); // DPP
    expect(screen.getByText('(12 × 11/12 %)')).toBeTruthy();
    expect(screen.getByText('SO/2026/11/000008')).toBeTruthy();
    expect(screen.getByText('SO/2026/11/000009')).toBeTruthy();
    const payment = screen.getByText('PAY/2026/11/000001').closest('tr') as HTMLElement;
    expect(within(payment).getByText('Rp3.000.000')).toBeTruthy();
    expect(screen.getByText('Buat nota kredit')).toBeTruthy();
    expect(screen.queryByText('Batalkan faktur')).toBeNull();
  });

  it('a business that is not PKP shows no PPN; an untouched invoice is cancelled after a confirmation', async () => {
    const { calls } = setup({
      ...INVOICE,
      tax_liability: false,
      ppn: 0,
      dpp: 0,
      status: 'OUTSTANDING',
      paid: 0,
      remaining: 4_680_000,
      allocations: [],
    });
    expect(await screen.findByText('Tanpa PPN (bukan PKP)')).toBeTruthy();
    expect(screen.getByText('Belum ada pembayaran.')).toBeTruthy();
    fireEvent.click(screen.getByText('Batalkan faktur'));
    expect(calls.some((c) => c.url.pathname.endsWith('/cancel'))).toBe(false);
    fireEvent.click(await screen.findByText('OK'));
    await waitFor(() => expect(calls.find((c) => c.url.pathname.endsWith('/cancel'))?.method).toBe('POST'));
  });

  it('prints the faktur PDF with the session', async () => {
    const open = vi.fn();
    vi.stubGlobal('open', open);
    URL.createObjectURL = vi.fn(() => 'blob:faktur');
    URL.revokeObjectURL = vi.fn();
    const { calls } = setup();
    fireEvent.click(await screen.findByTestId('print-faktur'));
    await waitFor(() => expect(open).toHaveBeenCalledWith('blob:faktur', '_blank', 'noopener'));
    expect(calls.some((c) => c.url.pathname === `/api/finance/invoices/${INVOICE.id}/pdf`)).toBe(true);
  });
});
