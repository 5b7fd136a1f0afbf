import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ROLE } from '../src/platform/db/tenancy.ts';
import { buildTestApp, type TestApp } from './test-app.ts';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => app?.close());

const query = async (text: string, values: unknown[] = []) => (await app.platform.database.query(text, values)).rows;

/**
 * Every table keyed by workspace (a `workspace_id` column, or `workspaces` itself by `id`) after the migrations, and
 * what is wrong with its row-level security. The app runs tenant queries as APP_ROLE, which owns no table, so RLS that
 * is enabled applies to it without FORCE (ARCHITECTURE §11); a table the role owned would need FORCE.
 */
async function tenancyProblems(): Promise<{ tables: string[]; problems: string[] }> {
  const tables = await query(
    `select c.table_schema as schema, c.table_name as name, c.column_name as key
       from information_schema.columns c
       join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where t.table_type = 'BASE TABLE'
        and c.table_schema not in ('pg_catalog', 'information_schema')
        and (c.column_name = 'workspace_id' or (c.table_schema = 'public' and c.table_name = 'workspaces' and c.column_name = 'id'))
      order by 1, 2`,
  );
  const role = (await query(`select rolsuper, rolbypassrls from pg_roles where rolname = $1`, [APP_ROLE]))[0];
  const problems: string[] = [];
  if (!role) problems.push(`role ${APP_ROLE} does not exist`);
  else if (role.rolsuper || role.rolbypassrls) problems.push(`role ${APP_ROLE} bypasses row-level security`);
  for (const { schema, name, key } of tables as { schema: string; name: string; key: string }[]) {
    const label = `${schema}.${name}`;
    const [rel] = await query(
      `select c.relrowsecurity as enabled, c.relforcerowsecurity as forced, pg_get_userbyid(c.relowner) as owner
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = $1 and c.relname = $2`,
      [schema, name],
    );
    if (!rel?.enabled) problems.push(`${label}: row-level security is not enabled`);
    if (rel && rel.owner === APP_ROLE && !rel.forced) problems.push(`${label}: owned by ${APP_ROLE} without FORCE ROW LEVEL SECURITY`);
    const policies = (await query(
      `select policyname, permissive, roles::text[] as roles, cmd, qual, with_check
         from pg_policies where schemaname = $1 and tablename = $2`,
      [schema, name],
    )) as { policyname: string; permissive: string; roles: string[]; cmd: string; qual: string | null; with_check: string | null }[];
    const scopes = (text: string | null) => text !== null && text.includes(key) && text.includes('app.workspace_id');
    const tenant = policies.find(
      (p) =>
        p.permissive === 'PERMISSIVE' &&
        p.cmd === 'ALL' &&
        (p.roles.includes(APP_ROLE) || p.roles.includes('public')) &&
        scopes(p.qual) &&
        scopes(p.with_check),
    );
    if (!tenant) problems.push(`${label}: no policy for ${APP_ROLE} on all commands scoping ${key} to app.workspace_id`);
  }
  return { tables: tables.map((t) => `${t.schema}.${t.name}`), problems };
}

describe('row-level security on every tenant table', () => {
  it('every table with a workspace_id column has RLS enabled and a tenant policy for the app role', async () => {
    const { tables, problems } = await tenancyProblems();
    // The check must see the tenant tables at all; these exist since the first migrations.
    expect(tables).toEqual(expect.arrayContaining(['public.workspaces', 'public.businesses', 'public.stock_balances']));
    expect(problems).toEqual([]);
  });

  it('names a table that someone forgot to protect, and one whose policy is not for the app role', async () => {
    await app.platform.database.exec(`
      create table guard_probe_bare (id uuid primary key, workspace_id uuid not null);
      create table guard_probe_other_role (id uuid primary key, workspace_id uuid not null);
      alter table guard_probe_other_role enable row level security;
      create policy tenant_isolation on guard_probe_other_role for all to current_user
        using (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid)
        with check (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid)`);
    try {
      const { problems } = await tenancyProblems();
      expect(problems).toEqual([
        'public.guard_probe_bare: row-level security is not enabled',
        `public.guard_probe_bare: no policy for ${APP_ROLE} on all commands scoping workspace_id to app.workspace_id`,
        `public.guard_probe_other_role: no policy for ${APP_ROLE} on all commands scoping workspace_id to app.workspace_id`,
      ]);
    } finally {
      await app.platform.database.exec('drop table guard_probe_bare; drop table guard_probe_other_role');
    }
  });
});
