/**
 * Discount programmes (issue 16; spec part 3 "Discount", part 4 discount states, part 5 sale price). Pure rules shared
 * by the server (manual orders, the web store, the price preview, the approval screen) and the web app. Money is
 * integer rupiah (ADR 0008); a fractional rupiah is rounded half up. The overlap rule is ADR 0032.
 */

export const DISCOUNT_TIERS = ['NATIONAL', 'LOCAL', 'DISTRIBUTOR'] as const;
export type DiscountTier = (typeof DISCOUNT_TIERS)[number];

/** Percentage of the list price, a fixed rupiah amount off each unit, or free units (extra goods). */
export const DISCOUNT_FORMATS = ['PERCENTAGE', 'FIXED_AMOUNT', 'EXTRA_GOODS'] as const;
export type DiscountFormat = (typeof DISCOUNT_FORMATS)[number];

/** How tiers are read: RANGE takes the highest tier reached for every unit; MULTIPLE applies per full multiple. */
export const CRITERIA_MODES = ['RANGE', 'MULTIPLE'] as const;
export type CriteriaMode = (typeof CRITERIA_MODES)[number];

export const DISCOUNT_STATUSES = ['WAITING_APPROVAL', 'ACTIVE', 'NOT_ACTIVE', 'CANCELLED'] as const;
export type DiscountStatus = (typeof DISCOUNT_STATUSES)[number];
/** Why a programme is NOT_ACTIVE: paused by a user (it may resume) or ended (final). */
export const INACTIVE_REASONS = ['PAUSED', 'ENDED'] as const;
export type InactiveReason = (typeof INACTIVE_REASONS)[number];

export const DISCOUNT_ACTIONS = ['APPROVE', 'REJECT', 'PAUSE', 'RESUME', 'END', 'CANCEL'] as const;
export type DiscountAction = (typeof DISCOUNT_ACTIONS)[number];

export type DiscountState = { status: DiscountStatus; inactiveReason: InactiveReason | null };

/**
 * The discount state machine (spec part 4): waiting approval → active (approved) or cancelled (rejected or
 * cancelled); active → not active (paused or ended) or cancelled; paused → active (resumed), ended or cancelled.
 * Ended and cancelled are final. Null when the action is not allowed in that state.
 */
export function nextDiscountState(state: DiscountState, action: DiscountAction): DiscountState | null {
  const { status, inactiveReason } = state;
  switch (action) {
    case 'APPROVE':
      return status === 'WAITING_APPROVAL' ? { status: 'ACTIVE', inactiveReason: null } : null;
    case 'REJECT':
      return status === 'WAITING_APPROVAL' ? { status: 'CANCELLED', inactiveReason: null } : null;
    case 'PAUSE':
      return status === 'ACTIVE' ? { status: 'NOT_ACTIVE', inactiveReason: 'PAUSED' } : null;
    case 'RESUME':
      return status === 'NOT_ACTIVE' && inactiveReason === 'PAUSED' ? { status: 'ACTIVE', inactiveReason: null } : null;
    case 'END':
      return status === 'ACTIVE' || (status === 'NOT_ACTIVE' && inactiveReason === 'PAUSED')
        ? { status: 'NOT_ACTIVE', inactiveReason: 'ENDED' }
        : null;
    case 'CANCEL':
      return status === 'CANCELLED' || (status === 'NOT_ACTIVE' && inactiveReason === 'ENDED')
        ? null
        : { status: 'CANCELLED', inactiveReason: null };
  }
}

/** The actions a screen may offer in a state (approval actions need the checker, which the server checks). */
export function allowedDiscountActions(state: DiscountState): DiscountAction[] {
  return DISCOUNT_ACTIONS.filter((a) => nextDiscountState(state, a) !== null);
}

/** The calendar date (YYYY-MM-DD) of an instant in Asia/Jakarta (UTC+7, no daylight saving). */
export function jakartaDate(at: Date): string {
  return new Date(at.getTime() + 7 * 3_600_000).toISOString().slice(0, 10);
}

/** A tier of the multiple or range criteria: from min_qty units the value applies (e.g. buy 3 get 5 %). */
export type DiscountCriterion = { minQuantity: number; value: number };

/** What the pricing needs of a programme; the server maps its rows to this. */
export type DiscountProgramme = {
  id: string;
  status: DiscountStatus;
  /** Inclusive calendar dates in Asia/Jakarta. */
  startDate: string;
  endDate: string;
  format: DiscountFormat;
  /** Percent (0–100, up to two decimals), rupiah per unit, or free units per qualifying purchase (extra goods). */
  value: number;
  criteriaMode: CriteriaMode;
  criteria: readonly DiscountCriterion[];
  minQuantity: number | null;
  maxQuantity: number | null;
  minTransaction: number | null;
  maxTransaction: number | null;
  /** The largest discount of one line, in rupiah. */
  maxDiscount: number | null;
  exclusive: boolean;
  /** Discounted units still available; null is unlimited. */
  quotaRemaining: number | null;
  /** Targets: an empty list means all. */
  catalogIds: readonly string[];
  channelIds: readonly string[];
  customerCategoryIds: readonly string[];
  areaCodes: readonly string[];
  brandIds: readonly string[];
  categoryIds: readonly string[];
  /** For a stable answer on ties: the earlier approved wins. */
  approvedAt: string | null;
};

export type PriceQuery = {
  catalogId: string;
  brandId?: string | null;
  categoryId?: string | null;
  /** The category's ancestors: a programme targeting a parent category matches its sub-categories too. */
  categoryAncestorIds?: readonly string[];
  listPrice: number;
  quantity: number;
  channelId: string | null;
  customerCategoryId: string | null;
  /** The buyer's area codes from the widest to the narrowest (province, city, district); any may match. */
  areaCodes: readonly string[];
  /** The sale's calendar date in Asia/Jakarta. */
  date: string;
};

export type LinePrice = {
  /** The price of one unit the buyer pays (the list price when the discount is per multiple or extra goods). */
  unitPrice: number;
  /** The line's discount beyond the unit price (a MULTIPLE tier); zero otherwise. */
  lineDiscount: number;
  /** Free units given (extra goods). */
  freeQuantity: number;
  /** What the buyer pays for the line. */
  total: number;
  /** Total rupiah saved against the list price, free units valued at the list price. */
  saving: number;
};

export type SalePriceAnswer = LinePrice & {
  listPrice: number;
  /** The programme that applies, or null (list price). */
  programmeId: string | null;
  /** Every programme that matched the sale, with its price, and which won (the overlap shown on screens). */
  candidates: (LinePrice & { programmeId: string; exclusive: boolean })[];
};

const roundHalfUp = (n: number) => Math.floor(n + 0.5);

/** The value in force for a quantity (base value, or the tier reached) and how many units it covers. */
function ruleFor(p: DiscountProgramme, quantity: number): { value: number; units: number; per: number } | null {
  if (p.criteria.length === 0) return { value: p.value, units: quantity, per: 1 };
  const reached = [...p.criteria].sort((a, b) => b.minQuantity - a.minQuantity).find((c) => c.minQuantity <= quantity);
  if (!reached) return null;
  if (p.criteriaMode === 'RANGE') return { value: reached.value, units: quantity, per: reached.minQuantity };
  return { value: reached.value, units: Math.floor(quantity / reached.minQuantity) * reached.minQuantity, per: reached.minQuantity };
}

/** The price of one line under one programme, ignoring whether it matches (see `programmeMatches`). Null: no discount. */
export function priceUnder(p: DiscountProgramme, listPrice: number, quantity: number): LinePrice | null {
  if (p.minQuantity !== null && quantity < p.minQuantity) return null;
  const subtotal = listPrice * quantity;
  if (p.minTransaction !== null && subtotal < p.minTransaction) return null;
  if (p.maxTransaction !== null && subtotal > p.maxTransaction) return null;
  const rule = ruleFor(p, quantity);
  if (!rule || rule.units === 0) return null;
  const units = p.maxQuantity !== null ? Math.min(rule.units, p.maxQuantity) : rule.units;
  if (p.format === 'EXTRA_GOODS') {
    // value free units for every qualifying purchase: once in RANGE (or without tiers), per full multiple otherwise.
    const times = p.criteria.length > 0 && p.criteriaMode === 'MULTIPLE' ? Math.floor(units / rule.per) : 1;
    const freeQuantity = Math.floor(rule.value) * times;
    if (freeQuantity <= 0) return null;
    return { unitPrice: listPrice, lineDiscount: 0, freeQuantity, total: subtotal, saving: freeQuantity * listPrice };
  }
  const perUnit =
    p.format === 'PERCENTAGE' ? roundHalfUp((listPrice * Math.min(Math.max(rule.value, 0), 100)) / 100) : Math.min(rule.value, listPrice);
  let discount = perUnit * units;
  if (p.maxDiscount !== null) discount = Math.min(discount, p.maxDiscount);
  if (discount <= 0) return null;
  if (units === quantity && discount === perUnit * quantity) {
    // Every unit at the same promotional price: the sale price of spec part 5.
    const unitPrice = listPrice - perUnit;
    return { unitPrice, lineDiscount: 0, freeQuantity: 0, total: unitPrice * quantity, saving: discount };
  }
  return { unitPrice: listPrice, lineDiscount: discount, freeQuantity: 0, total: subtotal - discount, saving: discount };
}

const targets = (list: readonly string[], value: string | null | undefined) => list.length === 0 || (value != null && list.includes(value));

/** Whether a programme applies to this sale at all: approved, in its period, quota left, every target met. */
export function programmeMatches(p: DiscountProgramme, q: PriceQuery): boolean {
  if (p.status !== 'ACTIVE') return false;
  if (q.date < p.startDate || q.date > p.endDate) return false;
  if (p.quotaRemaining !== null && p.quotaRemaining < q.quantity) return false;
  return (
    targets(p.catalogIds, q.catalogId) &&
    targets(p.channelIds, q.channelId) &&
    targets(p.customerCategoryIds, q.customerCategoryId) &&
    (p.areaCodes.length === 0 || q.areaCodes.some((a) => p.areaCodes.includes(a))) &&
    targets(p.brandIds, q.brandId) &&
    (p.categoryIds.length === 0 || [q.categoryId, ...(q.categoryAncestorIds ?? [])].some((c) => c != null && p.categoryIds.includes(c)))
  );
}

/** Effective price per unit received (free units count as received): what "the better price for the buyer" compares. */
const effective = (l: LinePrice, quantity: number) => l.total / (quantity + l.freeQuantity);

/**
 * The sale price of a SKU for a customer, channel and date (spec part 5: list price × (100 − discount_value) / 100
 * when a discount exists). Among the programmes that match, the better price for the buyer wins, unless one is
 * exclusive: then only the exclusive ones compete (ADR 0032). Ties: the earlier approved, then the smaller id.
 */
export function salePriceFor(q: PriceQuery, programmes: readonly DiscountProgramme[]): SalePriceAnswer {
  const list: LinePrice = { unitPrice: q.listPrice, lineDiscount: 0, freeQuantity: 0, total: q.listPrice * q.quantity, saving: 0 };
  const candidates: SalePriceAnswer['candidates'] = [];
  for (const p of programmes) {
    if (!programmeMatches(p, q)) continue;
    const price = priceUnder(p, q.listPrice, q.quantity);
    if (price) candidates.push({ ...price, programmeId: p.id, exclusive: p.exclusive });
  }
  const byId = new Map(programmes.map((p) => [p.id, p]));
  const pool = candidates.some((c) => c.exclusive) ? candidates.filter((c) => c.exclusive) : candidates;
  const winner = [...pool].sort((a, b) => {
    const d = effective(a, q.quantity) - effective(b, q.quantity);
    if (d !== 0) return d;
    const aa = byId.get(a.programmeId)!.approvedAt ?? '~';
    const ba = byId.get(b.programmeId)!.approvedAt ?? '~';
    if (aa !== ba) return aa < ba ? -1 : 1;
    return a.programmeId < b.programmeId ? -1 : 1;
  })[0];
  if (!winner) return { ...list, listPrice: q.listPrice, programmeId: null, candidates };
  const { programmeId, exclusive: _exclusive, ...price } = winner;
  return { ...price, listPrice: q.listPrice, programmeId, candidates };
}

/** Margin of a unit price over a cost: rupiah and percent of the price (one decimal); null without a cost. */
export function margin(price: number, cost: number | null, feePercent: number | null = null) {
  if (cost === null) return null;
  const fee = feePercent === null ? 0 : roundHalfUp((price * feePercent) / 100);
  const rupiah = price - fee - cost;
  const percent = price === 0 ? null : Math.round((rupiah / price) * 1000) / 10;
  return { rupiah, percent, fee };
}

export type ImpactLine = {
  catalogId: string;
  normalPrice: number;
  promoPrice: number;
  cost: number | null;
  fee: number | null;
  marginBefore: { rupiah: number; percent: number | null } | null;
  marginAfter: { rupiah: number; percent: number | null } | null;
  belowCost: boolean;
  /** The most the quota can cost on this SKU: quota units × the unit discount (capped by the max discount per use). */
  maxBudget: number | null;
};

/**
 * What the checker sees before approving, per SKU (issue 16): normal and promotional price of one unit at the
 * programme's base rule (the first tier when it has tiers), margins before and after, the marketplace fee, and the
 * budget the quota can burn. Extra goods count the free units' list price against the qualifying purchase.
 */
export function approvalImpact(
  p: Pick<DiscountProgramme, 'format' | 'value' | 'criteria' | 'maxDiscount' | 'maxQuantity'> & { quota: number | null },
  sku: { catalogId: string; listPrice: number; cost: number | null },
  feePercent: number | null,
): ImpactLine {
  const first = [...p.criteria].sort((a, b) => a.minQuantity - b.minQuantity)[0];
  const value = first ? Math.max(...p.criteria.map((c) => c.value)) : p.value;
  const per = first ? [...p.criteria].sort((a, b) => b.value - a.value)[0]!.minQuantity : 1;
  let unitDiscount: number;
  if (p.format === 'PERCENTAGE') unitDiscount = roundHalfUp((sku.listPrice * Math.min(Math.max(value, 0), 100)) / 100);
  else if (p.format === 'FIXED_AMOUNT') unitDiscount = Math.min(value, sku.listPrice);
  else unitDiscount = roundHalfUp((sku.listPrice * value) / (per + value));
  if (p.maxDiscount !== null) unitDiscount = Math.min(unitDiscount, p.maxDiscount);
  const promoPrice = sku.listPrice - unitDiscount;
  const before = margin(sku.listPrice, sku.cost, feePercent);
  const after = margin(promoPrice, sku.cost, feePercent);
  let maxBudget: number | null = null;
  if (p.quota !== null) {
    maxBudget = p.format === 'EXTRA_GOODS' ? Math.floor(p.quota / per) * Math.floor(value) * sku.listPrice : p.quota * unitDiscount;
  }
  return {
    catalogId: sku.catalogId,
    normalPrice: sku.listPrice,
    promoPrice,
    cost: sku.cost,
    fee: feePercent === null ? null : roundHalfUp((promoPrice * feePercent) / 100),
    marginBefore: before && { rupiah: before.rupiah, percent: before.percent },
    marginAfter: after && { rupiah: after.rupiah, percent: after.percent },
    belowCost: sku.cost !== null && promoPrice < sku.cost,
    maxBudget,
  };
}
