import { describe, expect, it } from 'vitest';
import {
  computeFormula,
  evaluateFormula,
  formatFormula,
  formatRational,
  isVariableName,
  parseDecimal,
  parseFormula,
  rational,
  roundRupiah,
  type FormulaErrorCode,
} from './price-formula.ts';

const codes = (text: string): FormulaErrorCode[] => {
  const result = parseFormula(text);
  return result.ok ? [] : result.errors.map((e) => e.code);
};

describe('parseFormula: the builder errors of spec part 5', () => {
  it('needs a variable or constant', () => {
    expect(codes('')).toEqual(['FORMULA_EMPTY']);
    expect(codes('   ')).toEqual(['FORMULA_EMPTY']);
  });

  it('reports a missing operand before, between and after operators', () => {
    expect(codes('harga +')).toContain('FORMULA_MISSING_OPERAND');
    expect(codes('+ harga * 2')).toContain('FORMULA_MISSING_OPERAND');
    expect(codes('harga * / 2')).toContain('FORMULA_MISSING_OPERAND');
    expect(codes('(harga + ) * 2')).toContain('FORMULA_MISSING_OPERAND');
  });

  it('reports a mismatched closing bracket with its position', () => {
    const result = parseFormula('harga * 2)');
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors).toContainEqual({ code: 'FORMULA_MISMATCHED_CLOSING_BRACKET', position: 9, token: ')' });
    expect(codes(')harga + 2(')).toEqual(expect.arrayContaining(['FORMULA_MISMATCHED_CLOSING_BRACKET', 'FORMULA_UNCLOSED_BRACKET']));
  });

  it('reports an unclosed bracket and empty brackets', () => {
    expect(codes('(harga + 2')).toEqual(['FORMULA_UNCLOSED_BRACKET']);
    expect(codes('harga + () * 2')).toContain('FORMULA_EMPTY_BRACKETS');
  });

  it('needs at least 2 variables or constants', () => {
    expect(codes('harga')).toEqual(['FORMULA_TOO_FEW_OPERANDS']);
    expect(codes('1500')).toEqual(['FORMULA_TOO_FEW_OPERANDS']);
    expect(codes('(harga)')).toEqual(['FORMULA_TOO_FEW_OPERANDS']);
    expect(codes('harga * 2')).toEqual([]);
    expect(codes('2 + 3')).toEqual([]);
  });

  it('refuses a repeated variable', () => {
    const result = parseFormula('harga + harga * 2');
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors).toEqual([{ code: 'FORMULA_REPEATED_VARIABLE', position: 8, token: 'harga' }]);
  });

  it('reports a missing operator between two operands', () => {
    expect(codes('harga 2')).toEqual(['FORMULA_MISSING_OPERATOR']);
    expect(codes('harga (2 + ongkir)')).toEqual(['FORMULA_MISSING_OPERATOR']);
    expect(codes('(harga + 2)(ongkir + 1)')).toEqual(['FORMULA_MISSING_OPERATOR']);
  });

  it('refuses unknown characters and constants with too many decimals', () => {
    expect(codes('harga % 2')).toContain('FORMULA_INVALID_TOKEN');
    expect(codes('harga * 1.1234567')).toContain('FORMULA_INVALID_TOKEN');
    expect(codes('harga-modal * 2')).toEqual([]); // read as harga − modal × 2
    expect(codes('x'.repeat(501))).toEqual(['FORMULA_TOO_LONG']);
  });

  it('reports every problem at once, in order of position', () => {
    const result = parseFormula('harga + * harga)');
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(result.errors.map((e) => e.code)).toEqual([
        'FORMULA_MISSING_OPERAND',
        'FORMULA_REPEATED_VARIABLE',
        'FORMULA_MISMATCHED_CLOSING_BRACKET',
      ]);
  });

  it('accepts the typographic operators and lists the variables', () => {
    const result = parseFormula('(harga_modal + ongkir) × 1.2 ÷ 2 − admin');
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect(result.formula.variables).toEqual(['harga_modal', 'ongkir', 'admin']);
      expect(result.formula.constants).toBe(2);
      expect(formatFormula(result.formula.ast)).toBe('(harga_modal + ongkir) × 1.2 ÷ 2 − admin');
    }
  });
});

describe('evaluateFormula', () => {
  it('respects precedence and brackets, exactly', () => {
    expect(computeFormula('2 + 3 * 4', {})).toMatchObject({ ok: true, value: 14n });
    expect(computeFormula('(2 + 3) * 4', {})).toMatchObject({ ok: true, value: 20n });
    expect(computeFormula('10 - 4 - 3', {})).toMatchObject({ ok: true, value: 3n });
    expect(computeFormula('100 / 10 / 5', {})).toMatchObject({ ok: true, value: 2n });
    // 0.1 + 0.2 is exactly 0.3 here: × 10 gives 3, not 3.0000000000000004.
    const r = computeFormula('(a + b) * 10', { a: '0.1', b: '0.2' });
    expect(r.ok && r.exact).toEqual(rational(3n));
  });

  it('uses variable values and explains each step', () => {
    const result = computeFormula(
      '(harga_modal + ongkir) × margin',
      { harga_modal: 150_000n, ongkir: '12500', margin: '1.15' },
      { mode: 'CEIL', step: 1000 },
    );
    expect(result).toMatchObject({ ok: true, value: 187_000n });
    expect(result.trace).toEqual([
      { kind: 'variable', name: 'harga_modal', value: '150000' },
      { kind: 'variable', name: 'ongkir', value: '12500' },
      { kind: 'variable', name: 'margin', value: '1.15' },
      {
        kind: 'operation',
        expression: '(harga_modal + ongkir)',
        left: '150000',
        operator: '+',
        right: '12500',
        result: '162500',
        exact: true,
      },
      {
        kind: 'operation',
        expression: '(harga_modal + ongkir) × margin',
        left: '162500',
        operator: '×',
        right: '1.15',
        result: '186875',
        exact: true,
      },
      { kind: 'rounding', mode: 'CEIL', step: 1000, before: '186875', result: '187000' },
    ]);
  });

  it('marks inexact intermediate values in the trace', () => {
    const result = computeFormula('a / 3 * 3', { a: 10 });
    expect(result.ok && result.value).toBe(10n);
    expect(result.trace[1]).toMatchObject({ result: '3.3333', exact: false });
  });

  it('fails on an unknown variable, a division by zero and a negative price', () => {
    expect(computeFormula('a + b', { a: 1 })).toMatchObject({ ok: false, errors: [{ code: 'FORMULA_UNKNOWN_VARIABLE', token: 'b' }] });
    expect(computeFormula('a + b', { a: 1, b: 'abc' })).toMatchObject({ ok: false, errors: [{ code: 'FORMULA_UNKNOWN_VARIABLE' }] });
    expect(computeFormula('a / (b - 2)', { a: 1, b: 2 })).toMatchObject({ ok: false, errors: [{ code: 'FORMULA_DIVISION_BY_ZERO' }] });
    expect(computeFormula('a - 2000', { a: 1000 })).toMatchObject({ ok: false, errors: [{ code: 'FORMULA_NEGATIVE_RESULT' }] });
    expect(computeFormula('a +', { a: 1 })).toMatchObject({ ok: false, errors: [{ code: 'FORMULA_MISSING_OPERAND' }] });
  });

  it('does not read inherited properties as variable values', () => {
    expect(computeFormula('constructor + 1', {})).toMatchObject({ ok: false, errors: [{ code: 'FORMULA_UNKNOWN_VARIABLE' }] });
  });
});

describe('roundRupiah', () => {
  const v = (text: string) => parseDecimal(text)!;
  it.each([
    ['12345.5', 'NONE', 1, 12346n],
    ['12345.49', 'NONE', 1, 12345n],
    ['12345', 'ROUND', 100, 12300n],
    ['12350', 'ROUND', 100, 12400n],
    ['12399', 'FLOOR', 1000, 12000n],
    ['12001', 'CEIL', 1000, 13000n],
    ['12000', 'CEIL', 1000, 12000n],
    ['0.4', 'CEIL', 100, 100n],
    ['-150', 'ROUND', 100, -100n],
    ['-150', 'FLOOR', 100, -200n],
  ] as const)('%s %s to %d is %d', (value, mode, step, expected) => {
    expect(roundRupiah(v(value), { mode, step })).toBe(expected);
  });
});

describe('helpers', () => {
  it('formats rationals and parses decimals', () => {
    expect(formatRational(rational(1n, 3n))).toBe('0.3333');
    expect(formatRational(rational(-1n, 2n))).toBe('-0.5');
    expect(formatRational(rational(2n, 3n), 2)).toBe('0.67');
    expect(parseDecimal('1.50')).toEqual(rational(3n, 2n));
    expect(parseDecimal('1e3')).toBeNull();
  });
  it('checks variable names', () => {
    expect(isVariableName('harga_modal_2')).toBe(true);
    expect(isVariableName('_x')).toBe(true);
    expect(isVariableName('123')).toBe(false);
    expect(isVariableName('harga modal')).toBe(false);
    expect(isVariableName('a'.repeat(31))).toBe(false);
  });
});

// -------------------------------------------------------------------------------------------------------------
// Property tests: random formulas against an independent reference evaluator (unreduced fractions).

function prng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Ref = { kind: 'leaf'; text: string; n: bigint; d: bigint } | { kind: 'op'; op: '+' | '-' | '*' | '/'; l: Ref; r: Ref };

function refValue(node: Ref): { n: bigint; d: bigint } | null {
  if (node.kind === 'leaf') return { n: node.n, d: node.d };
  const a = refValue(node.l);
  const b = refValue(node.r);
  if (!a || !b) return null;
  if (node.op === '+') return { n: a.n * b.d + b.n * a.d, d: a.d * b.d };
  if (node.op === '-') return { n: a.n * b.d - b.n * a.d, d: a.d * b.d };
  if (node.op === '*') return { n: a.n * b.n, d: a.d * b.d };
  if (b.n === 0n) return null;
  const n = a.n * b.d;
  const d = a.d * b.n;
  return d < 0n ? { n: -n, d: -d } : { n, d };
}

const print = (node: Ref): string => (node.kind === 'leaf' ? node.text : `(${print(node.l)} ${node.op} ${print(node.r)})`);

describe('property: parse + evaluate equals the reference evaluator', () => {
  it('on 2,000 random fully bracketed formulas with variables and constants', () => {
    const random = prng(20_260_101);
    for (let run = 0; run < 2000; run += 1) {
      const values: Record<string, string> = {};
      let names = 0;
      const gen = (depth: number): Ref => {
        if (depth === 0 || random() < 0.3) {
          const whole = Math.floor(random() * 1000);
          const decimals = Math.floor(random() * 3);
          const fraction = decimals === 0 ? '' : `.${String(Math.floor(random() * 10 ** decimals)).padStart(decimals, '0')}`;
          const text = `${whole}${fraction}`;
          const d = 10n ** BigInt(decimals);
          const n = BigInt(text.replace('.', ''));
          if (random() < 0.5) {
            const name = `v${(names += 1)}`;
            values[name] = text;
            return { kind: 'leaf', text: name, n, d };
          }
          return { kind: 'leaf', text, n, d };
        }
        const ops = ['+', '-', '*', '/'] as const;
        return { kind: 'op', op: ops[Math.floor(random() * 4)]!, l: gen(depth - 1), r: gen(depth - 1) };
      };
      const tree: Ref = { kind: 'op', op: '+', l: gen(3), r: gen(3) };
      const text = print(tree);
      const parsed = parseFormula(text);
      expect(parsed.ok, text).toBe(true);
      if (!parsed.ok) continue;
      const expected = refValue(tree);
      const result = evaluateFormula(parsed.formula, values);
      if (expected === null) {
        expect(result.ok ? 'ok' : result.errors[0]!.code, text).toBe('FORMULA_DIVISION_BY_ZERO');
        continue;
      }
      const exact = rational(expected.n, expected.d);
      const rounded = roundRupiah(exact, { mode: 'NONE', step: 1 });
      if (rounded < 0n) expect(result.ok ? 'ok' : result.errors[0]!.code, text).toBe('FORMULA_NEGATIVE_RESULT');
      else {
        expect(result.ok, text).toBe(true);
        if (result.ok) {
          expect(result.exact, text).toEqual(exact);
          expect(result.value, text).toBe(rounded);
          // Every binary operation is one line of the trace, plus the variables and the rounding.
          const operations = (text.match(/[+\-*/]/gu) ?? []).length;
          expect(result.trace.length).toBe(Object.keys(values).length + operations + 1);
        }
      }
    }
  });

  it('precedence without brackets matches the reference for left-associative chains', () => {
    const random = prng(7);
    for (let run = 0; run < 1000; run += 1) {
      const terms = Array.from({ length: 2 + Math.floor(random() * 5) }, () => String(1 + Math.floor(random() * 50)));
      const ops = terms.slice(1).map(() => (['+', '-', '*', '/'] as const)[Math.floor(random() * 4)]!);
      // Reference: fold the × ÷ runs first, then + − left to right.
      const sums: { sign: 1n | -1n; n: bigint; d: bigint }[] = [{ sign: 1n, n: BigInt(terms[0]!), d: 1n }];
      ops.forEach((op, i) => {
        const value = BigInt(terms[i + 1]!);
        const current = sums.at(-1)!;
        if (op === '*') current.n *= value;
        else if (op === '/') current.d *= value;
        else sums.push({ sign: op === '+' ? 1n : -1n, n: value, d: 1n });
      });
      const total = sums.reduce((acc, s) => ({ n: acc.n * s.d + s.sign * s.n * acc.d, d: acc.d * s.d }), { n: 0n, d: 1n });
      const text = terms.map((t, i) => (i === 0 ? t : `${ops[i - 1]} ${t}`)).join(' ');
      const parsed = parseFormula(text);
      expect(parsed.ok).toBe(true);
      if (parsed.ok) {
        const result = evaluateFormula(parsed.formula, {}, { mode: 'FLOOR', step: 1 });
        const exact = rational(total.n, total.d);
        if (result.ok) expect(result.exact, text).toEqual(exact);
        else expect(result.errors[0]!.code).toBe('FORMULA_NEGATIVE_RESULT');
      }
    }
  });

  it('never throws on random token soup, and either parses or explains why', () => {
    const random = prng(42);
    const alphabet = ['a', 'b', 'harga', '1', '2.5', '+', '-', '*', '/', '×', '÷', '(', ')', ' ', '%', 'a'];
    for (let run = 0; run < 3000; run += 1) {
      const text = Array.from({ length: Math.floor(random() * 12) }, () => alphabet[Math.floor(random() * alphabet.length)]).join(' ');
      const result = parseFormula(text);
      if (!result.ok) expect(result.errors.length).toBeGreaterThan(0);
      else expect(() => evaluateFormula(result.formula, { a: 1, b: 2, harga: 3 })).not.toThrow();
    }
  });
});
