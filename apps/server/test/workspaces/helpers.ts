import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { createBusiness } from '../../src/modules/businesses/index.ts';
import { warehouses } from '../../src/modules/warehouses/warehouses.schema.ts';
import { inSystem } from '../../src/platform/db/database.ts';
import { uuidv7 } from '../../src/platform/db/ids.ts';
import { DomainError } from '../../src/platform/errors.ts';
import { systemCtx, tenantCtxFor } from '../../src/platform/system-ctx.ts';
import type { Actor } from '../factories.ts';
import type { TestApp } from '../test-app.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Response = Awaited<ReturnType<TestApp['fastify']['inject']>>;

/** Calls the API as an actor of the factories (bearer token and Workspace-Id), or anonymously. */
export function caller(app: TestApp) {
  return (
    method: Method,
    url: string,
    as: Actor | { headers: Record<string, string> } | null,
    payload?: unknown,
    extra: Record<string, string> = {},
  ) =>
    app.fastify.inject({
      method,
      url,
      headers: { ...(as?.headers ?? {}), ...extra },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
}

/** An error answer: its status, its code, and never a 500. */
export function expectError(res: Response, status: number, code: string): void {
  expect(res.statusCode).not.toBe(500);
  expect({ status: res.statusCode, code: res.json().code }).toEqual({ status, code });
}

/** The DomainError a module call (not an HTTP call) rejects with. */
export async function rejected(promise: Promise<unknown>): Promise<DomainError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}

/** A 400 whose details name the field. */
export function expectFieldError(res: Response, path: string): void {
  expectError(res, 400, 'VALIDATION_FAILED');
  expect(res.json().details.fields.map((f: { path: string }) => f.path)).toContain(path);
}

export const uniqueEmail = () => `invitee-${randomBytes(5).toString('hex')}@example.id`;

/** A second business in the owner's workspace. */
export async function newBusiness(app: TestApp, owner: Actor, name = `Bisnis ${randomBytes(3).toString('hex')}`) {
  return inSystem(app.platform.database.db, (db) =>
    createBusiness(tenantCtxFor(systemCtx(app.platform, db), owner.workspaceId, owner.userId), { name }),
  );
}

/** A warehouse row in the owner's workspace (the warehouse module's service is not needed to test restrictions). */
export async function newWarehouse(app: TestApp, owner: Actor): Promise<{ id: string }> {
  const id = uuidv7();
  await app.platform.database.db.insert(warehouses).values({
    id,
    workspaceId: owner.workspaceId,
    businessId: owner.businessId,
    name: `Gudang ${id.slice(-6)}`,
    code: `G-${id.slice(-6)}`,
    addressLine1: 'Jl. Contoh No. 1',
    provinceCode: '31',
    cityCode: '31.73',
    districtCode: '31.73.05',
    subdistrictCode: '31.73.05.1001',
  });
  return { id };
}

/** Role ids of a workspace by name, read through the API as its owner. */
export async function roleIds(app: TestApp, owner: Actor): Promise<Record<string, string>> {
  const res = await caller(app)('GET', '/api/roles', owner);
  return Object.fromEntries(res.json().items.map((r: { name: string; id: string }) => [r.name, r.id]));
}
