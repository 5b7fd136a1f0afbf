import { arr, chunk, num, obj, str } from '../adapter-http.ts';
import type { DiscountItemInput, DiscountItemsResult, PromotionCapability } from '../types.ts';
import type { ShopeeClient } from './shopee.client.ts';
import { toDiscount, toDiscountItems } from './shopee.mappers.ts';
import { shopeeItemDetails } from './shopee.products.ts';

/** Seller discounts (Shopee's `discount` API) and the items a new discount may take. */
export const shopeePromotions = (client: ShopeeClient): PromotionCapability => {
  const { now, api } = client;
  const itemDetails = shopeeItemDetails(client);

  return {
    listDiscounts: async (auth, input) => {
      const pageNo = Number(input.cursor ?? '1');
      const response = await api({
        method: 'GET',
        path: '/api/v2/discount/get_discount_list',
        auth,
        query: { discount_status: input.status ?? 'all', page_no: pageNo, page_size: Math.min(input.pageSize ?? 50, 100) },
      });
      return {
        items: arr(response.discount_list).map(obj).map(toDiscount),
        ...(response.more === true ? { nextCursor: String(pageNo + 1) } : {}),
      };
    },

    getDiscount: async (auth, discountId, page = {}) => {
      const pageNo = Number(page.cursor ?? '1');
      const response = await api({
        method: 'GET',
        path: '/api/v2/discount/get_discount',
        auth,
        query: { discount_id: discountId, page_no: pageNo, page_size: Math.min(page.pageSize ?? 100, 100) },
      });
      return { ...toDiscount(response), items: arr(response.item_list).map(obj).flatMap(toDiscountItems), more: response.more === true };
    },

    createDiscount: async (auth, input) => {
      const response = await api({
        method: 'POST',
        path: '/api/v2/discount/add_discount',
        auth,
        body: { discount_name: input.name, start_time: Math.floor(input.startTime / 1000), end_time: Math.floor(input.endTime / 1000) },
      });
      return { ...input, discountId: str(response.discount_id), status: input.startTime > now() ? 'upcoming' : 'ongoing' };
    },

    updateDiscount: async (auth, discountId, input) => {
      await api({
        method: 'POST',
        path: '/api/v2/discount/update_discount',
        auth,
        body: {
          discount_id: Number(discountId),
          ...(input.name !== undefined ? { discount_name: input.name } : {}),
          ...(input.startTime !== undefined ? { start_time: Math.floor(input.startTime / 1000) } : {}),
          ...(input.endTime !== undefined ? { end_time: Math.floor(input.endTime / 1000) } : {}),
        },
      });
    },

    addDiscountItems: async (auth, discountId, items) => {
      // One entry per item; variants of the same item travel together in its model_list.
      const byItem = new Map<string, DiscountItemInput[]>();
      for (const item of items) byItem.set(item.productId, [...(byItem.get(item.productId) ?? []), item]);
      const itemList = [...byItem].map(([itemId, entries]) => {
        const models = entries.filter((entry) => entry.skuId !== undefined && entry.skuId !== '0');
        const first = entries[0];
        return {
          item_id: Number(itemId),
          purchase_limit: first?.purchaseLimit ?? 0,
          ...(models.length > 0
            ? {
                model_list: models.map((entry) => ({
                  model_id: Number(entry.skuId),
                  model_promotion_price: entry.promotionPrice,
                  ...(entry.promotionStock !== undefined ? { model_promotion_stock: entry.promotionStock } : {}),
                })),
              }
            : {
                item_promotion_price: first?.promotionPrice,
                ...(first?.promotionStock !== undefined ? { item_promotion_stock: first.promotionStock } : {}),
              }),
        };
      });
      let added = 0;
      const failures: DiscountItemsResult['failures'] = [];
      // Shopee takes at most 1000 items per call; 50 keeps each answer small.
      for (const part of chunk(itemList, 50)) {
        const response = await api({
          method: 'POST',
          path: '/api/v2/discount/add_discount_item',
          auth,
          body: { discount_id: Number(discountId), item_list: part },
        });
        added += num(response.count);
        for (const failure of arr(response.error_list).map(obj)) {
          failures.push({
            productId: str(failure.item_id),
            skuId: str(failure.model_id ?? 0),
            code: str(failure.fail_error),
            message: str(failure.fail_message),
          });
        }
      }
      return { added, failures };
    },

    deleteDiscountItem: async (auth, discountId, productId, skuIds) => {
      const models = skuIds.filter((id) => id !== '0');
      await api({
        method: 'POST',
        path: '/api/v2/discount/delete_discount_item',
        auth,
        body: {
          discount_id: Number(discountId),
          item_id: Number(productId),
          ...(models.length > 0 ? { model_list: models.map((id) => ({ model_id: Number(id) })) } : {}),
        },
      });
    },

    endDiscount: async (auth, discountId) => {
      await api({ method: 'POST', path: '/api/v2/discount/end_discount', auth, body: { discount_id: Number(discountId) } });
    },

    deleteDiscount: async (auth, discountId) => {
      await api({ method: 'POST', path: '/api/v2/discount/delete_discount', auth, body: { discount_id: Number(discountId) } });
    },

    // Shopee has no such list: active items, less those a running or upcoming discount already holds
    // (product/get_item_promotion), which add_discount_item would refuse.
    listDiscountableItems: async (auth, input) => {
      const pageSize = Math.min(input.pageSize ?? 50, 50);
      const list = await api({
        method: 'GET',
        path: '/api/v2/product/get_item_list',
        auth,
        query: { offset: input.cursor ?? '0', page_size: pageSize, item_status: ['NORMAL'] },
      });
      const ids = arr(list.item).map((item) => str(obj(item).item_id));
      let busy = new Set<string>();
      if (ids.length > 0) {
        const promotions = await api({
          method: 'GET',
          path: '/api/v2/product/get_item_promotion',
          auth,
          query: { item_id_list: ids.join(',') },
        });
        busy = new Set(
          arr(promotions.success_list)
            .map(obj)
            .filter((entry) =>
              arr(entry.promotion)
                .map(obj)
                .some((promotion) => str(promotion.promotion_type) === 'Discount' && num(promotion.end_time) * 1000 > now()),
            )
            .map((entry) => str(entry.item_id)),
        );
      }
      const free = ids.filter((id) => !busy.has(id));
      const products = free.length > 0 ? await itemDetails(auth, free) : [];
      return {
        items: products.map((product) => ({ productId: product.productId, name: product.name, skus: product.skus })),
        ...(list.has_next_page === true ? { nextCursor: str(list.next_offset) } : {}),
      };
    },
  };
};
