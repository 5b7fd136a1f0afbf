import {
  AcceptInvitationResult,
  IdParams,
  Invitation,
  InvitationList,
  InvitationPreview,
  InvitationTokenParams,
  InviteOwnerInput,
  InviteUserInput,
  Member,
  MemberList,
  MemberQuery,
  MemberUpdateInput,
  RegisterInvitationInput,
  RegisterInvitationResult,
  Role,
  RoleInput,
  RoleList,
  RoleUpdateInput,
} from '@kelola/contracts';
import { setRefreshCookie } from '../../http/refresh-cookie.ts';
import type { Router } from '../../http/route.ts';
import * as invitations from './invitations.service.ts';
import * as members from './members.service.ts';
import * as roles from './roles.service.ts';

const READ = ['user-management', 'READ'] as const;
const WRITE = ['user-management', 'WRITE'] as const;

/** User management: roles, members and invitations of the active workspace, and the invitee's confirmation. */
export function registerWorkspaceRoutes({ route }: Router): void {
  const tags = ['user-management'];

  route({ method: 'GET', url: '/api/roles', permission: READ, tags, response: RoleList }, async (ctx) => ({
    items: await roles.listRoles(ctx),
  }));
  route({ method: 'GET', url: '/api/roles/:id', permission: READ, tags, params: IdParams, response: Role }, (ctx, { params }) =>
    roles.getRole(ctx, params.id),
  );
  route({ method: 'POST', url: '/api/roles', permission: WRITE, tags, body: RoleInput, response: Role, status: 201 }, (ctx, { body }) =>
    roles.createRole(ctx, body),
  );
  route(
    { method: 'PUT', url: '/api/roles/:id', permission: WRITE, tags, params: IdParams, body: RoleUpdateInput, response: Role },
    (ctx, { params, body }) => roles.updateRole(ctx, params.id, body),
  );
  route({ method: 'DELETE', url: '/api/roles/:id', permission: WRITE, tags, params: IdParams }, (ctx, { params }) =>
    roles.deleteRole(ctx, params.id),
  );

  route({ method: 'GET', url: '/api/users', permission: READ, tags, querystring: MemberQuery, response: MemberList }, (ctx, { query }) =>
    members.listMembers(ctx, query),
  );
  route({ method: 'GET', url: '/api/users/:id', permission: READ, tags, params: IdParams, response: Member }, (ctx, { params }) =>
    members.getMember(ctx, params.id),
  );
  route(
    { method: 'PUT', url: '/api/users/:id', permission: WRITE, tags, params: IdParams, body: MemberUpdateInput, response: Member },
    (ctx, { params, body }) => members.updateMember(ctx, params.id, body),
  );
  route({ method: 'DELETE', url: '/api/users/:id', permission: WRITE, tags, params: IdParams }, (ctx, { params }) =>
    members.removeMember(ctx, params.id),
  );

  route({ method: 'GET', url: '/api/invitations', permission: READ, tags, response: InvitationList }, async (ctx) => ({
    items: await invitations.listInvitations(ctx),
  }));
  route(
    { method: 'POST', url: '/api/invitations', permission: WRITE, tags, body: InviteUserInput, response: Invitation, status: 201 },
    (ctx, { body }) => invitations.inviteUser(ctx, body),
  );
  route(
    { method: 'POST', url: '/api/invitations/owner', permission: WRITE, tags, body: InviteOwnerInput, response: Invitation, status: 201 },
    (ctx, { body }) => invitations.inviteOwner(ctx, body),
  );
  route(
    { method: 'POST', url: '/api/invitations/:id/resend', permission: WRITE, tags, params: IdParams, response: Invitation },
    (ctx, { params }) => invitations.resendInvitation(ctx, params.id),
  );
  route({ method: 'DELETE', url: '/api/invitations/:id', permission: WRITE, tags, params: IdParams }, (ctx, { params }) =>
    invitations.revokeInvitation(ctx, params.id),
  );

  const invitee = ['invitation'];
  route(
    {
      method: 'GET',
      url: '/api/invitations/:token',
      permission: 'public',
      tags: invitee,
      params: InvitationTokenParams,
      response: InvitationPreview,
    },
    (ctx, { params }) => invitations.previewInvitation(ctx, params.token),
  );
  route(
    {
      method: 'POST',
      url: '/api/invitations/:token/accept',
      permission: 'authenticated',
      tags: invitee,
      params: InvitationTokenParams,
      response: AcceptInvitationResult,
    },
    (ctx, { params }) => invitations.acceptInvitation(ctx, params.token),
  );
  route(
    {
      method: 'POST',
      url: '/api/invitations/:token/register',
      permission: 'public',
      tags: invitee,
      params: InvitationTokenParams,
      body: RegisterInvitationInput,
      response: RegisterInvitationResult,
    },
    async (ctx, { params, body, reply }) => {
      const { issued, workspace } = await invitations.registerByInvitation(ctx, params.token, body);
      return { ...setRefreshCookie(ctx.config, reply, issued), workspace };
    },
  );
}
