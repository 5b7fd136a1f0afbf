/** A line as the manual order form holds it; `unit_price` empty means "the server's price" (shown from `list_price`). */
export type DraftLine = { quantity?: number | null; unit_price?: number | null; list_price?: number | null; discount?: number | null };

export type DraftTotals = { lines: number[]; subtotal: number; discount: number; shipping: number; voucher: number; total: number };

const whole = (value: number | null | undefined) =>
  typeof value === 'number' && Number.isFinite(value) ? Math.max(0, Math.round(value)) : 0;

/**
 * The totals the form shows while typing: each line is quantity × price − its discount (never below zero), then the
 * order discount comes off the subtotal and the shipping fee goes on. A line without a typed price counts the
 * catalog's list price; the server may apply an area or formula price instead, and the saved order shows which. A
 * voucher's discount (the server's check, on the goods or the shipping fee) comes off last, never below zero.
 */
export function manualOrderTotals(
  lines: readonly DraftLine[],
  orderDiscount?: number | null,
  shippingFee?: number | null,
  voucherDiscount?: number | null,
): DraftTotals {
  const lineTotals = lines.map((line) => {
    const price = line.unit_price === null || line.unit_price === undefined ? whole(line.list_price) : whole(line.unit_price);
    return Math.max(0, whole(line.quantity) * price - whole(line.discount));
  });
  const subtotal = lineTotals.reduce((sum, value) => sum + value, 0);
  const discount = Math.min(whole(orderDiscount), subtotal);
  const shipping = whole(shippingFee);
  const voucher = Math.min(whole(voucherDiscount), subtotal - discount + shipping);
  return { lines: lineTotals, subtotal, discount, shipping, voucher, total: subtotal - discount + shipping - voucher };
}
