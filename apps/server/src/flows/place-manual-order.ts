import { ManualOrderInput, type ManualOrderData } from '@kelola/contracts';
import { manualOrderNumber, ZERO_CHARGES, type OrderAction, type OrderStatus } from '@kelola/domain';
import type { TenantCtx } from '../http/context.ts';
import { catalogRefs, lookupAreaPrice } from '../modules/catalog/index.ts';
import {
  addTimeline,
  amountColumns,
  findCustomer,
  getOrder,
  insertOrder,
  nextSequence,
  orderOr404,
  userActor,
  type NewLine,
} from '../modules/orders/index.ts';
import { applyPromotions, areaChain } from '../modules/promotions/index.ts';
import { followOrderCredit } from '../modules/finance/index.ts';
import { getWarehouse } from '../modules/warehouses/index.ts';
import { DomainError, fieldError } from '../platform/errors.ts';
import { moveOrderStock } from './order-stock.ts';
import { runOrderAction } from './order-actions.ts';

function parse(input: unknown): ManualOrderData {
  const r = ManualOrderInput.safeParse(input);
  if (r.success) return r.data;
  throw new DomainError('VALIDATION_FAILED', {
    fields: r.error.issues.map((i) => ({ path: i.path.join('.'), code: i.message, message: i.message })),
  });
}

/** A look-up whose NOT_FOUND concerns a field of the form: the same code, on that field (400 names the field). */
async function onField<T>(path: string, p: Promise<T>): Promise<T> {
  try {
    return await p;
  } catch (error) {
    if (error instanceof DomainError && error.code.endsWith('NOT_FOUND')) throw fieldError('VALIDATION_FAILED', path, error.code);
    throw error;
  }
}

/** Which price applied to a manual order line (shown beside the price). */
export type PriceSource = 'INPUT' | 'AREA' | 'LIST_PRICE' | 'PROMOTION';

/**
 * Creates a manual order (spec /manual-order/:id/create): number SO/yyyy/mm/nnnnnn, customer and area, lines with
 * the price for the customer's area and type on the order date unless typed, saved as DRAFT or CONFIRMED. A
 * confirmed order reserves its stock in the same transaction (lines that cannot be reserved are flagged short).
 */
export async function placeManualOrder(ctx: TenantCtx, input: unknown) {
  const d = parse(input);
  const warehouse = await onField('warehouse_id', getWarehouse(ctx, d.warehouse_id));
  const customer = d.customer_id ? await onField('customer_id', findCustomer(ctx, d.customer_id)) : null;
  const refs = new Map(
    (
      await catalogRefs(
        ctx,
        d.lines.map((l) => l.catalog_id),
      )
    ).map((r) => [r.id, r]),
  );
  const area =
    d.district_code ?? d.city_code ?? d.province_code ?? customer?.districtCode ?? customer?.cityCode ?? customer?.provinceCode ?? null;
  const customerType = customer?.storeType ?? 'RETAIL';
  const lines: NewLine[] = [];
  const sources: PriceSource[] = [];
  for (const [i, line] of d.lines.entries()) {
    const ref = refs.get(line.catalog_id);
    if (!ref) throw fieldError('VALIDATION_FAILED', `lines.${i}.catalog_id`, 'CATALOG_NOT_FOUND');
    let price = line.unit_price;
    let source: PriceSource = 'INPUT';
    if (price === undefined) {
      if (area) {
        const found = await lookupAreaPrice(ctx, { catalog_id: ref.id, customer_type: customerType, area_code: area, date: d.order_date });
        price = found.price;
        source = found.source;
      } else {
        price = Number(ref.price);
        source = 'LIST_PRICE';
      }
    }
    if (line.discount > price * line.quantity) throw fieldError('VALIDATION_FAILED', `lines.${i}.discount`, 'INVALID_VALUE');
    sources.push(source);
    lines.push({
      catalogId: ref.id,
      sku: ref.sku,
      name: ref.name,
      quantity: line.quantity,
      unitPrice: price,
      discount: line.discount,
      priceSource: source,
    });
  }
  const orderDate = new Date(`${d.order_date}T00:00:00+07:00`);
  const number = manualOrderNumber(orderDate, 0).replace(/\/0+$/u, '');
  const sequence = await nextSequence(ctx, number);
  // Promotions (issue 16): an approved programme in the order's period gives a line without a typed price its sale
  // price and uses its quota, atomically, in this transaction.
  const priced = lines.flatMap((l, i) => (sources[i] === 'INPUT' ? [] : [i]));
  const promo = await applyPromotions(
    ctx,
    { date: d.order_date, channelId: null, customerCategoryId: customer?.categoryId ?? null, areaCodes: areaChain(area) },
    priced.map((i) => ({ catalogId: lines[i]!.catalogId!, listPrice: lines[i]!.unitPrice ?? 0, quantity: lines[i]!.quantity })),
    manualOrderNumber(orderDate, sequence),
  );
  for (const [k, i] of priced.entries()) {
    const answer = promo[k]!;
    if (!answer.programmeId) continue;
    const line = lines[i]!;
    const discount = (line.discount ?? 0) + answer.lineDiscount;
    lines[i] = { ...line, unitPrice: answer.unitPrice, discount, priceSource: 'PROMOTION' };
    sources[i] = 'PROMOTION';
    if (discount > answer.unitPrice * line.quantity) throw fieldError('VALIDATION_FAILED', `lines.${i}.discount`, 'INVALID_VALUE');
  }
  const amounts = amountColumns(lines, { ...ZERO_CHARGES, sellerDiscount: d.discount, shippingFeeBuyer: d.shipping_fee });
  if (amounts.buyerTotal < 0) throw fieldError('VALIDATION_FAILED', 'discount', 'INVALID_VALUE');
  const status: OrderStatus = d.confirm ? 'CONFIRMED' : 'DRAFT';
  const created = await insertOrder(
    ctx,
    {
      source: 'MANUAL',
      businessId: d.business_id ?? warehouse.business_id ?? ctx.businessId ?? null,
      orderNumber: manualOrderNumber(orderDate, sequence),
      status,
      orderDate,
      warehouseId: warehouse.id,
      customerId: customer?.id ?? null,
      buyerName: d.buyer_name,
      buyerPhone: d.buyer_phone ?? customer?.phone ?? null,
      buyerEmail: d.buyer_email ?? customer?.email ?? null,
      shipName: d.buyer_name,
      shipPhone: d.buyer_phone ?? customer?.phone ?? null,
      shipAddress: d.address ?? customer?.address ?? null,
      provinceCode: d.province_code ?? customer?.provinceCode ?? null,
      cityCode: d.city_code ?? customer?.cityCode ?? null,
      districtCode: d.district_code ?? customer?.districtCode ?? null,
      subdistrictCode: d.subdistrict_code ?? customer?.subdistrictCode ?? null,
      postalCode: d.postal_code ?? customer?.postalCode ?? null,
      courierName: d.courier_name ?? null,
      courierService: d.courier_service ?? null,
      paymentStatus: d.payment_status,
      notes: d.notes ?? null,
      ...amounts,
    },
    lines,
  );
  const order = created!.order;
  await addTimeline(ctx, order.id, {
    actorType: 'USER',
    actorId: ctx.actor.userId,
    event: 'CREATED',
    fromStatus: null,
    toStatus: status,
    note: sources.map((s, i) => `${lines[i]!.sku}: ${s}`).join(', '),
  });
  await moveOrderStock(ctx, order, null, userActor(ctx));
  await followOrderCredit(ctx, order, null); // credit limits (finance, issue 17): same transaction
  return getOrder(ctx, order.id);
}

/** The spec's PUT /sales-manual/state: one action of the machine on a manual order (stock follows). */
export async function changeManualOrderState(ctx: TenantCtx, id: string, action: OrderAction) {
  const order = await orderOr404(ctx, id);
  if (order.source !== 'MANUAL') throw new DomainError('ORDER_NOT_MANUAL');
  await runOrderAction(ctx, id, action);
  return getOrder(ctx, id);
}

/** The spec's PUT /sales-manual/cancel: cancel with a reason of the sales-manual list; reserved stock comes back. */
export async function cancelManualOrder(
  ctx: TenantCtx,
  id: string,
  reason: { reason_id: string; reason_detail?: string | null | undefined },
) {
  const order = await orderOr404(ctx, id);
  if (order.source !== 'MANUAL') throw new DomainError('ORDER_NOT_MANUAL');
  await runOrderAction(ctx, id, 'CANCEL', reason);
  return getOrder(ctx, id);
}
