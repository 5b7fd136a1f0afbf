import type { FastifyReply, FastifyRequest } from 'fastify';
import { bodyObject, queryOf } from '../core/http-helpers.ts';
import type { SandboxOrder, SandboxProduct, SandboxShop } from '../core/sandbox-types.ts';

/**
 * Shopee seller discounts (`discount/*`), the item-promotion look-up and returns (`returns/*`), research §1.4.
 * delete_discount_item removes an item (or some of its models). Rules the documentation states are enforced: start at least an hour ahead, a period of one hour to 180 days,
 * at most 1000 upcoming and ongoing discounts, only upcoming discounts deleted, only ongoing ones ended.
 * Returns are the shop's orders that reached TO_RETURN (generate them with the admin API's `status`).
 */

export type ShopeeShopRoute = (
  method: 'GET' | 'POST',
  path: string,
  handler: (ctx: { shop: SandboxShop }, request: FastifyRequest, reply: FastifyReply) => unknown,
) => void;

type Fail = (status: number, error: string, message: string) => never;

type DiscountEntry = { itemId: string; modelId: string; promotionPrice: number; promotionStock?: number; purchaseLimit: number };
type SandboxDiscount = { id: string; name: string; start: number; end: number; items: Map<string, DiscountEntry> };

const HOUR = 3_600_000;
const MAX_PERIOD_MS = 180 * 24 * HOUR;
const MAX_ACTIVE = 1000;
const seconds = (ms: number): number => Math.floor(ms / 1000);
const num = (value: unknown): number => (typeof value === 'number' ? value : Number(value));

export const registerShopeePromotions = (
  shopRoute: ShopeeShopRoute,
  fail: Fail,
  now: () => number,
  hasModel: (product: SandboxProduct) => boolean,
): void => {
  const state = new WeakMap<SandboxShop, { discounts: Map<string, SandboxDiscount>; nextId: number }>();
  const of = (shop: SandboxShop) => {
    let entry = state.get(shop);
    if (!entry) {
      entry = { discounts: new Map(), nextId: 700_001 };
      state.set(shop, entry);
    }
    return entry;
  };
  const status = (discount: SandboxDiscount): 'upcoming' | 'ongoing' | 'expired' =>
    now() < discount.start ? 'upcoming' : now() < discount.end ? 'ongoing' : 'expired';
  const find = (shop: SandboxShop, id: unknown): SandboxDiscount =>
    of(shop).discounts.get(String(id ?? '')) ?? fail(400, 'discount.discount_not_exist', 'Discount does not exist.');
  const summary = (discount: SandboxDiscount) => ({
    discount_id: Number(discount.id),
    discount_name: discount.name,
    status: status(discount),
    start_time: seconds(discount.start),
    end_time: seconds(discount.end),
    source: 0,
  });
  const paging = (query: Record<string, string>, first: number) => {
    const pageNo = num(query.page_no ?? first);
    const pageSize = num(query.page_size ?? 0);
    if (!(pageNo >= first)) fail(400, 'error_param', `page_no should be at least ${first}.`);
    if (!(pageSize >= 1 && pageSize <= 100)) fail(400, 'error_param', 'page_size should be between 1 and 100.');
    return { offset: (pageNo - first) * pageSize, pageSize };
  };
  const checkPeriod = (start: number, end: number): void => {
    if (end - start < HOUR) fail(400, 'discount.discount_end_time_invalid', 'End time must be at least one hour after start time.');
    if (end - start > MAX_PERIOD_MS) fail(400, 'discount.discount_period_too_long', 'Discount period must be less than 180 days.');
  };

  shopRoute('GET', 'discount/get_discount_list', ({ shop }, request) => {
    const query = queryOf(request);
    const wanted = query.discount_status;
    if (!['upcoming', 'ongoing', 'expired', 'all'].includes(wanted ?? '')) fail(400, 'error_param', 'discount_status is invalid.');
    const { offset, pageSize } = paging(query, 1);
    const matching = [...of(shop).discounts.values()].filter((discount) => wanted === 'all' || status(discount) === wanted);
    return { discount_list: matching.slice(offset, offset + pageSize).map(summary), more: offset + pageSize < matching.length };
  });

  shopRoute('GET', 'discount/get_discount', ({ shop }, request) => {
    const query = queryOf(request);
    const discount = find(shop, query.discount_id);
    const { offset, pageSize } = paging(query, 1);
    const byItem = new Map<string, DiscountEntry[]>();
    for (const entry of discount.items.values()) byItem.set(entry.itemId, [...(byItem.get(entry.itemId) ?? []), entry]);
    const items = [...byItem].map(([itemId, entries]) => {
      const product = shop.products.get(itemId);
      const first = entries[0];
      const sku = (modelId: string) => product?.skus.find((candidate) => candidate.id === modelId) ?? product?.skus[0];
      return {
        item_id: Number(itemId),
        item_name: product?.name ?? '',
        purchase_limit: first?.purchaseLimit ?? 0,
        ...(first && first.modelId !== '0'
          ? {
              model_list: entries.map((entry) => ({
                model_id: Number(entry.modelId),
                model_name: Object.values(sku(entry.modelId)?.options ?? {}).join(','),
                model_original_price: sku(entry.modelId)?.price ?? 0,
                model_promotion_price: entry.promotionPrice,
                ...(entry.promotionStock !== undefined ? { model_promotion_stock: entry.promotionStock } : {}),
              })),
            }
          : {
              item_original_price: product?.skus[0]?.price ?? 0,
              item_promotion_price: first?.promotionPrice ?? 0,
              ...(first?.promotionStock !== undefined ? { item_promotion_stock: first.promotionStock } : {}),
            }),
      };
    });
    return { ...summary(discount), item_list: items.slice(offset, offset + pageSize), more: offset + pageSize < items.length };
  });

  shopRoute('POST', 'discount/add_discount', ({ shop }, request) => {
    const body = bodyObject(request.body);
    const name = String(body.discount_name ?? '').trim();
    if (name === '') fail(400, 'error_param', 'discount_name is required.');
    const start = num(body.start_time) * 1000;
    const end = num(body.end_time) * 1000;
    if (!(start > 0) || !(end > 0)) fail(400, 'error_param', 'start_time and end_time are required.');
    if (start < now()) fail(400, 'discount.discount_start_time_smaller_than_now', 'Discount start time is less than the current time.');
    if (start < now() + HOUR)
      fail(400, 'discount.discount_start_time_invalid', 'Discount start time must be at least one hour later than now.');
    checkPeriod(start, end);
    const entry = of(shop);
    const active = [...entry.discounts.values()].filter((discount) => status(discount) !== 'expired').length;
    if (active >= MAX_ACTIVE) fail(400, 'discount.exceed_max_discount_count', 'Upcoming and ongoing discounts exceed 1000.');
    const id = String(entry.nextId++);
    entry.discounts.set(id, { id, name, start, end, items: new Map() });
    return { discount_id: Number(id) };
  });

  shopRoute('POST', 'discount/update_discount', ({ shop }, request) => {
    const body = bodyObject(request.body);
    const discount = find(shop, body.discount_id);
    const current = status(discount);
    if (current === 'expired') fail(400, 'discount.discount_already_expired', 'An expired discount cannot be edited.');
    const start = body.start_time !== undefined ? num(body.start_time) * 1000 : discount.start;
    const end = body.end_time !== undefined ? num(body.end_time) * 1000 : discount.end;
    if (current === 'ongoing' && start !== discount.start)
      fail(400, 'discount.discount_ongoing_start_time', 'The start time of an ongoing discount cannot change.');
    if (current === 'upcoming' && start !== discount.start && start < now() + HOUR)
      fail(400, 'discount.discount_start_time_invalid', 'Discount start time must be at least one hour later than now.');
    if (end <= now()) fail(400, 'discount.discount_end_time_invalid', 'End time must be later than now.');
    checkPeriod(start, end);
    if (body.discount_name !== undefined) discount.name = String(body.discount_name).trim() || discount.name;
    discount.start = start;
    discount.end = end;
    return { discount_id: Number(discount.id), modify_time: seconds(now()) };
  });

  /** Discounts (other than `except`) that hold the item and have not ended. */
  const otherDiscountsOf = (shop: SandboxShop, itemId: string, except?: string) =>
    [...of(shop).discounts.values()].filter(
      (discount) =>
        discount.id !== except && status(discount) !== 'expired' && [...discount.items.values()].some((entry) => entry.itemId === itemId),
    );

  shopRoute('POST', 'discount/add_discount_item', ({ shop }, request) => {
    const body = bodyObject(request.body);
    const discount = find(shop, body.discount_id);
    if (status(discount) === 'expired') fail(400, 'discount.discount_already_expired', 'Items cannot be added to an expired discount.');
    const list = Array.isArray(body.item_list) ? (body.item_list as Record<string, unknown>[]) : [];
    if (list.length === 0 || list.length > 1000) fail(400, 'error_param', 'item_list must hold 1 to 1000 items.');
    const errors: { item_id: number; model_id: number; fail_error: string; fail_message: string }[] = [];
    let count = 0;
    for (const raw of list) {
      const item = bodyObject(raw);
      const itemId = String(item.item_id ?? '');
      const product = shop.products.get(itemId);
      const refuse = (modelId: string, error: string, message: string) =>
        void errors.push({ item_id: Number(itemId), model_id: Number(modelId), fail_error: error, fail_message: message });
      if (!product || product.status !== 'active') {
        refuse('0', 'discount.item_not_exist', 'Item does not exist or is not active.');
        continue;
      }
      if (otherDiscountsOf(shop, itemId, discount.id).length > 0) {
        refuse('0', 'discount.item_already_in_other_promotion', 'Item is already in another ongoing or upcoming discount.');
        continue;
      }
      const models = Array.isArray(item.model_list) ? (item.model_list as Record<string, unknown>[]).map(bodyObject) : [];
      if (hasModel(product) !== models.length > 0) {
        refuse(
          '0',
          'discount.model_list_invalid',
          hasModel(product) ? 'model_list is required for an item with models.' : 'The item has no models.',
        );
        continue;
      }
      const entries =
        models.length > 0
          ? models.map((model) => ({
              modelId: String(model.model_id ?? ''),
              price: num(model.model_promotion_price),
              stock: model.model_promotion_stock,
            }))
          : [{ modelId: '0', price: num(item.item_promotion_price), stock: item.item_promotion_stock }];
      for (const entry of entries) {
        const sku = entry.modelId === '0' ? product.skus[0] : product.skus.find((candidate) => candidate.id === entry.modelId);
        if (!sku) {
          refuse(entry.modelId, 'discount.model_not_exist', 'Model does not exist.');
          continue;
        }
        if (!(entry.price > 0 && entry.price < sku.price)) {
          refuse(entry.modelId, 'discount.promotion_price_invalid', 'Promotion price must be above 0 and below the original price.');
          continue;
        }
        discount.items.set(`${itemId}:${entry.modelId}`, {
          itemId,
          modelId: entry.modelId,
          promotionPrice: entry.price,
          ...(entry.stock !== undefined ? { promotionStock: num(entry.stock) } : {}),
          purchaseLimit: num(item.purchase_limit ?? 0),
        });
        count += 1;
      }
    }
    return { discount_id: Number(discount.id), count, error_list: errors };
  });

  shopRoute('POST', 'discount/delete_discount_item', ({ shop }, request) => {
    const body = bodyObject(request.body);
    const discount = find(shop, body.discount_id);
    if (status(discount) === 'expired') fail(400, 'discount.discount_already_expired', 'Items cannot be removed from an expired discount.');
    const itemId = String(body.item_id ?? '');
    const models = Array.isArray(body.model_list)
      ? (body.model_list as unknown[]).map(bodyObject).map((m) => String(m.model_id ?? ''))
      : [];
    const keys = [...discount.items.keys()].filter(
      (key) => key.startsWith(`${itemId}:`) && (models.length === 0 || models.includes(key.slice(itemId.length + 1))),
    );
    if (keys.length === 0) fail(400, 'discount.item_not_in_discount', 'The item is not in this discount.');
    for (const key of keys) discount.items.delete(key);
    return { discount_id: Number(discount.id), error_list: [] };
  });

  shopRoute('POST', 'discount/end_discount', ({ shop }, request) => {
    const discount = find(shop, bodyObject(request.body).discount_id);
    if (status(discount) !== 'ongoing') fail(400, 'discount.discount_not_ongoing', 'Only an ongoing discount can be ended.');
    discount.end = now();
    return { discount_id: Number(discount.id), modify_time: seconds(now()) };
  });

  shopRoute('POST', 'discount/delete_discount', ({ shop }, request) => {
    const discount = find(shop, bodyObject(request.body).discount_id);
    if (status(discount) !== 'upcoming') fail(400, 'discount.discount_not_upcoming', 'Only an upcoming discount can be deleted.');
    of(shop).discounts.delete(discount.id);
    return { discount_id: Number(discount.id), modify_time: seconds(now()) };
  });

  shopRoute('GET', 'product/get_item_promotion', ({ shop }, request) => {
    const ids = (queryOf(request).item_id_list ?? '').split(',').filter(Boolean);
    if (ids.length === 0 || ids.length > 50) fail(400, 'error_param', 'item_id_list must hold 1 to 50 ids.');
    return {
      success_list: ids
        .filter((id) => shop.products.has(id))
        .map((id) => ({
          item_id: Number(id),
          promotion: otherDiscountsOf(shop, id).map((discount) => ({
            promotion_type: 'Discount',
            promotion_id: Number(discount.id),
            start_time: seconds(discount.start),
            end_time: seconds(discount.end),
          })),
        })),
      failure_list: ids.filter((id) => !shop.products.has(id)).map((id) => ({ item_id: Number(id), fail_reason: 'item not found' })),
    };
  });

  // ------------------------------------------------------------------------------------------- returns

  const returnOf = (order: SandboxOrder) => {
    const requested = order.history.find((step) => step.status === 'TO_RETURN')?.at ?? order.updatedAt;
    const refund = order.items.reduce((sum, item) => sum + item.price * item.quantity, 0);
    return {
      return_sn: `R${order.id}`,
      order_sn: order.id,
      status: 'REQUESTED',
      reason: 'NOT_RECEIPT',
      text_reason: 'Pembeli belum menerima pesanan',
      refund_amount: refund,
      currency: 'IDR',
      create_time: seconds(requested),
      update_time: seconds(requested),
      due_date: seconds(requested + 3 * 24 * HOUR),
      item: order.items.map((item) => ({
        item_id: Number(item.productId),
        model_id: Number(item.skuId),
        name: item.name,
        item_sku: item.sellerSku,
        amount: item.quantity,
        item_price: item.price,
        refund_amount: item.price * item.quantity,
      })),
    };
  };
  const returnsOf = (shop: SandboxShop) =>
    [...shop.orders.values()].filter((order) => order.history.some((step) => step.status === 'TO_RETURN')).map(returnOf);

  shopRoute('GET', 'returns/get_return_list', ({ shop }, request) => {
    const query = queryOf(request);
    const { offset, pageSize } = paging(query, 0);
    const from = query.create_time_from ? num(query.create_time_from) : undefined;
    const to = query.create_time_to ? num(query.create_time_to) : undefined;
    const matching = returnsOf(shop)
      .filter((entry) => (from === undefined || entry.create_time >= from) && (to === undefined || entry.create_time <= to))
      .sort((a, b) => b.create_time - a.create_time || a.return_sn.localeCompare(b.return_sn));
    return { return: matching.slice(offset, offset + pageSize), more: offset + pageSize < matching.length };
  });

  shopRoute('GET', 'returns/get_return_detail', ({ shop }, request) => {
    const returnSn = queryOf(request).return_sn ?? '';
    return returnsOf(shop).find((entry) => entry.return_sn === returnSn) ?? fail(400, 'returns.return_not_found', 'Return does not exist.');
  });
};
