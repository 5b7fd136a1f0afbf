import type { KelolaModule } from '../../http/context.ts';
import { registerWorkspaceRoutes } from './workspaces.routes.ts';
export { forgetWorkspaceAccess, resolveAccess, resolveAccessCached, type Access } from './workspaces.access.ts';
export { createWorkspace, listUserWorkspaces, pickActiveWorkspace, setDefaultWorkspace } from './workspaces.service.ts';
export { userWorkspacesJsonSql } from './workspaces.service.ts';
export { buildMenu } from './workspaces.menu.ts';
export { addMember, type NewMember } from './members.service.ts';

/** Workspaces, members, roles and invitations. */
export const workspacesModule: KelolaModule = { name: 'workspaces', routes: registerWorkspaceRoutes };
