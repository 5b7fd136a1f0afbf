export { PASSWORD_MIN_LENGTH, passwordProblems, type PasswordProblem } from './password.ts';
export { isEmail, normalizePhone, parseIdentifier, type Identifier, type RegisterType } from './identifier.ts';
export {
  computeFormula,
  CONSTANT_MAX_DECIMALS,
  evaluateFormula,
  formatFormula,
  formatRational,
  FORMULA_MAX_LENGTH,
  isVariableName,
  parseDecimal,
  parseFormula,
  rational,
  roundRupiah,
  ROUNDING_MODES,
  ROUNDING_STEPS,
  VARIABLE_NAME_MAX,
  VARIABLE_NAME_PATTERN,
  type Evaluation,
  type FormulaError,
  type FormulaErrorCode,
  type FormulaNode,
  type ParsedFormula,
  type ParseResult,
  type Rational,
  type Rounding,
  type RoundingMode,
  type TraceStep,
  type VariableValues,
} from './price-formula.ts';
export { parsePercent, salePrice, type SalePrice } from './sale-price.ts';
export {
  computePpn,
  PPN_LUXURY_RULES,
  PPN_RULES,
  ppnRuleOn,
  VAT_MODES,
  type PpnBreakdown,
  type PpnOptions,
  type PpnRule,
  type VatMode,
} from './ppn.ts';
export { channelWeight, GRAMS_PER_KILOGRAM, gramsToKilograms, toGrams, tokopediaWeight, WEIGHT_UNITS, type WeightUnit } from './weight.ts';
export { bundleAvailability, type BundleAvailability, type BundleComponent } from './bundle.ts';
export { SLUG_PATTERN, slugify } from './slug.ts';
export {
  CHANNEL_IMAGE_MAX_BYTES,
  IMAGE_EXTENSIONS,
  IMAGE_FORMATS,
  imageProblems,
  imageTag,
  MASTER_IMAGE_MAX_BYTES,
  MIME_TYPES,
  sniffImageFormat,
  VIDEO_MAX_BYTES,
  YOUTUBE_URL,
  type ImageFormat,
  type ImageProblem,
  type ImageTag,
} from './image-file.ts';
export { parseNpwp, type ParsedNpwp } from './npwp.ts';
export {
  ALLOCATION_MODES,
  allocateToChannel,
  STOCK_STATES,
  stockState,
  type AllocationMode,
  type AllocationRule,
  type ChannelAllocation,
  type StockState,
} from './stock-allocation.ts';
export {
  allowedActions,
  isFinalStatus,
  isNewerMarketplaceStatus,
  ORDER_ACTIONS,
  ORDER_PROGRESS,
  ORDER_STATUSES,
  ORDER_TAB_KEYS,
  ORDER_TABS,
  ORDER_TRANSITIONS,
  stockPhase,
  stockSteps,
  transition,
  type OrderAction,
  type OrderStatus,
  type OrderTab,
  type StockPhase,
  type StockStep,
  type TransitionResult,
} from './order-state.ts';
export { combineItemStatuses, MARKETPLACE_ORDER_STATUS, mapMarketplaceStatus, type OrderMarketplace } from './marketplace-order-status.ts';
export {
  lineTotal,
  manualOrderNumber,
  orderAmounts,
  ZERO_CHARGES,
  type OrderAmounts,
  type OrderCharges,
  type OrderLineMoney,
} from './order-amounts.ts';
export * from './ledger.ts';
export * from './credit-limit.ts';
export * from './finance-states.ts';
