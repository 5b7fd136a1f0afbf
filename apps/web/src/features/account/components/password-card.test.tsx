import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getAccessToken } from '../../../lib/auth-session.ts';
import { mockApi, renderScreen } from '../../../test/render-screen.tsx';
import { PasswordCard } from './password-card.tsx';

function fill(old: string, next: string, confirmation: string) {
  fireEvent.change(screen.getByLabelText('Kata sandi saat ini'), { target: { value: old } });
  fireEvent.change(screen.getByLabelText('Kata sandi baru'), { target: { value: next } });
  fireEvent.change(screen.getByLabelText('Konfirmasi kata sandi baru'), { target: { value: confirmation } });
  fireEvent.click(screen.getByRole('button', { name: 'Ubah kata sandi' }));
}

const fieldError = (path: string, message: string) => ({
  status: 400,
  body: { code: 'VALIDATION_FAILED', message: 'x', details: { fields: [{ path, code: 'custom', message }] } },
});

describe('PasswordCard', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('checks the shared password rules and the confirmation before calling the server', async () => {
    const calls = mockApi({});
    renderScreen(<PasswordCard username="demo@kelola.id" />, '/account-setting');
    fill('', 'abc', 'abd');
    expect(await screen.findByText('Wajib diisi.')).toBeTruthy();
    expect(await screen.findByText('Kata sandi minimal 6 karakter.')).toBeTruthy();
    expect(await screen.findByText('Konfirmasi kata sandi tidak sama.')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('shows a wrong current password on its field, translated', async () => {
    mockApi({ 'POST /api/auth/change-password': fieldError('old_password', 'PASSWORD_WRONG') });
    renderScreen(<PasswordCard username="demo@kelola.id" />, '/account-setting');
    fill('Salah#123', 'Baru#Sekali99', 'Baru#Sekali99');
    expect(await screen.findByText('Kata sandi saat ini salah.')).toBeTruthy();
    expect(screen.queryByTestId('form-error')).toBeNull();
  });

  it('shows a rule the server adds (a common password) on the new password field', async () => {
    mockApi({ 'POST /api/auth/change-password': fieldError('password', 'PASSWORD_COMMON') });
    renderScreen(<PasswordCard username="demo@kelola.id" />, '/account-setting');
    fill('Kelola#2026', 'Password#1', 'Password#1');
    expect(await screen.findByText('Kata sandi ini terlalu umum dan mudah ditebak.')).toBeTruthy();
  });

  it('shows other failures above the form', async () => {
    mockApi({
      'POST /api/auth/change-password': { status: 429, body: { code: 'RATE_LIMITED', message: 'x', details: { retry_after: 30 } } },
    });
    renderScreen(<PasswordCard username="demo@kelola.id" />, '/account-setting');
    fill('Kelola#2026', 'Baru#Sekali99', 'Baru#Sekali99');
    expect((await screen.findByTestId('form-error')).textContent).toContain('30');
  });

  it('changes the password and signs in again with it, since the server ends the old sessions', async () => {
    const calls = mockApi({
      'POST /api/auth/change-password': { status: 204 },
      'POST /api/auth/login': { body: { access_token: 'fresh-token', token_type: 'Bearer', expires_in: 900 } },
    });
    renderScreen(<PasswordCard username="demo@kelola.id" />, '/account-setting');
    fill('Kelola#2026', 'Baru#Sekali99', 'Baru#Sekali99');
    await waitFor(() => expect(getAccessToken()).toBe('fresh-token'));
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual(['POST /api/auth/change-password', 'POST /api/auth/login']);
    expect(calls[0]?.body).toEqual({ old_password: 'Kelola#2026', password: 'Baru#Sekali99', password_confirmation: 'Baru#Sekali99' });
    expect(calls[1]?.body).toEqual({ username: 'demo@kelola.id', password: 'Baru#Sekali99' });
    await waitFor(() => expect((screen.getByLabelText('Kata sandi saat ini') as HTMLInputElement).value).toBe(''));
  });
});
