import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getAccessToken, getStoredWorkspaceId, setAccessToken } from '../../../lib/auth-session.ts';
import { fakeToken, ME } from '../../../test/fixtures.ts';
import { mockApi, renderScreen } from '../../../test/render-screen.tsx';
import { InvitationAcceptScreen } from './invitation-accept/invitation-accept-screen.tsx';
import { InvitationRegisterScreen } from './invitation-register/invitation-register-screen.tsx';

const TOKEN = 'okdCB2ioupYqfzyKoSeqZo5g-oQmyUEc88gky493Ae0';
const PREVIEW = {
  id: 'i-1',
  expired_at: '2026-11-28T23:02:26.000Z',
  invited_via: 'email',
  email: 'baru@contoh.id',
  phone_number: null,
  workspace_name: 'Toko Demo',
  role_name: 'Store Operator',
  kind: 'user',
  registered: false,
};
const MEMBERSHIP = {
  workspace_id: 'w-9',
  workspace_name: 'Toko Demo',
  role_id: 'r-1',
  role_name: 'Store Operator',
  restriction_base: 'BUSINESS',
  restriction_list: [],
  is_default: false,
};
const REGISTERED_PATH = `/auth/confirmation/registered/invite-user/${TOKEN}`;
const REGISTER_PATH = `/auth/confirmation/invite-user/${TOKEN}`;
const ACCEPT_PATTERN = '/auth/confirmation/registered/invite-user/:uuid';
const REGISTER_PATTERN = '/auth/confirmation/invite-user/:uuid';
const preview = (body: object) => ({ [`GET /api/invitations/${TOKEN}`]: { body } });

describe('invitation pages', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows who is invited to which workspace and role', async () => {
    mockApi(preview(PREVIEW));
    renderScreen(<InvitationRegisterScreen />, REGISTER_PATH, REGISTER_PATTERN);
    const summary = await screen.findByTestId('invitation-summary');
    expect(summary.textContent).toContain('Undangan Pengguna');
    expect(summary.textContent).toContain('Toko Demo');
    expect(summary.textContent).toContain('Store Operator');
    expect(summary.textContent).toContain('baru@contoh.id');
  });

  it('explains an expired invitation with its end date', async () => {
    mockApi({
      [`GET /api/invitations/${TOKEN}`]: {
        status: 410,
        body: { code: 'INVITATION_EXPIRED', message: 'x', details: { expired_at: '2026-11-20T03:00:00.000Z' } },
      },
    });
    renderScreen(<InvitationRegisterScreen />, REGISTER_PATH, REGISTER_PATTERN);
    const problem = await screen.findByTestId('invitation-problem');
    expect(problem.textContent).toContain('Undangan sudah kedaluwarsa');
    expect(problem.textContent).toContain('20 Nov 2026');
  });

  it('explains a used invitation and an unknown link', async () => {
    mockApi({ [`GET /api/invitations/${TOKEN}`]: { status: 409, body: { code: 'INVITATION_USED', message: 'x' } } });
    renderScreen(<InvitationAcceptScreen />, REGISTERED_PATH, ACCEPT_PATTERN);
    expect((await screen.findByTestId('invitation-problem')).textContent).toContain('Undangan sudah digunakan');
  });

  it('treats a malformed link as an invitation that does not exist', async () => {
    mockApi({ 'GET /api/invitations/pendek': { status: 400, body: { code: 'VALIDATION_FAILED', message: 'x' } } });
    renderScreen(<InvitationAcceptScreen />, '/auth/confirmation/registered/invite-user/pendek', ACCEPT_PATTERN);
    expect((await screen.findByTestId('invitation-problem')).textContent).toContain('Undangan tidak ditemukan');
  });

  it('asks an anonymous invitee with an account to sign in, keeping the page', async () => {
    mockApi(preview({ ...PREVIEW, registered: true }));
    renderScreen(<InvitationAcceptScreen />, REGISTERED_PATH, ACCEPT_PATTERN);
    const button = await screen.findByTestId('sign-in-to-accept');
    expect(button.closest('a')?.getAttribute('href')).toBe(`/auth/login?redirect=${encodeURIComponent(REGISTERED_PATH)}`);
  });

  it('accepts for a signed-in invitee and lands on the dashboard of the workspace', async () => {
    setAccessToken(fakeToken(600));
    const calls = mockApi({
      ...preview({ ...PREVIEW, registered: true }),
      'GET /api/me': { body: ME },
      [`POST /api/invitations/${TOKEN}/accept`]: { body: { workspace: MEMBERSHIP } },
    });
    const router = renderScreen(<InvitationAcceptScreen />, REGISTERED_PATH, ACCEPT_PATTERN);
    expect((await screen.findByTestId('signed-in-as')).textContent).toContain('Demo Kelola');
    fireEvent.click(screen.getByTestId('accept-invitation'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(router.state.location.search).toBe('?workspace_id=w-9');
    expect(getStoredWorkspaceId()).toBe('w-9');
    expect(calls.some((call) => call.method === 'POST' && call.path.endsWith('/accept'))).toBe(true);
  });

  it('says so when the signed-in account is not the invited one', async () => {
    setAccessToken(fakeToken(600));
    mockApi({
      ...preview({ ...PREVIEW, registered: true }),
      'GET /api/me': { body: ME },
      [`POST /api/invitations/${TOKEN}/accept`]: { status: 403, body: { code: 'INVITATION_MISMATCH', message: 'x' } },
    });
    renderScreen(<InvitationAcceptScreen />, REGISTERED_PATH, ACCEPT_PATTERN);
    fireEvent.click(await screen.findByTestId('accept-invitation'));
    expect((await screen.findByTestId('invitation-mismatch')).textContent).toContain('Undangan ini dikirim ke baru@contoh.id');
    expect(screen.getByText('Masuk dengan akun lain')).toBeTruthy();
  });

  it('sends an invitee who already has an account from the sign-up page to the sign-in variant', async () => {
    mockApi(preview({ ...PREVIEW, registered: true }));
    const router = renderScreen(<InvitationRegisterScreen />, REGISTER_PATH, REGISTER_PATTERN);
    await waitFor(() => expect(router.state.location.pathname).toBe(REGISTERED_PATH));
  });

  it('checks name, password rules and confirmation before signing up', async () => {
    const calls = mockApi(preview(PREVIEW));
    renderScreen(<InvitationRegisterScreen />, REGISTER_PATH, REGISTER_PATTERN);
    fireEvent.change(await screen.findByLabelText('Kata sandi'), { target: { value: 'abc' } });
    fireEvent.change(screen.getByLabelText('Konfirmasi kata sandi'), { target: { value: 'abd' } });
    fireEvent.click(screen.getByRole('button', { name: 'Daftar dan bergabung' }));
    expect(await screen.findByText('Wajib diisi.')).toBeTruthy();
    expect(await screen.findByText('Kata sandi minimal 6 karakter.')).toBeTruthy();
    expect(await screen.findByText('Konfirmasi kata sandi tidak sama.')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('signs up, signs in and lands on the dashboard of the workspace', async () => {
    const calls = mockApi({
      ...preview(PREVIEW),
      [`POST /api/invitations/${TOKEN}/register`]: {
        body: { access_token: 'new-token', token_type: 'Bearer', expires_in: 900, workspace: MEMBERSHIP },
      },
    });
    const router = renderScreen(<InvitationRegisterScreen />, REGISTER_PATH, REGISTER_PATTERN);
    fireEvent.change(await screen.findByLabelText('Nama lengkap'), { target: { value: ' Budi Baru ' } });
    fireEvent.change(screen.getByLabelText('Kata sandi'), { target: { value: 'Kopi-Tubruk#77' } });
    fireEvent.change(screen.getByLabelText('Konfirmasi kata sandi'), { target: { value: 'Kopi-Tubruk#77' } });
    fireEvent.click(screen.getByRole('button', { name: 'Daftar dan bergabung' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(router.state.location.search).toBe('?workspace_id=w-9');
    expect(getAccessToken()).toBe('new-token');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'Budi Baru',
      password: 'Kopi-Tubruk#77',
      password_confirmation: 'Kopi-Tubruk#77',
    });
  });

  it('shows server password rules on the field', async () => {
    mockApi({
      ...preview(PREVIEW),
      [`POST /api/invitations/${TOKEN}/register`]: {
        status: 400,
        body: {
          code: 'VALIDATION_FAILED',
          message: 'x',
          details: { fields: [{ path: 'password', code: 'custom', message: 'PASSWORD_COMMON' }] },
        },
      },
    });
    renderScreen(<InvitationRegisterScreen />, REGISTER_PATH, REGISTER_PATTERN);
    fireEvent.change(await screen.findByLabelText('Nama lengkap'), { target: { value: 'Budi' } });
    fireEvent.change(screen.getByLabelText('Kata sandi'), { target: { value: 'Password#1' } });
    fireEvent.change(screen.getByLabelText('Konfirmasi kata sandi'), { target: { value: 'Password#1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Daftar dan bergabung' }));
    expect(await screen.findByText('Kata sandi ini terlalu umum dan mudah ditebak.')).toBeTruthy();
  });
});
