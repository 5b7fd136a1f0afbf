import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import { newWorkspace, type Actor } from './factories.ts';
import { newSku, receive } from './inventory/helpers.ts';
import { buildTestApp, type TestApp } from './test-app.ts';
import { caller, expectFieldError, newWarehouse } from './workspaces/helpers.ts';

/**
 * Numbers in a JSON body are JSON numbers, and integers are integers: `true`, `[7]` or `"7"` is a field error, never
 * quietly 1 or 7. Query strings are text, so their numeric parameters still parse "7".
 */

let app: TestApp;
let call: ReturnType<typeof caller>;
beforeAll(async () => {
  app = await buildTestApp();
  call = caller(app);
});
afterAll(async () => app?.close());

const NOT_NUMBERS = [true, [7], '7', { value: 7 }] as const;

type Def = {
  type: string;
  coerce?: boolean;
  shape?: Record<string, ZodType>;
  element?: ZodType;
  innerType?: ZodType;
  in?: ZodType;
  out?: ZodType;
  options?: ZodType[];
  left?: ZodType;
  right?: ZodType;
  keyType?: ZodType;
  valueType?: ZodType;
  items?: ZodType[];
  rest?: ZodType | null;
  getter?: () => ZodType;
};

/** Paths inside a schema whose parsing coerces its input (`z.coerce.*`). */
function coercedPaths(schema: ZodType, path = '', seen = new Set<ZodType>()): string[] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const def = (schema as unknown as { _zod: { def: Def } })._zod.def;
  const found = def.coerce ? [path || '(root)'] : [];
  const child = (s: ZodType | null | undefined, p = path) => (s ? coercedPaths(s, p, seen) : []);
  const join = (key: string | number) => (path ? `${path}.${key}` : String(key));
  for (const [key, s] of Object.entries(def.shape ?? {})) found.push(...child(s, join(key)));
  found.push(...child(def.element, join('*')), ...child(def.innerType), ...child(def.in), ...child(def.out));
  found.push(...child(def.left), ...child(def.right), ...child(def.valueType, join('*')), ...child(def.rest, join('*')));
  for (const s of def.options ?? []) found.push(...child(s));
  (def.items ?? []).forEach((s, i) => found.push(...child(s, join(i))));
  if (def.type === 'lazy' && def.getter) found.push(...child(def.getter()));
  return found;
}

describe('numbers in JSON bodies are not coerced', () => {
  it('no body schema of any route coerces its input', () => {
    const coerced = app.router.routes
      .filter((r) => r.body)
      .flatMap((r) => coercedPaths(r.body!).map((path) => `${r.method} ${r.url}: ${path}`));
    expect(coerced).toEqual([]);
  });

  it('goods receipts refuse a quantity that is not an integer number, and post nothing', async () => {
    const owner = await newWorkspace(app);
    const wh = await newWarehouse(app, owner);
    const sku = await newSku(app, owner);
    for (const quantity of [...NOT_NUMBERS, 1.5]) {
      const res = await call('POST', '/api/inventory/goods-receipts', owner, {
        date: '2026-11-20',
        warehouse_id: wh.id,
        lines: [{ catalog_id: sku.id, quantity }],
        post: true,
      });
      expectFieldError(res, 'lines.0.quantity');
    }
    expect(await stockOf(owner, wh.id, sku.id)).toBe(0);
  });

  it('adjustments refuse such a change when created and when edited', async () => {
    const owner = await newWorkspace(app);
    const wh = await newWarehouse(app, owner);
    const sku = await newSku(app, owner);
    const body = (change: unknown) => ({ date: '2026-11-21', warehouse_id: wh.id, type: 'FOUND', items: [{ catalog_id: sku.id, change }] });
    const draft = await call('POST', '/api/inventory/adjustments', owner, body(2));
    expect(draft.statusCode, draft.body).toBe(201);
    for (const change of NOT_NUMBERS) {
      expectFieldError(await call('POST', '/api/inventory/adjustments', owner, body(change)), 'items.0.change');
      expectFieldError(await call('PUT', `/api/inventory/adjustments/${draft.json().id}`, owner, body(change)), 'items.0.change');
    }
    const kept = await call('GET', `/api/inventory/adjustments/${draft.json().id}`, owner);
    expect(kept.json().items).toMatchObject([{ change: 2 }]);
  });

  it('transfers refuse such a quantity and move nothing', async () => {
    const owner = await newWorkspace(app);
    const from = await newWarehouse(app, owner);
    const to = await newWarehouse(app, owner);
    const sku = await newSku(app, owner);
    await receive(app, owner, from.id, [{ catalog_id: sku.id, quantity: 10 }]);
    for (const quantity of NOT_NUMBERS) {
      const res = await call('POST', '/api/inventory/transfers', owner, {
        from_warehouse_id: from.id,
        to_warehouse_id: to.id,
        lines: [{ catalog_id: sku.id, quantity }],
      });
      expectFieldError(res, 'lines.0.quantity');
    }
    expect(await stockOf(owner, from.id, sku.id)).toBe(10);
    expect(await stockOf(owner, to.id, sku.id)).toBe(0);
  });

  it('the formula preview refuses such a rounding_step', async () => {
    const owner = await newWorkspace(app);
    for (const rounding_step of NOT_NUMBERS) {
      const res = await call('POST', '/api/price-formulas/preview', owner, {
        expression: '1000 + 1',
        rounding_mode: 'CEIL',
        rounding_step,
      });
      expectFieldError(res, 'rounding_step');
    }
    const fine = await call('POST', '/api/price-formulas/preview', owner, {
      expression: '1001 + 1',
      rounding_mode: 'CEIL',
      rounding_step: 100,
    });
    expect(fine.statusCode, fine.body).toBe(200);
  });

  it('query strings still parse numeric text', async () => {
    const owner = await newWorkspace(app);
    const res = await call('GET', '/api/brands?page=1&size=5', owner);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ page: 1, size: 5 });
  });
});

async function stockOf(owner: Actor, warehouseId: string, catalogId: string): Promise<number> {
  const res = await call('GET', `/api/inventory/catalogs/${catalogId}`, owner);
  expect(res.statusCode, res.body).toBe(200);
  const row = (res.json().warehouses as { warehouse_id: string; on_hand: number }[]).find((w) => w.warehouse_id === warehouseId);
  return row?.on_hand ?? 0;
}
