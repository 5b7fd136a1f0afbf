import type { FieldIssue } from '@kelola/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DomainError } from '../platform/errors.ts';

/**
 * A NUL byte, or half of a UTF-16 surrogate pair: PostgreSQL stores neither in text or jsonb, so a string holding one
 * would reach the database and fail there as a 500. With the `u` flag a well-formed pair (an emoji) is one code
 * point and does not match.
 */
// eslint-disable-next-line no-control-regex -- matching the NUL byte is the point
const UNSTORABLE = /[\u0000\ud800-\udfff]/u;

/** Headers whose values become ids in queries (the tenant and scope headers). */
const ID_HEADERS = ['workspace-id', 'business-id', 'warehouse-id'] as const;

/** Enough to name the fields; a body full of them need not be listed whole. */
const MAX_REPORTED = 20;

/** Parsed JSON and query objects (the query parser's objects inherit from a bare prototype); not streams or buffers. */
const isPlain = (value: object): boolean => {
  const proto = Object.getPrototypeOf(value) as object | null;
  return proto === null || proto === Object.prototype || Object.getPrototypeOf(proto) === null;
};

/** Paths (dotted, as in field errors) of every string, or object key, that PostgreSQL cannot store. */
export function unstorableTextPaths(value: unknown, prefix = '', found: string[] = []): string[] {
  if (found.length >= MAX_REPORTED) return found;
  if (typeof value === 'string') {
    if (UNSTORABLE.test(value)) found.push(prefix);
  } else if (Array.isArray(value)) {
    value.forEach((item, i) => unstorableTextPaths(item, prefix ? `${prefix}.${i}` : String(i), found));
  } else if (value !== null && typeof value === 'object' && isPlain(value)) {
    for (const [key, item] of Object.entries(value)) {
      const path = prefix ? `${prefix}.${key}` : key;
      if (UNSTORABLE.test(key)) found.push(path);
      else unstorableTextPaths(item, path, found);
    }
  }
  return found;
}

function problems(request: FastifyRequest): string[] {
  // Field paths as the schema errors name them: body and query fields bare, path parameters under `params`.
  const found = [...unstorableTextPaths(request.body), ...unstorableTextPaths(request.query)];
  found.push(...unstorableTextPaths(request.params, 'params'));
  for (const name of ID_HEADERS) {
    const value = request.headers[name];
    if (typeof value === 'string' && UNSTORABLE.test(value)) found.push(name);
  }
  return found.slice(0, MAX_REPORTED);
}

/**
 * Refuses, for every route at once, a request whose body, query, path or id headers hold text PostgreSQL cannot
 * store: 400 VALIDATION_FAILED naming each field, before the route's own validation and handler. Authentication
 * (onRequest) still comes first.
 */
export function refuseUnstorableText(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const paths = problems(request);
    if (paths.length === 0) return;
    const fields: FieldIssue[] = paths.map((path) => ({ path, code: 'UNSUPPORTED_CHARACTER', message: 'UNSUPPORTED_CHARACTER' }));
    throw new DomainError('VALIDATION_FAILED', { fields });
  });
}
