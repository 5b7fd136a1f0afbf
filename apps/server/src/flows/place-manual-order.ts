import {
  ManualOrderInput,
  ManualPricePreviewInput,
  ManualVoucherCheckInput,
  ManualOrderQuoteInput,
  type ManualOrderQuote,
  type ManualOrderData,
  type ManualPricePreview,
  type ManualVoucherCheck,
} from '@kelola/contracts';
import { manualOrderNumber, ZERO_CHARGES, type OrderAction, type OrderStatus } from '@kelola/domain';
import type { TenantCtx } from '../http/context.ts';
import { catalogRefs, derivedPricesOf, lookupAreaPrice } from '../modules/catalog/index.ts';
import {
  addTimeline,
  amountColumns,
  findCustomer,
  getOrder,
  insertOrder,
  nextSequence,
  orderOr404,
  replaceLines,
  updateOrder,
  userActor,
  type NewLine,
} from '../modules/orders/index.ts';
import { followOrderCredit } from '../modules/finance/index.ts';
import {
  applyAdminVoucherCode,
  applyPromotions,
  areaChain,
  checkAdminVoucherCode,
  previewSalePrices,
  releaseAdminVouchers,
  releaseQuota,
} from '../modules/promotions/index.ts';
import { getWarehouse } from '../modules/warehouses/index.ts';
import { DomainError, fieldError, parseOrFail } from '../platform/errors.ts';
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
export type PriceSource = 'INPUT' | 'AREA' | 'FORMULA' | 'LIST_PRICE' | 'PROMOTION';

type Quote = { price: number; source: Exclude<PriceSource, 'INPUT' | 'PROMOTION'>; areaCode: string | null };

/**
 * What each SKU costs a customer of `customerType` in `area` on `date` (spec /manual-order/:id/create): the area
 * price of the most specific area in force that day (catalog's `lookupAreaPrice`), else the SKU's price formula
 * (catalog's `derivedPricesOf`, evaluated with the pricing module's formulas), else its base price. A formula that
 * cannot be evaluated (a variable without a value) falls back to the base price rather than failing the order.
 */
async function quotePrices(
  ctx: TenantCtx,
  refs: readonly { id: string; price: string | number | bigint }[],
  area: string | null,
  customerType: string,
  date: string,
): Promise<Map<string, Quote>> {
  const quotes = new Map<string, Quote>();
  const rest: { id: string; price: string | number | bigint }[] = [];
  for (const ref of refs) {
    if (quotes.has(ref.id)) continue;
    if (area) {
      const found = await lookupAreaPrice(ctx, { catalog_id: ref.id, customer_type: customerType, area_code: area, date });
      if (found.source === 'AREA') {
        quotes.set(ref.id, { price: found.price, source: 'AREA', areaCode: found.area_code });
        continue;
      }
    }
    rest.push(ref);
  }
  const derived = await derivedPricesOf(
    ctx,
    rest.map((r) => r.id),
  );
  for (const ref of rest) {
    const d = derived.get(ref.id);
    quotes.set(
      ref.id,
      d?.source === 'FORMULA' && d.price !== null
        ? { price: Number(d.price), source: 'FORMULA', areaCode: null }
        : { price: Number(ref.price), source: 'LIST_PRICE', areaCode: null },
    );
  }
  return quotes;
}

/** The area a manual order is priced for: the input's most specific area code, else the customer's. */
const pricingArea = (
  d: { district_code?: string | null; city_code?: string | null; province_code?: string | null },
  customer: { districtCode: string | null; cityCode: string | null; provinceCode: string | null } | null,
) => d.district_code ?? d.city_code ?? d.province_code ?? customer?.districtCode ?? customer?.cityCode ?? customer?.provinceCode ?? null;

/**
 * The prices the lines of a manual order would get (the form shows them and which rule applied): the same rule
 * as saving the order. Unknown SKUs and customers are field errors.
 */
export async function previewManualPrices(ctx: TenantCtx, input: unknown): Promise<ManualPricePreview> {
  const r = ManualPricePreviewInput.safeParse(input);
  if (!r.success)
    throw new DomainError('VALIDATION_FAILED', {
      fields: r.error.issues.map((i) => ({ path: i.path.join('.'), code: i.message, message: i.message })),
    });
  const d = r.data;
  const customer = d.customer_id ? await onField('customer_id', findCustomer(ctx, d.customer_id)) : null;
  const refs = new Map((await catalogRefs(ctx, d.catalog_ids)).map((ref) => [ref.id, ref]));
  const missing = d.catalog_ids.findIndex((id) => !refs.has(id));
  if (missing >= 0) throw fieldError('VALIDATION_FAILED', `catalog_ids.${missing}`, 'CATALOG_NOT_FOUND');
  const area = pricingArea(d, customer);
  const customerType = d.customer_type ?? customer?.storeType ?? 'RETAIL';
  const quotes = await quotePrices(ctx, [...refs.values()], area, customerType, d.order_date);
  return {
    area_code: area,
    customer_type: customerType,
    order_date: d.order_date,
    items: [...new Set(d.catalog_ids)].map((id) => {
      const quote = quotes.get(id)!;
      return { catalog_id: id, unit_price: quote.price, source: quote.source, area_code: quote.areaCode };
    }),
  };
}

type PricedInput = Pick<ManualOrderData, 'customer_id' | 'order_date' | 'lines' | 'district_code' | 'city_code' | 'province_code'>;

/**
 * The priced lines of a manual order form: prices left out are the customer's (area price, formula, base price:
 * `quotePrices`), then an approved promotion in the order's period may lower them. With a `reference` (the order
 * number) the promotions' quota is used under it, in the caller's transaction; without one (the form's check before
 * saving) nothing is used. Unknown references are field errors.
 */
async function priceManualLines(ctx: TenantCtx, d: PricedInput, reference: string | null) {
  const customer = d.customer_id ? await onField('customer_id', findCustomer(ctx, d.customer_id)) : null;
  const refs = new Map(
    (
      await catalogRefs(
        ctx,
        d.lines.map((l) => l.catalog_id),
      )
    ).map((r) => [r.id, r]),
  );
  for (const [i, line] of d.lines.entries())
    if (!refs.has(line.catalog_id)) throw fieldError('VALIDATION_FAILED', `lines.${i}.catalog_id`, 'CATALOG_NOT_FOUND');
  const customerType = customer?.storeType ?? 'RETAIL';
  const unpriced = d.lines.filter((l) => l.unit_price === undefined).map((l) => refs.get(l.catalog_id)!);
  const quotes = await quotePrices(ctx, unpriced, pricingArea(d, customer), customerType, d.order_date);
  const lines: NewLine[] = [];
  for (const [i, line] of d.lines.entries()) {
    const ref = refs.get(line.catalog_id)!;
    const quote = line.unit_price === undefined ? quotes.get(ref.id)! : null;
    const price = quote ? quote.price : line.unit_price!;
    if (line.discount > price * line.quantity) throw fieldError('VALIDATION_FAILED', `lines.${i}.discount`, 'INVALID_VALUE');
    lines.push({
      catalogId: ref.id,
      sku: ref.sku,
      name: ref.name,
      quantity: line.quantity,
      unitPrice: price,
      discount: line.discount,
      unitCost: ref.costPrice,
      priceSource: quote ? quote.source : 'INPUT',
    });
  }
  // Promotions (issue 16): an approved programme in the order's period gives a line without a typed price its sale
  // price and, when saving, uses its quota, atomically, in this transaction.
  const priced = lines.flatMap((l, i) => (l.priceSource === 'INPUT' ? [] : [i]));
  const sale = {
    date: d.order_date,
    channelId: null,
    customerCategoryId: customer?.categoryId ?? null,
    areaCodes: areaChain(pricingArea(d, customer)),
  };
  const saleLines = priced.map((i) => ({
    catalogId: lines[i]!.catalogId!,
    listPrice: lines[i]!.unitPrice ?? 0,
    quantity: lines[i]!.quantity,
  }));
  const promo = reference ? await applyPromotions(ctx, sale, saleLines, reference) : await previewSalePrices(ctx, sale, saleLines);
  for (const [k, i] of priced.entries()) {
    const answer = promo[k]!;
    if (!answer.programmeId) continue;
    const line = lines[i]!;
    const discount = (line.discount ?? 0) + answer.lineDiscount;
    if (discount > answer.unitPrice * line.quantity) throw fieldError('VALIDATION_FAILED', `lines.${i}.discount`, 'INVALID_VALUE');
    lines[i] = { ...line, unitPrice: answer.unitPrice, discount, priceSource: 'PROMOTION' };
  }
  return { customer, lines };
}

/**
 * What an admin voucher is checked and used against (ADR 0040): the goods after line discounts, promotional prices
 * and the order discount (or the shipping fee); the customer is the chosen one, else the buyer's phone, else name.
 */
function voucherBasis(
  d: Pick<ManualOrderData, 'discount' | 'shipping_fee' | 'order_date' | 'buyer_phone'> & {
    buyer_name?: string | null | undefined;
    voucher_code: string;
  },
  customer: { id: string } | null,
  lines: readonly NewLine[],
) {
  const goods = lines.reduce((sum, l) => sum + (l.unitPrice ?? 0) * l.quantity - (l.discount ?? 0), 0) - d.discount;
  return {
    code: d.voucher_code,
    customerReference: customer?.id ?? d.buyer_phone ?? d.buyer_name ?? '',
    amount: Math.max(0, goods),
    shippingFee: d.shipping_fee,
    date: d.order_date,
    withProgramme: lines.some((l) => l.priceSource === 'PROMOTION'),
  };
}

/** The form's lines priced as the save would price them, promotions previewed, nothing used (issue 16). */
export async function quoteManualOrder(ctx: TenantCtx, input: unknown): Promise<ManualOrderQuote> {
  const d = parseOrFail(ManualOrderQuoteInput, input);
  if (d.order_id) await orderOr404(ctx, d.order_id);
  const { lines } = await priceManualLines(ctx, d, null);
  return {
    lines: lines.map((l) => ({
      catalog_id: l.catalogId!,
      unit_price: l.unitPrice ?? 0,
      discount: l.discount ?? 0,
      price_source: l.priceSource as ManualOrderQuote['lines'][number]['price_source'],
    })),
  };
}

/**
 * The manual order form's voucher before saving (POST /api/manual-orders/voucher-check): the lines priced as saving
 * would price them (promotions included, no quota used), then the same voucher rules, nothing used. A refusal is
 * the field error the save would give.
 */
export async function checkManualVoucher(ctx: TenantCtx, input: unknown): Promise<ManualVoucherCheck> {
  const d = parseOrFail(ManualVoucherCheckInput, input);
  const held = d.order_id ? await orderOr404(ctx, d.order_id) : null;
  const { customer, lines } = await priceManualLines(ctx, d, null);
  const basis = voucherBasis(d, customer, lines);
  const found = await checkAdminVoucherCode(ctx, {
    ...basis,
    // a draft's own use comes back before it is priced again (editManualOrder), so it does not count here
    heldBy: held?.source === 'MANUAL' && held.status === 'DRAFT' ? held.orderNumber : undefined,
  });
  return {
    voucher_id: found.voucherId,
    voucher_code: found.code,
    name: found.name,
    type: found.type,
    goods: basis.amount,
    discount: found.discount,
  };
}

/**
 * What a manual order form makes: the order's columns (without number and status) and its priced lines
 * (`priceManualLines`, promotion quota used under `reference`, the order number); then its admin voucher, used too.
 */
async function buildManualOrder(ctx: TenantCtx, d: ManualOrderData, reference: string) {
  const warehouse = await onField('warehouse_id', getWarehouse(ctx, d.warehouse_id));
  const { customer, lines } = await priceManualLines(ctx, d, reference);
  // An admin voucher (ADR 0040): its discount is the order's seller-funded voucher amount; its quota and the
  // customer's limit are used in this transaction.
  let voucherDiscount = 0;
  if (d.voucher_code) {
    const used = await applyAdminVoucherCode(ctx, {
      ...voucherBasis({ ...d, voucher_code: d.voucher_code }, customer, lines),
      orderReference: reference,
    });
    voucherDiscount = used.discount;
  }
  const amounts = amountColumns(lines, {
    ...ZERO_CHARGES,
    sellerDiscount: d.discount,
    voucher: voucherDiscount,
    shippingFeeBuyer: d.shipping_fee,
  });
  if (amounts.buyerTotal < 0) throw fieldError('VALIDATION_FAILED', 'discount', 'INVALID_VALUE');
  const values = {
    businessId: d.business_id ?? warehouse.business_id ?? ctx.businessId ?? null,
    orderDate: new Date(`${d.order_date}T00:00:00+07:00`),
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
    voucherCode: d.voucher_code ? d.voucher_code.toUpperCase() : null,
    ...amounts,
  };
  const note = [
    lines.map((l) => `${l.sku}: ${l.priceSource}`).join(', '),
    ...(d.voucher_code ? [`voucher ${d.voucher_code.toUpperCase()}: -${voucherDiscount}`] : []),
  ].join('; ');
  return { values, lines, note };
}

/**
 * Creates a manual order (spec /manual-order/:id/create): number SO/yyyy/mm/nnnnnn, customer and area, lines with
 * the price for the customer's area and type on the order date unless typed, saved as DRAFT or CONFIRMED. A
 * confirmed order reserves its stock in the same transaction (lines that cannot be reserved are flagged short).
 */
export async function placeManualOrder(ctx: TenantCtx, input: unknown) {
  const d = parse(input);
  // The number first: a promotion's quota use names the order it went to.
  const orderDate = new Date(`${d.order_date}T00:00:00+07:00`);
  const sequence = await nextSequence(ctx, manualOrderNumber(orderDate, 0).replace(/\/0+$/u, ''));
  const orderNumber = manualOrderNumber(orderDate, sequence);
  const { values, lines, note } = await buildManualOrder(ctx, d, orderNumber);
  const status: OrderStatus = d.confirm ? 'CONFIRMED' : 'DRAFT';
  const created = await insertOrder(ctx, { ...values, source: 'MANUAL', orderNumber, status }, lines);
  const order = created!.order;
  await addTimeline(ctx, order.id, {
    actorType: 'USER',
    actorId: ctx.actor.userId,
    event: 'CREATED',
    fromStatus: null,
    toStatus: status,
    note,
  });
  await moveOrderStock(ctx, order, null, userActor(ctx));
  await followOrderCredit(ctx, order, null); // credit limits (finance, issue 17): same transaction
  return getOrder(ctx, order.id);
}

/**
 * Replaces a manual DRAFT order with the form again (customer, lines, prices, discounts, shipping, payment, notes);
 * its number stays. A draft holds no stock, so nothing moves; `confirm: true` then confirms it (stock reserved) as
 * PUT /state CONFIRM does. Any other state answers 409 ORDER_STATE_CONFLICT naming it; a marketplace order 422.
 */
export async function editManualOrder(ctx: TenantCtx, id: string, input: unknown) {
  const order = await orderOr404(ctx, id, true);
  if (order.source !== 'MANUAL') throw new DomainError('ORDER_NOT_MANUAL');
  if (order.status !== 'DRAFT') throw new DomainError('ORDER_STATE_CONFLICT', { status: order.status, action: 'EDIT' });
  const d = parse(input);
  // The draft is priced again: the promotion quota and voucher use it took come back first and are used anew.
  await releaseQuota(ctx, order.orderNumber);
  await releaseAdminVouchers(ctx, order.orderNumber);
  const { values, lines, note } = await buildManualOrder(ctx, d, order.orderNumber);
  const row = await updateOrder(ctx, order, values);
  if (!row) throw new DomainError('ORDER_STATE_CONFLICT', { status: order.status, action: 'EDIT' });
  await replaceLines(ctx, order.id, lines);
  await addTimeline(ctx, order.id, {
    actorType: 'USER',
    actorId: ctx.actor.userId,
    event: 'EDITED',
    fromStatus: 'DRAFT',
    toStatus: 'DRAFT',
    note,
  });
  if (d.confirm) await runOrderAction(ctx, id, 'CONFIRM');
  return getOrder(ctx, id);
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
