import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z, type ZodType } from 'zod';
import type { RouteRecord } from '../src/http/route.ts';
import { newWorkspace, TEST_PASSWORD, tokenFor, type Actor } from './factories.ts';
import { newChannel, newSku } from './inventory/helpers.ts';
import { buildTestApp, type TestApp } from './test-app.ts';
import { newWarehouse } from './workspaces/helpers.ts';

/**
 * Bad input sent to every route of the route table: whatever a client sends, the answer is never a 5xx
 * (ARCHITECTURE §4). Bodies are built from each route's own zod schema, so a new route is covered the day it lands.
 */

let app: TestApp;
let owner: Actor;
/** Real ids of the owner's workspace, used for fields of these names so that a body gets past "not found". */
let known: Record<string, string>;

beforeAll(async () => {
  app = await buildTestApp();
  owner = await newWorkspace(app);
  const warehouse = await newWarehouse(app, owner);
  const sku = await newSku(app, owner);
  const channel = await newChannel(app, owner);
  const post = async (url: string, payload: object) =>
    (await app.fastify.inject({ method: 'POST', url, headers: owner.headers, payload })).json().id as string;
  const category = await post('/api/categories', { name: 'Kategori Fuzz' });
  const brand = await post('/api/brands', { name: 'Merek Fuzz' });
  known = {
    business_id: owner.businessId,
    warehouse_id: warehouse.id,
    from_warehouse_id: warehouse.id,
    catalog_id: sku.id,
    product_id: sku.productId,
    channel_id: channel,
    category_id: category,
    brand_id: brand,
    province_code: '31',
    city_code: '31.73',
    district_code: '31.73.05',
    subdistrict_code: '31.73.05.1001',
  };
}, 60_000);
afterAll(async () => app?.close());

/** Values that pass the format rules of fields of these names, which a JSON schema cannot tell. */
const TEXT: Record<string, string> = {
  old_password: TEST_PASSWORD,
  password: 'Fuzz#2026Baru',
  password_confirmation: 'Fuzz#2026Baru',
  primary_color: '#4b7cf3',
  locale: 'id-ID',
  user: 'fuzz-invitee@example.id',
  npwp: '01.234.567.8-901.000',
  phone: '081234567890',
  slug: 'fuzz-slug',
  video_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
  file_name: 'fuzz.xlsx',
  area_code: '31.73',
  effective_from: '2026-11-20',
  effective_until: '2026-12-20',
  expression: '1000 + 1',
};

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minimum?: number;
  exclusiveMinimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  default?: unknown;
};

const jsonSchema = (schema: ZodType): JsonSchema =>
  z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', cycles: 'ref' }) as JsonSchema;

/** A plausible value for a JSON schema: every property filled (optional ones too), one item per array. */
function sample(schema: JsonSchema, key = '', depth = 0): unknown {
  if (depth > 8) return null;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const choice = schema.anyOf ?? schema.oneOf;
  if (choice) return sample(choice.find((s) => s.type !== 'null') ?? choice[0]!, key, depth + 1);
  if (schema.allOf?.[0]) return sample(schema.allOf[0], key, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, s]) => [k, sample(s, k, depth + 1)]));
    case 'array':
      return schema.items ? [sample(schema.items, key.replace(/s$/u, ''), depth + 1)] : [];
    case 'integer':
    case 'number':
      return Math.max(1, Math.ceil(schema.minimum ?? schema.exclusiveMinimum ?? 1));
    case 'boolean':
      return false;
    case 'string':
      if (known[key]) return known[key];
      if (schema.format === 'uuid') return randomUUID();
      if (schema.format === 'email') return `fuzz-${randomUUID().slice(0, 8)}@example.id`;
      if (schema.format === 'date') return '2026-11-20';
      if (schema.format === 'date-time') return '2026-11-20T10:00:00.000Z';
      if (schema.format === 'uri' || schema.format === 'url') return 'https://example.id/a.jpg';
      if (key in TEXT) return TEXT[key];
      return `fuzz_${randomUUID().slice(0, 8)}`.slice(0, Math.max(schema.maxLength ?? 13, schema.minLength ?? 1));
    default:
      return typeof schema.default === 'string' ? schema.default : 'Fuzz';
  }
}

type Path = (string | number)[];

/** Paths of the string values in a sample. */
function stringPaths(value: unknown, path: Path = []): Path[] {
  if (typeof value === 'string') return [path];
  if (Array.isArray(value)) return value.flatMap((v, i) => stringPaths(v, [...path, i]));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => stringPaths(v, [...path, k]));
  return [];
}

function withValue(value: unknown, path: Path, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>;
  copy[head!] = withValue(copy[head!], rest, replacement);
  return copy;
}

const fillParams = (url: string) =>
  url.replace(/:(\w+)/gu, (_m, name: string) => (name === 'catalog_id' ? known.catalog_id! : randomUUID()));

const writeRoutes = () =>
  app.router.routes.filter((r) => r.permission !== 'public' && ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method));

type Failure = { route: string; input: string; status: number; body: string };

/** Sends one request as the owner (a fresh session each time, so a route that signs out cannot end the run). */
async function send(route: RouteRecord, input: string, options: { payload?: string; url?: string; json?: boolean }, failures: Failure[]) {
  const token = await tokenFor(app, owner.userId);
  const res = await app.fastify.inject({
    method: route.method,
    url: options.url ?? fillParams(route.url),
    headers: {
      authorization: `Bearer ${token}`,
      'workspace-id': owner.workspaceId,
      ...(options.json === false ? {} : { 'content-type': 'application/json' }),
    },
    ...(options.payload === undefined ? {} : { payload: options.payload }),
  });
  if (res.statusCode >= 500)
    failures.push({ route: `${route.method} ${route.url}`, input, status: res.statusCode, body: res.body.slice(0, 300) });
  return res;
}

/**
 * A sample of the route's body that its schema accepts where possible: properties the schema refuses (optional
 * parts that do not fit together, such as variants on a single product) are dropped one by one.
 */
function sampleBody(route: RouteRecord): unknown {
  if (!route.body) return {};
  let body = sample(jsonSchema(route.body));
  for (let attempt = 0; attempt < 10; attempt++) {
    const result = route.body.safeParse(body);
    if (result.success || !body || typeof body !== 'object') break;
    const issues = result.error.issues.filter((i) => i.path.length > 0);
    if (issues.length === 0) break;
    const [head, ...rest] = issues[0]!.path as Path;
    body = rest.length === 0 || Array.isArray(body) ? without(body, [head!]) : without(body, issues[0]!.path as Path);
  }
  return body;
}

function without(value: unknown, path: Path): unknown {
  if (!value || typeof value !== 'object') return value;
  const [head, ...rest] = path;
  if (rest.length === 0) {
    if (Array.isArray(value)) return value.filter((_, i) => i !== head);
    return Object.fromEntries(Object.entries(value).filter(([k]) => k !== head));
  }
  const copy = (Array.isArray(value) ? [...value] : { ...value }) as Record<string | number, unknown>;
  copy[head!] = without(copy[head!], rest);
  return copy;
}

describe('bad input to every signed-in write route never gets a 5xx', () => {
  it('an empty body and bodies of the wrong type', async () => {
    const failures: Failure[] = [];
    const routes = writeRoutes();
    expect(routes.length).toBeGreaterThan(50);
    for (const route of routes) {
      await send(route, 'no body', { json: false }, failures);
      await send(route, 'empty JSON body', { payload: '' }, failures);
      for (const payload of ['{}', '[]', '"text"', '42', 'null', 'true']) await send(route, `body ${payload}`, { payload }, failures);
    }
    expect(failures).toEqual([]);
  }, 300_000);

  it('a 1 MB string in each string field of the body', async () => {
    const failures: Failure[] = [];
    const big = 'x'.repeat(1024 * 1024);
    for (const route of writeRoutes().filter((r) => r.body)) {
      const body = sampleBody(route);
      for (const path of stringPaths(body))
        await send(route, `1 MB at ${path.join('.')}`, { payload: JSON.stringify(withValue(body, path, big)) }, failures);
    }
    expect(failures).toEqual([]);
  }, 300_000);
});

/** Paths of the number values in a sample. */
function numberPaths(value: unknown, path: Path = []): Path[] {
  if (typeof value === 'number') return [path];
  if (Array.isArray(value)) return value.flatMap((v, i) => numberPaths(v, [...path, i]));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => numberPaths(v, [...path, k]));
  return [];
}

describe('a number field of a write body takes only a JSON number', () => {
  it('true or [7] in each number field is a field error, never 1 or 7', async () => {
    const misses: Refusal[] = [];
    const failures: Failure[] = [];
    let cases = 0;
    for (const route of writeRoutes().filter((r) => r.body)) {
      const body = sampleBody(route);
      for (const path of numberPaths(body))
        for (const value of [true, [7]]) {
          const input = `${JSON.stringify(value)} at ${path.join('.')}`;
          const res = await send(route, input, { payload: JSON.stringify(withValue(body, path, value)) }, failures);
          expectRefused(res, path.join('.'), `${route.method} ${route.url}`, input, misses);
          cases++;
        }
    }
    expect(cases).toBeGreaterThan(20);
    expect(failures).toEqual([]);
    expect(misses).toEqual([]);
  }, 300_000);
});

/** PostgreSQL stores neither a NUL byte nor half of a UTF-16 surrogate pair in text or jsonb. */
const UNSTORABLE = { 'a NUL byte': 'a\u0000b', 'a lone surrogate': 'a\ud800b' } as const;

type Refusal = { route: string; input: string; status: number; body: string };

/** The answer is a 400 VALIDATION_FAILED whose field errors name the field, or the case goes on the list. */
function expectRefused(res: { statusCode: number; body: string }, field: string, label: string, input: string, misses: Refusal[]) {
  let named = false;
  try {
    const answer = JSON.parse(res.body) as { code?: string; details?: { fields?: { path: string }[] } };
    named = answer.code === 'VALIDATION_FAILED' && (answer.details?.fields ?? []).some((f) => f.path === field);
  } catch {
    // Not JSON: not a field error either.
  }
  if (res.statusCode !== 400 || !named) misses.push({ route: label, input, status: res.statusCode, body: res.body.slice(0, 200) });
}

describe('text PostgreSQL cannot store is refused at the edge with the field named', () => {
  it('in each string field of every signed-in write body', async () => {
    const misses: Refusal[] = [];
    const failures: Failure[] = [];
    let cases = 0;
    for (const route of writeRoutes().filter((r) => r.body)) {
      const body = sampleBody(route);
      for (const path of stringPaths(body))
        for (const [name, text] of Object.entries(UNSTORABLE)) {
          const input = `${name} at ${path.join('.')}`;
          const res = await send(route, input, { payload: JSON.stringify(withValue(body, path, text)) }, failures);
          expectRefused(res, path.join('.'), `${route.method} ${route.url}`, input, misses);
          cases++;
        }
    }
    expect(cases).toBeGreaterThan(200);
    expect(failures).toEqual([]);
    expect(misses).toEqual([]);
  }, 300_000);

  it('in each text parameter of the query of every GET route', async () => {
    const misses: Refusal[] = [];
    const failures: Failure[] = [];
    const lists = app.router.routes.filter((r) => r.method === 'GET' && r.querystring);
    expect(lists.length).toBeGreaterThan(15);
    for (const route of lists) {
      const schema = jsonSchema(route.querystring!);
      for (const [key, property] of Object.entries(schema.properties ?? {})) {
        const types = [property, ...(property.anyOf ?? []), ...(property.oneOf ?? [])].map((p) => p.type).flat();
        if (!types.includes('string')) continue;
        const base = fillParams(route.url);
        // A query string carries bytes: %00 decodes to a NUL; a surrogate has no UTF-8 form, so its bytes never decode to one.
        const res = await send(route, `NUL in ?${key}`, { url: `${base}?${key}=a%00b`, json: false }, failures);
        expectRefused(res, key, `${route.method} ${route.url}`, `NUL in ?${key}`, misses);
        await send(route, `surrogate bytes in ?${key}`, { url: `${base}?${key}=a%ED%A0%80b`, json: false }, failures);
      }
    }
    expect(failures).toEqual([]);
    expect(misses).toEqual([]);
  }, 300_000);

  it('in a path parameter and in the headers that carry ids', async () => {
    const misses: Refusal[] = [];
    const route = app.router.routes.find((r) => r.method === 'GET' && r.url === '/api/warehouses/:id')!;
    expectRefused(
      await app.fastify.inject({ method: 'GET', url: '/api/warehouses/a%00b', headers: owner.headers }),
      'params.id',
      route.url,
      'NUL in :id',
      misses,
    );
    for (const header of ['workspace-id', 'business-id', 'warehouse-id']) {
      const res = await app.fastify.inject({
        method: 'GET',
        url: '/api/warehouses',
        headers: { ...owner.headers, [header]: `${owner.workspaceId.slice(0, 8)}\u0000` },
      });
      expectRefused(res, header, 'GET /api/warehouses', `NUL in ${header}`, misses);
    }
    expect(misses).toEqual([]);
  });

  it('a well-formed emoji (a surrogate pair) is text like any other', async () => {
    const res = await app.fastify.inject({
      method: 'POST',
      url: '/api/brands',
      headers: owner.headers,
      payload: { name: 'Kopi \u{1F600} Enak' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().name).toBe('Kopi \u{1F600} Enak');
  });
});
