import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { TenantCtx } from '../../http/context.ts';
import type { CatalogStock, StockView } from '../catalog/index.ts';
import { listWarehouseOptions, visibleWarehouseCondition } from '../warehouses/index.ts';
import { availableSql } from './stock-balances.repository.ts';
import { stockBalances as b } from './inventory.schema.ts';

/** The workspace's balances in the warehouses the member may see (its warehouses, or its businesses' warehouses). */
function balanceScope(ctx: TenantCtx): SQL {
  return and(eq(b.workspaceId, ctx.workspaceId), visibleWarehouseCondition(ctx, b.warehouseId))!;
}

/**
 * The catalog's view of stock (its `StockView` port), over this module's balances with the inventory list's
 * definitions: available = on hand − in order − allocated − safety stock; in stock > 0, out of stock = 0 (or no
 * balance row), minus stock < 0. The SQL form is a correlated sum through `stock_balances_catalog_idx`.
 */
export const inventoryStockView: StockView = {
  availableSql: (ctx, catalogIds) =>
    sql<number>`coalesce((select sum(${availableSql}) from ${b} where ${balanceScope(ctx)} and ${b.catalogId} in (${catalogIds})), 0)`,

  stockStateFilter: (state, available) =>
    state === 'IN_STOCK' ? sql`${available} > 0` : state === 'OUT_OF_STOCK' ? sql`${available} = 0` : sql`${available} < 0`,

  async availableByCatalog(ctx, catalogIds) {
    const result = new Map<string, CatalogStock>();
    if (catalogIds.length === 0) return result;
    const rows = await ctx.db
      .select({ catalogId: b.catalogId, warehouseId: b.warehouseId, available: availableSql.mapWith(Number) })
      .from(b)
      .where(and(balanceScope(ctx), inArray(b.catalogId, [...new Set(catalogIds)])));
    for (const row of rows) {
      const entry = result.get(row.catalogId) ?? { total: 0, warehouses: new Map<string, number>() };
      (entry.warehouses as Map<string, number>).set(row.warehouseId, row.available);
      result.set(row.catalogId, { total: entry.total + row.available, warehouses: entry.warehouses });
    }
    return result;
  },

  async warehouseNames(ctx, warehouseIds) {
    if (warehouseIds.length === 0) return new Map();
    const wanted = new Set(warehouseIds);
    return new Map((await listWarehouseOptions(ctx)).filter((w) => wanted.has(w.id)).map((w) => [w.id, w.name]));
  },
};
