/** Layouts of spec part 2: the main shell, the auth pages and printable full pages. */
export type RouteLayout = 'main' | 'auth' | 'full';

/** Screens that exist; every other route renders the "not built yet" page. */
export type ScreenId =
  | 'dashboard'
  | 'inventory-list'
  | 'stock-movement'
  | 'stock-movement-detail'
  | 'inbound'
  | 'warehouse-list'
  | 'add-warehouse'
  | 'update-warehouse'
  | 'integration'
  | 'integration-return'
  | 'store'
  | 'add-store'
  | 'admin-store'
  | 'error-404'
  | 'error-403'
  | 'login'
  | 'forgot-password'
  | 'forgot-password-otp'
  | 'reset-password'
  | 'reset-success'
  | 'register'
  | 'reg-conf-email'
  | 'reg-conf-otp'
  | 'register-success'
  | 'user-not-found'
  | 'auth-404'
  | 'auth-403'
  | 'auth-500'
  | 'reg-conf-phone'
  | 'link-expired'
  | 'verify-link'
  | 'confirmation-success'
  | 'confirmation-timeout'
  | 'self-register'
  | 'account-setting'
  | 'export-history'
  | 'invitation-accept'
  | 'invitation-register'
  | 'user-management'
  | 'invite-user'
  | 'edit-user'
  | 'product-list'
  | 'product-create'
  | 'product-edit'
  | 'product-import'
  | 'product-category'
  | 'global-variable-list'
  | 'global-variable-form'
  | 'formula-variable-list'
  | 'formula-variable-form'
  | 'product-variable-list'
  | 'product-variable-form'
  | 'price-formula-list'
  | 'price-formula-form'
  | 'price-list'
  | 'price-area'
  | 'goods-receipt'
  | 'goods-receipt-create'
  | 'stock-adjustment-list'
  | 'stock-adjustment-form'
  | 'stock-allocation'
  | 'channel-products'
  | 'create-channel-product'
  | 'edit-channel-product'
  | 'distributor-product'
  | 'bulk-publish'
  | 'product-allocation'
  | 'sales'
  | 'manual-order'
  | 'manual-order-create'
  | 'customer-list'
  | 'discount-list'
  | 'discount-form'
  | 'promotion-approval'
  | 'promotion-channel-list'
  | 'promotion-channel-form'
  | 'admin-voucher-list'
  | 'admin-voucher-form'
  | 'web-voucher-list'
  | 'web-voucher-form'
  | 'web-voucher-detail'
  | 'customer-form'
  | 'customer-category'
  | 'fulfillment'
  | 'fulfillment-detail'
  | 'fulfillment-update-order'
  | 'delivery-order'
  | 'delivery-order-detail'
  | 'delivery-order-update-order'
  | 'finance-withdrawal'
  | 'finance-wallet-history'
  | 'finance-wallet-withdrawal'
  | 'finance-payment-channel'
  | 'finance-payment-history'
  | 'finance-invoice'
  | 'finance-invoice-detail'
  | 'finance-credit-notes'
  | 'document-label'
  | 'document-print'
  | 'order-export'
  | 'supplier-list'
  | 'purchase-order-list'
  | 'purchase-order-create'
  | 'distributor-list'
  | 'distributor-form';

export type RouteEntry = {
  /** React Router path, the same text as routes.tsv. */
  path: string;
  layout: RouteLayout;
  /** Needs a signed-in user (routes.tsv `auth` column). */
  auth: boolean;
  /** Key in the `routes` locale namespace; the page title is "Kelola - <title>". */
  titleKey: string;
  /** Sign-in pages: a signed-in user is sent to /dashboard. */
  guestOnly?: boolean;
  /** Target path; `:param` segments are filled from the matched path. */
  redirect?: string;
  screen?: ScreenId;
};

/** Every screen route of routes.tsv (158 paths). */
export const ROUTE_TABLE: readonly RouteEntry[] = [
  { path: '/', layout: 'main', auth: true, titleKey: 'home', redirect: '/dashboard' },
  { path: '/dashboard', layout: 'main', auth: true, titleKey: 'dashboard', screen: 'dashboard' },
  // The spec names no difference between the two dashboards: the second path shows the same screen.
  { path: '/dashboardv2', layout: 'main', auth: true, titleKey: 'dashboard-v2', screen: 'dashboard' },
  { path: '/sales', layout: 'main', auth: true, titleKey: 'sales', screen: 'sales' },
  { path: '/sales-channel/:id', layout: 'main', auth: true, titleKey: 'sales-channel', screen: 'sales' },
  { path: '/sales-channel-kino/:id', layout: 'main', auth: true, titleKey: 'sales-channel-kino', screen: 'sales' },
  { path: '/manual-order/:id', layout: 'main', auth: true, titleKey: 'manual-order', screen: 'manual-order' },
  { path: '/manual-order/:id/create', layout: 'main', auth: true, titleKey: 'manual-order-create', screen: 'manual-order-create' },
  { path: '/fulfillment', layout: 'main', auth: true, titleKey: 'fulfillment', screen: 'fulfillment' },
  { path: '/fulfillment/detail', layout: 'main', auth: true, titleKey: 'fulfillment-detail', screen: 'fulfillment-detail' },
  {
    path: '/fulfillment/detail/update-order',
    layout: 'main',
    auth: true,
    titleKey: 'fulfillment-update-order',
    screen: 'fulfillment-update-order',
  },
  { path: '/fulfillment/export', layout: 'main', auth: true, titleKey: 'fulfillment-export', screen: 'order-export' },
  { path: '/fulfillment/label', layout: 'main', auth: true, titleKey: 'fulfillment-label', screen: 'document-label' },
  { path: '/delivery-order', layout: 'main', auth: true, titleKey: 'delivery-order', screen: 'delivery-order' },
  { path: '/delivery-order/detail', layout: 'main', auth: true, titleKey: 'delivery-order-detail', screen: 'delivery-order-detail' },
  {
    path: '/delivery-order/detail/update-order',
    layout: 'main',
    auth: true,
    titleKey: 'delivery-order-update-order',
    screen: 'delivery-order-update-order',
  },
  { path: '/delivery-order/export', layout: 'main', auth: true, titleKey: 'delivery-order-export', screen: 'order-export' },
  { path: '/delivery-order/label', layout: 'main', auth: true, titleKey: 'delivery-order-label', screen: 'document-label' },
  { path: '/promotion-channel/:id/list', layout: 'main', auth: true, titleKey: 'promotion-list', screen: 'promotion-channel-list' },
  { path: '/promotion-channel/:id/create', layout: 'main', auth: true, titleKey: 'promotion-create', screen: 'promotion-channel-form' },
  {
    path: '/promotion-channel/:id/edit/:promotionId',
    layout: 'main',
    auth: true,
    titleKey: 'promotion-edit',
    screen: 'promotion-channel-form',
  },
  { path: '/promotion-channel/:id/discount', layout: 'main', auth: true, titleKey: 'promotion-discount', screen: 'discount-list' },
  { path: '/promotion-channel/:id/discount/add', layout: 'main', auth: true, titleKey: 'promotion-discount-add', screen: 'discount-form' },
  { path: '/promotion-channel/:id/voucher', layout: 'main', auth: true, titleKey: 'promotion-voucher', screen: 'admin-voucher-list' },
  {
    path: '/promotion-channel/:id/voucher/add',
    layout: 'main',
    auth: true,
    titleKey: 'promotion-voucher-add',
    screen: 'admin-voucher-form',
  },
  { path: '/promotion-channel/:id/approval', layout: 'main', auth: true, titleKey: 'promotion-approval', screen: 'promotion-approval' },
  { path: '/channel/store/:channelId/product', layout: 'main', auth: true, titleKey: 'store-product-list' },
  { path: '/channel/store/:channelId/product/add', layout: 'main', auth: true, titleKey: 'store-product-add' },
  { path: '/channel/store/:channelId/product/collection/:type?', layout: 'main', auth: true, titleKey: 'store-product-collection' },
  { path: '/channel/store/:channelId/product/:id', layout: 'main', auth: true, titleKey: 'store-product-edit' },
  {
    path: '/web-platform-product/:id',
    layout: 'main',
    auth: true,
    titleKey: 'web-platform-product',
    redirect: '/channel/store/:id/product',
  },
  { path: '/web-platform-product/:id/add-product', layout: 'main', auth: true, titleKey: 'web-platform-product-add' },
  { path: '/web-platform-product/:id/edit-product/:productId', layout: 'main', auth: true, titleKey: 'web-platform-product-edit' },
  { path: '/web-affiliate/:id', layout: 'main', auth: true, titleKey: 'web-affiliate' },
  { path: '/web-affiliate/:id/detail', layout: 'main', auth: true, titleKey: 'web-affiliate-detail' },
  { path: '/web-voucher/:id', layout: 'main', auth: true, titleKey: 'web-voucher', screen: 'web-voucher-list' },
  { path: '/web-voucher/:id/detail-voucher', layout: 'main', auth: true, titleKey: 'web-voucher-detail', screen: 'web-voucher-detail' },
  { path: '/web-voucher/:id/add-voucher', layout: 'main', auth: true, titleKey: 'web-voucher-add', screen: 'web-voucher-form' },
  { path: '/web-voucher/:id/edit-voucher', layout: 'main', auth: true, titleKey: 'web-voucher-edit', screen: 'web-voucher-form' },
  { path: '/web-store-setting/:id', layout: 'main', auth: true, titleKey: 'web-store-setting' },
  { path: '/web-management/:id/web-store-setting', layout: 'main', auth: true, titleKey: 'web-management-store-setting' },
  { path: '/integration', layout: 'main', auth: true, titleKey: 'integration', screen: 'integration' },
  { path: '/integration/list', layout: 'main', auth: false, titleKey: 'integration-list', screen: 'integration' },
  { path: '/integration/tiktok', layout: 'main', auth: false, titleKey: 'integration-tiktok', screen: 'integration-return' },
  { path: '/integration/shopee', layout: 'main', auth: false, titleKey: 'integration-shopee', screen: 'integration-return' },
  { path: '/integration/lazada/callback', layout: 'main', auth: false, titleKey: 'integration-lazada', screen: 'integration-return' },
  { path: '/product', layout: 'main', auth: true, titleKey: 'product', screen: 'product-list' },
  { path: '/product-category', layout: 'main', auth: true, titleKey: 'product-category', screen: 'product-category' },
  { path: '/product/create', layout: 'main', auth: true, titleKey: 'product-create', screen: 'product-create' },
  { path: '/product/edit', layout: 'main', auth: true, titleKey: 'product-edit', screen: 'product-edit' },
  { path: '/product/import', layout: 'main', auth: true, titleKey: 'product-import', screen: 'product-import' },
  { path: '/product/allocation', layout: 'main', auth: true, titleKey: 'product-allocation', screen: 'product-allocation' },
  { path: '/product/bulk-publish', layout: 'main', auth: true, titleKey: 'product-bulk-publish', screen: 'bulk-publish' },
  {
    path: '/product-channel/:id/product/synchronize',
    layout: 'main',
    auth: true,
    titleKey: 'product-channel-sync',
    screen: 'channel-products',
  },
  {
    path: '/product-channel/:id/create-product-tokopedia',
    layout: 'main',
    auth: true,
    titleKey: 'create-product-tokopedia',
    screen: 'create-channel-product',
  },
  {
    path: '/product-channel/:id/create-product-tiktok',
    layout: 'main',
    auth: true,
    titleKey: 'create-product-tiktok',
    screen: 'create-channel-product',
  },
  {
    path: '/product-channel/:id/create-product-shopee',
    layout: 'main',
    auth: true,
    titleKey: 'create-product-shopee',
    screen: 'create-channel-product',
  },
  {
    path: '/product-channel/:id/create-product-blibli',
    layout: 'main',
    auth: true,
    titleKey: 'create-product-blibli',
    screen: 'create-channel-product',
  },
  {
    path: '/product-channel/:id/create-product-distributor',
    layout: 'main',
    auth: true,
    titleKey: 'create-product-distributor',
    screen: 'distributor-product',
  },
  {
    path: '/product-channel/:id/edit-product-tiktok',
    layout: 'main',
    auth: true,
    titleKey: 'edit-product-tiktok',
    screen: 'edit-channel-product',
  },
  {
    path: '/product-channel/:id/edit-product-tokopedia',
    layout: 'main',
    auth: true,
    titleKey: 'edit-product-tokopedia',
    screen: 'edit-channel-product',
  },
  {
    path: '/product-channel/:id/edit-product-shopee',
    layout: 'main',
    auth: true,
    titleKey: 'edit-product-shopee',
    screen: 'edit-channel-product',
  },
  {
    path: '/product-channel/:id/edit-product-blibli',
    layout: 'main',
    auth: true,
    titleKey: 'edit-product-blibli',
    screen: 'edit-channel-product',
  },
  {
    path: '/product-channel/:id/edit-product-lazada',
    layout: 'main',
    auth: true,
    titleKey: 'edit-product-lazada',
    screen: 'edit-channel-product',
  },
  {
    path: '/product-channel/:id/edit-product-distributor',
    layout: 'main',
    auth: true,
    titleKey: 'edit-product-distributor',
    screen: 'distributor-product',
  },
  { path: '/product-channel/:id/price-area', layout: 'main', auth: true, titleKey: 'price-area', screen: 'price-area' },
  { path: '/price', layout: 'main', auth: true, titleKey: 'price', screen: 'price-list' },
  { path: '/formula-variable', layout: 'main', auth: true, titleKey: 'formula-variable', screen: 'formula-variable-list' },
  { path: '/formula-variable/add', layout: 'main', auth: true, titleKey: 'formula-variable-add', screen: 'formula-variable-form' },
  { path: '/formula-variable/edit/:id', layout: 'main', auth: true, titleKey: 'formula-variable-edit', screen: 'formula-variable-form' },
  { path: '/global-variable', layout: 'main', auth: true, titleKey: 'global-variable', screen: 'global-variable-list' },
  { path: '/global-variable/add', layout: 'main', auth: true, titleKey: 'global-variable-add', screen: 'global-variable-form' },
  { path: '/global-variable/edit/:id', layout: 'main', auth: true, titleKey: 'global-variable-edit', screen: 'global-variable-form' },
  { path: '/price-formula', layout: 'main', auth: true, titleKey: 'price-formula', screen: 'price-formula-list' },
  { path: '/price-formula/add', layout: 'main', auth: true, titleKey: 'price-formula-add', screen: 'price-formula-form' },
  { path: '/price-formula/edit/:id', layout: 'main', auth: true, titleKey: 'price-formula-edit', screen: 'price-formula-form' },
  { path: '/product-variable', layout: 'main', auth: true, titleKey: 'product-variable', screen: 'product-variable-list' },
  { path: '/product-variable/add', layout: 'main', auth: true, titleKey: 'product-variable-add', screen: 'product-variable-form' },
  { path: '/product-variable/edit/:id', layout: 'main', auth: true, titleKey: 'product-variable-edit', screen: 'product-variable-form' },
  { path: '/inventory/stock-alocation', layout: 'main', auth: true, titleKey: 'stock-allocation', screen: 'stock-allocation' },
  { path: '/inventory/goods-receipt', layout: 'main', auth: true, titleKey: 'goods-receipt', screen: 'goods-receipt' },
  { path: '/inventory/goods-receipt/create', layout: 'main', auth: true, titleKey: 'goods-receipt-create', screen: 'goods-receipt-create' },
  { path: '/inventory/stock-adjustment', layout: 'main', auth: true, titleKey: 'stock-adjustment', screen: 'stock-adjustment-list' },
  {
    path: '/inventory/stock-adjustment/create',
    layout: 'main',
    auth: true,
    titleKey: 'stock-adjustment-create',
    screen: 'stock-adjustment-form',
  },
  { path: '/inventory/list-inventoryv2', layout: 'main', auth: true, titleKey: 'list-inventory', screen: 'inventory-list' },
  {
    path: '/inventory/detail-stock-movement/:id',
    layout: 'main',
    auth: true,
    titleKey: 'stock-movement-detail',
    screen: 'stock-movement-detail',
  },
  { path: '/inventory/inbound', layout: 'main', auth: true, titleKey: 'inbound', screen: 'inbound' },
  { path: '/inventory/stock-movement', layout: 'main', auth: true, titleKey: 'stock-movement', screen: 'stock-movement' },
  { path: '/finance-channel/:id/withdrawal', layout: 'main', auth: true, titleKey: 'withdrawal', screen: 'finance-withdrawal' },
  { path: '/finance-channel/:id/wallet/history', layout: 'main', auth: true, titleKey: 'wallet-history', screen: 'finance-wallet-history' },
  {
    path: '/finance-channel/:id/wallet-withdrawl',
    layout: 'main',
    auth: true,
    titleKey: 'wallet-withdrawal',
    screen: 'finance-wallet-withdrawal',
  },
  {
    path: '/finance-channel/:id/payment-channel',
    layout: 'main',
    auth: true,
    titleKey: 'payment-channel',
    screen: 'finance-payment-channel',
  },
  {
    path: '/finance-channel/:id/payment-history',
    layout: 'main',
    auth: true,
    titleKey: 'payment-history',
    screen: 'finance-payment-history',
  },
  { path: '/finance-channel/:id/invoice', layout: 'main', auth: true, titleKey: 'invoice', screen: 'finance-invoice' },
  { path: '/finance-channel/:id/invoice-detail', layout: 'main', auth: true, titleKey: 'invoice-detail', screen: 'finance-invoice-detail' },
  { path: '/finance-channel/:id/credit-notes', layout: 'main', auth: true, titleKey: 'credit-notes', screen: 'finance-credit-notes' },
  { path: '/customer-channel/:id/customer-list', layout: 'main', auth: true, titleKey: 'customer-list', screen: 'customer-list' },
  { path: '/customer-channel/:id/customer-list/form', layout: 'main', auth: true, titleKey: 'customer-form', screen: 'customer-form' },
  { path: '/customer-channel/:id/customer-list-v2', layout: 'main', auth: true, titleKey: 'customer-list-v2', screen: 'customer-list' },
  {
    path: '/customer-channel/:id/customer-list-v2/form',
    layout: 'main',
    auth: true,
    titleKey: 'customer-form-v2',
    screen: 'customer-form',
  },
  {
    path: '/customer-channel/:id/customer-category',
    layout: 'main',
    auth: true,
    titleKey: 'customer-category',
    screen: 'customer-category',
  },
  { path: '/user-management', layout: 'main', auth: true, titleKey: 'user-management', screen: 'user-management' },
  { path: '/user-management/invite-user', layout: 'main', auth: true, titleKey: 'invite-user', screen: 'invite-user' },
  { path: '/user-management/edit-user', layout: 'main', auth: true, titleKey: 'edit-user', screen: 'edit-user' },
  { path: '/store-list', layout: 'main', auth: true, titleKey: 'store-list', redirect: '/store' },
  { path: '/store', layout: 'main', auth: true, titleKey: 'store', screen: 'store' },
  { path: '/add-store', layout: 'main', auth: true, titleKey: 'add-store', screen: 'add-store' },
  { path: '/admin-store', layout: 'main', auth: true, titleKey: 'admin-store', screen: 'admin-store' },
  {
    path: '/store/:id/product/synchronize',
    layout: 'main',
    auth: true,
    titleKey: 'store-product-sync',
    screen: 'channel-products',
  },
  { path: '/warehouse', layout: 'main', auth: true, titleKey: 'warehouse', screen: 'warehouse-list' },
  { path: '/warehouse/add-warehouse', layout: 'main', auth: true, titleKey: 'add-warehouse', screen: 'add-warehouse' },
  { path: '/warehouse/update-warehouse/:id', layout: 'main', auth: true, titleKey: 'update-warehouse', screen: 'update-warehouse' },
  { path: '/account-setting', layout: 'main', auth: true, titleKey: 'account-setting', screen: 'account-setting' },
  { path: '/export-history', layout: 'main', auth: true, titleKey: 'export-history', screen: 'export-history' },
  { path: '/redeem-channel/:id/redeem-product-channel', layout: 'main', auth: true, titleKey: 'redeem-product-channel' },
  { path: '/redeem-channel/:id/redeem-product-channel-edit', layout: 'main', auth: true, titleKey: 'redeem-product-channel-edit' },
  { path: '/redeem-channel/:id/redeem-product-channel/create', layout: 'main', auth: true, titleKey: 'redeem-product-channel-create' },
  { path: '/redeem-channel/:id/redeem-product-channel/edit', layout: 'main', auth: true, titleKey: 'redeem-product-channel-edit-form' },
  { path: '/redeem-channel/:id/redeem-sales-channel', layout: 'main', auth: true, titleKey: 'redeem-sales-channel' },
  { path: '/redeem-product-channel/:id/redeem-product-list', layout: 'main', auth: true, titleKey: 'redeem-product-list' },
  {
    path: '/distributor-channel/:id/distributor-list',
    layout: 'main',
    auth: true,
    titleKey: 'distributor-list',
    screen: 'distributor-list',
  },
  { path: '/distributor-channel/:id/add-distributor', layout: 'main', auth: true, titleKey: 'add-distributor', screen: 'distributor-form' },
  { path: '/retur-channel/:id/submission', layout: 'main', auth: true, titleKey: 'retur-submission' },
  { path: '/retur-channel/:id/retur-list', layout: 'main', auth: true, titleKey: 'retur-list' },
  { path: '/retur-channel/:id/retur-request-list', layout: 'main', auth: true, titleKey: 'retur-request-list' },
  { path: '/purchase-order/list', layout: 'main', auth: true, titleKey: 'purchase-order-list', screen: 'purchase-order-list' },
  { path: '/purchase-order/create', layout: 'main', auth: true, titleKey: 'purchase-order-create', screen: 'purchase-order-create' },
  { path: '/supplier/list', layout: 'main', auth: true, titleKey: 'supplier-list', screen: 'supplier-list' },
  { path: '/error/404', layout: 'main', auth: true, titleKey: 'error-404', screen: 'error-404' },
  { path: '/error/403', layout: 'main', auth: true, titleKey: 'error-403', screen: 'error-403' },
  { path: '/auth/login', layout: 'auth', auth: false, titleKey: 'login', screen: 'login', guestOnly: true },
  { path: '/auth/forgot-password', layout: 'auth', auth: false, titleKey: 'forgot-password', screen: 'forgot-password', guestOnly: true },
  {
    path: '/auth/forgot-password/otp',
    layout: 'auth',
    auth: false,
    titleKey: 'forgot-password-otp',
    screen: 'forgot-password-otp',
    guestOnly: true,
  },
  { path: '/auth/reset-password', layout: 'auth', auth: false, titleKey: 'reset-password', screen: 'reset-password', guestOnly: true },
  { path: '/auth/success', layout: 'auth', auth: false, titleKey: 'reset-success', screen: 'reset-success' },
  { path: '/auth/register', layout: 'auth', auth: false, titleKey: 'register', screen: 'register', guestOnly: true },
  { path: '/auth/reg-conf/phone-number', layout: 'auth', auth: false, titleKey: 'reg-conf-phone', screen: 'reg-conf-phone' },
  { path: '/auth/reg-conf/email', layout: 'auth', auth: false, titleKey: 'reg-conf-email', screen: 'reg-conf-email' },
  { path: '/auth/reg-conf/otp', layout: 'auth', auth: false, titleKey: 'reg-conf-otp', screen: 'reg-conf-otp' },
  { path: '/auth/register/success', layout: 'auth', auth: false, titleKey: 'register-success', screen: 'register-success' },
  { path: '/auth/register/link-expired', layout: 'auth', auth: false, titleKey: 'link-expired', screen: 'link-expired' },
  { path: '/auth/verify/:link/:uuid', layout: 'auth', auth: false, titleKey: 'verify-link', screen: 'verify-link' },
  {
    path: '/auth/confirmation/registered/invite-user/:uuid',
    layout: 'auth',
    auth: false,
    titleKey: 'user-invitation',
    screen: 'invitation-accept',
  },
  {
    path: '/auth/confirmation/registered/invite-owner/:uuid',
    layout: 'auth',
    auth: false,
    titleKey: 'owner-invitation',
    screen: 'invitation-accept',
  },
  {
    path: '/auth/confirmation/invite-user/:uuid',
    layout: 'auth',
    auth: false,
    titleKey: 'user-confirm-invitation',
    screen: 'invitation-register',
  },
  {
    path: '/auth/confirmation/invite-owner/:uuid',
    layout: 'auth',
    auth: false,
    titleKey: 'owner-confirm-invitation',
    screen: 'invitation-register',
  },
  { path: '/auth/invite-owner-registered/:uuid', layout: 'auth', auth: false, titleKey: 'invite-owner-registered', redirect: '/' },
  { path: '/auth/invite-user-registered/:uuid', layout: 'auth', auth: false, titleKey: 'invite-user-registered', redirect: '/' },
  { path: '/auth/user-not-found', layout: 'auth', auth: false, titleKey: 'user-not-found', screen: 'user-not-found' },
  { path: '/auth/404', layout: 'auth', auth: false, titleKey: 'not-found', screen: 'auth-404' },
  { path: '/auth/403', layout: 'auth', auth: false, titleKey: 'forbidden', screen: 'auth-403' },
  { path: '/auth/500', layout: 'auth', auth: false, titleKey: 'server-error', screen: 'auth-500' },
  {
    path: '/confirmation/registered/success',
    layout: 'auth',
    auth: false,
    titleKey: 'confirmation-success',
    screen: 'confirmation-success',
  },
  {
    path: '/confirmation/registered/timeout',
    layout: 'auth',
    auth: false,
    titleKey: 'confirmation-timeout',
    screen: 'confirmation-timeout',
  },
  { path: '/fulfillment/labelfullpage', layout: 'full', auth: true, titleKey: 'label-full-page', screen: 'document-print' },
  { path: '/fulfillment/bulk-shipping-label', layout: 'full', auth: true, titleKey: 'bulk-shipping-label', screen: 'document-print' },
  { path: '/fulfillment/bulk-picking-list', layout: 'full', auth: true, titleKey: 'bulk-picking-list', screen: 'document-print' },
  { path: '/self-register', layout: 'full', auth: false, titleKey: 'self-register', screen: 'self-register', guestOnly: true },
];

/** Fills `:param` (and optional `:param?`) segments of a redirect target from the matched params. */
export function fillPath(pattern: string, params: Readonly<Record<string, string | undefined>>): string {
  const filled = pattern
    .split('/')
    .map((segment) => {
      if (!segment.startsWith(':')) return segment;
      const name = segment.slice(1).replace(/\?$/u, '');
      return params[name] !== undefined ? encodeURIComponent(params[name]) : null;
    })
    .filter((segment): segment is string => segment !== null)
    .join('/');
  return filled === '' ? '/' : filled;
}
