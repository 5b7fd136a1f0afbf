/** One part of a query key after the resource and the workspace. */
export type KeyPart = string | number | boolean | null | Readonly<Record<string, string | number | boolean | null | undefined>>;
type WorkspaceId = string | null;

/**
 * The keys of one resource, all shaped `[resource, workspace, ...parts]`: the workspace is part of every key because
 * the same user sees other rows in another workspace (null means the active one, or a resource shared by all).
 * Invalidate by the leading parts: `all` after any write, `workspace(id)` for one workspace.
 */
function keysOf<const R extends string>(resource: R) {
  const workspace = (workspaceId: WorkspaceId) => [resource, workspaceId ?? 'default'] as const;
  return {
    all: [resource] as const,
    workspace,
    lists: (workspaceId: WorkspaceId) => [...workspace(workspaceId), 'list'] as const,
    list: <const P extends KeyPart>(workspaceId: WorkspaceId, params: P) => [...workspace(workspaceId), 'list', params] as const,
    detail: (workspaceId: WorkspaceId, id: string) => [...workspace(workspaceId), 'detail', id] as const,
    /** Any other key of the resource: a search, a count, a sub-resource. */
    of: <const P extends readonly KeyPart[]>(workspaceId: WorkspaceId, ...parts: P) => [...workspace(workspaceId), ...parts] as const,
  };
}

/**
 * Every server resource the web caches, named once. Two features that read the same resource (the product form's
 * formula select and the formula screens) take its keys from here, so a write in one refreshes the other; a feature
 * never writes a key literal (lint).
 */
const me = keysOf('me');
const areas = keysOf('areas');

export const queryKeys = {
  /** The signed-in user and the menu, per workspace (and business, for the menu). */
  me: {
    ...me,
    detail: (workspaceId: WorkspaceId) => me.of(workspaceId, 'detail'),
    menu: (workspaceId: WorkspaceId, businessId: string | null) => me.of(workspaceId, 'menu', businessId ?? 'all'),
  },
  products: keysOf('products'),
  categories: keysOf('categories'),
  brands: keysOf('brands'),
  productImports: keysOf('product-imports'),
  catalogSearch: keysOf('catalog-search'),
  formulas: keysOf('price-formulas'),
  variables: keysOf('price-variables'),
  prices: keysOf('prices'),
  warehouses: keysOf('warehouses'),
  /** Provinces, cities and districts are the same for every workspace. */
  areas: { ...areas, children: (parent: string | null) => areas.of(null, 'children', parent ?? 'ID') },
  businesses: keysOf('businesses'),
  channels: keysOf('channels'),
  channelProducts: keysOf('channel-products'),
  inventory: keysOf('inventory'),
  users: keysOf('users'),
  invitations: keysOf('invitations'),
  exports: keysOf('exports'),
  orders: keysOf('orders'),
  fulfillment: keysOf('fulfillment'),
  customers: keysOf('customers'),
  promotions: keysOf('promotions'),
  webVouchers: keysOf('web-vouchers'),
  /** Invoices, payments, credit notes, wallets and withdrawals (one resource: a payment changes invoices and wallets). */
  finance: keysOf('finance'),
  documents: keysOf('documents'),
  suppliers: keysOf('suppliers'),
  /** Purchase orders (receiving one posts a goods receipt: the inventory keys change with it). */
  purchaseOrders: keysOf('purchase-orders'),
  /** The distributors of the distributor channel (ADR 0071). */
  distributors: keysOf('distributors'),
};
