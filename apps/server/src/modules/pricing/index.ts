import type { KelolaModule } from '../../http/context.ts';
import { registerPricingRoutes } from './pricing.routes.ts';
// A documented exception (ADR 0020): the catalog's foreign keys and its list joins read these two tables.
// eslint-disable-next-line no-restricted-syntax
export { priceFormulas, priceVariables } from './pricing.schema.ts';
export {
  formulaExists,
  formulaProblem,
  loadExpression,
  loadFormula,
  productVariablesByIds,
  type LoadedFormula,
} from './pricing.service.ts';

/** Price formulas and their variables. */
export const pricingModule: KelolaModule = { name: 'pricing', routes: registerPricingRoutes };
