import { isApiError } from '../../../lib/api-error.ts';

/** The formulas named by a 409 VARIABLE_IN_USE answer ('Cannot Delete'); null for any other failure. */
export function formulasBlockingDelete(error: unknown): string[] | null {
  if (!isApiError(error) || error.code !== 'VARIABLE_IN_USE') return null;
  const formulas = error.details?.formulas;
  return Array.isArray(formulas) ? formulas.filter((name): name is string => typeof name === 'string') : [];
}
