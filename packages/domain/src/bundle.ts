/**
 * Bundle availability (issue 4): the number of bundles buildable from the components' available stock, i.e. the
 * minimum over components of ⌊available / quantity per bundle⌋, with the component that limits it.
 */
export type BundleComponent = { catalogId: string; quantity: number };

export type BundleAvailability = { available: number; limitingCatalogId: string | null };

export function bundleAvailability(
  components: readonly BundleComponent[],
  stock: ReadonlyMap<string, number> | Record<string, number>,
): BundleAvailability {
  const availableOf = (id: string) => (stock instanceof Map ? stock.get(id) : (stock as Record<string, number>)[id]) ?? 0;
  let best: BundleAvailability | null = null;
  for (const component of components) {
    if (!Number.isInteger(component.quantity) || component.quantity < 1)
      throw new RangeError(`component quantity must be a positive integer: ${component.quantity}`);
    const buildable = Math.max(0, Math.floor(availableOf(component.catalogId) / component.quantity));
    if (best === null || buildable < best.available) best = { available: buildable, limitingCatalogId: component.catalogId };
  }
  return best ?? { available: 0, limitingCatalogId: null };
}
