import { boolean, index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from '../../platform/db/columns.ts';
import type { PermissionMap } from '@kelola/contracts';
import { tenantPolicy, workspaceIdColumn } from '../../platform/db/tenancy.ts';

export const workspaces = pgTable(
  'workspaces',
  {
    id: uuid().primaryKey(),
    name: text().notNull(),
    createdAt: timestamptz().notNull().defaultNow(),
    updatedAt: timestamptz().notNull().defaultNow(),
  },
  () => [tenantPolicy('id')],
);

export const roles = pgTable(
  'roles',
  {
    id: uuid().primaryKey(),
    workspaceId: workspaceIdColumn().references(() => workspaces.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    isSystem: boolean().notNull().default(false),
    permissions: jsonb().$type<PermissionMap>().notNull().default({}),
    createdAt: timestamptz().notNull().defaultNow(),
    updatedAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [uniqueIndex('roles_workspace_name_key').on(t.workspaceId, t.name), tenantPolicy()],
);

export const memberships = pgTable(
  'memberships',
  {
    id: uuid().primaryKey(),
    workspaceId: workspaceIdColumn().references(() => workspaces.id, { onDelete: 'cascade' }),
    userId: uuid().notNull(),
    roleId: uuid()
      .notNull()
      .references(() => roles.id),
    restrictionBase: text().$type<'BUSINESS' | 'WAREHOUSE'>().notNull().default('BUSINESS'),
    restrictionList: uuid().array().notNull().default([]),
    isDefault: boolean().notNull().default(false),
    createdAt: timestamptz().notNull().defaultNow(),
    updatedAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('memberships_workspace_user_key').on(t.workspaceId, t.userId),
    index('memberships_user_idx').on(t.userId),
    tenantPolicy(),
  ],
);

export const invitations = pgTable(
  'invitations',
  {
    id: uuid().primaryKey(),
    workspaceId: workspaceIdColumn().references(() => workspaces.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull(),
    kind: text().$type<'user' | 'owner'>().notNull(),
    invitedVia: text().$type<'email' | 'phone'>().notNull(),
    email: text(),
    phoneNumber: text(),
    roleId: uuid()
      .notNull()
      .references(() => roles.id),
    restrictionBase: text().$type<'BUSINESS' | 'WAREHOUSE'>().notNull().default('BUSINESS'),
    restrictionList: uuid().array().notNull().default([]),
    invitedBy: uuid().notNull(),
    expiresAt: timestamptz().notNull(),
    acceptedAt: timestamptz(),
    revokedAt: timestamptz(),
    createdAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invitations_token_key').on(t.tokenHash),
    index('invitations_workspace_idx').on(t.workspaceId, t.createdAt.desc().nullsFirst()),
    tenantPolicy(),
  ],
);
