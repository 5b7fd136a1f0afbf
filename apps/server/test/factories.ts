import { randomBytes } from 'node:crypto';
import type { MenuKey, Access } from '@kelola/contracts';
import { createBusiness } from '../src/modules/businesses/index.ts';
import { users } from '../src/modules/identity/identity.schema.ts';
import { hashPassword, issueSession } from '../src/modules/identity/index.ts';
import { createWorkspace } from '../src/modules/workspaces/index.ts';
import { roles, memberships } from '../src/modules/workspaces/workspaces.schema.ts';
import { inSystem } from '../src/platform/db/database.ts';
import { uuidv7 } from '../src/platform/db/ids.ts';
import { systemCtx, tenantCtxFor } from '../src/platform/system-ctx.ts';
import type { TestApp } from './test-app.ts';

export const TEST_PASSWORD = 'Rahasia#2026';

export type Actor = {
  userId: string;
  email: string;
  token: string;
  workspaceId: string;
  businessId: string;
  /** Headers for API calls in the workspace. */
  headers: Record<string, string>;
};

const unique = () => randomBytes(5).toString('hex');

/** A verified user with a password. */
export async function newUser(app: Pick<TestApp, 'platform'>, overrides: { email?: string; firstName?: string } = {}) {
  const id = uuidv7();
  const email = overrides.email ?? `user-${unique()}@example.id`;
  await app.platform.database.db.insert(users).values({
    id,
    email,
    firstName: overrides.firstName ?? 'Tester',
    lastName: unique(),
    passwordHash: await hashPassword(TEST_PASSWORD),
    typeRegister: 'email',
    verifiedAt: new Date(),
  });
  return { id, email };
}

export async function tokenFor(app: TestApp, userId: string): Promise<string> {
  return inSystem(app.platform.database.db, async (db) => (await issueSession(systemCtx(app.platform, db), userId)).session.access_token);
}

/** A new workspace with its owner signed in and one business. */
export async function newWorkspace(app: Pick<TestApp, 'platform'>, name = `Toko ${unique()}`): Promise<Actor> {
  const user = await newUser(app);
  return inSystem(app.platform.database.db, async (db) => {
    const ctx = systemCtx(app.platform, db);
    const { workspaceId } = await createWorkspace(ctx, { name, ownerUserId: user.id, isDefault: true });
    const business = await createBusiness(tenantCtxFor(ctx, workspaceId, user.id), { name: `${name} Bisnis` });
    const token = (await issueSession(ctx, user.id)).session.access_token;
    return {
      userId: user.id,
      email: user.email,
      token,
      workspaceId,
      businessId: business.id,
      headers: { authorization: `Bearer ${token}`, 'workspace-id': workspaceId },
    };
  });
}

/** Another member of the workspace with a custom role granting exactly these permissions. */
export async function newMember(app: TestApp, owner: Actor, permissions: Partial<Record<MenuKey, Access>>): Promise<Actor> {
  const user = await newUser(app);
  const roleId = uuidv7();
  const db = app.platform.database.db;
  await db.insert(roles).values({ id: roleId, workspaceId: owner.workspaceId, name: `Role ${unique()}`, permissions });
  await db.insert(memberships).values({ id: uuidv7(), workspaceId: owner.workspaceId, userId: user.id, roleId, isDefault: true });
  const token = await tokenFor(app, user.id);
  return {
    ...owner,
    userId: user.id,
    email: user.email,
    token,
    headers: { authorization: `Bearer ${token}`, 'workspace-id': owner.workspaceId },
  };
}
