import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Session } from '@kelola/contracts/auth';
import type { WorkspaceMembership } from '@kelola/contracts/me';
import type { InvitationPreview, RegisterInvitationInput } from '@kelola/contracts/workspaces';
import { apiFetch } from '../../../lib/api-client.ts';
import { setAccessToken, setStoredWorkspaceId } from '../../../lib/auth-session.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export type AcceptResult = { workspace: WorkspaceMembership };
export type RegisterResult = Session & { workspace: WorkspaceMembership };

/** The invitee is not acting in any workspace yet: no Workspace-Id or Business-Id from a previous session. */
const outsideWorkspace = { workspaceId: null, businessId: null } as const;
const path = (token: string, action = '') => `/invitations/${encodeURIComponent(token)}${action}`;

export const invitationKeys = {
  // An invitation is read before the invitee belongs to any workspace.
  preview: (token: string) => queryKeys.invitations.of(null, 'preview', token),
};

export const fetchInvitation = (token: string) => apiFetch<InvitationPreview>(path(token), { auth: false, ...outsideWorkspace });
export const acceptInvitation = (token: string) => apiFetch<AcceptResult>(path(token, '/accept'), { method: 'POST', ...outsideWorkspace });
export const registerByInvitation = (token: string, body: RegisterInvitationInput) =>
  apiFetch<RegisterResult>(path(token, '/register'), { method: 'POST', body, auth: false, ...outsideWorkspace });

/** GET invitation/{token} (spec part 7): who is invited, to which workspace and role. */
export function useInvitationPreview(token: string) {
  return useQuery({ queryKey: invitationKeys.preview(token), queryFn: () => fetchInvitation(token), staleTime: 0 });
}

/** Where the invitee lands: the dashboard of the workspace just joined. */
export const workspaceHome = (workspaceId: string) => `/dashboard?workspace_id=${encodeURIComponent(workspaceId)}`;

/** A signed-in invitee joins; the joined workspace becomes the active one. */
export function useAcceptInvitation(token: string, options: { onSuccess?: (result: AcceptResult) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => acceptInvitation(token),
    onSuccess: async (result) => {
      setStoredWorkspaceId(result.workspace.workspace_id);
      await queryClient.invalidateQueries({ queryKey: queryKeys.me.all });
      options.onSuccess?.(result);
    },
  });
}

/** An invitee without an account signs up through the link and is signed in at once. */
export function useRegisterByInvitation(token: string, options: { onSuccess?: (result: RegisterResult) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RegisterInvitationInput) => registerByInvitation(token, body),
    onSuccess: async (result) => {
      setAccessToken(result.access_token);
      setStoredWorkspaceId(result.workspace.workspace_id);
      await queryClient.invalidateQueries({ queryKey: queryKeys.me.all });
      options.onSuccess?.(result);
    },
  });
}
