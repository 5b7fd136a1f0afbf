import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { meWith, notFound, WORKSPACE } from '../../../test/document-fixtures.ts';
import { renderWithRouter, stubFetch } from '../../../test/render-with-router.tsx';
import { DETAIL, info, ORDER_ID } from '../screens/fulfillment-fixtures.ts';
import { ScanPackPanel } from './scan-pack-panel.tsx';

function setup(detail = DETAIL) {
  const { fetchStub, calls } = stubFetch((method, url) => {
    if (url.pathname === '/api/fulfillment/scan')
      return url.searchParams.get('code') === 'SHP-240001'
        ? { body: { order_id: ORDER_ID } }
        : { status: 404, body: { code: 'ORDER_NOT_FOUND', message: 'x' } };
    if (url.pathname === `/api/fulfillment/${ORDER_ID}` && method === 'GET') return { body: detail };
    if (url.pathname === `/api/fulfillment/${ORDER_ID}/pack` && method === 'POST')
      return { body: { ...detail, fulfillment: info({ step: 'PACKING_COMPLETED', allowed_actions: ['ISSUE_GOODS'] }) } };
    return notFound;
  });
  vi.stubGlobal('fetch', fetchStub);
  renderWithRouter(<ScanPackPanel kind="fulfillment" />, {
    path: `/fulfillment?workspace_id=${WORKSPACE}`,
    pattern: '/fulfillment',
    me: meWith({ fulfillment: 'WRITE' }),
  });
  return { calls };
}

/** What a keyboard-wedge scanner does: types the code into the focused input, then Enter. */
function scanCode(code: string) {
  const input = screen.getByTestId('scan-input');
  expect(document.activeElement).toBe(input);
  fireEvent.change(input, { target: { value: code } });
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13, charCode: 13 });
  fireEvent.keyUp(input, { key: 'Enter', code: 'Enter', keyCode: 13, charCode: 13 });
}

const message = () => screen.getByTestId('scan-message');

describe('scan to pack', { timeout: 60_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('finds the order by its barcode, refuses a wrong and an extra item loudly, and packs only when all match (Enter)', async () => {
    const { calls } = setup();
    scanCode('NOPE-1');
    await waitFor(() => expect(message().textContent).toContain('tidak ditemukan'));
    expect(message().getAttribute('role')).toBe('alert');

    scanCode('SHP-240001');
    await screen.findByTestId('scan-order');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('scan-input')));

    scanCode('GULA-1');
    expect(message().textContent).toContain('BARANG SALAH');
    expect(message().getAttribute('data-type')).toBe('error');
    expect(screen.getByTestId('scan-count-KOPI-250').textContent).toBe('0 / 2');

    scanCode('8991234567890');
    scanCode('kopi-250');
    expect(screen.getByTestId('scan-count-KOPI-250').textContent).toBe('2 / 2');
    scanCode('KOPI-250');
    expect(message().textContent).toContain('KELEBIHAN');
    expect(screen.getByTestId('scan-count-KOPI-250').textContent).toBe('2 / 2');
    expect(screen.getByTestId('scan-confirm').hasAttribute('disabled')).toBe(true);

    // Enter on an empty input before everything matches sends nothing.
    scanCode('');
    expect(calls.some((c) => c.url.pathname.endsWith('/pack'))).toBe(false);

    scanCode('TEH-100');
    expect(message().textContent).toContain('Semua barang cocok');
    expect(screen.getByTestId('scan-progress').textContent).toBe('3 dari 3 barang');
    scanCode('');
    await waitFor(() => expect(message().textContent).toContain('Packing pesanan SHP-240001 selesai'));
    const pack = calls.find((c) => c.url.pathname.endsWith('/pack'));
    expect(pack?.body).toEqual({
      scanned: [
        { code: '8991234567890', quantity: 2 },
        { code: 'TEH-100', quantity: 1 },
      ],
    });
    expect(screen.queryByTestId('scan-order')).toBeNull();
  });

  it('refuses an order that is not at a packing step, and Esc starts again', async () => {
    setup({ ...DETAIL, fulfillment: info({ step: 'NEW', allowed_actions: ['CONFIRM_PICK'] }) });
    scanCode('SHP-240001');
    await waitFor(() => expect(message().textContent).toContain('packing hanya setelah pick dikonfirmasi'));
    expect(screen.queryByTestId('scan-order')).toBeNull();
    fireEvent.keyDown(screen.getByTestId('scan-input'), { key: 'Escape' });
    expect(screen.queryByTestId('scan-message')).toBeNull();
  });
});
