/** Menu keys double as permission keys: a role grants READ or WRITE per key (spec part 6). */
export const ACCESS_LEVELS = ['READ', 'WRITE'] as const;
export type Access = (typeof ACCESS_LEVELS)[number];

export type MenuGroup =
  | 'main'
  | 'catalog'
  | 'inventory'
  | 'purchasing'
  | 'settings'
  | 'group3'
  | 'channel-sales'
  | 'channel-fulfillment'
  | 'channel-product'
  | 'channel-promotion'
  | 'channel-customer';

export type MenuNode = {
  key: string;
  url: string;
  icon?: string;
  category: MenuGroup;
  divider?: boolean;
  children?: readonly MenuNode[];
};

/** The whole menu. The server filters it by the user's role; titles come from locales/{id,en}/menu.json by key. */
export const MENU_TREE = [
  { key: 'dashboard', url: '/dashboard', icon: 'dashboard', category: 'main' },
  { key: 'sales', url: '/sales', icon: 'shopping-cart', category: 'main' },
  { key: 'fulfillment', url: '/fulfillment', icon: 'inbox', category: 'main' },
  { key: 'delivery-order', url: '/delivery-order', icon: 'car', category: 'main' },
  {
    key: 'product-master',
    url: '/product',
    icon: 'appstore',
    category: 'catalog',
    children: [
      { key: 'product', url: '/product', category: 'catalog' },
      { key: 'product-category', url: '/product-category', category: 'catalog' },
      { key: 'price', url: '/price', category: 'catalog' },
      { key: 'price-formula', url: '/price-formula', category: 'catalog' },
      { key: 'formula-variable', url: '/formula-variable', category: 'catalog' },
      { key: 'global-variable', url: '/global-variable', category: 'catalog' },
      { key: 'product-variable', url: '/product-variable', category: 'catalog' },
    ],
  },
  {
    key: 'inventory',
    url: '/inventory/list-inventoryv2',
    icon: 'database',
    category: 'inventory',
    children: [
      { key: 'list-inventory', url: '/inventory/list-inventoryv2', category: 'inventory' },
      { key: 'stock-allocation', url: '/inventory/stock-alocation', category: 'inventory' },
      { key: 'goods-receipt', url: '/inventory/goods-receipt', category: 'inventory' },
      { key: 'stock-adjustment', url: '/inventory/stock-adjustment', category: 'inventory' },
      { key: 'stock-movement', url: '/inventory/stock-movement', category: 'inventory' },
      { key: 'inbound', url: '/inventory/inbound', category: 'inventory' },
    ],
  },
  {
    key: 'purchasing',
    url: '/purchase-order/list',
    icon: 'file-text',
    category: 'purchasing',
    children: [
      { key: 'purchase-order', url: '/purchase-order/list', category: 'purchasing' },
      { key: 'supplier', url: '/supplier/list', category: 'purchasing' },
    ],
  },
  {
    key: 'settings',
    url: '/store',
    icon: 'setting',
    category: 'settings',
    divider: true,
    children: [
      { key: 'store-list', url: '/store', category: 'settings' },
      { key: 'integration', url: '/integration', category: 'settings' },
      { key: 'warehouse', url: '/warehouse', category: 'settings' },
      { key: 'user-management', url: '/user-management', category: 'settings' },
      { key: 'export-history', url: '/export-history', category: 'settings' },
      { key: 'account-setting', url: '/account-setting', category: 'settings' },
    ],
  },
  {
    key: 'channel-menu',
    url: '',
    category: 'group3',
    children: [
      { key: 'sales-channel', url: '/sales-channel/:id', category: 'channel-sales' },
      { key: 'manual-order', url: '/manual-order/:id', category: 'channel-sales' },
      { key: 'fulfillment-channel', url: '/fulfillment', category: 'channel-fulfillment' },
      { key: 'product-channel', url: '/product-channel/:id/product/synchronize', category: 'channel-product' },
      { key: 'promotion-channel', url: '/promotion-channel/:id/list', category: 'channel-promotion' },
      // The checker's menu (issue 16): WRITE here approves or rejects discount programmes made on promotion-channel.
      { key: 'promotion-approval', url: '/promotion-channel/:id/approval', category: 'channel-promotion' },
      { key: 'customer-channel', url: '/customer-channel/:id/customer-list', category: 'channel-customer' },
      { key: 'finance-channel', url: '/finance-channel/:id/withdrawal', category: 'channel-sales' },
      { key: 'retur-channel', url: '/retur-channel/:id/retur-list', category: 'channel-sales' },
      { key: 'redeem-channel', url: '/redeem-channel/:id/redeem-product-channel', category: 'channel-product' },
      { key: 'distributor-channel', url: '/distributor-channel/:id/distributor-list', category: 'channel-customer' },
      { key: 'web-store', url: '/web-store-setting/:id', category: 'channel-product' },
    ],
  },
] as const satisfies readonly MenuNode[];

type KeysOf<T> = T extends { key: infer K; children: readonly (infer C)[] } ? K | KeysOf<C> : T extends { key: infer K } ? K : never;
export type MenuKey = KeysOf<(typeof MENU_TREE)[number]>;

function collectKeys(nodes: readonly MenuNode[]): string[] {
  return nodes.flatMap((n) => [n.key, ...(n.children ? collectKeys(n.children) : [])]);
}

export const MENU_KEYS = collectKeys(MENU_TREE) as MenuKey[];

export function isMenuKey(value: string): value is MenuKey {
  return (MENU_KEYS as string[]).includes(value);
}

/** A permission map: menu key → access. A key that is missing grants nothing. */
export type PermissionMap = Partial<Record<MenuKey, Access>>;

/** WRITE implies READ. */
export function allows(permissions: PermissionMap, key: MenuKey, action: Access): boolean {
  const granted = permissions[key];
  if (!granted) return false;
  return action === 'READ' || granted === 'WRITE';
}

export const SYSTEM_ROLES = ['Owner', 'Admin', 'Store Operator', 'Warehouse Operator', 'Finance', 'Viewer'] as const;
export type SystemRole = (typeof SYSTEM_ROLES)[number];

const all = (access: Access): PermissionMap => Object.fromEntries(MENU_KEYS.map((k) => [k, access])) as PermissionMap;
const pick = (entries: [MenuKey, Access][]): PermissionMap => Object.fromEntries(entries) as PermissionMap;

/** Default grants of the built-in roles; workspaces may add custom roles. */
export const SYSTEM_ROLE_PERMISSIONS: Record<SystemRole, PermissionMap> = {
  Owner: all('WRITE'),
  Admin: all('WRITE'),
  'Store Operator': pick([
    ['dashboard', 'READ'],
    ['sales', 'WRITE'],
    ['fulfillment', 'WRITE'],
    ['delivery-order', 'WRITE'],
    ['product-master', 'READ'],
    ['product', 'WRITE'],
    ['product-category', 'READ'],
    ['price', 'READ'],
    ['settings', 'READ'],
    ['store-list', 'READ'],
    ['account-setting', 'WRITE'],
    ['export-history', 'READ'],
    ['channel-menu', 'READ'],
    ['sales-channel', 'WRITE'],
    ['manual-order', 'WRITE'],
    ['fulfillment-channel', 'WRITE'],
    ['product-channel', 'WRITE'],
    ['promotion-channel', 'WRITE'],
    ['customer-channel', 'WRITE'],
    ['retur-channel', 'WRITE'],
  ]),
  'Warehouse Operator': pick([
    ['dashboard', 'READ'],
    ['fulfillment', 'WRITE'],
    ['delivery-order', 'WRITE'],
    ['product-master', 'READ'],
    ['product', 'READ'],
    ['inventory', 'WRITE'],
    ['list-inventory', 'WRITE'],
    ['stock-allocation', 'READ'],
    ['goods-receipt', 'WRITE'],
    ['stock-adjustment', 'WRITE'],
    ['stock-movement', 'READ'],
    ['inbound', 'WRITE'],
    ['purchasing', 'READ'],
    ['purchase-order', 'READ'],
    ['settings', 'READ'],
    ['warehouse', 'WRITE'],
    ['account-setting', 'WRITE'],
    ['export-history', 'READ'],
    ['channel-menu', 'READ'],
    ['fulfillment-channel', 'WRITE'],
    ['retur-channel', 'WRITE'],
  ]),
  Finance: pick([
    ['dashboard', 'READ'],
    ['sales', 'READ'],
    ['purchasing', 'READ'],
    ['purchase-order', 'READ'],
    ['supplier', 'READ'],
    ['settings', 'READ'],
    ['account-setting', 'WRITE'],
    ['export-history', 'READ'],
    ['channel-menu', 'READ'],
    ['finance-channel', 'WRITE'],
    ['sales-channel', 'READ'],
    ['customer-channel', 'READ'],
  ]),
  Viewer: all('READ'),
};
