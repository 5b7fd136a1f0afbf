import { named, type Screens } from './screen-registry.ts';

/**
 * The signed-in layout's screens (the `main` layout of the route table), each its own lazily loaded chunk. Imported by
 * the layout and provided to its routes (`MainScreens`), so the list is in the layout's chunk, not the first (ADR 0059).
 */
export const MAIN_SCREENS: Screens = {
  dashboard: named(() => import('../features/dashboard/screens/dashboard/dashboard-screen.tsx'), 'DashboardScreen'),
  'inventory-list': named(() => import('../features/inventory/screens/inventory-list/inventory-list-screen.tsx'), 'InventoryListScreen'),
  'stock-movement': named(() => import('../features/inventory/screens/stock-movement/stock-movement-screen.tsx'), 'StockMovementScreen'),
  'stock-movement-detail': named(
    () => import('../features/inventory/screens/movement-detail/movement-detail-screen.tsx'),
    'MovementDetailScreen',
  ),
  'document-label': named(() => import('../features/documents/screens/label-screen.tsx'), 'LabelScreen'),
  'order-export': named(() => import('../features/documents/screens/order-export-screen.tsx'), 'OrderExportScreen'),
  sales: named(() => import('../features/orders/screens/sales/sales-screen.tsx'), 'SalesScreen'),
  'manual-order': named(() => import('../features/orders/screens/manual-order/manual-order-list-screen.tsx'), 'ManualOrderListScreen'),
  'manual-order-create': named(
    () => import('../features/orders/screens/manual-order/manual-order-create-screen.tsx'),
    'ManualOrderCreateScreen',
  ),
  fulfillment: named(() => import('../features/fulfillment/screens/fulfillment-list-screen.tsx'), 'FulfillmentScreen'),
  'fulfillment-detail': named(() => import('../features/fulfillment/screens/fulfillment-detail-screen.tsx'), 'FulfillmentDetail'),
  'fulfillment-update-order': named(() => import('../features/fulfillment/screens/update-order-screen.tsx'), 'FulfillmentUpdateOrder'),
  'delivery-order': named(() => import('../features/fulfillment/screens/fulfillment-list-screen.tsx'), 'DeliveryOrderScreen'),
  'delivery-order-detail': named(() => import('../features/fulfillment/screens/fulfillment-detail-screen.tsx'), 'DeliveryOrderDetail'),
  'delivery-order-update-order': named(() => import('../features/fulfillment/screens/update-order-screen.tsx'), 'DeliveryOrderUpdateOrder'),
  'discount-list': named(() => import('../features/promotions/screens/discount-list/discount-list-screen.tsx'), 'DiscountListScreen'),
  'discount-form': named(() => import('../features/promotions/screens/discount-form/discount-form-screen.tsx'), 'DiscountFormScreen'),
  'promotion-channel-list': named(
    () => import('../features/promotions/screens/shopee/promotion-channel-screens.tsx'),
    'PromotionChannelListScreen',
  ),
  'promotion-channel-form': named(
    () => import('../features/promotions/screens/shopee/promotion-channel-screens.tsx'),
    'PromotionChannelFormScreen',
  ),
  'admin-voucher-list': named(
    () => import('../features/promotions/screens/admin-voucher/admin-voucher-list-screen.tsx'),
    'AdminVoucherListScreen',
  ),
  'admin-voucher-form': named(
    () => import('../features/promotions/screens/admin-voucher/admin-voucher-form-screen.tsx'),
    'AdminVoucherFormScreen',
  ),
  'promotion-approval': named(() => import('../features/promotions/screens/approval/approval-screen.tsx'), 'ApprovalScreen'),
  'web-voucher-list': named(
    () => import('../features/promotions/screens/web-voucher-list/web-voucher-list-screen.tsx'),
    'WebVoucherListScreen',
  ),
  'web-voucher-form': named(
    () => import('../features/promotions/screens/web-voucher-form/web-voucher-form-screen.tsx'),
    'WebVoucherFormScreen',
  ),
  'web-voucher-detail': named(
    () => import('../features/promotions/screens/web-voucher-form/web-voucher-form-screen.tsx'),
    'WebVoucherDetailScreen',
  ),
  'customer-list': named(() => import('../features/customers/screens/customer-list/customer-list-screen.tsx'), 'CustomerListScreen'),
  'customer-form': named(() => import('../features/customers/screens/customer-form/customer-form-screen.tsx'), 'CustomerFormScreen'),
  'customer-category': named(
    () => import('../features/customers/screens/customer-category/customer-category-screen.tsx'),
    'CustomerCategoryScreen',
  ),
  inbound: named(() => import('../features/inventory/screens/inbound/inbound-screen.tsx'), 'InboundScreen'),
  'warehouse-list': named(() => import('../features/warehouse/screens/warehouse-list/warehouse-list-screen.tsx'), 'WarehouseListScreen'),
  'add-warehouse': named(() => import('../features/warehouse/screens/add-warehouse/add-warehouse-screen.tsx'), 'AddWarehouseScreen'),
  'update-warehouse': named(
    () => import('../features/warehouse/screens/update-warehouse/update-warehouse-screen.tsx'),
    'UpdateWarehouseScreen',
  ),
  integration: named(() => import('../features/shops/screens/integration/integration-screen.tsx'), 'IntegrationScreen'),
  'integration-return': named(
    () => import('../features/shops/screens/integration-return/integration-return-screen.tsx'),
    'IntegrationReturnScreen',
  ),
  store: named(() => import('../features/shops/screens/store-list/store-list-screen.tsx'), 'StoreListScreen'),
  'add-store': named(() => import('../features/shops/screens/add-store/add-store-screen.tsx'), 'AddStoreScreen'),
  'admin-store': named(() => import('../features/shops/screens/admin-store/admin-store-screen.tsx'), 'AdminStoreScreen'),
  'error-404': named(() => import('../features/errors/screens/not-found/not-found-screen.tsx'), 'NotFoundScreen'),
  'error-403': named(() => import('../features/errors/screens/forbidden/forbidden-screen.tsx'), 'ForbiddenScreen'),
  'account-setting': named(() => import('../features/account/screens/account-setting/account-setting-screen.tsx'), 'AccountSettingScreen'),
  'export-history': named(
    () => import('../features/export-history/screens/export-history/export-history-screen.tsx'),
    'ExportHistoryScreen',
  ),
  'user-management': named(() => import('../features/users/screens/user-management/user-management-screen.tsx'), 'UserManagementScreen'),
  'invite-user': named(() => import('../features/users/screens/invite-user/invite-user-screen.tsx'), 'InviteUserScreen'),
  'global-variable-list': named(
    () => import('../features/pricing/screens/variable-list/variable-list-screen.tsx'),
    'GlobalVariableListScreen',
  ),
  'global-variable-form': named(
    () => import('../features/pricing/screens/variable-form/variable-form-screen.tsx'),
    'GlobalVariableFormScreen',
  ),
  'formula-variable-list': named(
    () => import('../features/pricing/screens/variable-list/variable-list-screen.tsx'),
    'FormulaVariableListScreen',
  ),
  'formula-variable-form': named(
    () => import('../features/pricing/screens/variable-form/variable-form-screen.tsx'),
    'FormulaVariableFormScreen',
  ),
  'product-variable-list': named(
    () => import('../features/pricing/screens/variable-list/variable-list-screen.tsx'),
    'ProductVariableListScreen',
  ),
  'product-variable-form': named(
    () => import('../features/pricing/screens/variable-form/variable-form-screen.tsx'),
    'ProductVariableFormScreen',
  ),
  'price-formula-list': named(() => import('../features/pricing/screens/formula-list/formula-list-screen.tsx'), 'FormulaListScreen'),
  'price-list': named(() => import('../features/pricing/screens/price-list/price-list-screen.tsx'), 'PriceListScreen'),
  'price-area': named(() => import('../features/pricing/screens/price-area/price-area-screen.tsx'), 'PriceAreaScreen'),
  'price-formula-form': named(() => import('../features/pricing/screens/formula-form/formula-form-screen.tsx'), 'FormulaFormScreen'),
  'edit-user': named(() => import('../features/users/screens/edit-user/edit-user-screen.tsx'), 'EditUserScreen'),
  'product-list': named(() => import('../features/catalog/screens/product-list/product-list-screen.tsx'), 'ProductListScreen'),
  'product-create': named(() => import('../features/catalog/screens/create-product/create-product-screen.tsx'), 'CreateProductScreen'),
  'product-edit': named(() => import('../features/catalog/screens/edit-product/edit-product-screen.tsx'), 'EditProductScreen'),
  'product-import': named(() => import('../features/catalog/screens/product-import/product-import-screen.tsx'), 'ProductImportScreen'),
  'product-category': named(
    () => import('../features/catalog/screens/product-category/product-category-screen.tsx'),
    'ProductCategoryScreen',
  ),
  'goods-receipt': named(() => import('../features/inventory/screens/goods-receipt/goods-receipt-screen.tsx'), 'GoodsReceiptScreen'),
  'goods-receipt-create': named(
    () => import('../features/inventory/screens/goods-receipt/goods-receipt-create-screen.tsx'),
    'GoodsReceiptCreateScreen',
  ),
  'stock-adjustment-list': named(
    () => import('../features/inventory/screens/stock-adjustment/stock-adjustment-list-screen.tsx'),
    'StockAdjustmentListScreen',
  ),
  'stock-adjustment-form': named(
    () => import('../features/inventory/screens/stock-adjustment/stock-adjustment-form-screen.tsx'),
    'StockAdjustmentFormScreen',
  ),
  'create-channel-product': named(
    () => import('../features/channel-products/screens/publish/create-channel-product-screen.tsx'),
    'CreateChannelProductScreen',
  ),
  'edit-channel-product': named(
    () => import('../features/channel-products/screens/publish/edit-channel-product-screen.tsx'),
    'EditChannelProductScreen',
  ),
  'distributor-product': named(
    () => import('../features/channel-products/screens/distributor/distributor-product-screen.tsx'),
    'DistributorProductScreen',
  ),
  'bulk-publish': named(() => import('../features/channel-products/screens/publish/bulk-publish-screen.tsx'), 'BulkPublishScreen'),
  'channel-products': named(
    () => import('../features/channel-products/screens/channel-products/channel-products-screen.tsx'),
    'ChannelProductsScreen',
  ),
  'stock-allocation': named(
    () => import('../features/inventory/screens/stock-allocation/stock-allocation-screen.tsx'),
    'StockAllocationScreen',
  ),
  'product-allocation': named(
    () => import('../features/inventory/screens/stock-allocation/stock-allocation-screen.tsx'),
    'ProductAllocationScreen',
  ),
  'finance-withdrawal': named(() => import('../features/finance/screens/withdrawal-screen.tsx'), 'WithdrawalScreen'),
  'finance-wallet-history': named(() => import('../features/finance/screens/wallet-history-screen.tsx'), 'WalletHistoryScreen'),
  'finance-wallet-withdrawal': named(() => import('../features/finance/screens/wallet-withdrawal-screen.tsx'), 'WalletWithdrawalScreen'),
  'finance-payment-channel': named(() => import('../features/finance/screens/payment-channel-screen.tsx'), 'PaymentChannelScreen'),
  'finance-payment-history': named(() => import('../features/finance/screens/payment-history-screen.tsx'), 'PaymentHistoryScreen'),
  'finance-invoice': named(() => import('../features/finance/screens/invoice-list-screen.tsx'), 'InvoiceListScreen'),
  'finance-invoice-detail': named(() => import('../features/finance/screens/invoice-detail-screen.tsx'), 'InvoiceDetailScreen'),
  'finance-credit-notes': named(() => import('../features/finance/screens/credit-notes-screen.tsx'), 'CreditNotesScreen'),
  'supplier-list': named(() => import('../features/purchasing/screens/supplier-list/supplier-list-screen.tsx'), 'SupplierListScreen'),
  'purchase-order-list': named(
    () => import('../features/purchasing/screens/purchase-order-list/purchase-order-list-screen.tsx'),
    'PurchaseOrderListScreen',
  ),
  'purchase-order-create': named(
    () => import('../features/purchasing/screens/purchase-order-create/purchase-order-create-screen.tsx'),
    'PurchaseOrderCreateScreen',
  ),
  'distributor-list': named(
    () => import('../features/distributors/screens/distributor-list/distributor-list-screen.tsx'),
    'DistributorListScreen',
  ),
  'distributor-form': named(
    () => import('../features/distributors/screens/distributor-form/distributor-form-screen.tsx'),
    'DistributorFormScreen',
  ),
};
