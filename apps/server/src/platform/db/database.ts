import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { drizzle as drizzlePg, NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { getTableColumns } from 'drizzle-orm';
import { PgTransaction, type PgColumn, type PgDatabase, type PgDialect, type PgQueryResultHKT, type PgTable } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { acquireDirLock } from './lock.ts';
import { isUuid } from './ids.ts';
import { APP_ROLE } from './tenancy.ts';

/** A drizzle handle: the root database or a transaction (which is a database too). */
export type Db = PgDatabase<PgQueryResultHKT, Record<string, never>>;

export type Database = {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** Raw SQL for libraries that bring their own queries (pg-boss). */
  query: (text: string, values?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;
  /** Several statements without parameters. */
  exec: (text: string) => Promise<void>;
  close: () => Promise<void>;
  /** The underlying client, for pg-boss's adapters. */
  client: { kind: 'pglite'; pglite: PGlite } | { kind: 'postgres'; pool: pg.Pool };
};

export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../migrations');

export type OpenOptions = {
  url?: string;
  dataDir?: string;
  poolSize?: number;
  inMemory?: boolean;
  /** An in-memory PGlite starts from this dump (`dumpDataDir`) instead of an empty cluster: the tests' migrated copy. */
  snapshot?: Blob;
};

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 20 });
    // An idle connection dropped by the server (restart, failover) must not crash the process; the next query
    // takes a fresh connection and real query errors still reach their caller.
    pool.on('error', () => {});
    const db = drizzlePg(pool, { casing: 'snake_case' }) as unknown as Db;
    return {
      kind: 'postgres',
      db,
      query: async (text, values) => pool.query(text, values as unknown[]),
      exec: async (text) => {
        await pool.query(text);
      },
      close: () => pool.end(),
      client: { kind: 'postgres', pool },
    };
  }
  // PGlite (its WebAssembly build: about 40 MB of a process's memory) is loaded only when it is the database (ADR 0044).
  const [{ PGlite }, { drizzle: drizzlePglite }] = await Promise.all([import('@electric-sql/pglite'), import('drizzle-orm/pglite')]);
  let release = () => {};
  let client: PGlite;
  if (options.snapshot) client = new PGlite({ loadDataDir: options.snapshot });
  else if (options.inMemory || !options.dataDir) client = new PGlite();
  else {
    const dir = path.join(options.dataDir, 'db');
    fs.mkdirSync(options.dataDir, { recursive: true });
    release = acquireDirLock(options.dataDir);
    client = new PGlite(dir);
  }
  await client.waitReady;
  const db = drizzlePglite(client, { casing: 'snake_case' }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    query: async (text, values) => client.query(text, values as unknown[]) as Promise<{ rows: Record<string, unknown>[] }>,
    exec: async (text) => {
      await client.exec(text);
    },
    close: async () => {
      await client.close();
      release();
    },
    client: { kind: 'pglite', pglite: client },
  };
}

/** Applies the committed migrations, then makes sure the app role exists and may use every table. */
export async function migrateDatabase(database: Database): Promise<void> {
  // The role is cluster-wide on a PostgreSQL server: several test databases may race to create it.
  await database.exec(`DO $$ BEGIN
    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${APP_ROLE}') THEN CREATE ROLE ${APP_ROLE} NOLOGIN; END IF;
  EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL; END $$`);
  if (database.kind === 'pglite') {
    const { migrate: migratePglite } = await import('drizzle-orm/pglite/migrator');
    await migratePglite(database.db as never, { migrationsFolder: MIGRATIONS_DIR });
  } else await migratePg(database.db as never, { migrationsFolder: MIGRATIONS_DIR });
  await database.exec(`GRANT USAGE ON SCHEMA public TO ${APP_ROLE};
    GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${APP_ROLE};
    GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO ${APP_ROLE}`);
  if (database.kind === 'postgres') {
    // The connecting user must be able to SET ROLE to the app role.
    await database.exec(`DO $$ BEGIN EXECUTE format('GRANT ${APP_ROLE} TO %I', current_user);
      EXCEPTION WHEN others THEN NULL; END $$`);
  }
}

/** Runs fn in a transaction whose queries see only one workspace's rows (row-level security as the app role). */
export async function inTenant<T>(db: Db, workspaceId: string, fn: (tx: Db) => Promise<T>): Promise<T> {
  const pool = (db as { $client?: unknown }).$client;
  if (pool instanceof pg.Pool) return pgTenantTransaction(db, pool, workspaceId, fn);
  return db.transaction(async (tx) => {
    // One round trip for both: set_config('role', …, true) is SET LOCAL ROLE, with the same membership check.
    await tx.execute(sql`select set_config('app.workspace_id', ${workspaceId}, true), set_config('role', ${APP_ROLE}, true)`);
    return fn(tx as unknown as Db);
  });
}

/**
 * inTenant on a PostgreSQL pool: BEGIN and the tenant settings travel in one message (the simple protocol takes no
 * parameters, so the workspace id is inlined after it is checked to be a uuid). Every tenant request saves a round
 * trip. fn gets drizzle's own transaction object on that connection, so nested transactions are savepoints as usual.
 */
async function pgTenantTransaction<T>(db: Db, pool: pg.Pool, workspaceId: string, fn: (tx: Db) => Promise<T>): Promise<T> {
  if (!isUuid(workspaceId)) throw new Error(`not a workspace id: ${workspaceId}`);
  const dialect = (db as unknown as { dialect: PgDialect }).dialect;
  const client = await pool.connect();
  // A statement of ours that fails (begin, rollback, commit) may leave the connection unusable: it is then discarded.
  let discard: Error | undefined;
  try {
    await client
      .query(`begin; select set_config('app.workspace_id', '${workspaceId}', true), set_config('role', '${APP_ROLE}', true)`)
      .catch((err: Error) => {
        throw (discard = err);
      });
    let result: T;
    try {
      result = await fn(new NodePgTransaction(dialect, new NodePgSession(client, dialect, undefined), undefined) as unknown as Db);
    } catch (error) {
      await client.query('rollback').catch((err: Error) => (discard = err));
      throw error;
    }
    await client.query('commit').catch((err: Error) => {
      throw (discard = err);
    });
    return result;
  } finally {
    client.release(discard);
  }
}

/** The statements each pooled connection has prepared (a TenantStatement's `name`). */
const preparedOn = new WeakMap<pg.PoolClient, Set<string>>();
/** Each TenantStatement's text with `$n` placeholders and the value names in their order, built once. */
const compiled = new Map<string, { text: string; order: string[] }>();

/**
 * A hot path's single statement: `build` writes it with `value(name)` wherever a value goes. It is built once with
 * placeholders for its text (cached under `name`), so a call only lists its values instead of building SQL.
 */
export type TenantStatement<V extends Record<string, unknown>> = {
  name: string;
  build: (value: (name: keyof V & string) => unknown) => SQL;
  /**
   * Plan every execution for its values (`plan_cache_mode = force_custom_plan`) instead of letting PostgreSQL settle
   * on a generic plan: for a statement whose best plan depends on its values (a search pattern, a deep offset).
   */
  customPlans?: boolean;
};

/**
 * One statement as a whole tenant transaction, for a hot path that is a single statement. On a PostgreSQL pool it
 * is ONE message: the tenant settings and the statement, which the server runs as one implicit transaction (all or
 * nothing; the SET LOCALs end with it), instead of three round trips. The simple protocol that carries several
 * statements takes no parameters, so the statement is PREPAREd once per connection under its `name` (parsed and
 * planned once) and EXECUTEd with its values inlined as literals by the driver's own escaping. On PGlite it is
 * inTenant with one execute.
 */
export async function tenantStatement<R extends Record<string, unknown>, V extends Record<string, unknown>>(
  db: Db,
  workspaceId: string,
  statement: TenantStatement<V>,
  values: V,
): Promise<R[]> {
  const pool = (db as { $client?: unknown }).$client;
  if (!(pool instanceof pg.Pool))
    return inTenant(
      db,
      workspaceId,
      async (tx) => ((await tx.execute(statement.build((name) => values[name]))) as unknown as { rows: R[] }).rows,
    );
  if (!isUuid(workspaceId)) throw new Error(`not a workspace id: ${workspaceId}`);
  const { name } = statement;
  let query = compiled.get(name);
  if (!query) {
    if (!/^[a-z_][a-z0-9_]*$/u.test(name)) throw new Error(`not a statement name: ${name}`);
    const built = (db as unknown as { dialect: PgDialect }).dialect.sqlToQuery(statement.build((key) => sql.placeholder(key)));
    query = { text: built.sql, order: built.params.map((param) => (param as { name: string }).name) };
    compiled.set(name, query);
  }
  const client = await pool.connect();
  let discard: Error | undefined;
  try {
    const prepared = preparedOn.get(client) ?? new Set<string>();
    preparedOn.set(client, prepared);
    if (!prepared.has(name)) {
      await client.query(`prepare ${name} as ${query.text}`).catch((err: Error) => {
        throw (discard = err);
      });
      prepared.add(name);
    }
    const literal = (value: unknown): string => {
      if (value === null || value === undefined) return 'null';
      if (typeof value === 'number' || typeof value === 'bigint') return String(value);
      if (typeof value === 'boolean') return value ? 'true' : 'false';
      if (value instanceof Date) return client.escapeLiteral(value.toISOString());
      // A list (an `= any($n::uuid[])`): PostgreSQL's array text with every element quoted, then escaped as one literal.
      if (Array.isArray(value))
        return client.escapeLiteral(`{${value.map((v) => `"${String(v).replace(/["\\]/gu, (m) => `\\${m}`)}"`).join(',')}}`);
      return client.escapeLiteral(String(value));
    };
    const args = query.order.length > 0 ? `(${query.order.map((key) => literal(values[key])).join(', ')})` : '';
    // SET LOCAL answers with no row to describe or parse (the workspace id was checked as a UUID above). A failed
    // statement ends the implicit transaction with nothing written and the connection idle again.
    const settings = `set local app.workspace_id = '${workspaceId}'; set local role ${APP_ROLE}${statement.customPlans ? '; set local plan_cache_mode = force_custom_plan' : ''}`;
    const results = (await client.query(`${settings}; execute ${name}${args}`)) as unknown as pg.QueryResult<R>[];
    return results[results.length - 1]!.rows;
  } finally {
    client.release(discard);
  }
}

/**
 * A tenant read that is one statement (a list page with its counts, ADR 0055): inside a transaction already (`db` is
 * one: a flow or a seed that wrote first) it runs there, with its values as parameters; on the root handle it is
 * `tenantStatement`'s single message. The route of such a read skips the request transaction (`transaction: false`).
 */
export async function tenantRead<R extends Record<string, unknown>, V extends Record<string, unknown>>(
  db: Db,
  workspaceId: string,
  statement: TenantStatement<V>,
  values: V,
): Promise<R[]> {
  if (db instanceof PgTransaction) return ((await db.execute(statement.build((name) => values[name]))) as unknown as { rows: R[] }).rows;
  return tenantStatement<R, V>(db, workspaceId, statement, values);
}

/** Runs fn in a transaction as the owner: for global tables (users, sessions) and cross-tenant look-ups by token. */
export async function inSystem<T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => fn(tx as unknown as Db));
}

/**
 * One read statement outside any transaction, as the owner (no tenant settings): a hot signed-in read of global and
 * several workspaces' rows whose SQL filters by workspace itself (`GET /api/me`, ADR 0043). On a PostgreSQL pool it
 * is a named prepared statement (parsed and planned once per connection by the driver, then one Bind/Execute per
 * call; named `sys_<name>`, so it never meets a tenantStatement's PREPARE of the same name); on PGlite a plain
 * execute. Values travel as parameters, never in the text.
 */
export async function systemStatement<R extends Record<string, unknown>, V extends Record<string, unknown>>(
  db: Db,
  statement: TenantStatement<V>,
  values: V,
): Promise<R[]> {
  const pool = (db as { $client?: unknown }).$client;
  if (!(pool instanceof pg.Pool)) return ((await db.execute(statement.build((name) => values[name]))) as unknown as { rows: R[] }).rows;
  const key = `system:${statement.name}`;
  let query = compiled.get(key);
  if (!query) {
    if (!/^[a-z_][a-z0-9_]*$/u.test(statement.name)) throw new Error(`not a statement name: ${statement.name}`);
    const built = (db as unknown as { dialect: PgDialect }).dialect.sqlToQuery(statement.build((name) => sql.placeholder(name)));
    query = { text: built.sql, order: built.params.map((param) => (param as { name: string }).name) };
    compiled.set(key, query);
  }
  const result = await pool.query<R>({ name: `sys_${statement.name}`, text: query.text, values: query.order.map((name) => values[name]) });
  return result.rows;
}

/**
 * `column = any($1::type[])`: a list of values as ONE array parameter, for the long lists of a batch (ADR 0056).
 * Drizzle's `inArray` makes a parameter of each value, builds and sends them one by one and gives PostgreSQL a new
 * statement text for every list length; with hundreds of values a batch's look-ups cost more in Node than in
 * PostgreSQL. The planner still sees the array's length.
 */
export const anyOf = (column: AnyColumn | SQL, values: readonly string[], type: 'uuid' | 'text'): SQL =>
  sql`${column} = any(${sql.param([...values])}::${sql.raw(type)}[])`;

/**
 * Writes one module hands another to run at the start of the other's statement (ADR 0056: the order import's counts
 * ahead of the stock batch's locks, one round trip): data-modifying CTEs (`ctes`, first in a WITH list, each with
 * RETURNING) and a condition (`done`) on them; a later CTE whose `where` holds `done` runs after them (PostgreSQL
 * evaluates such a condition once, before the CTE reads its first row).
 */
export type LeadingWrites = { ctes: SQL; done: SQL };

/**
 * Many rows into one table in one statement with one parameter: the rows as a JSON array that PostgreSQL expands
 * (`json_populate_recordset`), for set-based writes of thousands of rows (the product import, ADR 0043). A multi-row
 * VALUES through the query builder costs a parameter and several objects per cell; here Node only serialises JSON.
 * The columns written are the keys the rows carry (the others take their defaults); money (bigint) travels as its
 * decimal text, dates as ISO text, jsonb columns as nested JSON. Runs in the caller's transaction, under its RLS.
 */
export async function insertJsonRows<T extends PgTable>(db: Db, table: T, rows: Partial<T['$inferInsert']>[]): Promise<void> {
  const insert = jsonRowsInsert(db, table, rows);
  if (insert) await db.execute(insert);
}

/**
 * `insertJsonRows`' statement without running it (null for no rows), for a caller that writes several tables in one
 * statement (each insert a data-modifying CTE: one round trip instead of one per table).
 */
export function jsonRowsInsert<T extends PgTable>(
  db: Db,
  table: T,
  rows: readonly Partial<T['$inferInsert']>[],
  common: Partial<T['$inferInsert']> = {},
): SQL | null {
  if (rows.length === 0) return null;
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  // The dialect's own column naming (the app's snake_case casing), as its queries name the columns.
  const { casing } = (db as unknown as { dialect: { casing: { getColumnCasing: (column: unknown) => string } } }).dialect;
  // The columns written are every key some row (or `common`) carries, null or not (ADR 0056). A column whose value
  // is the same in every row travels once, with `common`, in one JSON object (ADR 0061): the workspace, the channel,
  // the zero amounts of a batch of orders. The rows carry the others under short keys ("0", "1" …, the position
  // in the column list) read by `json_to_recordset` with the columns' own types, and a null is left out (a key a
  // row lacks is null): no column name repeated in every row, no record of the whole table built per row.
  type Key = { key: string; first: unknown; same: boolean; rows: number };
  const found = new Map<string, Key>();
  const keys: Key[] = [];
  const sharedValues: Record<string, unknown> = {};
  for (const key in common) if (columns[key] !== undefined) sharedValues[key] = common[key as keyof typeof common];
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r] as Record<string, unknown>;
    for (const key in row) {
      let entry = found.get(key);
      if (entry === undefined) {
        if (columns[key] === undefined || key in sharedValues) continue;
        entry = { key, first: row[key], same: true, rows: 0 };
        // A key first seen after row 0: the rows before it are null.
        if (r > 0 && row[key] != null) entry.same = false;
        found.set(key, entry);
        keys.push(entry);
      } else if (entry.same && !sameValue(entry.first, row[key])) entry.same = false;
      entry.rows += 1;
    }
  }
  const own: Key[] = [];
  for (const entry of keys) {
    if (entry.same && (entry.rows === rows.length || entry.first == null)) sharedValues[entry.key] = entry.first ?? null;
    else own.push(entry);
  }
  const names = own.map((_entry, i) => `"${i}"`);
  const parts = new Array<string>(rows.length);
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r] as Record<string, unknown>;
    let out = '';
    for (let i = 0; i < own.length; i++) {
      const value = row[own[i]!.key];
      if (value === undefined || value === null) continue;
      out += `${out === '' ? '' : ','}${names[i]}:${jsonValue(value)}`;
    }
    parts[r] = `{${out}}`;
  }
  const sharedKeys = Object.keys(sharedValues);
  let shared = '';
  for (const key of sharedKeys) {
    const value = sharedValues[key];
    shared += `${shared === '' ? '' : ','}${JSON.stringify(casing.getColumnCasing(columns[key]))}:${value == null ? 'null' : jsonValue(value)}`;
  }
  const target = sql.join(
    [...own.map((entry) => entry.key), ...sharedKeys].map((key) => sql.identifier(casing.getColumnCasing(columns[key]))),
    sql`, `,
  );
  const values = sql.join(
    [
      ...own.map((_entry, i) => sql`r.${sql.identifier(String(i))}`),
      ...sharedKeys.map((key) => sql`c.${sql.identifier(casing.getColumnCasing(columns[key]))}`),
    ],
    sql`, `,
  );
  const definitions = sql.raw(own.map((entry, i) => `"${i}" ${columns[entry.key]!.getSQLType()}`).join(', '));
  const from =
    own.length === 0
      ? sql`generate_series(1, ${rows.length}::integer) r`
      : sql`json_to_recordset(${`[${parts.join(',')}]`}::json) as r(${definitions})`;
  return sharedKeys.length === 0
    ? sql`insert into ${table} (${target}) select ${values} from ${from}`
    : sql`insert into ${table} (${target}) select ${values} from ${from} cross join json_populate_record(null::${table}, ${`{${shared}}`}::json) c`;
}

/** Whether two values of a column are the same (dates by their instant). */
function sameValue(x: unknown, y: unknown): boolean {
  if (x === y) return true;
  if (x == null || y == null) return x == null && y == null;
  if (x instanceof Date && y instanceof Date) return x.getTime() === y.getTime();
  return false;
}

/** A value as JSON; money (bigint) as its decimal text, also inside a jsonb value. */
function jsonValue(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value);
    case 'number':
      return Number.isFinite(value) ? String(value) : 'null';
    case 'boolean':
      return value ? 'true' : 'false';
    case 'bigint':
      return `"${value.toString()}"`;
    default:
      try {
        return JSON.stringify(value) ?? 'null';
      } catch {
        return JSON.stringify(value, (_key, inner: unknown) => (typeof inner === 'bigint' ? inner.toString() : inner)) ?? 'null';
      }
  }
}
