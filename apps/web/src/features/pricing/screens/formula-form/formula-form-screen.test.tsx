import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithRouter, stubFetch } from '../../../../test/render-with-router.tsx';
import { meWith, PACKING, page, PPN, WORKSPACE } from '../../test/pricing-fixtures.ts';
import { FormulaFormScreen } from './formula-form-screen.tsx';

const KNOWN = new Set(['list_price', 'component_total', 'ppn', 'biaya_kemas']);

const PREVIEW = {
  expression: '(list_price + biaya_kemas) × ppn',
  rounding_mode: 'CEIL',
  rounding_step: 1000,
  rows: [
    {
      catalog_id: null,
      sku: null,
      name: null,
      list_price: null,
      price: 98000,
      errors: [],
      trace: [
        { kind: 'variable', name: 'list_price', value: '85000' },
        { kind: 'variable', name: 'biaya_kemas', value: '2500' },
        { kind: 'variable', name: 'ppn', value: '1.11' },
        {
          kind: 'operation',
          expression: '(list_price + biaya_kemas)',
          left: '85000',
          operator: '+',
          right: '2500',
          result: '87500',
          exact: true,
        },
        {
          kind: 'operation',
          expression: '(list_price + biaya_kemas) × ppn',
          left: '87500',
          operator: '×',
          right: '1.11',
          result: '97125',
          exact: true,
        },
        { kind: 'rounding', mode: 'CEIL', step: 1000, before: '97125', result: '98000' },
      ],
    },
  ],
};

function setup(preview: unknown = PREVIEW) {
  const { fetchStub, calls } = stubFetch((method, url, body) => {
    if (url.pathname === '/api/global-variables') return { body: page([PACKING, PPN]) };
    if (url.pathname.endsWith('-variables')) return { body: page([]) };
    if (url.pathname === '/api/products')
      return { body: { ...page([]), total_capped: false, counts: { active: 0, notActive: 0, draft: 0, all: 0 } } };
    if (url.pathname === '/api/price-formulas/check') {
      // The server knows the workspace's variables: names it has not got are FORMULA_UNKNOWN_VARIABLE.
      const expression = (body as { expression: string }).expression;
      const errors = [...expression.matchAll(/[A-Za-z_][A-Za-z0-9_]*/gu)]
        .filter((match) => !KNOWN.has(match[0]))
        .map((match) => ({ code: 'FORMULA_UNKNOWN_VARIABLE', position: match.index, token: match[0], message: 'unknown' }));
      return { body: { ok: errors.length === 0, expression, errors, variables: [] } };
    }
    if (url.pathname === '/api/price-formulas/preview') return { body: preview };
    if (method === 'POST' && url.pathname === '/api/price-formulas') return { status: 201, body: { id: 'f-1', name: 'harga_reseller' } };
    return { status: 404, body: { code: 'NOT_FOUND', message: 'no' } };
  });
  vi.stubGlobal('fetch', fetchStub);
  const view = renderWithRouter(<FormulaFormScreen />, {
    path: `/price-formula/add?workspace_id=${WORKSPACE}`,
    pattern: '/price-formula/add',
    me: meWith('WRITE'),
    routes: [{ path: '/price-formula', element: <p>formula list</p> }],
  });
  return { ...view, calls };
}

const text = () => screen.getByLabelText('Tampilan teks') as HTMLTextAreaElement;
const type = (value: string) => fireEvent.change(text(), { target: { value } });
const problems = async () => within(await screen.findByTestId('formula-problems'));
/** Waits for one message in the problem list: after a second edit the previous list stays until the form re-renders. */
const problem = (message: string) => waitFor(() => within(screen.getByTestId('formula-problems')).getByText(message));

describe('price formula builder', { timeout: 60_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists every problem at once and marks the chips where they happen', async () => {
    setup();
    await screen.findByLabelText('Tampilan teks');
    type('(list_price + biaya_kemas)) × ppn ppn +');
    const list = await problems();
    expect(list.getByText('Kurung tutup tidak berpasangan. (")", posisi 27)')).toBeTruthy();
    expect(list.getByText('Operator tidak ada di antara dua nilai. (posisi 35)')).toBeTruthy();
    expect(list.getByText('Variabel tidak boleh berulang. ("ppn", posisi 35)')).toBeTruthy();
    expect(list.getByText('Operator tidak memiliki variabel atau konstanta. ("+", posisi 39)')).toBeTruthy();
    expect(screen.getByText('Formula belum benar: 4 masalah')).toBeTruthy();
    const marked = [...screen.getByTestId('formula-chips').querySelectorAll('[data-invalid="true"]')].map((chip) => chip.textContent);
    expect(marked).toEqual([')', 'ppn', '+']);
  });

  it('needs an operand on both sides of an operator and closed brackets', async () => {
    setup();
    await screen.findByLabelText('Tampilan teks');
    type('× ppn');
    expect(await problem('Operator tidak memiliki variabel atau konstanta. ("×", posisi 1)')).toBeTruthy();
    type('(ppn + 1');
    expect(await problem('Ada kurung yang belum ditutup. ("(", posisi 1)')).toBeTruthy();
    type('ppn + ()');
    expect(await problem('Kurung tidak boleh kosong. (posisi 7)')).toBeTruthy();
  });

  it('needs at least 2 variables or constants', async () => {
    setup();
    await screen.findByLabelText('Tampilan teks');
    type('ppn');
    expect(await problem('Formula membutuhkan minimal 2 variabel atau konstanta.')).toBeTruthy();
  });

  it("shows the server's unknown-variable error on the name", async () => {
    setup();
    await screen.findByLabelText('Tampilan teks');
    type('list_price + ongkir');
    expect(await problem('Variabel ini tidak ada. ("ongkir", posisi 14)')).toBeTruthy();
  });

  it('builds the formula with buttons, checks it and previews it with the step-by-step trace', async () => {
    const { calls } = setup();
    await screen.findByText('ppn', { selector: 'button > span' });
    const palette = (name: string) => screen.getByText(name, { selector: 'button > span' });
    for (const label of ['Kurung buka', 'list_price', 'Tambah', 'biaya_kemas', 'Kurung tutup', 'Kali', 'ppn']) {
      fireEvent.click(/^[a-z_]+$/u.test(label) ? palette(label) : screen.getByLabelText(label));
    }
    expect(text().value).toBe('( list_price + biaya_kemas ) × ppn');
    expect(await screen.findByText('Formula benar')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Tanpa SKU, coba dengan list_price'), { target: { value: '85000' } });
    const run = screen.getByText('Jalankan pratinjau').closest('button') as HTMLButtonElement;
    await waitFor(() => expect(run.disabled).toBe(false));
    fireEvent.click(run);
    await waitFor(() => expect(calls.some((call) => call.url.pathname === '/api/price-formulas/preview')).toBe(true));
    expect(await screen.findByText('Rp98.000')).toBeTruthy();
    const trace = within(await screen.findByTestId('preview-trace'));
    expect(trace.getByText('list_price = 85000')).toBeTruthy();
    expect(trace.getByText('(list_price + biaya_kemas) = 85000 + 2500 = 87500')).toBeTruthy();
    expect(trace.getByText('Pembulatan (Bulatkan ke atas, kelipatan 1000): 97125 → 98000')).toBeTruthy();
    expect(screen.getByText('Rp98.000')).toBeTruthy();
    const preview = calls.find((call) => call.url.pathname === '/api/price-formulas/preview');
    expect(preview?.body).toMatchObject({
      expression: '( list_price + biaya_kemas ) × ppn',
      catalog_ids: [],
      values: { list_price: '85000' },
    });
  });

  it('names the variable that has no value in a preview row', async () => {
    const noValue = {
      ...PREVIEW,
      rows: [
        {
          ...PREVIEW.rows[0],
          price: null,
          trace: [],
          errors: [{ code: 'FORMULA_UNKNOWN_VARIABLE', position: 0, token: 'list_price', message: 'Variabel ini tidak ada.' }],
        },
      ],
    };
    setup(noValue);
    await screen.findByText('ppn', { selector: 'button > span' });
    type('list_price + biaya_kemas');
    expect(await screen.findByText('Formula benar')).toBeTruthy();
    const run = screen.getByText('Jalankan pratinjau').closest('button') as HTMLButtonElement;
    await waitFor(() => expect(run.disabled).toBe(false));
    fireEvent.click(run);
    expect(await screen.findByText('Variabel list_price tidak memiliki nilai di baris ini.')).toBeTruthy();
  });

  it('does not save a broken formula', async () => {
    const { calls } = setup();
    await screen.findByLabelText('Tampilan teks');
    fireEvent.change(screen.getByLabelText('Nama Formula'), { target: { value: 'harga_reseller' } });
    type('ppn +');
    await problems();
    fireEvent.click(screen.getByText('Simpan'));
    expect(await screen.findByText('Perbaiki formula terlebih dahulu.')).toBeTruthy();
    await waitFor(() => expect(calls.some((call) => call.method === 'POST' && call.url.pathname === '/api/price-formulas')).toBe(false));
  });
});
