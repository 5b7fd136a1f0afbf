/**
 * Price formulas (spec part 5 "Formula builder"): variables, constants, + − × ÷ and brackets, evaluated exactly
 * (rational arithmetic on bigint, never floats) and rounded to whole rupiah by the formula's rounding rule.
 *
 * Decisions where the spec is silent:
 * - Operators: `+ - * /` and their typographic forms `− × ÷`; `×`/`÷` bind tighter than `+`/`−`, left to right.
 * - No unary minus: a leading or doubled operator is a missing operand (write `0 - x`).
 * - Constants are non-negative decimals (`1.25`, at most 6 decimals); a token of digits and a dot is a constant,
 *   any other run of letters, digits and underscores is a variable name.
 * - A variable may appear once per formula (spec: "a variable may not repeat").
 * - Rounding modes NONE (nearest rupiah, halves up), ROUND (nearest step, halves up), FLOOR and CEIL (to the step).
 */

export type FormulaErrorCode =
  | 'FORMULA_EMPTY'
  | 'FORMULA_INVALID_TOKEN'
  | 'FORMULA_MISSING_OPERAND'
  | 'FORMULA_MISSING_OPERATOR'
  | 'FORMULA_MISMATCHED_CLOSING_BRACKET'
  | 'FORMULA_UNCLOSED_BRACKET'
  | 'FORMULA_EMPTY_BRACKETS'
  | 'FORMULA_TOO_FEW_OPERANDS'
  | 'FORMULA_REPEATED_VARIABLE'
  | 'FORMULA_UNKNOWN_VARIABLE'
  | 'FORMULA_DIVISION_BY_ZERO'
  | 'FORMULA_NEGATIVE_RESULT'
  | 'FORMULA_TOO_LONG';

/** A problem with a formula; `position` is the character offset it points at, `token` the text there. */
export type FormulaError = { code: FormulaErrorCode; position: number; token?: string };

export type Operator = '+' | '-' | '*' | '/';

export type Token =
  | { kind: 'number'; text: string; position: number }
  | { kind: 'variable'; name: string; position: number }
  | { kind: 'operator'; op: Operator; position: number }
  | { kind: 'open'; position: number }
  | { kind: 'close'; position: number };

export type FormulaNode =
  | { kind: 'number'; text: string; value: Rational }
  | { kind: 'variable'; name: string }
  | { kind: 'binary'; op: Operator; left: FormulaNode; right: FormulaNode; bracketed?: boolean };

export type ParsedFormula = { ast: FormulaNode; variables: string[]; constants: number; tokens: Token[] };

export type ParseResult = { ok: true; formula: ParsedFormula } | { ok: false; errors: FormulaError[] };

/** Longest formula text accepted; keeps parsing and the trace small. */
export const FORMULA_MAX_LENGTH = 500;
export const CONSTANT_MAX_DECIMALS = 6;

const OPERATORS: Record<string, Operator> = { '+': '+', '-': '-', '−': '-', '*': '*', '×': '*', '/': '/', '÷': '/' };
const SYMBOL: Record<Operator, string> = { '+': '+', '-': '−', '*': '×', '/': '÷' };

// ---------------------------------------------------------------------------------------------------------------
// Exact arithmetic

/** An exact fraction n/d with d > 0, kept reduced. */
export type Rational = { n: bigint; d: bigint };

const gcd = (a: bigint, b: bigint): bigint => {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x === 0n ? 1n : x;
};

export function rational(n: bigint, d = 1n): Rational {
  if (d === 0n) throw new RangeError('zero denominator');
  const sign = d < 0n ? -1n : 1n;
  const g = gcd(n, d);
  return { n: (sign * n) / g, d: (sign * d) / g };
}

/** Parses a decimal such as "1500", "1.25", "-0.5" exactly; null when it is not one. */
export function parseDecimal(text: string): Rational | null {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/u.exec(text.trim());
  if (!match) return null;
  const [, sign, whole, fraction = ''] = match;
  const n = BigInt(`${whole}${fraction}`) * (sign === '-' ? -1n : 1n);
  return rational(n, 10n ** BigInt(fraction.length));
}

const apply = (op: Operator, a: Rational, b: Rational): Rational | null => {
  switch (op) {
    case '+':
      return rational(a.n * b.d + b.n * a.d, a.d * b.d);
    case '-':
      return rational(a.n * b.d - b.n * a.d, a.d * b.d);
    case '*':
      return rational(a.n * b.n, a.d * b.d);
    case '/':
      return b.n === 0n ? null : rational(a.n * b.d, a.d * b.n);
  }
};

const floorDiv = (a: bigint, b: bigint): bigint => {
  const q = a / b;
  return a % b !== 0n && a < 0n !== b < 0n ? q - 1n : q;
};

/** A rational as a decimal string with at most `places` decimals (rounded half up), trailing zeros dropped. */
export function formatRational(value: Rational, places = 4): string {
  const scale = 10n ** BigInt(places);
  const scaled = floorDiv(value.n * scale * 2n + value.d, value.d * 2n);
  const negative = scaled < 0n;
  const abs = negative ? -scaled : scaled;
  const whole = abs / scale;
  const fraction = (abs % scale).toString().padStart(places, '0').replace(/0+$/u, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

// ---------------------------------------------------------------------------------------------------------------
// Tokenizer and parser

function tokenize(text: string): { tokens: Token[]; errors: FormulaError[] } {
  const tokens: Token[] = [];
  const errors: FormulaError[] = [];
  let i = 0;
  while (i < text.length) {
    const ch = text[i]!;
    if (/\s/u.test(ch)) {
      i += 1;
      continue;
    }
    if (ch === '(') tokens.push({ kind: 'open', position: i });
    else if (ch === ')') tokens.push({ kind: 'close', position: i });
    else if (OPERATORS[ch]) tokens.push({ kind: 'operator', op: OPERATORS[ch], position: i });
    else if (/[\p{L}\p{N}_.]/u.test(ch)) {
      const start = i;
      while (i < text.length && /[\p{L}\p{N}_.]/u.test(text[i]!)) i += 1;
      const word = text.slice(start, i);
      if (/^\d+(?:\.\d+)?$/u.test(word)) {
        const decimals = word.split('.')[1]?.length ?? 0;
        if (decimals > CONSTANT_MAX_DECIMALS) errors.push({ code: 'FORMULA_INVALID_TOKEN', position: start, token: word });
        else tokens.push({ kind: 'number', text: word, position: start });
      } else if (/^[A-Za-z0-9_]+$/u.test(word)) tokens.push({ kind: 'variable', name: word, position: start });
      else errors.push({ code: 'FORMULA_INVALID_TOKEN', position: start, token: word });
      continue;
    } else errors.push({ code: 'FORMULA_INVALID_TOKEN', position: i, token: ch });
    i += 1;
  }
  return { tokens, errors };
}

const isOperand = (t: Token | undefined) => t?.kind === 'number' || t?.kind === 'variable';

/**
 * Checks the token sequence of a formula and reports every problem at once (the builder marks each one), then
 * builds the tree. The grammar: expr := term (('+'|'-') term)*; term := factor (('*'|'/') factor)*;
 * factor := number | variable | '(' expr ')'.
 */
export function parseFormula(text: string): ParseResult {
  if (text.length > FORMULA_MAX_LENGTH) return { ok: false, errors: [{ code: 'FORMULA_TOO_LONG', position: FORMULA_MAX_LENGTH }] };
  const { tokens, errors } = tokenize(text);
  if (tokens.length === 0 && errors.length === 0) return { ok: false, errors: [{ code: 'FORMULA_EMPTY', position: 0 }] };

  // Sequence rules: what may follow what.
  let depth = 0;
  const opens: number[] = [];
  for (let k = 0; k < tokens.length; k += 1) {
    const token = tokens[k]!;
    const prev = tokens[k - 1];
    const afterValue = isOperand(prev) || prev?.kind === 'close';
    switch (token.kind) {
      case 'number':
      case 'variable':
      case 'open':
        if (afterValue) errors.push({ code: 'FORMULA_MISSING_OPERATOR', position: token.position });
        if (token.kind === 'open') {
          depth += 1;
          opens.push(token.position);
        }
        break;
      case 'operator':
        if (!afterValue) errors.push({ code: 'FORMULA_MISSING_OPERAND', position: token.position, token: SYMBOL[token.op] });
        break;
      case 'close':
        if (prev?.kind === 'operator') errors.push({ code: 'FORMULA_MISSING_OPERAND', position: prev.position, token: SYMBOL[prev.op] });
        if (depth === 0) {
          errors.push({ code: 'FORMULA_MISMATCHED_CLOSING_BRACKET', position: token.position, token: ')' });
          break;
        }
        depth -= 1;
        opens.pop();
        if (prev?.kind === 'open') errors.push({ code: 'FORMULA_EMPTY_BRACKETS', position: prev.position });
        break;
    }
  }
  const last = tokens.at(-1);
  if (last?.kind === 'operator') errors.push({ code: 'FORMULA_MISSING_OPERAND', position: last.position, token: SYMBOL[last.op] });
  for (const position of opens) errors.push({ code: 'FORMULA_UNCLOSED_BRACKET', position, token: '(' });

  const seen = new Set<string>();
  const variables: string[] = [];
  let constants = 0;
  for (const token of tokens) {
    if (token.kind === 'number') constants += 1;
    if (token.kind !== 'variable') continue;
    if (seen.has(token.name)) errors.push({ code: 'FORMULA_REPEATED_VARIABLE', position: token.position, token: token.name });
    else variables.push(token.name);
    seen.add(token.name);
  }
  const operands = tokens.filter(isOperand).length;
  if (operands === 0 && errors.length === 0) errors.push({ code: 'FORMULA_EMPTY', position: 0 });
  // Fewer than two operands is the least specific complaint: shown only when nothing more precise is wrong.
  else if (operands < 2 && errors.length === 0) errors.push({ code: 'FORMULA_TOO_FEW_OPERANDS', position: 0 });
  if (errors.length > 0) return { ok: false, errors: errors.sort((a, b) => a.position - b.position) };

  let at = 0;
  const expr = (): FormulaNode => {
    let left = term();
    while (
      tokens[at]?.kind === 'operator' &&
      ((tokens[at] as { op: Operator }).op === '+' || (tokens[at] as { op: Operator }).op === '-')
    ) {
      const op = (tokens[at] as { op: Operator }).op;
      at += 1;
      left = { kind: 'binary', op, left, right: term() };
    }
    return left;
  };
  const term = (): FormulaNode => {
    let left = factor();
    while (
      tokens[at]?.kind === 'operator' &&
      ((tokens[at] as { op: Operator }).op === '*' || (tokens[at] as { op: Operator }).op === '/')
    ) {
      const op = (tokens[at] as { op: Operator }).op;
      at += 1;
      left = { kind: 'binary', op, left, right: factor() };
    }
    return left;
  };
  const factor = (): FormulaNode => {
    const token = tokens[at]!;
    at += 1;
    if (token.kind === 'number') return { kind: 'number', text: token.text, value: parseDecimal(token.text)! };
    if (token.kind === 'variable') return { kind: 'variable', name: token.name };
    // The sequence checks above guarantee an open bracket here, with its closing one after the expression.
    const inner = expr();
    at += 1;
    return inner.kind === 'binary' ? { ...inner, bracketed: true } : inner;
  };
  return { ok: true, formula: { ast: expr(), variables, constants, tokens } };
}

/** The formula written back in a normal form: single spaces, × and ÷, brackets only where they were. */
export function formatFormula(node: FormulaNode): string {
  if (node.kind === 'number') return node.text;
  if (node.kind === 'variable') return node.name;
  const text = `${formatFormula(node.left)} ${SYMBOL[node.op]} ${formatFormula(node.right)}`;
  return node.bracketed ? `(${text})` : text;
}

// ---------------------------------------------------------------------------------------------------------------
// Rounding and evaluation

export const ROUNDING_MODES = ['NONE', 'ROUND', 'FLOOR', 'CEIL'] as const;
export type RoundingMode = (typeof ROUNDING_MODES)[number];
/** Steps offered by the builder (rupiah). */
export const ROUNDING_STEPS = [1, 10, 50, 100, 500, 1000, 5000, 10000] as const;
export type Rounding = { mode: RoundingMode; step: number };

/** Rounds an exact value to whole rupiah, then to the step of the rule. */
export function roundRupiah(value: Rational, rounding: Rounding): bigint {
  const step = BigInt(rounding.mode === 'NONE' ? 1 : rounding.step);
  const denominator = value.d * step;
  switch (rounding.mode) {
    case 'FLOOR':
      return floorDiv(value.n, denominator) * step;
    case 'CEIL':
      return -floorDiv(-value.n, denominator) * step;
    case 'NONE':
    case 'ROUND':
      return floorDiv(value.n * 2n + denominator, denominator * 2n) * step;
  }
}

/** One line of the explanation shown in the preview. */
export type TraceStep =
  | { kind: 'variable'; name: string; value: string }
  | { kind: 'operation'; expression: string; left: string; operator: string; right: string; result: string; exact: boolean }
  | { kind: 'rounding'; mode: RoundingMode; step: number; before: string; result: string };

export type Evaluation =
  { ok: true; value: bigint; exact: Rational; trace: TraceStep[] } | { ok: false; errors: FormulaError[]; trace: TraceStep[] };

/** Values of the formula's variables as decimals ("1500", "1.2") or exact rationals. */
export type VariableValues = Record<string, string | Rational | bigint | number>;

const toRational = (value: string | Rational | bigint | number): Rational | null => {
  if (typeof value === 'bigint') return rational(value);
  if (typeof value === 'number') return Number.isFinite(value) ? parseDecimal(String(value)) : null;
  if (typeof value === 'string') return parseDecimal(value);
  return value;
};

/** Evaluates a parsed formula exactly and rounds the result to rupiah; the trace explains every step. */
export function evaluateFormula(
  formula: ParsedFormula,
  values: VariableValues,
  rounding: Rounding = { mode: 'NONE', step: 1 },
): Evaluation {
  const trace: TraceStep[] = [];
  const resolved = new Map<string, Rational>();
  const errors: FormulaError[] = [];
  for (const token of formula.tokens) {
    if (token.kind !== 'variable' || resolved.has(token.name)) continue;
    const raw = Object.hasOwn(values, token.name) ? values[token.name] : undefined;
    const value = raw === undefined ? null : toRational(raw);
    if (value === null) errors.push({ code: 'FORMULA_UNKNOWN_VARIABLE', position: token.position, token: token.name });
    else {
      resolved.set(token.name, value);
      trace.push({ kind: 'variable', name: token.name, value: formatRational(value) });
    }
  }
  if (errors.length > 0) return { ok: false, errors, trace };

  const walk = (node: FormulaNode): { value: Rational; text: string } | FormulaError => {
    if (node.kind === 'number') return { value: node.value, text: node.text };
    if (node.kind === 'variable') return { value: resolved.get(node.name)!, text: node.name };
    const left = walk(node.left);
    if ('code' in left) return left;
    const right = walk(node.right);
    if ('code' in right) return right;
    const value = apply(node.op, left.value, right.value);
    const text = `${left.text} ${SYMBOL[node.op]} ${right.text}`;
    if (value === null) return { code: 'FORMULA_DIVISION_BY_ZERO', position: 0, token: text };
    const result = formatRational(value);
    const shown = parseDecimal(result)!;
    trace.push({
      kind: 'operation',
      expression: node.bracketed ? `(${text})` : text,
      left: formatRational(left.value),
      operator: SYMBOL[node.op],
      right: formatRational(right.value),
      result,
      exact: shown.n === value.n && shown.d === value.d,
    });
    return { value, text: node.bracketed ? `(${text})` : text };
  };
  const outcome = walk(formula.ast);
  if ('code' in outcome) return { ok: false, errors: [outcome], trace };
  const rounded = roundRupiah(outcome.value, rounding);
  trace.push({
    kind: 'rounding',
    mode: rounding.mode,
    step: rounding.mode === 'NONE' ? 1 : rounding.step,
    before: formatRational(outcome.value),
    result: rounded.toString(),
  });
  if (rounded < 0n) return { ok: false, errors: [{ code: 'FORMULA_NEGATIVE_RESULT', position: 0, token: rounded.toString() }], trace };
  return { ok: true, value: rounded, exact: outcome.value, trace };
}

/** Parses and evaluates in one call. */
export function computeFormula(text: string, values: VariableValues, rounding?: Rounding): Evaluation {
  const parsed = parseFormula(text);
  if (!parsed.ok) return { ok: false, errors: parsed.errors, trace: [] };
  return evaluateFormula(parsed.formula, values, rounding);
}

/** Variable names (spec part 5): required, at most 30 characters, letters, digits and underscore, not only digits. */
export const VARIABLE_NAME_MAX = 30;
export const VARIABLE_NAME_PATTERN = /^(?=.*[A-Za-z_])[A-Za-z0-9_]+$/u;
export const isVariableName = (name: string): boolean => name.length <= VARIABLE_NAME_MAX && VARIABLE_NAME_PATTERN.test(name);
