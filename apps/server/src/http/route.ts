import { allows, type Access, type MenuKey, type PermissionMap } from '@kelola/contracts';
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z, ZodType } from 'zod';
import { inSystem, inTenant, type Db } from '../platform/db/database.ts';
import { inRequestTransaction } from '../platform/db/request-transaction.ts';
import { isUuid } from '../platform/db/ids.ts';
import { DomainError } from '../platform/errors.ts';
import { localeFrom } from '../platform/i18n/translate.ts';
import { systemCtx } from '../platform/system-ctx.ts';
import type { Platform } from '../platform/platform.ts';
import type { Actor, Ctx, Permission, PublicCtx, Restriction, SignedInCtx, TenantCtx } from './context.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Schemas = {
  body?: ZodType;
  querystring?: ZodType;
  params?: ZodType;
  response?: ZodType;
};
type Out<T> = T extends ZodType ? z.output<T> : undefined;

/** A JSON answer's text, built by its handler in the shape and key order of `T` (a route's `prebuiltJson`). */
export type JsonText<T> = string & { readonly __json: T };

export type RouteDef<S extends Schemas, P extends Permission = Permission> = S & {
  method: Method;
  url: string;
  /** Mandatory: a menu key with READ or WRITE, 'member', 'authenticated' (any signed-in user) or 'public'. */
  permission: P;
  summary?: string;
  tags?: string[];
  /** Success status; 204 is sent when the handler returns nothing. */
  status?: number;
  /** Largest body this route accepts, in bytes, when it needs more than the app's default (uploads). */
  bodyLimit?: number;
  /**
   * Skips the request transaction: public routes that touch no data (liveness), and signed-in reads whose queries
   * need no common snapshot (`GET /api/me`), which then run each on a pooled connection of their own, in parallel.
   * On a tenant GET the handler's `ctx.db` is then the root handle, outside row-level security: such a route reads
   * through `tenantRead`/`tenantStatement` (one statement, the tenant settings in the same message) or opens
   * `inTenant` itself (the order list, ADR 0055).
   */
  transaction?: false;
  /**
   * The handler answers the JSON text itself (a `JsonText` of the response's type), sent as it is instead of through
   * zod's encoding and check against `response` (which still documents it): for a hot read whose answer is built in
   * the schema's shape and key order (the order list, ADR 0055, 0062). A test compares the bytes with zod's.
   */
  prebuiltJson?: true;
  /** Keep the body exactly as received (`rawBody`), for signatures computed over the bytes (marketplace pushes). */
  rawBody?: boolean;
};

export type RouteInput<S extends Schemas> = {
  body: Out<S['body']>;
  query: Out<S['querystring']>;
  params: Out<S['params']>;
  request: FastifyRequest;
  reply: FastifyReply;
  /** The body as received, when the route asked for it. */
  rawBody?: string;
};

export type RouteRecord = {
  method: Method;
  url: string;
  permission: Permission;
  /** The request schemas, for the tests that send bad input to every route. */
  body?: ZodType;
  querystring?: ZodType;
  params?: ZodType;
};

/**
 * The context a handler receives, by its route's permission (STYLE 7c): 'public' → nobody signed in; 'authenticated'
 * → a signed-in actor; 'member' or a menu key → a tenant context (workspace, restriction, permissions).
 */
export type CtxFor<P extends Permission> = P extends 'public' ? PublicCtx : P extends 'authenticated' ? SignedInCtx : TenantCtx;

export type Router = {
  route: <S extends Schemas, const P extends Permission>(
    def: RouteDef<S, P>,
    handler: (ctx: CtxFor<P>, input: RouteInput<S>) => Promise<unknown>,
  ) => void;
  /** Every route declared so far, for the test that checks each one names its permission. */
  routes: RouteRecord[];
};

/** A member's role in a workspace, or null for a non-member (the workspaces module implements it). */
export type ResolveAccess = (
  db: Db,
  userId: string,
  workspaceId: string,
) => Promise<{ roleName: string; permissions: PermissionMap; restriction: Restriction } | null>;

const header = (request: FastifyRequest, name: string): string | null => {
  const value = request.headers[name];
  return typeof value === 'string' && value.length > 0 ? value : null;
};

/** Whether a sign-in (user and refresh family) is still live: signed-out sessions end within a second (ADR 0014). */
export type IsSessionLive = (userId: string, sessionFamilyId: string) => Promise<boolean>;

/** What the router needs from the identity and workspace modules, passed in so http imports no module. */
export type RouterAccess = {
  resolveAccess: ResolveAccess;
  isSessionLive: IsSessionLive;
  /**
   * Called when a write request (any method but GET) has finished its transaction, committed or not, before its
   * answer is sent: per-process copies of read answers are forgotten there (`/api/me`, docs/adr/0049).
   */
  afterWrite?: () => void;
};

async function authenticate(platform: Platform, isSessionLive: IsSessionLive, request: FastifyRequest): Promise<Actor> {
  const auth = header(request, 'authorization');
  if (!auth?.startsWith('Bearer ')) throw new DomainError('UNAUTHENTICATED');
  const claims = await platform.keys.verify(auth.slice(7));
  if (claims === 'expired') throw new DomainError('TOKEN_EXPIRED');
  // A token signed with our key but carrying ids we never issue (not uuids) is refused, never queried.
  if (!claims || !isUuid(claims.sub) || !claims.sid || !isUuid(claims.sid)) throw new DomainError('UNAUTHENTICATED');
  // A signed-out or revoked sign-in is refused within a second, although its token has not expired (ADR 0014).
  if (!(await isSessionLive(claims.sub, claims.sid))) throw new DomainError('UNAUTHENTICATED');
  return { userId: claims.sub, sessionFamilyId: claims.sid };
}

function workspaceFrom(request: FastifyRequest): string | null {
  const query = request.query as Record<string, unknown> | undefined;
  const id = header(request, 'workspace-id') ?? (typeof query?.workspace_id === 'string' ? query.workspace_id : null);
  if (id !== null && !isUuid(id)) throw new DomainError('WORKSPACE_FORBIDDEN');
  return id;
}

/** The route helper; the access checks are passed in so http imports no module (no cycle through identity's routes). */
export function createRouter(app: FastifyInstance, platform: Platform, { resolveAccess, isSessionLive, afterWrite }: RouterAccess): Router {
  const routes: RouteRecord[] = [];
  const typed = app.withTypeProvider<ZodTypeProvider>();

  return {
    routes,
    route(def, typedHandler) {
      // The checks below build exactly the context CtxFor<P> promises; the handler is called through this one widening.
      const handler = typedHandler as (ctx: Ctx, input: RouteInput<never>) => Promise<unknown>;
      routes.push({
        method: def.method,
        url: def.url,
        permission: def.permission,
        body: def.body,
        querystring: def.querystring,
        params: def.params,
      });
      const schema = {
        ...(def.body ? { body: def.body } : {}),
        ...(def.querystring ? { querystring: def.querystring } : {}),
        ...(def.params ? { params: def.params } : {}),
        ...(def.response ? { response: { [def.status ?? 200]: def.response } } : {}),
        ...(def.summary ? { summary: def.summary } : {}),
        tags: def.tags ?? [],
        ...(def.permission !== 'public' ? { security: [{ bearer: [] }] } : {}),
      };
      const actors = new WeakMap<FastifyRequest, Actor>();
      const rawBodies = new WeakMap<FastifyRequest, string>();
      typed.route({
        method: def.method,
        url: def.url,
        schema,
        ...(def.bodyLimit ? { bodyLimit: def.bodyLimit } : {}),
        // Authentication comes before body validation: an anonymous caller learns nothing about the schema.
        ...(def.permission === 'public'
          ? {}
          : {
              onRequest: async (request: FastifyRequest) => {
                actors.set(request, await authenticate(platform, isSessionLive, request));
              },
            }),
        ...(def.rawBody
          ? {
              preParsing: async (request: FastifyRequest, _reply: FastifyReply, payload: NodeJS.ReadableStream) => {
                const chunks: Buffer[] = [];
                let size = 0;
                for await (const chunk of payload) {
                  const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
                  size += bytes.length;
                  // Read before Fastify's own body limit applies, so it is enforced here too.
                  if (size > app.initialConfig.bodyLimit!) throw Object.assign(new Error('Payload too large'), { statusCode: 413 });
                  chunks.push(bytes);
                }
                const raw = Buffer.concat(chunks);
                rawBodies.set(request, raw.toString('utf8'));
                return Readable.from([raw]);
              },
            }
          : {}),
        handler: async (request, reply) => {
          const permission = def.permission;
          const actor = permission === 'public' ? null : (actors.get(request) ?? null);
          const pending: (() => Promise<void>)[] = [];
          const onRollback: ((db: Db) => Promise<void>)[] = [];
          const base: Ctx = {
            ...systemCtx(platform, platform.database.db, request.id),
            locale: localeFrom(request.headers['accept-language']),
            ip: request.ip ?? null,
            userAgent: header(request, 'user-agent'),
            actor,
            afterCommit: (fn) => pending.push(fn),
            afterRollback: (fn) => onRollback.push(fn),
          };
          const input = {
            body: request.body,
            query: request.query,
            params: request.params,
            request,
            reply,
            rawBody: rawBodies.get(request),
          } as RouteInput<never>;

          const writes = def.method !== 'GET';
          let result: unknown;
          try {
            result = await run();
            if (writes) afterWrite?.();
          } catch (error) {
            if (writes) afterWrite?.();
            if (onRollback.length > 0) {
              await inSystem(platform.database.db, async (tx) => {
                for (const fn of onRollback) await fn(tx);
              }).catch((err: unknown) => request.log.error({ err }, 'after-rollback work failed'));
            }
            throw error;
          }
          for (const fn of pending) await fn().catch((err: unknown) => request.log.error({ err }, 'after-commit work failed'));
          if (reply.sent) return reply;
          if (result === undefined) return reply.code(204).send();
          if (def.prebuiltJson) reply.type('application/json; charset=utf-8').serializer((text: string) => text);
          return reply.code(def.status ?? 200).send(result);

          async function run(): Promise<unknown> {
            if (permission === 'member' || Array.isArray(permission)) {
              const workspaceId = workspaceFrom(request);
              if (!workspaceId) throw new DomainError('WORKSPACE_REQUIRED');
              const access = await resolveAccess(platform.database.db, actor!.userId, workspaceId);
              if (!access) throw new DomainError('WORKSPACE_FORBIDDEN');
              if (Array.isArray(permission)) {
                const [key, action] = permission as readonly [MenuKey, Access];
                if (!allows(access.permissions, key, action)) throw new DomainError('FORBIDDEN');
              }
              const businessId = header(request, 'business-id');
              const warehouseId = header(request, 'warehouse-id');
              for (const [id, base_] of [
                [businessId, 'BUSINESS'],
                [warehouseId, 'WAREHOUSE'],
              ] as const) {
                if (id === null) continue;
                if (!isUuid(id)) throw new DomainError('BUSINESS_FORBIDDEN');
                const { restriction } = access;
                if (restriction.base === base_ && restriction.ids.length > 0 && !restriction.ids.includes(id))
                  throw new DomainError('BUSINESS_FORBIDDEN');
              }
              const tenant = (db: Db): Ctx => ({
                ...base,
                db,
                workspaceId,
                businessId,
                warehouseId,
                restriction: access.restriction,
                permissions: access.permissions,
                roleName: access.roleName,
              });
              if (def.transaction === false && def.method === 'GET') return handler(tenant(platform.database.db), input);
              return inTenant(platform.database.db, workspaceId, (tx) => inRequestTransaction(() => handler(tenant(tx), input)));
            }
            if (def.transaction === false && (permission === 'public' || (permission === 'authenticated' && def.method === 'GET')))
              return handler(base, input);
            return inSystem(platform.database.db, (tx) => inRequestTransaction(() => handler({ ...base, db: tx }, input)));
          }
        },
      });
    },
  };
}
