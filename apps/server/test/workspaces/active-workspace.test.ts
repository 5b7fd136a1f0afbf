import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember } from '../../src/modules/workspaces/index.ts';
import { memberships } from '../../src/modules/workspaces/workspaces.schema.ts';
import { inSystem } from '../../src/platform/db/database.ts';
import { systemCtx, tenantCtxFor } from '../../src/platform/system-ctx.ts';
import { newWorkspace, type Actor } from '../factories.ts';
import { buildTestApp, type TestApp } from '../test-app.ts';
import { caller, expectError, roleIds } from './helpers.ts';

let app: TestApp;
let call: ReturnType<typeof caller>;
beforeAll(async () => {
  app = await buildTestApp();
  call = caller(app);
});
afterAll(async () => app?.close());

/** Makes `user` a Viewer of `workspace`, not as default. */
async function join(workspace: Actor, userId: string) {
  const ids = await roleIds(app, workspace);
  return inSystem(app.platform.database.db, (db) =>
    addMember(tenantCtxFor(systemCtx(app.platform, db), workspace.workspaceId, workspace.userId), {
      userId,
      roleId: ids.Viewer!,
      restrictionBase: 'BUSINESS',
      restrictionList: [],
      isDefault: false,
    }),
  );
}

/** A user with their own workspace (default) who also belongs to two more, joined later. */
async function userInThreeWorkspaces() {
  const user = await newWorkspace(app, 'Milik Sendiri');
  const second = await newWorkspace(app, 'Kedua');
  const third = await newWorkspace(app, 'Ketiga');
  await join(second, user.userId);
  await join(third, user.userId);
  const signedIn = { headers: { authorization: user.headers.authorization! } };
  return { user, second, third, signedIn };
}

const me = async (as: { headers: Record<string, string> }, query = '') => (await call('GET', `/api/me${query}`, as)).json();

describe('the active workspace of GET /api/me (spec part 4)', () => {
  it('is the requested one when the user belongs to it, by query or Workspace-Id header', async () => {
    const { second, third, signedIn } = await userInThreeWorkspaces();
    expect((await me(signedIn, `?workspace_id=${third.workspaceId}`)).workspace_id_active).toBe(third.workspaceId);
    const byHeader = await call('GET', '/api/me', { headers: { ...signedIn.headers, 'workspace-id': second.workspaceId } });
    expect(byHeader.json()).toMatchObject({
      workspace_id_active: second.workspaceId,
      workspace_id_active_name: 'Kedua',
      role_name: 'Viewer',
    });
  });

  it('else the default one', async () => {
    const { user, signedIn } = await userInThreeWorkspaces();
    const stranger = await newWorkspace(app);
    expect((await me(signedIn)).workspace_id_active).toBe(user.workspaceId);
    // A workspace the user does not belong to is ignored, never shown.
    expect((await me(signedIn, `?workspace_id=${stranger.workspaceId}`)).workspace_id_active).toBe(user.workspaceId);
  });

  it('follows a switch of the default workspace', async () => {
    const { user, third, signedIn } = await userInThreeWorkspaces();
    expect((await call('PUT', '/api/me/default-workspace', signedIn, { workspace_id: third.workspaceId })).statusCode).toBe(204);
    const body = await me(signedIn);
    expect(body.workspace_id_active).toBe(third.workspaceId);
    expect(
      body.user_workspaces.filter((w: { is_default: boolean }) => w.is_default).map((w: { workspace_id: string }) => w.workspace_id),
    ).toEqual([third.workspaceId]);
    const stranger = await newWorkspace(app);
    expectError(
      await call('PUT', '/api/me/default-workspace', signedIn, { workspace_id: stranger.workspaceId }),
      404,
      'WORKSPACE_NOT_FOUND',
    );
    expect((await me(signedIn)).workspace_id_active).toBe(third.workspaceId);
    expect((await me(signedIn, `?workspace_id=${user.workspaceId}`)).workspace_id_active).toBe(user.workspaceId);
  });

  it('else the first one joined', async () => {
    const { user, second, signedIn } = await userInThreeWorkspaces();
    await app.platform.database.db.update(memberships).set({ isDefault: false }).where(eq(memberships.userId, user.userId));
    const body = await me(signedIn);
    expect(body.workspace_id_active).toBe(user.workspaceId);
    // Without the first one, the next oldest is the active one.
    await app.platform.database.db.delete(memberships).where(eq(memberships.workspaceId, user.workspaceId));
    expect((await me(signedIn)).workspace_id_active).toBe(second.workspaceId);
  });

  it('is none for a user without any workspace', async () => {
    const { user, signedIn } = await userInThreeWorkspaces();
    await app.platform.database.db.delete(memberships).where(eq(memberships.userId, user.userId));
    expect(await me(signedIn)).toMatchObject({ workspace_id_active: null, user_workspaces: [], businessList: [], role_name: null });
  });
});

describe('the workspace list of GET /api/me', () => {
  it('holds each workspace once, oldest first, even after a repeated join', async () => {
    const { user, second, third, signedIn } = await userInThreeWorkspaces();
    await expect(join(second, user.userId)).rejects.toMatchObject({ code: 'MEMBER_ALREADY_EXISTS' });
    const invite = await call('POST', '/api/invitations', second, { user: user.email, role_id: (await roleIds(app, second)).Admin });
    expectError(invite, 409, 'MEMBER_ALREADY_EXISTS');
    const ids = (await me(signedIn)).user_workspaces.map((w: { workspace_id: string }) => w.workspace_id);
    expect(ids).toEqual([user.workspaceId, second.workspaceId, third.workspaceId]);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
