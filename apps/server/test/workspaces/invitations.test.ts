import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newMember, newUser, newWorkspace, tokenFor, type Actor } from '../factories.ts';
import { buildTestApp, type TestApp } from '../test-app.ts';
import { caller, expectError, expectFieldError, newBusiness, roleIds, uniqueEmail } from './helpers.ts';

let app: TestApp;
let call: ReturnType<typeof caller>;
beforeAll(async () => {
  app = await buildTestApp({ PUBLIC_URL: 'https://kelola.example' });
  call = caller(app);
});
afterAll(async () => app?.close());

type Message = { channel: string; subject: string; body: string; code: string };
const inbox = async (to: string): Promise<Message[]> =>
  (await call('GET', `/api/dev/outbox?to=${encodeURIComponent(to)}`, null)).json().items;
const latestToken = async (to: string) => (await inbox(to))[0]!.code;
const signedIn = async (userId: string) => ({ headers: { authorization: `Bearer ${await tokenFor(app, userId)}` } });

async function inviteViewer(owner: Actor, user: string, extra: Record<string, unknown> = {}) {
  const ids = await roleIds(app, owner);
  return call('POST', '/api/invitations', owner, { user, role_id: ids.Viewer, ...extra });
}

describe('POST /api/invitations', () => {
  it('invites by e-mail with a 7-day link to the sign-up confirmation page', async () => {
    const owner = await newWorkspace(app, 'Toko Undangan');
    const email = uniqueEmail();
    const second = await newBusiness(app, owner);
    const res = await inviteViewer(owner, email.toUpperCase(), { restriction_list: [second.id] });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      kind: 'user',
      invited_via: 'email',
      email,
      phone_number: null,
      role_name: 'Viewer',
      restriction_list: [second.id],
      status: 'PENDING',
      invited_by: owner.userId,
    });
    const days = (Date.parse(body.expired_at) - Date.now()) / 86400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
    const [mail] = await inbox(email);
    expect(mail!.channel).toBe('email');
    expect(mail!.subject).toBe('Undangan ke workspace Toko Undangan di Kelola');
    expect(mail!.body).toContain(`https://kelola.example/auth/confirmation/invite-user/${mail!.code}`);
    expect(mail!.body).toContain('sebagai Viewer');
    const audit = await call('GET', `/api/audit?entity=invitation&entity_id=${body.id}`, owner);
    expect(audit.json().items[0]).toMatchObject({ action: 'create' });
    expect(audit.json().items[0].diff.tokenHash).toBeUndefined();
  });

  it('invites by phone through SMS, and sends a registered user the sign-in link', async () => {
    const owner = await newWorkspace(app);
    const res = await inviteViewer(owner, '0812-7777-0001');
    expect(res.json()).toMatchObject({ invited_via: 'phone', phone_number: '+6281277770001', email: null });
    const [sms] = await inbox('+6281277770001');
    expect(sms).toMatchObject({ channel: 'sms' });
    expect(sms!.body).toContain(`/auth/confirmation/invite-user/${sms!.code}`);

    const existing = await newUser(app);
    await inviteViewer(owner, existing.email);
    const [mail] = await inbox(existing.email);
    expect(mail!.body).toContain(`https://kelola.example/auth/confirmation/registered/invite-user/${mail!.code}`);
  });

  it('writes the message in the inviter’s language', async () => {
    const owner = await newWorkspace(app, 'Toko Bahasa');
    const email = uniqueEmail();
    await call(
      'POST',
      '/api/invitations',
      owner,
      { user: email, role_id: (await roleIds(app, owner)).Viewer },
      { 'accept-language': 'en' },
    );
    expect((await inbox(email))[0]!.subject).toBe('Invitation to the Toko Bahasa workspace on Kelola');
  });

  it('rejects bad input with field errors', async () => {
    const owner = await newWorkspace(app);
    const ids = await roleIds(app, owner);
    expectFieldError(await call('POST', '/api/invitations', owner, { user: 'bukan email', role_id: ids.Viewer }), 'user');
    expectFieldError(await call('POST', '/api/invitations', owner, { user: uniqueEmail() }), 'role_id');
    expectFieldError(
      await call('POST', '/api/invitations', owner, { user: uniqueEmail(), role_id: ids.Viewer, restriction_base: 'X' }),
      'restriction_base',
    );
  });

  it('answers 404 for a role or business of another workspace', async () => {
    const owner = await newWorkspace(app);
    const other = await newWorkspace(app);
    const otherIds = await roleIds(app, other);
    expectError(await call('POST', '/api/invitations', owner, { user: uniqueEmail(), role_id: otherIds.Viewer }), 404, 'ROLE_NOT_FOUND');
    expectError(await inviteViewer(owner, uniqueEmail(), { restriction_list: [other.businessId] }), 404, 'BUSINESS_NOT_FOUND');
  });

  it('refuses someone who is already a member', async () => {
    const owner = await newWorkspace(app);
    const member = await newMember(app, owner, { dashboard: 'READ' });
    const res = await inviteViewer(owner, member.email);
    expectError(res, 409, 'MEMBER_ALREADY_EXISTS');
    expect(res.json().details.fields[0].path).toBe('user');
  });

  it('needs user-management WRITE, and an Owner to hand out the Owner role', async () => {
    const owner = await newWorkspace(app);
    const reader = await newMember(app, owner, { 'user-management': 'READ' });
    expectError(await inviteViewer(reader, uniqueEmail()), 403, 'FORBIDDEN');
    const writer = await newMember(app, owner, { 'user-management': 'WRITE' });
    const ids = await roleIds(app, owner);
    expectError(await call('POST', '/api/invitations', writer, { user: uniqueEmail(), role_id: ids.Owner }), 403, 'OWNER_ONLY');
    // Nor a role that reaches beyond the writer's own (Viewer reads every menu; the writer only user management).
    expectError(await inviteViewer(writer, uniqueEmail()), 403, 'ROLE_EXCEEDS_OWN');
    const admin = await newMember(app, owner, { 'user-management': 'WRITE', dashboard: 'WRITE' });
    const narrow = await call('POST', '/api/roles', admin, { name: 'Staf Gudang', permissions: { dashboard: 'READ' } });
    expect(narrow.statusCode).toBe(201);
    const invite = await call('POST', '/api/invitations', writer, { user: uniqueEmail(), role_id: narrow.json().id });
    expectError(invite, 403, 'ROLE_EXCEEDS_OWN');
    expect((await call('POST', '/api/invitations', admin, { user: uniqueEmail(), role_id: narrow.json().id })).statusCode).toBe(201);
  });

  it('a member cannot make or edit a role with more than their own, nor give one to a member', async () => {
    const owner = await newWorkspace(app);
    const writer = await newMember(app, owner, { 'user-management': 'WRITE' });
    const wide = { name: 'Semua Produk', permissions: { 'user-management': 'WRITE', product: 'WRITE' } };
    const refused = await call('POST', '/api/roles', writer, wide);
    expectError(refused, 403, 'ROLE_EXCEEDS_OWN');
    expect(refused.json().details.menus).toContain('product');
    const ownersRole = await call('POST', '/api/roles', owner, wide);
    expectError(await call('PUT', `/api/roles/${ownersRole.json().id}`, writer, { name: 'Dinamai ulang' }), 403, 'ROLE_EXCEEDS_OWN');
    const colleague = await newMember(app, owner, { 'user-management': 'READ' });
    const promote = await call('PUT', `/api/users/${colleague.userId}`, writer, {
      role_id: ownersRole.json().id,
      restriction_base: 'BUSINESS',
      restriction_list: [],
    });
    expectError(promote, 403, 'ROLE_EXCEEDS_OWN');
    // Nothing changed: the colleague keeps their role.
    const after = await call('GET', `/api/users/${colleague.userId}`, owner);
    expect(after.json().role_id).not.toBe(ownersRole.json().id);
  });

  it('replaces an open invitation to the same address', async () => {
    const owner = await newWorkspace(app);
    const email = uniqueEmail();
    await inviteViewer(owner, email);
    const first = await latestToken(email);
    await inviteViewer(owner, email);
    expectError(await call('GET', `/api/invitations/${first}`, null), 404, 'INVITATION_NOT_FOUND');
    const list = (await call('GET', '/api/invitations', owner)).json().items;
    expect(list.filter((i: { email: string }) => i.email === email)).toHaveLength(1);
  });
});

describe('POST /api/invitations/owner', () => {
  it('lets an Owner invite an owner, through the invite-owner link', async () => {
    const owner = await newWorkspace(app);
    const email = uniqueEmail();
    const res = await call('POST', '/api/invitations/owner', owner, { user: email });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ kind: 'owner', role_name: 'Owner', restriction_list: [] });
    const [mail] = await inbox(email);
    expect(mail!.body).toContain(`/auth/confirmation/invite-owner/${mail!.code}`);
    const preview = await call('GET', `/api/invitations/${mail!.code}`, null);
    expect(preview.json()).toMatchObject({ kind: 'owner', role_name: 'Owner' });
  });

  it('refuses anyone but an Owner, even with user-management WRITE', async () => {
    const owner = await newWorkspace(app);
    const writer = await newMember(app, owner, { 'user-management': 'WRITE' });
    expectError(await call('POST', '/api/invitations/owner', writer, { user: uniqueEmail() }), 403, 'OWNER_ONLY');
    expectFieldError(await call('POST', '/api/invitations/owner', owner, {}), 'user');
  });
});

describe('GET /api/invitations (pending list), resend and revoke', () => {
  it('lists open invitations of the workspace only', async () => {
    const owner = await newWorkspace(app);
    const other = await newWorkspace(app);
    const mine = await inviteViewer(owner, uniqueEmail());
    await inviteViewer(other, uniqueEmail());
    const res = await call('GET', '/api/invitations', owner);
    expect(res.statusCode).toBe(200);
    expect(res.json().items.map((i: { id: string }) => i.id)).toEqual([mine.json().id]);
    const reader = await newMember(app, owner, { 'user-management': 'READ' });
    expect((await call('GET', '/api/invitations', reader)).statusCode).toBe(200);
    const none = await newMember(app, owner, { dashboard: 'READ' });
    expectError(await call('GET', '/api/invitations', none), 403, 'FORBIDDEN');
  });

  it('resends with a new link; the old one stops working', async () => {
    const owner = await newWorkspace(app);
    const email = uniqueEmail();
    const { id } = (await inviteViewer(owner, email)).json();
    const old = await latestToken(email);
    const res = await call('POST', `/api/invitations/${id}/resend`, owner);
    expect(res.statusCode).toBe(200);
    const fresh = await latestToken(email);
    expect(fresh).not.toBe(old);
    expectError(await call('GET', `/api/invitations/${old}`, null), 404, 'INVITATION_NOT_FOUND');
    expect((await call('GET', `/api/invitations/${fresh}`, null)).json().id).toBe(id);
  });

  it('revokes; the link then answers 404 and it leaves the list', async () => {
    const owner = await newWorkspace(app);
    const email = uniqueEmail();
    const { id } = (await inviteViewer(owner, email)).json();
    const token = await latestToken(email);
    expect((await call('DELETE', `/api/invitations/${id}`, owner)).statusCode).toBe(204);
    expectError(await call('GET', `/api/invitations/${token}`, null), 404, 'INVITATION_NOT_FOUND');
    expect((await call('GET', '/api/invitations', owner)).json().items).toEqual([]);
    expectError(await call('DELETE', `/api/invitations/${id}`, owner), 404, 'INVITATION_NOT_FOUND');
    expectError(await call('POST', `/api/invitations/${id}/resend`, owner), 404, 'INVITATION_NOT_FOUND');
  });

  it('answers 404 for another workspace’s invitation and 403 without WRITE', async () => {
    const owner = await newWorkspace(app);
    const other = await newWorkspace(app);
    const { id } = (await inviteViewer(other, uniqueEmail())).json();
    expectError(await call('POST', `/api/invitations/${id}/resend`, owner), 404, 'INVITATION_NOT_FOUND');
    expectError(await call('DELETE', `/api/invitations/${id}`, owner), 404, 'INVITATION_NOT_FOUND');
    const reader = await newMember(app, other, { 'user-management': 'READ' });
    expectError(await call('DELETE', `/api/invitations/${id}`, reader), 403, 'FORBIDDEN');
    expectFieldError(await call('DELETE', '/api/invitations/nope', owner), 'params.id');
  });

  it('lets only an Owner resend or revoke an owner invitation', async () => {
    const owner = await newWorkspace(app);
    const writer = await newMember(app, owner, { 'user-management': 'WRITE' });
    const { id } = (await call('POST', '/api/invitations/owner', owner, { user: uniqueEmail() })).json();
    expectError(await call('POST', `/api/invitations/${id}/resend`, writer), 403, 'OWNER_ONLY');
    expectError(await call('DELETE', `/api/invitations/${id}`, writer), 403, 'OWNER_ONLY');
  });
});

describe('the invitee', () => {
  it('sees the invitation data of the link (public)', async () => {
    const owner = await newWorkspace(app, 'Toko Pratinjau');
    const email = uniqueEmail();
    const { id } = (await inviteViewer(owner, email)).json();
    const res = await call('GET', `/api/invitations/${await latestToken(email)}`, null);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id,
      expired_at: expect.any(String),
      invited_via: 'email',
      email,
      phone_number: null,
      workspace_name: 'Toko Pratinjau',
      role_name: 'Viewer',
      kind: 'user',
      registered: false,
    });
    expectError(await call('GET', `/api/invitations/${'x'.repeat(43)}`, null), 404, 'INVITATION_NOT_FOUND');
    expectFieldError(await call('GET', '/api/invitations/short', null), 'params.token');
  });

  it('without an account: registers with name and password, is signed in and a member', async () => {
    const owner = await newWorkspace(app, 'Toko Baru');
    const email = uniqueEmail();
    const second = await newBusiness(app, owner);
    await inviteViewer(owner, email, { restriction_list: [second.id] });
    const token = await latestToken(email);

    const weak = await call('POST', `/api/invitations/${token}/register`, null, {
      name: 'Rudi',
      password: 'lemah',
      password_confirmation: 'lemah',
    });
    expectFieldError(weak, 'password');
    expectFieldError(
      await call('POST', `/api/invitations/${token}/register`, null, {
        name: '',
        password: 'Kuat#2026',
        password_confirmation: 'Kuat#2026',
      }),
      'name',
    );
    expectFieldError(
      await call('POST', `/api/invitations/${token}/register`, null, {
        name: 'Rudi',
        password: 'Kuat#2026',
        password_confirmation: 'Beda#2026',
      }),
      'password_confirmation',
    );

    const res = await call('POST', `/api/invitations/${token}/register`, null, {
      name: 'Rudi Hartono',
      password: 'Kuat#2026',
      password_confirmation: 'Kuat#2026',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      token_type: 'Bearer',
      workspace: {
        workspace_id: owner.workspaceId,
        workspace_name: 'Toko Baru',
        role_name: 'Viewer',
        restriction_list: [second.id],
        is_default: true,
      },
    });
    expect(String(res.headers['set-cookie'])).toMatch(/kelola_rt=.+HttpOnly/u);

    const me = await call('GET', '/api/me', { headers: { authorization: `Bearer ${res.json().access_token}` } });
    expect(me.json()).toMatchObject({ email, full_name: 'Rudi Hartono', workspace_id_active: owner.workspaceId, role_name: 'Viewer' });
    const login = await call('POST', '/api/auth/login', null, { username: email, password: 'Kuat#2026' });
    expect(login.statusCode).toBe(200);

    expectError(
      await call('POST', `/api/invitations/${token}/register`, null, {
        name: 'Rudi',
        password: 'Kuat#2026',
        password_confirmation: 'Kuat#2026',
      }),
      409,
      'INVITATION_USED',
    );
    expectError(await call('GET', `/api/invitations/${token}`, null), 409, 'INVITATION_USED');
    const members = (await call('GET', '/api/users', owner)).json().items;
    expect(members).toContainEqual(expect.objectContaining({ email, status: 'ACTIVE' }));
  });

  it('with an account: registering is refused, accepting while signed in works', async () => {
    const owner = await newWorkspace(app, 'Toko Kedua');
    const invitee = await newWorkspace(app);
    await inviteViewer(owner, invitee.email);
    const token = await latestToken(invitee.email);
    expect((await call('GET', `/api/invitations/${token}`, null)).json().registered).toBe(true);
    expectError(
      await call('POST', `/api/invitations/${token}/register`, null, {
        name: 'X',
        password: 'Kuat#2026',
        password_confirmation: 'Kuat#2026',
      }),
      409,
      'USER_ALREADY_EXISTS',
    );
    expectError(await call('POST', `/api/invitations/${token}/accept`, null), 401, 'UNAUTHENTICATED');

    const res = await call('POST', `/api/invitations/${token}/accept`, invitee);
    expect(res.statusCode).toBe(200);
    // The invitee already had a workspace of their own, so the new one is not the default.
    expect(res.json().workspace).toMatchObject({
      workspace_id: owner.workspaceId,
      workspace_name: 'Toko Kedua',
      role_name: 'Viewer',
      is_default: false,
    });
    const me = (await call('GET', '/api/me', invitee)).json();
    expect(me.user_workspaces.map((w: { workspace_id: string }) => w.workspace_id).sort()).toEqual(
      [owner.workspaceId, invitee.workspaceId].sort(),
    );
    expect((await call('GET', '/api/users', owner)).json().items.map((m: { id: string }) => m.id)).toContain(invitee.userId);
    expectError(await call('POST', `/api/invitations/${token}/accept`, invitee), 409, 'INVITATION_USED');
  });

  it('refuses a signed-in user the invitation is not for', async () => {
    const owner = await newWorkspace(app);
    await inviteViewer(owner, '0812-7777-0002');
    const token = await latestToken('+6281277770002');
    const stranger = await newUser(app);
    expectError(await call('POST', `/api/invitations/${token}/accept`, await signedIn(stranger.id)), 403, 'INVITATION_MISMATCH');
  });

  it('makes an owner of an owner invitation', async () => {
    const owner = await newWorkspace(app);
    const invitee = await newUser(app);
    await call('POST', '/api/invitations/owner', owner, { user: invitee.email });
    const token = await latestToken(invitee.email);
    const res = await call('POST', `/api/invitations/${token}/accept`, await signedIn(invitee.id));
    expect(res.json().workspace).toMatchObject({ role_name: 'Owner', is_default: true });
    expect((await call('GET', `/api/users/${invitee.id}`, owner)).json()).toMatchObject({ is_owner: true });
  });

  it('refuses an expired invitation, and a resend revives it', async () => {
    const owner = await newWorkspace(app);
    const invitee = await newUser(app);
    const { id } = (await inviteViewer(owner, invitee.email)).json();
    const token = await latestToken(invitee.email);
    const realNow = app.platform.now;
    app.platform.now = () => new Date(Date.now() + 8 * 86400_000);
    try {
      expectError(await call('GET', `/api/invitations/${token}`, null), 410, 'INVITATION_EXPIRED');
      expectError(await call('POST', `/api/invitations/${token}/accept`, await signedIn(invitee.id)), 410, 'INVITATION_EXPIRED');
      expect((await call('GET', '/api/invitations', owner)).json().items[0]).toMatchObject({ id, status: 'EXPIRED' });
    } finally {
      app.platform.now = realNow;
    }
    await call('POST', `/api/invitations/${id}/resend`, owner);
    const fresh = await latestToken(invitee.email);
    expect((await call('POST', `/api/invitations/${fresh}/accept`, await signedIn(invitee.id))).statusCode).toBe(200);
    expectError(await call('POST', `/api/invitations/${id}/resend`, owner), 409, 'INVITATION_USED');
  });

  it('with a pending sign-up on the address: registering takes the account over, verified', async () => {
    const owner = await newWorkspace(app);
    const email = uniqueEmail();
    const signup = await call('POST', '/api/auth/sign-up', null, {
      user: email,
      password: 'Awal#2026',
      name: 'Sementara',
      business_name: 'Toko Sementara',
    });
    expect(signup.statusCode).toBe(201);
    await inviteViewer(owner, email);
    const token = await latestToken(email);
    expect((await call('GET', `/api/invitations/${token}`, null)).json().registered).toBe(false);
    const res = await call('POST', `/api/invitations/${token}/register`, null, {
      name: 'Sari Dewi',
      password: 'Baru#Sekali9',
      password_confirmation: 'Baru#Sekali9',
    });
    expect(res.statusCode).toBe(200);
    // The pending sign-up had made its own workspace, so the invited one is not the default.
    expect(res.json().workspace.is_default).toBe(false);
    expect((await call('POST', '/api/auth/login', null, { username: email, password: 'Baru#Sekali9' })).statusCode).toBe(200);
  });
});
