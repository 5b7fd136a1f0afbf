/**
 * An order's money (ADR 0008: integer rupiah, no floats): what the buyer pays, what the merchant nets after the
 * marketplace's fees and subsidies, and the profit after cost price. Pure; the server stores the results and the
 * detail screen shows the breakdown.
 */
export type OrderLineMoney = {
  quantity: number;
  unitPrice: number;
  /** Discount on the whole line, in rupiah. */
  discount: number;
  /** Cost price per unit in the base unit, when the product has one. */
  unitCost?: number | null;
};

export type OrderCharges = {
  /** Discounts the seller funds (order level). */
  sellerDiscount: number;
  /** Discounts the marketplace funds: the buyer pays less, the marketplace pays the seller back. */
  marketplaceDiscount: number;
  /** Seller-funded voucher. */
  voucher: number;
  /** Buyer's deposit (balance) used: paid already, still the seller's revenue. */
  deposit: number;
  /** Loyalty points or coins used, funded by the marketplace. */
  loyalty: number;
  /** Shipping fee paid by the buyer. */
  shippingFeeBuyer: number;
  /** Shipping fee the seller (or the marketplace's subsidy charged to the seller) bears. */
  shippingFeeSeller: number;
  /** Every marketplace fee together (commission, service, payment). */
  adminFee: number;
};

export type OrderAmounts = {
  subtotal: number;
  totalItems: number;
  /** What the buyer pays. */
  buyerTotal: number;
  /** What the merchant receives: subtotal minus the seller's discounts, voucher, admin fee and shipping the seller bears. */
  merchantNet: number;
  /** Sum of cost price × quantity over the lines that have one. */
  cost: number;
  /** merchantNet − cost. */
  profit: number;
  /** False when some line has no cost price: the profit then counts those lines at zero cost. */
  costComplete: boolean;
};

const check = (name: string, v: number, allowNegative = false) => {
  if (!Number.isSafeInteger(v) || (!allowNegative && v < 0)) throw new RangeError(`${name} must be a non-negative integer: ${v}`);
};

export const lineTotal = (line: OrderLineMoney): number => line.quantity * line.unitPrice - line.discount;

export function orderAmounts(lines: readonly OrderLineMoney[], charges: OrderCharges): OrderAmounts {
  for (const [k, v] of Object.entries(charges)) check(k, v);
  let subtotal = 0;
  let totalItems = 0;
  let cost = 0;
  let costComplete = true;
  for (const line of lines) {
    check('quantity', line.quantity);
    check('unitPrice', line.unitPrice);
    check('discount', line.discount);
    subtotal += lineTotal(line);
    totalItems += line.quantity;
    if (line.unitCost == null) costComplete = false;
    else cost += line.unitCost * line.quantity;
  }
  const buyerTotal =
    subtotal -
    charges.sellerDiscount -
    charges.marketplaceDiscount -
    charges.voucher -
    charges.deposit -
    charges.loyalty +
    charges.shippingFeeBuyer;
  const merchantNet = subtotal - charges.sellerDiscount - charges.voucher - charges.adminFee - charges.shippingFeeSeller;
  return { subtotal, totalItems, buyerTotal, merchantNet, cost, profit: merchantNet - cost, costComplete };
}

export const ZERO_CHARGES: OrderCharges = {
  sellerDiscount: 0,
  marketplaceDiscount: 0,
  voucher: 0,
  deposit: 0,
  loyalty: 0,
  shippingFeeBuyer: 0,
  shippingFeeSeller: 0,
  adminFee: 0,
};

/** The manual order number: `SO/2026/11/000123` (year and month of the order date in Jakarta, per-workspace sequence). */
export function manualOrderNumber(date: Date, sequence: number): string {
  check('sequence', sequence);
  const jakarta = new Date(date.getTime() + 7 * 3_600_000);
  const month = String(jakarta.getUTCMonth() + 1).padStart(2, '0');
  return `SO/${jakarta.getUTCFullYear()}/${month}/${String(sequence).padStart(6, '0')}`;
}
