import { parseFormula, type FormulaError } from '@kelola/domain';

/** One piece of the formula text as the builder shows it: a chip with its character offset. */
export type Piece = { text: string; position: number; kind: 'variable' | 'number' | 'operator' | 'open' | 'close' | 'other' };

const PIECE = /[\p{L}\p{N}_.]+|[()]|[+\-−*×/÷]|\S/gu;

/** Splits the text at the same places as the domain tokenizer, so an error's position points at a chip. */
export function piecesOf(text: string): Piece[] {
  return [...text.matchAll(PIECE)].map((match) => {
    const piece = match[0];
    const kind: Piece['kind'] = /^\d+(?:\.\d+)?$/u.test(piece)
      ? 'number'
      : /^[\p{L}\p{N}_.]+$/u.test(piece)
        ? 'variable'
        : piece === '('
          ? 'open'
          : piece === ')'
            ? 'close'
            : /^[+\-−*×/÷]$/u.test(piece)
              ? 'operator'
              : 'other';
    return { text: piece, position: match.index, kind };
  });
}

/** The pieces joined with single spaces: how the builder writes the text after a button is used. */
export const joinPieces = (pieces: readonly Pick<Piece, 'text'>[]) => pieces.map((piece) => piece.text).join(' ');

/** Adds a variable, constant, operator or bracket at the end. */
export const appendPiece = (text: string, piece: string) => joinPieces([...piecesOf(text), { text: piece }]);

/** Removes the piece at `index` (a chip's close button). */
export const removePiece = (text: string, index: number) => joinPieces(piecesOf(text).filter((_piece, i) => i !== index));

/**
 * The browser's check of the formula (the same parser as the server): every problem with its position. Names the
 * workspace does not have are added when `known` is given (the server's check says the same after a moment).
 */
export function checkText(text: string, known?: ReadonlySet<string>): FormulaError[] {
  const result = parseFormula(text);
  if (!result.ok) return result.errors;
  if (!known) return [];
  return result.formula.tokens.flatMap((token) =>
    token.kind === 'variable' && !known.has(token.name)
      ? [{ code: 'FORMULA_UNKNOWN_VARIABLE' as const, position: token.position, token: token.name }]
      : [],
  );
}
