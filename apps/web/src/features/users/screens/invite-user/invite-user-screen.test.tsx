import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ME } from '../../../../test/fixtures.ts';
import { mockApi, renderScreen } from '../../../../test/render-screen.tsx';
import { InviteUserScreen } from './invite-user-screen.tsx';

const ROLE_OPERATOR = '01a20053-0287-70d7-81ba-4556aec18641';
const ROLE_OWNER = '01a20053-0287-70d5-874c-1e919a0a51e0';
const BUSINESS = '01a20053-0295-7582-bed7-00d2d7855f4b';
const role = (id: string, name: string) => ({
  id,
  name,
  is_system: true,
  permissions: {},
  member_count: 1,
  created_at: '',
  updated_at: '',
});
const ROLES = { items: [role(ROLE_OWNER, 'Owner'), role(ROLE_OPERATOR, 'Store Operator')] };
const PATH = '/user-management/invite-user?workspace_id=w-1';

function api(me = ME, invite: { status?: number; body?: unknown } = { status: 201, body: {} }) {
  return mockApi({
    'GET /api/me': { body: { ...me, permissions: { ...me.permissions, 'user-management': 'WRITE' } } },
    'GET /api/roles': { body: ROLES },
    'GET /api/businesses': { body: { items: [{ id: BUSINESS, name: 'Demo Fashion' }], total_row: 1 } },
    'POST /api/invitations': invite,
  });
}

const submit = () => fireEvent.click(screen.getByTestId('send-invitation'));

async function chooseRole(name: string) {
  const select = screen.getByTestId('role-select');
  fireEvent.mouseDown(select.querySelector('input') ?? select);
  fireEvent.click(await screen.findByTitle(name));
}

describe('InviteUserScreen', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('requires the e-mail or phone and the role', async () => {
    const calls = api();
    renderScreen(<InviteUserScreen />, PATH);
    await screen.findByTestId('send-invitation');
    submit();
    expect(await screen.findAllByText('Wajib diisi.')).toHaveLength(2);
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('refuses something that is neither an e-mail nor a phone number', async () => {
    api();
    renderScreen(<InviteUserScreen />, PATH);
    fireEvent.change(await screen.findByLabelText('E-mail atau nomor HP'), { target: { value: 'bukan alamat' } });
    submit();
    expect(await screen.findByText('Masukkan email atau nomor HP yang valid.')).toBeTruthy();
  });

  it('sends the invitation with role and restriction, then opens the invitation list', async () => {
    const calls = api();
    const router = renderScreen(<InviteUserScreen />, PATH);
    fireEvent.change(await screen.findByLabelText('E-mail atau nomor HP'), { target: { value: ' baru@contoh.id ' } });
    await chooseRole('Store Operator');
    submit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/user-management'));
    expect(router.state.location.search).toContain('tab=invitations');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      user: 'baru@contoh.id',
      role_id: ROLE_OPERATOR,
      restriction_base: 'BUSINESS',
      restriction_list: [],
    });
  });

  it('shows a server refusal on the field it belongs to, translated', async () => {
    api(ME, {
      status: 409,
      body: {
        code: 'MEMBER_ALREADY_EXISTS',
        message: 'x',
        details: { fields: [{ path: 'user', code: 'custom', message: 'MEMBER_ALREADY_EXISTS' }] },
      },
    });
    renderScreen(<InviteUserScreen />, PATH);
    fireEvent.change(await screen.findByLabelText('E-mail atau nomor HP'), { target: { value: 'toko@kelola.id' } });
    await chooseRole('Store Operator');
    submit();
    expect(await screen.findByText('Pengguna sudah menjadi anggota workspace ini.')).toBeTruthy();
    expect(screen.queryByTestId('form-error')).toBeNull();
  });

  it('offers the owner invitation and the Owner role only to an Owner', async () => {
    api({ ...ME, role_name: 'Admin' });
    renderScreen(<InviteUserScreen />, PATH);
    await screen.findByTestId('send-invitation');
    expect(screen.queryByText('Jenis undangan')).toBeNull();
    const select = screen.getByTestId('role-select');
    fireEvent.mouseDown(select.querySelector('input') ?? select);
    await screen.findByTitle('Store Operator');
    expect(screen.queryByTitle('Owner')).toBeNull();
  });

  it('invites an owner with the address alone', async () => {
    const calls = mockApi({
      'GET /api/me': { body: { ...ME, permissions: { 'user-management': 'WRITE' } } },
      'GET /api/roles': { body: ROLES },
      'POST /api/invitations/owner': { status: 201, body: {} },
    });
    renderScreen(<InviteUserScreen />, '/user-management/invite-user?kind=owner&workspace_id=w-1');
    const kinds = await screen.findByText('Jenis undangan');
    expect(within(kinds.closest('.ant-form-item') as HTMLElement).getByText('Pemilik')).toBeTruthy();
    expect(screen.queryByTestId('role-select')).toBeNull();
    fireEvent.change(screen.getByLabelText('E-mail atau nomor HP'), { target: { value: '081234567890' } });
    submit();
    await waitFor(() => expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ user: '081234567890' }));
  });
});
