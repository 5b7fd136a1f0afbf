import { useParams } from 'react-router';
import { VariableForm } from '../../components/variable-form.tsx';
import { VARIABLE_KINDS } from '../../components/variable-kinds.ts';

/** /global-variable/add and /global-variable/edit/:id */
export function GlobalVariableFormScreen() {
  const { id } = useParams();
  return <VariableForm config={VARIABLE_KINDS.GLOBAL} id={id} />;
}

/** /formula-variable/add and /formula-variable/edit/:id */
export function FormulaVariableFormScreen() {
  const { id } = useParams();
  return <VariableForm config={VARIABLE_KINDS.FORMULA} id={id} />;
}

/** /product-variable/add and /product-variable/edit/:id */
export function ProductVariableFormScreen() {
  const { id } = useParams();
  return <VariableForm config={VARIABLE_KINDS.PRODUCT} id={id} />;
}
