export { priceFormulas, priceVariables } from './pricing.schema.ts';
export {
  formulaExists,
  formulaProblem,
  loadExpression,
  loadFormula,
  productVariablesByIds,
  type LoadedFormula,
} from './pricing.service.ts';
