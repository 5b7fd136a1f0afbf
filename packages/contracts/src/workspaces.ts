import { z } from 'zod';
import { Session } from './auth.ts';
import { RestrictionBase, WorkspaceMembership } from './me.ts';
import { ACCESS_LEVELS, isMenuKey } from './menu.ts';
import { identifier, page, paged, password, requiredText, size, uuid } from './validation.ts';

// Roles, members and invitations of a workspace (spec parts 3, 6 and 7 "invitation").

/** READ or WRITE per menu key; a key the menu does not know is a field error on that key. */
export const PermissionsInput = z.record(z.string(), z.enum(ACCESS_LEVELS)).superRefine((value, ctx) => {
  for (const key of Object.keys(value)) if (!isMenuKey(key)) ctx.addIssue({ code: 'custom', path: [key], message: 'INVALID_VALUE' });
});

export const RoleInput = z.object({ name: requiredText(60), permissions: PermissionsInput });
export type RoleInput = z.infer<typeof RoleInput>;

export const RoleUpdateInput = RoleInput.partial();
export type RoleUpdateInput = z.infer<typeof RoleUpdateInput>;

export const Role = z.object({
  id: z.string(),
  name: z.string(),
  is_system: z.boolean(),
  permissions: z.record(z.string(), z.enum(ACCESS_LEVELS)),
  member_count: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Role = z.infer<typeof Role>;

export const RoleList = z.object({ items: z.array(Role) });

export const IdParams = z.object({ id: uuid });

/** How far a member reaches: all businesses/warehouses (empty list) or the listed ones. */
const restriction = {
  restriction_base: RestrictionBase.default('BUSINESS'),
  restriction_list: z.array(uuid).max(500, { error: 'TOO_BIG' }).default([]),
};

export const MEMBER_STATUSES = ['ACTIVE', 'UNVERIFIED'] as const;

export const Member = z.object({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  full_name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  role_id: z.string(),
  role_name: z.string(),
  is_owner: z.boolean(),
  restriction_base: RestrictionBase,
  restriction_list: z.array(z.string()),
  status: z.enum(MEMBER_STATUSES),
  joined_at: z.string(),
});
export type Member = z.infer<typeof Member>;

export const MemberQuery = z.object({
  q: z.string().trim().max(100).optional(),
  role_id: uuid.optional(),
  page,
  size,
});
export type MemberQuery = z.infer<typeof MemberQuery>;

export const MemberList = paged(Member);

export const MemberUpdateInput = z.object({ role_id: uuid, ...restriction });
export type MemberUpdateInput = z.infer<typeof MemberUpdateInput>;

export const INVITATION_KINDS = ['user', 'owner'] as const;
export const INVITATION_STATUSES = ['PENDING', 'EXPIRED'] as const;

export const InviteUserInput = z.object({ user: identifier, role_id: uuid, ...restriction });
export type InviteUserInput = z.infer<typeof InviteUserInput>;

export const InviteOwnerInput = z.object({ user: identifier });
export type InviteOwnerInput = z.infer<typeof InviteOwnerInput>;

/** An invitation as the workspace's user management sees it. */
export const Invitation = z.object({
  id: z.string(),
  kind: z.enum(INVITATION_KINDS),
  invited_via: z.enum(['email', 'phone']),
  email: z.string().nullable(),
  phone_number: z.string().nullable(),
  role_id: z.string(),
  role_name: z.string(),
  restriction_base: RestrictionBase,
  restriction_list: z.array(z.string()),
  status: z.enum(INVITATION_STATUSES),
  expired_at: z.string(),
  invited_by: z.string(),
  created_at: z.string(),
});
export type Invitation = z.infer<typeof Invitation>;

export const InvitationList = z.object({ items: z.array(Invitation) });

export const InvitationTokenParams = z.object({ token: z.string().min(20).max(200) });

/** `GET invitation/{token}` (spec part 7) plus what the confirmation page shows and which form it needs. */
export const InvitationPreview = z.object({
  id: z.string(),
  expired_at: z.string(),
  invited_via: z.enum(['email', 'phone']),
  email: z.string().nullable(),
  phone_number: z.string().nullable(),
  workspace_name: z.string(),
  role_name: z.string(),
  kind: z.enum(INVITATION_KINDS),
  registered: z.boolean(),
});
export type InvitationPreview = z.infer<typeof InvitationPreview>;

export const AcceptInvitationResult = z.object({ workspace: WorkspaceMembership });

/** An invitee without an account chooses a name and password; the invitation link proved the address. */
export const RegisterInvitationInput = z
  .object({ name: requiredText(100), password, password_confirmation: z.string() })
  .refine((v) => v.password === v.password_confirmation, { error: 'PASSWORD_MISMATCH', path: ['password_confirmation'] });
export type RegisterInvitationInput = z.infer<typeof RegisterInvitationInput>;

export const RegisterInvitationResult = Session.extend({ workspace: WorkspaceMembership });
