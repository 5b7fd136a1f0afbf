import { configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getAccessToken, readPendingRegistration, savePendingRegistration } from '../lib/auth-session.ts';
import { changeLanguage } from '../lib/i18n.ts';
import { fakeToken } from '../test/fixtures.ts';
import { Providers } from './providers.tsx';
import { buildRoutes } from './router.tsx';

// Lazy screens load on first use; under a busy machine that takes longer than the default second.
configure({ asyncUtilTimeout: 5_000 });

type Answer = { status: number; body: unknown };
const routes = new Map<string, Answer>();
const calls: { url: string; body: unknown }[] = [];

function answer(method: string, path: string, status: number, body: unknown) {
  routes.set(`${method} ${path}`, { status, body });
}

function renderAt(path: string) {
  const router = createMemoryRouter(buildRoutes(), { initialEntries: [path] });
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

const UUID = '0190a0b0-0000-7000-8000-000000000001';

describe('auth screens', { timeout: 20_000 }, () => {
  beforeEach(() => {
    routes.clear();
    calls.length = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit = {}) => {
        const body: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
        calls.push({ url, body });
        const found = routes.get(`${init.method ?? 'GET'} ${url}`) ?? { status: 404, body: { code: 'NOT_FOUND', message: 'no' } };
        return new Response(JSON.stringify(found.body), { status: found.status, headers: { 'Content-Type': 'application/json' } });
      }),
    );
  });

  afterEach(async () => {
    vi.unstubAllGlobals();
    await changeLanguage('id');
  });

  it('verify link: a valid link signs in and shows the success page', async () => {
    const token = fakeToken(600);
    answer('POST', `/api/auth/verify/secret-link-123/${UUID}`, 200, {
      login: { user: { uuid: UUID, email: 'a@b.id', phone: null }, token: { access_token: token, token_type: 'Bearer', expires_in: 900 } },
    });
    const router = renderAt(`/auth/verify/secret-link-123/${UUID}`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/register/success'));
    expect(getAccessToken()).toBe(token);
    expect(calls.filter((call) => call.url.startsWith('/api/auth/verify/'))).toHaveLength(1);
  });

  it('verify link: LINK_EXPIRED goes to the link-expired page, which sends a new link', async () => {
    answer('POST', `/api/auth/verify/expired-link-1/${UUID}`, 410, { code: 'LINK_EXPIRED', message: 'expired' });
    answer('POST', '/api/auth/verification/resend-otp', 200, { otp: { resend_delay: 60 } });
    const router = renderAt(`/auth/verify/expired-link-1/${UUID}`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/register/link-expired'));
    expect(router.state.location.search).toBe(`?uuid=${UUID}`);
    expect(await screen.findByText('Tautan sudah kedaluwarsa')).toBeTruthy();
    fireEvent.click(screen.getByTestId('send-new-link'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/reg-conf/email'));
    expect(calls.find((call) => call.url === '/api/auth/verification/resend-otp')?.body).toEqual({ user_uuid: UUID });
    expect(readPendingRegistration()?.userUuid).toBe(UUID);
    expect(await screen.findByText(/dikirim ke email anda/u)).toBeTruthy();
  });

  it('verify link: LINK_INVALID shows the message', async () => {
    answer('POST', `/api/auth/verify/invalid-link-1/${UUID}`, 400, { code: 'LINK_INVALID', message: 'invalid' });
    renderAt(`/auth/verify/invalid-link-1/${UUID}`);
    expect(await screen.findByText('Tautan tidak valid')).toBeTruthy();
    expect(getAccessToken()).toBeNull();
  });

  it('phone sign-up goes through the phone confirmation to the OTP page', async () => {
    answer('POST', '/api/auth/sign-up', 201, { user: { uuid: UUID, type_register: 'phone' }, otp: { resend_delay: 60 } });
    const router = renderAt('/auth/register');
    fireEvent.change(await screen.findByLabelText('Email atau nomor HP'), { target: { value: '081234567890' } });
    fireEvent.change(screen.getByLabelText('Nama lengkap'), { target: { value: 'Sari Dewi' } });
    fireEvent.change(screen.getByLabelText('Nama bisnis'), { target: { value: 'Toko Sari' } });
    fireEvent.change(screen.getByLabelText('Kata sandi'), { target: { value: 'Kebun#Mangga7' } });
    fireEvent.change(screen.getByLabelText('Konfirmasi kata sandi'), { target: { value: 'Kebun#Mangga7' } });
    fireEvent.click(screen.getByRole('button', { name: 'Daftar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/reg-conf/phone-number'));
    expect(((await screen.findByLabelText('Nomor HP')) as HTMLInputElement).value).toBe('081234567890');
    // The code from the sign-up is still fresh: no second SMS.
    fireEvent.click(screen.getByTestId('send-otp'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/reg-conf/otp'));
    expect(calls.filter((call) => call.url.includes('resend-otp'))).toHaveLength(0);
  });

  it('a corrected phone number signs up again with the data typed before', async () => {
    answer('POST', '/api/auth/sign-up', 201, { user: { uuid: UUID, type_register: 'phone' }, otp: { resend_delay: 60 } });
    const router = renderAt('/auth/register');
    fireEvent.change(await screen.findByLabelText('Email atau nomor HP'), { target: { value: '081234567890' } });
    fireEvent.change(screen.getByLabelText('Nama lengkap'), { target: { value: 'Sari Dewi' } });
    fireEvent.change(screen.getByLabelText('Nama bisnis'), { target: { value: 'Toko Sari' } });
    fireEvent.change(screen.getByLabelText('Kata sandi'), { target: { value: 'Kebun#Mangga7' } });
    fireEvent.change(screen.getByLabelText('Konfirmasi kata sandi'), { target: { value: 'Kebun#Mangga7' } });
    fireEvent.click(screen.getByRole('button', { name: 'Daftar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/reg-conf/phone-number'));
    fireEvent.change(await screen.findByLabelText('Nomor HP'), { target: { value: '081298765432' } });
    fireEvent.click(screen.getByTestId('send-otp'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/reg-conf/otp'));
    const signUps = calls.filter((call) => call.url === '/api/auth/sign-up');
    expect(signUps.at(-1)?.body).toEqual({
      user: '081298765432',
      name: 'Sari Dewi',
      business_name: 'Toko Sari',
      password: 'Kebun#Mangga7',
    });
  });

  it('phone confirmation rejects a number that is not a phone, in Indonesian and English', async () => {
    savePendingRegistration({ userUuid: UUID, user: '081234567890', type: 'phone', resendDelay: 60 });
    renderAt('/auth/reg-conf/phone-number');
    fireEvent.change(await screen.findByLabelText('Nomor HP'), { target: { value: '12' } });
    fireEvent.click(screen.getByTestId('send-otp'));
    expect(await screen.findByText('Nomor HP tidak valid.')).toBeTruthy();
    await changeLanguage('en');
    expect(await screen.findByText('Not a valid phone number.')).toBeTruthy();
  });

  it('shows the spec part 5 messages on the sign-up form in both languages', async () => {
    renderAt('/auth/register');
    fireEvent.change(await screen.findByLabelText('Email atau nomor HP'), { target: { value: 'sari @toko.id' } });
    fireEvent.change(screen.getByLabelText('Kata sandi'), { target: { value: 'abc' } });
    fireEvent.change(screen.getByLabelText('Konfirmasi kata sandi'), { target: { value: 'abd' } });
    fireEvent.click(screen.getByRole('button', { name: 'Daftar' }));
    expect(await screen.findByText('Kata sandi minimal 6 karakter.')).toBeTruthy();
    expect(screen.getByText('Konfirmasi kata sandi tidak sama.')).toBeTruthy();
    expect(screen.getAllByText('Wajib diisi.').length).toBeGreaterThanOrEqual(2);
    await changeLanguage('en');
    expect(await screen.findByText('The password needs at least 6 characters.')).toBeTruthy();
    expect(screen.getByText('The password confirmation does not match.')).toBeTruthy();
  });

  it('self-register posts to the same sign-up API and continues to the e-mail code', async () => {
    answer('POST', '/api/auth/sign-up', 201, { user: { uuid: UUID, type_register: 'email' }, otp: { resend_delay: 60 } });
    const router = renderAt('/self-register');
    expect(await screen.findByTestId('self-register')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Email atau nomor HP'), { target: { value: 'reseller@toko.id' } });
    fireEvent.change(screen.getByLabelText('Nama lengkap'), { target: { value: 'Budi' } });
    fireEvent.change(screen.getByLabelText('Nama toko'), { target: { value: 'Toko Budi' } });
    fireEvent.change(screen.getByLabelText('Kata sandi'), { target: { value: 'Kebun#Mangga7' } });
    fireEvent.change(screen.getByLabelText('Konfirmasi kata sandi'), { target: { value: 'Kebun#Mangga7' } });
    fireEvent.click(screen.getByRole('button', { name: 'Daftar sekarang' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/reg-conf/email'));
    expect(calls.find((call) => call.url === '/api/auth/sign-up')?.body).toEqual({
      user: 'reseller@toko.id',
      name: 'Budi',
      business_name: 'Toko Budi',
      password: 'Kebun#Mangga7',
    });
    await waitFor(() => expect(document.title).toBe('Kelola - Verifikasi Email'));
  });

  it('confirmation pages: success continues to the dashboard when signed in, timeout offers sign-in', async () => {
    renderAt('/confirmation/registered/timeout');
    expect(await screen.findByText('Waktu konfirmasi habis')).toBeTruthy();
  });

  it('confirmation success keeps the workspace query in its dashboard link', async () => {
    localStorage.setItem('kelola.access_token', fakeToken(600));
    renderAt('/confirmation/registered/success?workspace_id=w-9');
    expect(await screen.findByText('Pendaftaran berhasil dikonfirmasi')).toBeTruthy();
    expect(screen.getByText('Ke Dashboard').closest('a')?.getAttribute('href')).toBe('/dashboard?workspace_id=w-9');
    // It skips the login bootstrap: no profile load.
    expect(calls.filter((call) => call.url.startsWith('/api/me'))).toHaveLength(0);
  });
});
