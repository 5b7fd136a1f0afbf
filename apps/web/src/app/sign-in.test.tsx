import { act, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Providers } from './providers.tsx';
import { buildRoutes } from './router.tsx';
import { clearSession, getAccessToken } from '../lib/auth-session.ts';
import { changeLanguage } from '../lib/i18n.ts';
import { fakeToken } from '../test/fixtures.ts';

// Lazy screens load on first use; under a busy machine that takes longer than the default second.
configure({ asyncUtilTimeout: 5_000 });

type Answer = { status: number; body: unknown };
let answer: Answer = { status: 404, body: { code: 'NOT_FOUND', message: 'no' } };
const calls: { url: string; body: unknown }[] = [];

async function renderLogin() {
  const router = createMemoryRouter(buildRoutes(), { initialEntries: ['/auth/login'] });
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  const username = (await screen.findByLabelText('Email atau nomor HP')) as HTMLInputElement;
  const password = screen.getByLabelText('Kata sandi') as HTMLInputElement;
  return { router, username, password, submit: () => fireEvent.click(screen.getByRole('button', { name: 'Masuk' })) };
}

const helpOf = (input: HTMLInputElement) => document.getElementById(`${input.id}_help`)?.textContent ?? null;

// The sign-in page's plain form (ADR 0053) answers as antd's Form did: same ids, texts, triggers and aria state.
describe('/auth/login', { timeout: 20_000 }, () => {
  beforeEach(() => {
    calls.length = 0;
    answer = { status: 404, body: { code: 'NOT_FOUND', message: 'no' } };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit = {}) => {
        calls.push({ url, body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined });
        // Only the sign-in answers; what the signed-in shell asks next stays pending.
        if (url !== '/api/auth/login') return new Promise<Response>(() => undefined);
        return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'Content-Type': 'application/json' } });
      }),
    );
  });

  afterEach(async () => {
    clearSession();
    vi.unstubAllGlobals();
    await changeLanguage('id');
  });

  it('an empty submit marks both fields required and sends nothing', async () => {
    const { username, password, submit } = await renderLogin();
    expect(username.id).toBe('login_username');
    expect(password.id).toBe('login_password');
    expect(password.getAttribute('aria-required')).toBe('true');
    submit();
    await waitFor(() => expect(helpOf(username)).toBe('Wajib diisi.'));
    expect(helpOf(password)).toBe('Wajib diisi.');
    expect(username.getAttribute('aria-invalid')).toBe('true');
    expect(username.getAttribute('aria-describedby')).toBe('login_username_help');
    expect(username.closest('.ant-form-item')?.className).toContain('ant-form-item-has-error');
    expect(calls).toHaveLength(0);
  });

  it('checks the identifier when the field is left, the password as it is typed', async () => {
    const { username, password } = await renderLogin();
    fireEvent.change(username, { target: { value: 'bukan identitas' } });
    expect(helpOf(username)).toBeNull();
    fireEvent.blur(username);
    await waitFor(() => expect(helpOf(username)).toBe('Masukkan email atau nomor HP yang valid.'));
    fireEvent.change(username, { target: { value: 'a b@toko.id' } });
    fireEvent.blur(username);
    await waitFor(() => expect(helpOf(username)).toBe('Email tidak boleh mengandung spasi.'));
    fireEvent.change(username, { target: { value: '081234567890' } });
    fireEvent.blur(username);
    await waitFor(() => expect(helpOf(username)).toBeNull());
    fireEvent.change(password, { target: { value: 'x' } });
    fireEvent.change(password, { target: { value: '' } });
    await waitFor(() => expect(helpOf(password)).toBe('Wajib diisi.'));
  });

  it('the errors shown follow a language switch', async () => {
    const { username, submit } = await renderLogin();
    submit();
    await waitFor(() => expect(helpOf(username)).toBe('Wajib diisi.'));
    await act(() => changeLanguage('en'));
    await waitFor(() => expect(helpOf(username)).toBe('This field is required.'));
  });

  it('signs in with the trimmed identifier and keeps the token', async () => {
    const token = fakeToken(600);
    answer = { status: 200, body: { access_token: token, token_type: 'Bearer', expires_in: 900 } };
    const { router, username, password, submit } = await renderLogin();
    fireEvent.change(username, { target: { value: '  pemilik@toko.id ' } });
    fireEvent.change(password, { target: { value: 'rahasia-123' } });
    submit();
    await waitFor(() => expect(getAccessToken()).toBe(token));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(calls.find((call) => call.url === '/api/auth/login')?.body).toEqual({ username: 'pemilik@toko.id', password: 'rahasia-123' });
  });

  it('shows a refused sign-in above the form and a field error of the answer on its field', async () => {
    answer = {
      status: 422,
      body: {
        code: 'VALIDATION_FAILED',
        message: 'no',
        details: { fields: [{ path: 'password', code: 'REQUIRED', message: 'REQUIRED' }] },
      },
    };
    const { username, password, submit } = await renderLogin();
    fireEvent.change(username, { target: { value: 'pemilik@toko.id' } });
    fireEvent.change(password, { target: { value: 'rahasia-123' } });
    submit();
    expect(await screen.findByTestId('form-error')).toBeTruthy();
    await waitFor(() => expect(helpOf(password)).toBe('Wajib diisi.'));
  });
});
