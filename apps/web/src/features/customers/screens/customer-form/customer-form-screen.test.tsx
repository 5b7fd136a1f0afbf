import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithRouter, stubFetch } from '../../../../test/render-with-router.tsx';
import { meWith, notFound, WORKSPACE } from '../../../../test/document-fixtures.ts';
import { CustomerFormScreen } from './customer-form-screen.tsx';

function setup() {
  const { fetchStub, calls } = stubFetch((method, url) => {
    if (url.pathname === '/api/customer-categories') return { body: { items: [] } };
    if (url.pathname === '/api/areas') return { body: { items: [] } };
    if (url.pathname === '/api/customers' && method === 'POST') return { status: 201, body: { id: 'c-1' } };
    return notFound;
  });
  vi.stubGlobal('fetch', fetchStub);
  const view = renderWithRouter(<CustomerFormScreen />, {
    path: `/customer-channel/all/customer-list/form?workspace_id=${WORKSPACE}`,
    pattern: '/customer-channel/:id/customer-list/form',
    me: meWith({ 'customer-channel': 'WRITE' }),
    routes: [{ path: '/customer-channel/:id/customer-list', element: <p>daftar pelanggan</p> }],
  });
  return { ...view, calls };
}

const submit = () => fireEvent.click(screen.getByText('Simpan', { selector: 'button span' }));

describe('/customer-channel/:id/customer-list/form', { timeout: 60_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('marks each required field and an invalid e-mail, and sends nothing', async () => {
    const { calls } = setup();
    fireEvent.change(await screen.findByTestId('field-email'), { target: { value: 'budi@' } });
    submit();
    expect((await screen.findAllByText('Wajib diisi.')).length).toBe(2);
    expect(await screen.findByText('Format email tidak valid.')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('saves a valid customer and goes back to the list', async () => {
    const { calls, router } = setup();
    fireEvent.change(await screen.findByTestId('field-code'), { target: { value: 'C-001' } });
    fireEvent.change(screen.getByTestId('field-name'), { target: { value: 'Toko Sinar' } });
    fireEvent.change(screen.getByTestId('field-email'), { target: { value: 'Sinar@Contoh.id' } });
    submit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/customer-channel/all/customer-list'));
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({
      code: 'C-001',
      name: 'Toko Sinar',
      email: 'Sinar@Contoh.id',
    });
  });
});
