import { sql } from 'drizzle-orm';
import { pgPolicy, pgRole, uuid } from 'drizzle-orm/pg-core';

/** The non-owner role every tenant transaction runs as, so row-level security applies (ARCHITECTURE §5, §11). */
export const APP_ROLE = 'kelola_app';
export const appRole = pgRole(APP_ROLE).existing();

const currentWorkspace = sql`nullif(current_setting('app.workspace_id', true), '')::uuid`;

/** The tenant key column; every tenant-owned table has it. */
export const workspaceIdColumn = () => uuid('workspace_id').notNull();

/** Row-level security policy: rows of other workspaces are invisible and cannot be written. */
export const tenantPolicy = (column = 'workspace_id') =>
  pgPolicy('tenant_isolation', {
    as: 'permissive',
    for: 'all',
    to: appRole,
    using: sql`${sql.identifier(column)} = ${currentWorkspace}`,
    withCheck: sql`${sql.identifier(column)} = ${currentWorkspace}`,
  });
