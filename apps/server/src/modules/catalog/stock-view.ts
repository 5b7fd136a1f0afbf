import type { StockState } from '@kelola/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { TenantCtx } from '../../http/context.ts';

/** Available stock of one SKU: the total over the warehouses the member may see, and each of those warehouses. */
export type CatalogStock = { total: number; warehouses: ReadonlyMap<string, number> };

/**
 * What the catalog needs to know about stock, declared here and implemented by the inventory module (which
 * depends on the catalog, so the catalog cannot import it): the composition root wires the implementation in with
 * `provideStockView`. Available means what the inventory list calls available (on hand − in order − allocated −
 * safety stock), summed over the warehouses the member may see.
 */
export type StockView = {
  /**
   * A scalar SQL expression: the available stock of the SKUs the `catalogIds` subquery selects (correlated to the
   * outer query, e.g. the SKUs of `products.id`), 0 when they have no stock rows. Index-backed, never a list of ids.
   */
  availableSql: (ctx: TenantCtx, catalogIds: SQL) => SQL<number>;
  /** A condition: `available` (an expression from availableSql) is in the stock state, by the inventory's definition. */
  stockStateFilter: (state: StockState, available: SQL<number>) => SQL;
  /** Available stock of each SKU (absent: no stock rows), in one query. */
  availableByCatalog: (ctx: TenantCtx, catalogIds: readonly string[]) => Promise<Map<string, CatalogStock>>;
  /** Names of warehouses, for per-warehouse figures. */
  warehouseNames: (ctx: TenantCtx, warehouseIds: readonly string[]) => Promise<Map<string, string>>;
};

/** Until the inventory module is wired in (workers, scripts), every SKU has no stock. */
const NO_STOCK: StockView = {
  availableSql: () => sql<number>`0`,
  stockStateFilter: (state, available) =>
    state === 'IN_STOCK' ? sql`${available} > 0` : state === 'OUT_OF_STOCK' ? sql`${available} = 0` : sql`${available} < 0`,
  availableByCatalog: async () => new Map(),
  warehouseNames: async () => new Map(),
};

let current: StockView = NO_STOCK;

/** Wires the stock implementation in (once, where the modules are composed). */
export function provideStockView(view: StockView): void {
  current = view;
}

export const stockView = (): StockView => current;
