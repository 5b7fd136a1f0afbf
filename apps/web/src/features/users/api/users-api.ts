import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BusinessList } from '@kelola/contracts/businesses';
import type { RestrictionBase } from '@kelola/contracts/me';
import type { WarehouseList } from '@kelola/contracts/warehouses';
import type {
  Invitation,
  InviteOwnerInput,
  InviteUserInput,
  Member,
  MemberUpdateInput,
  Role,
  RoleInput,
} from '@kelola/contracts/workspaces';
import { apiFetch } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useWorkspaceId } from '../../../lib/workspace-query.ts';

type Paged<T> = { items: T[]; page: number; size: number; total_row: number };

const users = queryKeys.users;
type WorkspaceId = string | null;

/** Query keys of user management; everything sits under `users` so one invalidation refreshes the screen. */
export const userKeys = {
  all: users.all,
  members: (workspaceId: WorkspaceId, params: Record<string, string | number>) => users.list(workspaceId, params),
  member: (workspaceId: WorkspaceId, id: string) => users.detail(workspaceId, id),
  roles: (workspaceId: WorkspaceId) => users.of(workspaceId, 'roles'),
  invitations: (workspaceId: WorkspaceId) => users.of(workspaceId, 'invitations'),
  restrictionOptions: (workspaceId: WorkspaceId, base: RestrictionBase) => users.of(workspaceId, 'restriction-options', base),
};

export const fetchMembers = (params: Record<string, string | number>) => apiFetch<Paged<Member>>('/users', { query: params });
export const fetchMember = (id: string) => apiFetch<Member>(`/users/${encodeURIComponent(id)}`);
export const fetchRoles = () => apiFetch<{ items: Role[] }>('/roles');
export const fetchInvitations = () => apiFetch<{ items: Invitation[] }>('/invitations');

export type RestrictionOption = { id: string; name: string };

/** Businesses or warehouses a member can be limited to (a workspace has tens, one page of 200 holds them). */
export async function fetchRestrictionOptions(base: RestrictionBase): Promise<RestrictionOption[]> {
  if (base === 'BUSINESS') {
    const list = await apiFetch<BusinessList>('/businesses', { businessId: null });
    return list.items.map((item) => ({ id: item.id, name: item.name }));
  }
  const list = await apiFetch<WarehouseList>('/warehouses', { query: { size: 200 }, businessId: null });
  return list.items.map((item) => ({ id: item.id, name: item.name }));
}

export function useMembers(params: Record<string, string | number>) {
  return useQuery({
    queryKey: userKeys.members(useWorkspaceId(), params),
    queryFn: () => fetchMembers(params),
    placeholderData: keepPreviousData,
  });
}

export function useMember(id: string | null) {
  return useQuery({ queryKey: userKeys.member(useWorkspaceId(), id ?? ''), queryFn: () => fetchMember(id ?? ''), enabled: Boolean(id) });
}

export function useRoles() {
  return useQuery({ queryKey: userKeys.roles(useWorkspaceId()), queryFn: async () => (await fetchRoles()).items });
}

export function useInvitations(enabled = true) {
  return useQuery({ queryKey: userKeys.invitations(useWorkspaceId()), queryFn: async () => (await fetchInvitations()).items, enabled });
}

export function useRestrictionOptions(base: RestrictionBase, enabled = true) {
  return useQuery({
    queryKey: userKeys.restrictionOptions(useWorkspaceId(), base),
    queryFn: () => fetchRestrictionOptions(base),
    enabled,
    staleTime: 60_000,
  });
}

/** A mutation of user management: invalidates every `users` key first, then runs the caller's onSuccess (STYLE rule 9). */
function useUsersMutation<TInput, TResult>(
  mutationFn: (input: TInput) => Promise<TResult>,
  onSuccess?: (result: TResult, input: TInput) => void,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (result, input) => {
      await queryClient.invalidateQueries({ queryKey: userKeys.all });
      onSuccess?.(result, input);
    },
  });
}

type Done<T, I> = { onSuccess?: (result: T, input: I) => void };

export const useUpdateMember = (id: string, options: Done<Member, MemberUpdateInput> = {}) =>
  useUsersMutation(
    (body: MemberUpdateInput) => apiFetch<Member>(`/users/${encodeURIComponent(id)}`, { method: 'PUT', body }),
    options.onSuccess,
  );

export const useRemoveMember = (options: Done<void, Member> = {}) =>
  useUsersMutation((member: Member) => apiFetch<void>(`/users/${encodeURIComponent(member.id)}`, { method: 'DELETE' }), options.onSuccess);

export const useInviteUser = (options: Done<Invitation, InviteUserInput> = {}) =>
  useUsersMutation((body: InviteUserInput) => apiFetch<Invitation>('/invitations', { method: 'POST', body }), options.onSuccess);

export const useInviteOwner = (options: Done<Invitation, InviteOwnerInput> = {}) =>
  useUsersMutation((body: InviteOwnerInput) => apiFetch<Invitation>('/invitations/owner', { method: 'POST', body }), options.onSuccess);

export const useResendInvitation = (options: Done<Invitation, Invitation> = {}) =>
  useUsersMutation(
    (invitation: Invitation) => apiFetch<Invitation>(`/invitations/${encodeURIComponent(invitation.id)}/resend`, { method: 'POST' }),
    options.onSuccess,
  );

export const useRevokeInvitation = (options: Done<void, Invitation> = {}) =>
  useUsersMutation(
    (invitation: Invitation) => apiFetch<void>(`/invitations/${encodeURIComponent(invitation.id)}`, { method: 'DELETE' }),
    options.onSuccess,
  );

export const useCreateRole = (options: Done<Role, RoleInput> = {}) =>
  useUsersMutation((body: RoleInput) => apiFetch<Role>('/roles', { method: 'POST', body }), options.onSuccess);

export const useUpdateRole = (options: Done<Role, { id: string; body: RoleInput }> = {}) =>
  useUsersMutation(
    ({ id, body }: { id: string; body: RoleInput }) => apiFetch<Role>(`/roles/${encodeURIComponent(id)}`, { method: 'PUT', body }),
    options.onSuccess,
  );

export const useDeleteRole = (options: Done<void, Role> = {}) =>
  useUsersMutation((role: Role) => apiFetch<void>(`/roles/${encodeURIComponent(role.id)}`, { method: 'DELETE' }), options.onSuccess);

/** Names of the businesses and warehouses that members' or invitations' restriction lists point at. */
export function useRestrictionNames(
  rows: readonly { restriction_base: RestrictionBase; restriction_list: string[] }[],
): ReadonlyMap<string, string> {
  const needs = (base: RestrictionBase) => rows.some((row) => row.restriction_base === base && row.restriction_list.length > 0);
  const businesses = useRestrictionOptions('BUSINESS', needs('BUSINESS'));
  const warehouses = useRestrictionOptions('WAREHOUSE', needs('WAREHOUSE'));
  return new Map([...(businesses.data ?? []), ...(warehouses.data ?? [])].map((option) => [option.id, option.name]));
}
