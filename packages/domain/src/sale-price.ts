/**
 * Sale price (spec part 5): list price × (100 − discount_value) / 100 when a discount exists for the SKU, else the
 * list price. Money is whole rupiah (bigint). The spec does not say how a fractional rupiah is rounded: it is
 * rounded half up, the way a cashier rounds, and a discount outside 0–100 % is refused rather than clamped.
 */
export type SalePrice = { price: bigint; discounted: boolean; discountPercent: string | null };

const PERCENT = /^(\d{1,3})(?:\.(\d{1,4}))?$/u;

/** Parses a percentage such as "10" or "12.5" into hundredths of a basis point (×10,000); null when invalid. */
export function parsePercent(value: string | number): bigint | null {
  const match = PERCENT.exec(String(value).trim());
  if (!match) return null;
  const scaled = BigInt(match[1]!) * 10_000n + BigInt((match[2] ?? '').padEnd(4, '0'));
  return scaled <= 1_000_000n ? scaled : null;
}

/** The price the buyer pays for one unit of a SKU. */
export function salePrice(listPrice: bigint, discountPercent?: string | number | null): SalePrice {
  if (listPrice < 0n) throw new RangeError('list price must not be negative');
  if (discountPercent === undefined || discountPercent === null || discountPercent === '')
    return { price: listPrice, discounted: false, discountPercent: null };
  const scaled = parsePercent(discountPercent);
  if (scaled === null) throw new RangeError(`discount must be a percentage from 0 to 100: ${discountPercent}`);
  const denominator = 1_000_000n;
  const numerator = listPrice * (denominator - scaled);
  const price = (numerator * 2n + denominator) / (denominator * 2n);
  return { price, discounted: true, discountPercent: String(discountPercent).trim() };
}
