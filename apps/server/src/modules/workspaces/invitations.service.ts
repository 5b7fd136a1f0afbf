import { createHash, randomBytes } from 'node:crypto';
import type {
  Access,
  Invitation,
  InvitationPreview,
  InviteOwnerInput,
  InviteUserInput,
  RegisterInvitationInput,
  WorkspaceMembership,
} from '@kelola/contracts';
import { parseIdentifier } from '@kelola/domain';
import type { Ctx, SignedInCtx, TenantCtx } from '../../http/context.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import { uuidv7 } from '../../platform/db/ids.ts';
import { DomainError, fieldError } from '../../platform/errors.ts';
import { translate } from '../../platform/i18n/translate.ts';
import { queueMessage } from '../../platform/outbox/outbox.ts';
import { createInvitedUser, findUserByIdentifier, getUser, issueSession, type IssuedSession } from '../identity/index.ts';
import * as repo from './invitations.repository.ts';
import * as members from './members.repository.ts';
import {
  actorIsOwner,
  actorScope,
  assertWithinActorPermissions,
  assertWithinActorScope,
  checkRestriction,
  insertMember,
  isOwnerRole,
} from './members.service.ts';
import * as roles from './roles.repository.ts';

/** How long an invitation link stays valid. */
export const INVITATION_TTL_DAYS = 7;

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const newToken = () => randomBytes(32).toString('base64url');

type Kind = 'user' | 'owner';
type WithRole = { invitation: repo.InvitationRow; roleName: string };

/** The audit keeps what changed, never the token hash (it would let a log reader match a link). */
const auditable = ({ tokenHash: _t, ...rest }: repo.InvitationRow) => rest;

const toInvitation = ({ invitation: i, roleName }: WithRole, now: Date): Invitation => ({
  id: i.id,
  kind: i.kind,
  invited_via: i.invitedVia,
  email: i.email,
  phone_number: i.phoneNumber,
  role_id: i.roleId,
  role_name: roleName,
  restriction_base: i.restrictionBase,
  restriction_list: i.restrictionList,
  status: i.expiresAt > now ? 'PENDING' : 'EXPIRED',
  expired_at: i.expiresAt.toISOString(),
  invited_by: i.invitedBy,
  created_at: i.createdAt.toISOString(),
});

const address = (i: repo.InvitationRow) => (i.invitedVia === 'email' ? i.email! : i.phoneNumber!);

/** Sends the link: the sign-in variant to someone who has an account, the sign-up variant otherwise. */
async function sendInvitation(ctx: TenantCtx, invitation: repo.InvitationRow, roleName: string, token: string): Promise<void> {
  const registered = (await findUserByIdentifier(ctx, address(invitation)))?.verifiedAt != null;
  const link = `${ctx.config.publicUrl}/auth/confirmation/${registered ? 'registered/' : ''}invite-${invitation.kind}/${token}`;
  const inviter = await getUser(ctx, ctx.actor.userId);
  const expires = new Intl.DateTimeFormat(ctx.locale === 'en' ? 'en-GB' : 'id-ID', {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'Asia/Jakarta',
  }).format(invitation.expiresAt);
  const params = {
    inviter: [inviter.firstName, inviter.lastName].filter(Boolean).join(' '),
    workspace: (await members.findWorkspaceName(ctx)) ?? '',
    role: roleName,
    expires,
    link,
  };
  const t = (key: string) => translate(ctx.locale, 'messages', key, params) ?? key;
  // The token rides along as the message's code, so the developer inbox and tests can follow the link.
  await queueMessage(
    ctx,
    invitation.invitedVia === 'phone'
      ? { channel: 'sms', to: address(invitation), subject: t('INVITE_SMS'), body: t('INVITE_SMS'), code: token }
      : { channel: 'email', to: address(invitation), subject: t('INVITE_EMAIL_SUBJECT'), body: t('INVITE_EMAIL_BODY'), code: token },
  );
}

async function createInvitation(
  ctx: TenantCtx,
  kind: Kind,
  input: { user: string; role: roles.RoleRow; restrictionBase: 'BUSINESS' | 'WAREHOUSE'; restrictionList: string[] },
): Promise<Invitation> {
  const id = parseIdentifier(input.user);
  if (!id) throw fieldError('VALIDATION_FAILED', 'user', 'INVALID_EMAIL_OR_PHONE');
  const existing = await findUserByIdentifier(ctx, id.value);
  if (existing && (await members.findMembership(ctx, existing.id)))
    throw fieldError('MEMBER_ALREADY_EXISTS', 'user', 'MEMBER_ALREADY_EXISTS');
  const now = ctx.platform.now();
  // A new invitation to the same address replaces the open ones, so only the latest link works.
  for (const old of await repo.openInvitationsTo(ctx, id.type, id.value)) {
    const revoked = await repo.updateInvitation(ctx, old.id, { revokedAt: now });
    await recordAudit(ctx, {
      entity: 'invitation',
      entityId: old.id,
      action: 'update',
      before: auditable(old),
      after: revoked ? auditable(revoked) : null,
    });
  }
  const token = newToken();
  const row = await repo.insertInvitation(ctx, {
    id: uuidv7(),
    tokenHash: sha256(token),
    kind,
    invitedVia: id.type,
    email: id.type === 'email' ? id.value : null,
    phoneNumber: id.type === 'phone' ? id.value : null,
    roleId: input.role.id,
    restrictionBase: input.restrictionBase,
    restrictionList: input.restrictionList,
    invitedBy: ctx.actor.userId,
    expiresAt: new Date(now.getTime() + INVITATION_TTL_DAYS * 86400 * 1000),
  });
  await recordAudit(ctx, { entity: 'invitation', entityId: row.id, action: 'create', before: null, after: auditable(row) });
  await sendInvitation(ctx, row, input.role.name, token);
  return toInvitation({ invitation: row, roleName: input.role.name }, now);
}

/** Invites someone by e-mail or phone with any role; giving the Owner role this way still needs an Owner. */
export async function inviteUser(ctx: TenantCtx, input: InviteUserInput): Promise<Invitation> {
  const role = await roles.findRole(ctx, input.role_id);
  if (!role) throw fieldError('ROLE_NOT_FOUND', 'role_id', 'INVALID_VALUE');
  if (isOwnerRole(role) && !(await actorIsOwner(ctx))) throw new DomainError('OWNER_ONLY');
  await assertWithinActorPermissions(ctx, role.permissions as Record<string, Access>);
  const restrictionList = await checkRestriction(ctx, input.restriction_base, input.restriction_list);
  await assertWithinActorScope(ctx, input.restriction_base, restrictionList);
  return createInvitation(ctx, 'user', { user: input.user, role, restrictionBase: input.restriction_base, restrictionList });
}

/** Only an Owner may invite another owner (spec part 6). Owners reach every business. */
export async function inviteOwner(ctx: TenantCtx, input: InviteOwnerInput): Promise<Invitation> {
  if (!(await actorIsOwner(ctx))) throw new DomainError('OWNER_ONLY');
  await assertWithinActorScope(ctx, 'BUSINESS', []);
  const role = await roles.findOwnerRole(ctx);
  if (!role) throw new DomainError('ROLE_NOT_FOUND');
  return createInvitation(ctx, 'owner', { user: input.user, role, restrictionBase: 'BUSINESS', restrictionList: [] });
}

export async function listInvitations(ctx: TenantCtx): Promise<Invitation[]> {
  const now = ctx.platform.now();
  // Like the member list: a restricted member sees only invitations within their own reach.
  const within = await actorScope(ctx);
  return (await repo.listOpenInvitations(ctx))
    .filter((row) => within(row.invitation.restrictionBase, row.invitation.restrictionList))
    .map((row) => toInvitation(row, now));
}

async function openInvitation(ctx: TenantCtx, id: string): Promise<WithRole> {
  const row = await repo.findInvitation(ctx, id);
  if (!row || row.invitation.revokedAt) throw new DomainError('INVITATION_NOT_FOUND');
  if (row.invitation.acceptedAt) throw new DomainError('INVITATION_USED');
  if (row.invitation.kind === 'owner' && !(await actorIsOwner(ctx))) throw new DomainError('OWNER_ONLY');
  await assertWithinActorScope(ctx, row.invitation.restrictionBase, row.invitation.restrictionList);
  return row;
}

/** A new link with a fresh 7 days; the previous link stops working. */
export async function resendInvitation(ctx: TenantCtx, id: string): Promise<Invitation> {
  const { invitation: before, roleName } = await openInvitation(ctx, id);
  const token = newToken();
  const now = ctx.platform.now();
  const after = (await repo.updateInvitation(ctx, id, {
    tokenHash: sha256(token),
    expiresAt: new Date(now.getTime() + INVITATION_TTL_DAYS * 86400 * 1000),
  }))!;
  await recordAudit(ctx, { entity: 'invitation', entityId: id, action: 'update', before: auditable(before), after: auditable(after) });
  await sendInvitation(ctx, after, roleName, token);
  return toInvitation({ invitation: after, roleName }, now);
}

export async function revokeInvitation(ctx: TenantCtx, id: string): Promise<void> {
  const { invitation: before } = await openInvitation(ctx, id);
  const after = await repo.updateInvitation(ctx, id, { revokedAt: ctx.platform.now() });
  await recordAudit(ctx, {
    entity: 'invitation',
    entityId: id,
    action: 'update',
    before: auditable(before),
    after: after ? auditable(after) : null,
  });
}

// ---------- the invitee's side: the link carries the only key, so these run in the system transaction ----------

type ByToken = NonNullable<Awaited<ReturnType<typeof repo.findInvitationByTokenHash>>>;

async function usableByToken(ctx: Ctx, token: string): Promise<ByToken> {
  const row = await repo.findInvitationByTokenHash(ctx, sha256(token));
  if (!row || row.invitation.revokedAt) throw new DomainError('INVITATION_NOT_FOUND');
  if (row.invitation.acceptedAt) throw new DomainError('INVITATION_USED');
  if (row.invitation.expiresAt <= ctx.platform.now())
    throw new DomainError('INVITATION_EXPIRED', { expired_at: row.invitation.expiresAt.toISOString() });
  return row;
}

/** What the confirmation page shows, and whether the invitee signs in (registered) or signs up. */
export async function previewInvitation(ctx: Ctx, token: string): Promise<InvitationPreview> {
  const { invitation: i, roleName, workspaceName } = await usableByToken(ctx, token);
  const user = await findUserByIdentifier(ctx, address(i));
  return {
    id: i.id,
    expired_at: i.expiresAt.toISOString(),
    invited_via: i.invitedVia,
    email: i.email,
    phone_number: i.phoneNumber,
    workspace_name: workspaceName,
    role_name: roleName,
    kind: i.kind,
    registered: user?.verifiedAt != null,
  };
}

/** Joins the invitation's workspace as `userId`; the invitee acts in that workspace from here on. */
async function join(ctx: Ctx, row: ByToken, userId: string): Promise<WorkspaceMembership> {
  const { invitation: i } = row;
  const tenant: TenantCtx = {
    ...ctx,
    actor: { userId, sessionFamilyId: ctx.actor?.sessionFamilyId ?? null },
    workspaceId: i.workspaceId,
    restriction: { base: 'BUSINESS', ids: [] },
  };
  const isDefault = (await members.countMembershipsOfUser(ctx, userId)) === 0;
  // The list was checked when inviting; an id deleted since then simply matches nothing, which never widens access.
  const membership = await insertMember(tenant, {
    userId,
    roleId: i.roleId,
    restrictionBase: i.restrictionBase,
    restrictionList: i.restrictionList,
    isDefault,
  });
  if (!(await repo.markAccepted(tenant, i.id, ctx.platform.now()))) throw new DomainError('INVITATION_USED');
  return {
    workspace_id: i.workspaceId,
    workspace_name: row.workspaceName,
    role_id: i.roleId,
    role_name: row.roleName,
    restriction_base: membership.restrictionBase,
    restriction_list: membership.restrictionList,
    is_default: membership.isDefault,
  };
}

/** A signed-in invitee accepts; the invitation must be for their own e-mail or phone. */
export async function acceptInvitation(ctx: SignedInCtx, token: string): Promise<{ workspace: WorkspaceMembership }> {
  const row = await usableByToken(ctx, token);
  const user = await getUser(ctx, ctx.actor.userId);
  const mine = row.invitation.invitedVia === 'email' ? user.email === row.invitation.email : user.phone === row.invitation.phoneNumber;
  if (!mine) throw new DomainError('INVITATION_MISMATCH');
  return { workspace: await join(ctx, row, user.id) };
}

/** An invitee without an account: creates it verified (the link proved the address), joins, and signs in. */
export async function registerByInvitation(
  ctx: Ctx,
  token: string,
  input: RegisterInvitationInput,
): Promise<{ issued: IssuedSession; workspace: WorkspaceMembership }> {
  const row = await usableByToken(ctx, token);
  const { invitation: i } = row;
  const user = await createInvitedUser(ctx, { type: i.invitedVia, value: address(i), name: input.name, password: input.password });
  const workspace = await join(ctx, row, user.id);
  return { issued: await issueSession(ctx, user.id), workspace };
}
