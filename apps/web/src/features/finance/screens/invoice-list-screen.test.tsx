import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithRouter, stubFetch } from '../../../test/render-with-router.tsx';
import { choose, meWith, notFound, WORKSPACE } from '../../../test/document-fixtures.ts';
import { CUSTOMER_ID, CUSTOMERS, INVOICE, INVOICE_ROW, INVOICE_ROW_2, paged } from '../test/finance-fixtures.ts';
import { InvoiceListScreen } from './invoice-list-screen.tsx';

function setup() {
  const { fetchStub, calls } = stubFetch((method, url) => {
    if (url.pathname === '/api/finance/invoices' && method === 'GET') return { body: paged([INVOICE_ROW, INVOICE_ROW_2]) };
    if (url.pathname === '/api/finance/invoices' && method === 'POST') return { body: { ...INVOICE, id: 'inv-3' } };
    if (url.pathname === '/api/customers') return { body: CUSTOMERS };
    if (url.pathname === '/api/finance/invoiceable-orders')
      return {
        body: {
          items: [{ order_id: 'o-3', order_number: 'SO/2026/11/000010', order_date: '2026-11-23', amount: 2_160_000, status: 'CONFIRMED' }],
        },
      };
    return notFound;
  });
  vi.stubGlobal('fetch', fetchStub);
  const view = renderWithRouter(<InvoiceListScreen />, {
    path: `/finance-channel/1/invoice?workspace_id=${WORKSPACE}`,
    pattern: '/finance-channel/:id/invoice',
    me: meWith({ 'finance-channel': 'WRITE' }),
    routes: [{ path: '/finance-channel/:id/invoice-detail', element: <p>detail faktur</p> }],
  });
  return { ...view, calls };
}

describe('/finance-channel/:id/invoice', { timeout: 60_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists invoices with remaining bill in rupiah, status, the overdue flag and a link to the detail', async () => {
    setup();
    const first = (await screen.findByText('INV/2026/11/000001')).closest('tr') as HTMLElement;
    expect(within(first).getByText('Rp4.680.000')).toBeTruthy();
    expect(within(first).getByText('Rp1.680.000')).toBeTruthy();
    expect(within(first).getByText('Dibayar sebagian')).toBeTruthy();
    expect(within(first).getByText('Jatuh tempo lewat')).toBeTruthy();
    expect(within(first).getByText('INV/2026/11/000001').closest('a')?.getAttribute('href')).toBe(
      `/finance-channel/1/invoice-detail?id=inv-1&workspace_id=${WORKSPACE}`,
    );
    const second = screen.getByText('INV/2026/11/000002').closest('tr') as HTMLElement;
    expect(within(second).getByText('Belum dibayar')).toBeTruthy();
    expect(within(second).queryByText('Jatuh tempo lewat')).toBeNull();
  });

  it('issues an invoice only with a customer and at least one order, then opens its detail', async () => {
    const { calls, router } = setup();
    fireEvent.click((await screen.findAllByText('Buat faktur'))[0]!);
    const dialog = (await screen.findByText('Buat faktur', { selector: '.ant-modal-title' })).closest('.ant-modal') as HTMLElement;
    fireEvent.click(within(dialog).getByText('Terbitkan'));
    expect(await within(dialog).findByText('Wajib diisi.')).toBeTruthy();
    expect(await within(dialog).findByText('Pilih minimal satu pesanan.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await choose('invoice-customer', 'CV Distribusi Nusantara (DIST-0001)');
    await waitFor(() =>
      expect(
        calls.some((c) => c.url.pathname === '/api/finance/invoiceable-orders' && c.url.searchParams.get('customer_id') === CUSTOMER_ID),
      ).toBe(true),
    );
    fireEvent.click(await within(dialog).findByText('SO/2026/11/000010'));
    fireEvent.click(within(dialog).getByText('Terbitkan'));
    await waitFor(
      () =>
        expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
          order_ids: ['o-3'],
          notes: null,
          idempotency_key: expect.any(String),
        }),
      // the form checks its fields before it sends: on a busy machine that takes more than the default second
      { timeout: 5_000 },
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/finance-channel/1/invoice-detail'), { timeout: 5_000 });
    expect(router.state.location.search).toContain('id=inv-3');
  });
});
