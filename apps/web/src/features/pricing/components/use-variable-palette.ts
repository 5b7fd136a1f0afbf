import { BUILTIN_FORMULA_VARIABLES, type Variable, type VariableKind } from '@kelola/contracts/pricing';
import { useVariables } from '../api/variable-api.ts';

export type PaletteGroup = {
  key: 'builtin' | VariableKind;
  names: { name: string; value?: string; description?: string | null }[];
  loading: boolean;
  error: unknown;
};

const PALETTE_SIZE = { page: 1, size: 200 };
const toEntry = (variable: Variable) => ({ name: variable.name, value: variable.value, description: variable.short_description });

/** Every variable a formula may name: the built-ins and the three lists (first 200 of each, by name). */
export function useVariablePalette(): PaletteGroup[] {
  const global = useVariables('GLOBAL', PALETTE_SIZE);
  const formula = useVariables('FORMULA', PALETTE_SIZE);
  const product = useVariables('PRODUCT', PALETTE_SIZE);
  return [
    { key: 'builtin', names: BUILTIN_FORMULA_VARIABLES.map((name) => ({ name })), loading: false, error: null },
    { key: 'GLOBAL', names: (global.data?.items ?? []).map(toEntry), loading: global.isFetching, error: global.error },
    { key: 'FORMULA', names: (formula.data?.items ?? []).map(toEntry), loading: formula.isFetching, error: formula.error },
    { key: 'PRODUCT', names: (product.data?.items ?? []).map(toEntry), loading: product.isFetching, error: product.error },
  ];
}
