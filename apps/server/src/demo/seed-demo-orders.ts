import type { OrderAction } from '@kelola/domain';
import { changeManualOrderState, cancelManualOrder, placeManualOrder } from '../flows/place-manual-order.ts';
import type { TenantCtx } from '../http/context.ts';
import { catalogRefsBySku } from '../modules/catalog/index.ts';
import { createCategory, createCustomer } from '../modules/orders/customers.service.ts';

/**
 * Customers and manual orders of the demo workspace in several states, so /sales and /manual-order are not empty on
 * first start. Marketplace orders come from the sandbox shops once they are connected (not seeded yet).
 */
export async function seedDemoOrders(ctx: TenantCtx, warehouseId: string): Promise<void> {
  const grosir = await createCategory(ctx, { name: 'Grosir', description: 'Pembeli partai besar' });
  await createCategory(ctx, { name: 'Eceran' });
  const surabaya = await createCustomer(ctx, {
    code: 'CUST-0001',
    name: 'Toko Sumber Rejeki',
    category_id: grosir.id,
    phone: '081230001111',
    email: 'sumber.rejeki@example.id',
    address: 'Jl. Rungkut Industri No. 8',
    province_code: '35',
    city_code: '35.78',
    district_code: '35.78.03',
    subdistrict_code: '35.78.03.1001',
    postal_code: '60293',
    credit_limit: 10_000_000,
    // A 30-day term: with none, yesterday's unpaid order would already be overdue and block the next (finance, CL_OVERDUE).
    payment_limit_days: 30,
    store_type: 'WHOLESALE',
  });
  const skus = new Map((await catalogRefsBySku(ctx, ['KPK-HITAM-M', 'KOPI-GAYO-250'])).map((c) => [c.sku, c.id]));
  const kaos = skus.get('KPK-HITAM-M');
  const kopi = skus.get('KOPI-GAYO-250');
  if (!kaos || !kopi) return;
  const plan: { qty: number; actions: OrderAction[]; cancel?: boolean; confirm: boolean }[] = [
    { qty: 2, actions: [], confirm: false },
    { qty: 1, actions: [], confirm: true },
    { qty: 3, actions: ['PROCESS'], confirm: true },
    { qty: 1, actions: ['PROCESS', 'READY'], confirm: true },
    { qty: 2, actions: ['PROCESS', 'READY', 'SHIP'], confirm: true },
    { qty: 1, actions: ['PROCESS', 'READY', 'SHIP', 'DELIVER', 'COMPLETE'], confirm: true },
    { qty: 1, actions: [], cancel: true, confirm: true },
  ];
  for (const [i, step] of plan.entries()) {
    const order = await placeManualOrder(ctx, {
      warehouse_id: warehouseId,
      customer_id: surabaya.id,
      order_date: new Date(Date.now() - (plan.length - i) * 86_400_000).toISOString().slice(0, 10),
      buyer_name: surabaya.name,
      buyer_phone: surabaya.phone,
      lines: [
        { catalog_id: kaos, quantity: step.qty },
        { catalog_id: kopi, quantity: 1 },
      ],
      shipping_fee: 18_000,
      courier_name: 'JNE',
      courier_service: 'REG',
      payment_status: i % 2 === 0 ? 'PAID' : 'UNPAID',
      confirm: step.confirm,
    });
    for (const action of step.actions) await changeManualOrderState(ctx, order.id, action);
    if (step.cancel) await cancelManualOrder(ctx, order.id, { reason_id: 'CUSTOMER_REQUEST' });
  }
}
