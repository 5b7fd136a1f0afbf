import { queryKeys } from '../../../lib/query-keys.ts';
import { catalogStockKey } from '../../../lib/stock.ts';

/**
 * Query keys of the whole inventory feature (built on the one key helper, every resource under `inventory`): stock, movements,
 * goods receipts, adjustments, allocation, stock sync and exports. The workspace is part of every key because the
 * same user sees other rows in another workspace. A write that moves stock invalidates `inventoryKeys.all`
 * (balances, ledger and documents all change together); narrower writes may invalidate a resource's leading part.
 */
const inventory = queryKeys.inventory;
const scope = inventory.workspace;
type Params = Record<string, string | number>;

export const inventoryKeys = {
  all: inventory.all,
  workspace: scope,
  // Inventory list v2 and the stock of one SKU in every warehouse.
  balances: (workspaceId: string | null) => [...scope(workspaceId), 'balances'] as const,
  balanceList: (workspaceId: string | null, params: Params) => [...inventoryKeys.balances(workspaceId), 'list', params] as const,
  catalogStock: catalogStockKey,
  // The movement ledger.
  movements: (workspaceId: string | null) => [...scope(workspaceId), 'movements'] as const,
  movementList: (workspaceId: string | null, params: Params) => [...inventoryKeys.movements(workspaceId), 'list', params] as const,
  movement: (workspaceId: string | null, id: string) => [...inventoryKeys.movements(workspaceId), 'detail', id] as const,
  // Goods receipts; the inbound list is the posted receipts.
  goodsReceipts: (workspaceId: string | null) => [...scope(workspaceId), 'goods-receipts'] as const,
  goodsReceiptList: (workspaceId: string | null, params: Params) => [...inventoryKeys.goodsReceipts(workspaceId), 'list', params] as const,
  goodsReceipt: (workspaceId: string | null, id: string) => [...inventoryKeys.goodsReceipts(workspaceId), 'detail', id] as const,
  inbound: (workspaceId: string | null) => [...scope(workspaceId), 'inbound'] as const,
  inboundList: (workspaceId: string | null, params: Params) => [...inventoryKeys.inbound(workspaceId), 'list', params] as const,
  // Stock adjustments.
  adjustments: (workspaceId: string | null) => [...scope(workspaceId), 'adjustments'] as const,
  adjustmentList: (workspaceId: string | null, params: Params) => [...inventoryKeys.adjustments(workspaceId), 'list', params] as const,
  adjustment: (workspaceId: string | null, id: string) => [...inventoryKeys.adjustments(workspaceId), 'detail', id] as const,
  // Allocation per channel of a warehouse (and a SKU).
  allocations: (workspaceId: string | null) => [...scope(workspaceId), 'allocation'] as const,
  allocation: (workspaceId: string | null, warehouseId: string, catalogId?: string) =>
    [...inventoryKeys.allocations(workspaceId), warehouseId, catalogId ?? 'all'] as const,
  channelOptions: (workspaceId: string | null) => [...inventoryKeys.allocations(workspaceId), 'channel-options'] as const,
  // Warehouse stock sync states and inventory exports.
  syncStock: (workspaceId: string | null) => [...scope(workspaceId), 'sync-stock'] as const,
  export: (workspaceId: string | null, id: string) => [...scope(workspaceId), 'exports', id] as const,
};
