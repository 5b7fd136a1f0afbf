import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newMember, newWorkspace, type Actor } from '../factories.ts';
import { buildTestApp, type TestApp } from '../test-app.ts';
import { caller, expectError, expectFieldError } from '../workspaces/helpers.ts';

let app: TestApp;
let call: ReturnType<typeof caller>;
beforeAll(async () => {
  app = await buildTestApp();
  call = caller(app);
});
afterAll(async () => app?.close());

const fieldCodes = (res: Awaited<ReturnType<typeof call>>) =>
  Object.fromEntries(res.json().details.fields.map((f: { path: string; code: string }) => [f.path, f.code]));

async function variable(as: Actor, path: string, body: Record<string, unknown>) {
  const res = await call('POST', path, as, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; name: string; value: string };
}

async function formula(as: Actor, body: Record<string, unknown>) {
  const res = await call('POST', '/api/price-formulas', as, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; expression: string };
}

describe.each([
  ['/api/global-variables', 'GLOBAL', 'global-variable'],
  ['/api/formula-variables', 'FORMULA', 'formula-variable'],
  ['/api/product-variables', 'PRODUCT', 'product-variable'],
] as const)('%s', (path, kind, key) => {
  it('creates, lists, reads, updates and deletes a variable, with audit', async () => {
    const owner = await newWorkspace(app);
    const created = await variable(owner, path, { name: 'biaya_admin', short_description: 'Biaya admin toko', value: '2500.50' });
    expect(created).toMatchObject({ kind, name: 'biaya_admin', short_description: 'Biaya admin toko', value: '2500.5', used_by: 0 });
    const list = await call('GET', `${path}?q=admin`, owner);
    expect(list.json()).toMatchObject({ total_row: 1, items: [{ id: created.id }] });
    expect((await call('GET', `${path}/${created.id}`, owner)).json().name).toBe('biaya_admin');
    const updated = await call('PUT', `${path}/${created.id}`, owner, { name: 'biaya_admin_2', value: 3000 });
    expect(updated.json()).toMatchObject({ name: 'biaya_admin_2', value: '3000', short_description: null });
    expect((await call('DELETE', `${path}/${created.id}`, owner)).statusCode).toBe(204);
    expectError(await call('GET', `${path}/${created.id}`, owner), 404, 'VARIABLE_NOT_FOUND');
    const audit = await call('GET', `/api/audit?entity=price_variable&entity_id=${created.id}`, owner);
    expect(audit.json().items.map((i: { action: string }) => i.action)).toEqual(['delete', 'update', 'create']);
  });

  it('answers 400 with field details: name rules, short description ≤ 30, value required', async () => {
    const owner = await newWorkspace(app);
    const res = await call('POST', path, owner, { name: 'harga modal', short_description: 'x'.repeat(31) });
    expect(fieldCodes(res)).toEqual({ name: 'VARIABLE_NAME_FORMAT', short_description: 'TOO_LONG', value: 'REQUIRED' });
    expect(fieldCodes(await call('POST', path, owner, { name: '', value: '1' }))).toMatchObject({ name: 'REQUIRED' });
    expect(fieldCodes(await call('POST', path, owner, { name: 'a'.repeat(31), value: '1' }))).toMatchObject({ name: 'TOO_LONG' });
    expect(fieldCodes(await call('POST', path, owner, { name: '123', value: '1' }))).toMatchObject({ name: 'VARIABLE_NAME_FORMAT' });
    expect(fieldCodes(await call('POST', path, owner, { name: 'ok', value: '1,5' }))).toMatchObject({ value: 'INVALID_DECIMAL' });
    expect(fieldCodes(await call('POST', path, owner, { name: 'list_price', value: '1' }))).toMatchObject({
      name: 'VARIABLE_NAME_RESERVED',
    });
  });

  it('keeps names unique across the three kinds', async () => {
    const owner = await newWorkspace(app);
    await variable(owner, '/api/global-variables', { name: 'ongkir', value: 1 });
    const res = await call('POST', path, owner, { name: 'ongkir', value: 2 });
    expectError(res, 409, 'VARIABLE_NAME_TAKEN');
    expect(res.json().details.fields[0].path).toBe('name');
  });

  it('answers 403 without the permission, and READ cannot write', async () => {
    const owner = await newWorkspace(app);
    const none = await newMember(app, owner, { product: 'WRITE' });
    expectError(await call('GET', path, none), 403, 'FORBIDDEN');
    const reader = await newMember(app, owner, { [key]: 'READ' });
    expect((await call('GET', path, reader)).statusCode).toBe(200);
    expectError(await call('POST', path, reader, { name: 'a_b', value: 1 }), 403, 'FORBIDDEN');
  });

  it("answers 404 for another workspace's variable, and for one of another kind", async () => {
    const owner = await newWorkspace(app);
    const other = await newWorkspace(app);
    const theirs = await variable(other, path, { name: 'rahasia', value: 1 });
    expectError(await call('GET', `${path}/${theirs.id}`, owner), 404, 'VARIABLE_NOT_FOUND');
    expectError(await call('PUT', `${path}/${theirs.id}`, owner, { name: 'x_1', value: 1 }), 404, 'VARIABLE_NOT_FOUND');
    expectError(await call('DELETE', `${path}/${theirs.id}`, owner), 404, 'VARIABLE_NOT_FOUND');
    const otherKind = path === '/api/global-variables' ? '/api/product-variables' : '/api/global-variables';
    expectError(await call('GET', `${otherKind}/${theirs.id}`, other), 404, 'VARIABLE_NOT_FOUND');
  });
});

describe('/api/price-formulas', () => {
  it('creates a formula in normal form with its variables and rounding; a used variable cannot be deleted or renamed', async () => {
    const owner = await newWorkspace(app);
    const margin = await variable(owner, '/api/formula-variables', { name: 'margin', value: '1.2' });
    const admin = await variable(owner, '/api/global-variables', { name: 'admin', value: '1500' });
    const created = await formula(owner, {
      name: 'harga_jual',
      short_description: 'Harga marketplace',
      expression: '(list_price+admin)*margin',
      rounding_mode: 'CEIL',
      rounding_step: 1000,
    });
    expect(created).toMatchObject({
      name: 'harga_jual',
      expression: '(list_price + admin) × margin',
      rounding_mode: 'CEIL',
      rounding_step: 1000,
      builtin_variables: ['list_price'],
      variables: [
        { id: admin.id, name: 'admin', kind: 'GLOBAL' },
        { id: margin.id, name: 'margin', kind: 'FORMULA' },
      ],
    });
    expect((await call('GET', `/api/formula-variables/${margin.id}`, owner)).json().used_by).toBe(1);
    const del = await call('DELETE', `/api/formula-variables/${margin.id}`, owner);
    expectError(del, 409, 'VARIABLE_IN_USE');
    expect(del.json().details.formulas).toEqual(['harga_jual']);
    expect(del.json().message).toMatch(/Cannot Delete|Tidak dapat dihapus/u);
    expectError(await call('PUT', `/api/formula-variables/${margin.id}`, owner, { name: 'margin_baru', value: 2 }), 409, 'VARIABLE_IN_USE');
    // The value of a used variable may change.
    expect((await call('PUT', `/api/formula-variables/${margin.id}`, owner, { name: 'margin', value: '1.25' })).statusCode).toBe(200);

    // Once the formula stops using it, the variable can go.
    const put = await call('PUT', `/api/price-formulas/${created.id}`, owner, { name: 'harga_jual', expression: 'list_price + admin' });
    expect(put.json()).toMatchObject({ expression: 'list_price + admin', rounding_mode: 'NONE', rounding_step: 1 });
    expect((await call('DELETE', `/api/formula-variables/${margin.id}`, owner)).statusCode).toBe(204);
    expect((await call('GET', '/api/price-formulas?q=harga', owner)).json().total_row).toBe(1);
    expect((await call('DELETE', `/api/price-formulas/${created.id}`, owner)).statusCode).toBe(204);
    expectError(await call('GET', `/api/price-formulas/${created.id}`, owner), 404, 'FORMULA_NOT_FOUND');
  });

  it.each([
    ['list_price +', 'FORMULA_MISSING_OPERAND'],
    ['list_price * 2)', 'FORMULA_MISMATCHED_CLOSING_BRACKET'],
    ['list_price', 'FORMULA_TOO_FEW_OPERANDS'],
    ['list_price + list_price', 'FORMULA_REPEATED_VARIABLE'],
    ['list_price * tidak_ada', 'FORMULA_UNKNOWN_VARIABLE'],
    ['(list_price * 2', 'FORMULA_UNCLOSED_BRACKET'],
  ])('answers 400 on the expression for %s (%s)', async (expression, code) => {
    const owner = await newWorkspace(app);
    const res = await call('POST', '/api/price-formulas', owner, { name: 'f1', expression });
    expectFieldError(res, 'expression');
    expect(fieldCodes(res).expression).toBe(code);
    expect(res.json().details.formula_errors[0]).toMatchObject({ code, position: expect.any(Number), message: expect.any(String) });
  });

  it('answers 400 for the name and rounding fields, 409 for a taken name', async () => {
    const owner = await newWorkspace(app);
    const res = await call('POST', '/api/price-formulas', owner, {
      name: 'harga jual',
      expression: '',
      rounding_mode: 'UP',
      short_description: 'y'.repeat(31),
    });
    expect(fieldCodes(res)).toMatchObject({
      name: 'VARIABLE_NAME_FORMAT',
      expression: 'FORMULA_EMPTY',
      rounding_mode: 'INVALID_VALUE',
      short_description: 'TOO_LONG',
    });
    await formula(owner, { name: 'f_a', expression: 'list_price * 2' });
    expectError(await call('POST', '/api/price-formulas', owner, { name: 'f_a', expression: 'list_price * 3' }), 409, 'FORMULA_NAME_TAKEN');
  });

  it('checks an expression live, with positions and messages', async () => {
    const owner = await newWorkspace(app);
    const bad = await call('POST', '/api/price-formulas/check', owner, { expression: 'list_price + ) 2' }, { 'accept-language': 'en' });
    expect(bad.json()).toMatchObject({
      ok: false,
      errors: [
        { code: 'FORMULA_MISSING_OPERAND', position: 11, token: '+' },
        { code: 'FORMULA_MISMATCHED_CLOSING_BRACKET', position: 13, message: 'Mismatched closing bracket.' },
        { code: 'FORMULA_MISSING_OPERATOR', position: 15 },
      ],
    });
    const good = await call('POST', '/api/price-formulas/check', owner, { expression: 'list_price*1.1' });
    expect(good.json()).toEqual({ ok: true, expression: 'list_price × 1.1', errors: [], variables: ['list_price'] });
  });

  it('answers 403 without price-formula, and 404 for another workspace', async () => {
    const owner = await newWorkspace(app);
    const other = await newWorkspace(app);
    const theirs = await formula(other, { name: 'f_x', expression: 'list_price * 2' });
    const member = await newMember(app, owner, { 'global-variable': 'WRITE' });
    expectError(await call('GET', '/api/price-formulas', member), 403, 'FORBIDDEN');
    expectError(await call('POST', '/api/price-formulas/check', member, { expression: '1 + 1' }), 403, 'FORBIDDEN');
    expectError(await call('GET', `/api/price-formulas/${theirs.id}`, owner), 404, 'FORMULA_NOT_FOUND');
    expectError(
      await call('PUT', `/api/price-formulas/${theirs.id}`, owner, { name: 'f_x', expression: 'list_price * 3' }),
      404,
      'FORMULA_NOT_FOUND',
    );
    expectError(await call('DELETE', `/api/price-formulas/${theirs.id}`, owner), 404, 'FORMULA_NOT_FOUND');
    // A variable name of another workspace is unknown here.
    await variable(other, '/api/global-variables', { name: 'milik_lain', value: 1 });
    expectFieldError(
      await call('POST', '/api/price-formulas', owner, { name: 'f_y', expression: 'list_price * milik_lain' }),
      'expression',
    );
  });
});
