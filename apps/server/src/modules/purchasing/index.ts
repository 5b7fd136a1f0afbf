import type { KelolaModule } from '../../http/context.ts';
import { registerPurchasingRoutes } from './purchasing.routes.ts';
export { createSupplier, getSupplier, listSuppliers } from './suppliers.service.ts';
export {
  cancelPurchaseOrder,
  closePurchaseOrder,
  createPurchaseOrder,
  getPurchaseOrder,
  listPurchaseOrders,
  receivePurchaseOrder,
} from './purchase-orders.service.ts';

/** Suppliers and purchase orders; a delivery posts a goods receipt through the inventory module (ADR 0070). */
export const purchasingModule: KelolaModule = { name: 'purchasing', routes: registerPurchasingRoutes };
