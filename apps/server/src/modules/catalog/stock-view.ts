import type { StockState } from '@kelola/domain';
import type { SQL } from 'drizzle-orm';
import type { Ctx, TenantCtx } from '../../http/context.ts';

/** Available stock of one SKU: the total over the warehouses the member may see, and each of those warehouses. */
export type CatalogStock = { total: number; warehouses: ReadonlyMap<string, number> };

/**
 * What the catalog needs to know about stock, declared here and implemented by the inventory module (which
 * depends on the catalog, so the catalog cannot import it): the composition root wires the implementation in as
 * `ports.stock`. Available means what the inventory list calls available (on hand − in order − allocated −
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

/** The stock view the composition root wired in (ADR 0020): the inventory's, in the API and in every worker. */
export const stockView = (ctx: Ctx): StockView => ctx.platform.ports.stock;
