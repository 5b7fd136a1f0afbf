import { duplicateOptionIndexes, variantOptionKey } from '@kelola/contracts/catalog';

/** One tier of variant options as the form holds it (names may still be empty while typing). */
export type VariantTier = { name?: string; options?: (string | undefined)[] };

/** A SKU row of the form: one per combination of options for a variant product. */
export type SkuRow = {
  /** The saved catalog's id (edit); absent for a new SKU. */
  id?: string;
  sku: string;
  options: string[];
  price?: number | null;
  /** What one unit costs the merchant (HPP); empty when not known. */
  cost_price?: number | null;
  barcode?: string | null;
  weight?: number | null;
};

/** A tier's options trimmed, without empties and without repeats ("merah" after "Merah" is the same option, shown as an error on the tier). */
const cleanOptions = (tier: VariantTier) => {
  const options = (tier.options ?? []).map((o) => (o ?? '').trim());
  const repeated = new Set(duplicateOptionIndexes(options));
  return options.filter((o, i) => o !== '' && !repeated.has(i));
};
const comboKey = (options: string[]) => JSON.stringify(options.map(variantOptionKey));

/** Every combination of the tiers' options, in tier order (2 × 3 options give 6 combinations); none while a tier has no option. */
export function variantCombinations(tiers: VariantTier[]): string[][] {
  const lists = tiers.map(cleanOptions);
  if (lists.length === 0 || lists.some((list) => list.length === 0)) return [];
  return lists.reduce<string[][]>((acc, options) => acc.flatMap((prefix) => options.map((o) => [...prefix, o])), [[]]);
}

/** A SKU code from the base SKU and the options: upper case, no spaces (the contract refuses them). */
export function variantSku(base: string, options: string[]): string {
  return [base, ...options]
    .map((part) => part.trim().toUpperCase().replace(/\s+/gu, '-'))
    .filter(Boolean)
    .join('-');
}

/**
 * The SKU rows for the tiers: one per combination; a combination that already had a row keeps it (its SKU, price,
 * barcode, weight and saved id), a new one gets a generated SKU and the default price and weight.
 */
export function syncVariantRows(
  tiers: VariantTier[],
  rows: SkuRow[],
  defaults: { baseSku: string; price?: number | null; weight?: number | null },
): SkuRow[] {
  const existing = new Map(rows.map((row) => [comboKey(row.options ?? []), row]));
  return variantCombinations(tiers).map((options) => {
    const kept = existing.get(comboKey(options));
    if (kept) return { ...kept, options };
    return {
      sku: variantSku(defaults.baseSku, options),
      options,
      price: defaults.price ?? null,
      cost_price: null,
      barcode: null,
      weight: defaults.weight ?? 0,
    };
  });
}
