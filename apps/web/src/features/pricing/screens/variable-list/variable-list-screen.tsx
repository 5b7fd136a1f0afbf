import { VariableList } from '../../components/variable-list.tsx';
import { VARIABLE_KINDS } from '../../components/variable-kinds.ts';

/** /global-variable: values every formula may use (e.g. ppn, margin). */
export function GlobalVariableListScreen() {
  return <VariableList config={VARIABLE_KINDS.GLOBAL} />;
}

/** /formula-variable: factors kept for formulas (e.g. markup_reseller). */
export function FormulaVariableListScreen() {
  return <VariableList config={VARIABLE_KINDS.FORMULA} />;
}

/** /product-variable: values a SKU may override (e.g. packing_cost). */
export function ProductVariableListScreen() {
  return <VariableList config={VARIABLE_KINDS.PRODUCT} />;
}
