import { arr, chunk, downloadImage, fileBlob, num, obj, str } from '../adapter-http.ts';
import type { ImageUpload, MarketplaceProduct, ProductCapability, ProductRequest, ShopAuth, UpdateOutcome } from '../types.ts';
import { MarketplaceError } from '../types.ts';
import type { ShopeeClient } from './shopee.client.ts';
import { ITEM_STATUS, itemBody, requestStatus } from './shopee.mappers.ts';

/** Items with their models (variants) in one normalised shape: base info by 50, then each variant item's models. */
export const shopeeItemDetails =
  ({ api }: ShopeeClient) =>
  async (auth: ShopAuth, itemIds: string[]): Promise<MarketplaceProduct[]> => {
    const products: MarketplaceProduct[] = [];
    for (const ids of chunk(itemIds, 50)) {
      const response = await api({
        method: 'GET',
        path: '/api/v2/product/get_item_base_info',
        auth,
        query: { item_id_list: ids.join(',') },
      });
      for (const raw of arr(response.item_list).map(obj)) {
        const itemId = str(raw.item_id);
        let skus: MarketplaceProduct['skus'];
        if (raw.has_model === true) {
          const models = await api({ method: 'GET', path: '/api/v2/product/get_model_list', auth, query: { item_id: itemId } });
          skus = arr(models.model)
            .map(obj)
            .map((model) => ({
              skuId: str(model.model_id),
              sellerSku: str(model.model_sku),
              price: num(obj(arr(model.price_info)[0]).original_price),
              stock: num(obj(obj(model.stock_info_v2).summary_info).total_available_stock),
            }));
        } else {
          skus = [
            {
              skuId: '0',
              sellerSku: str(raw.item_sku),
              price: num(obj(arr(raw.price_info)[0]).original_price),
              stock: num(obj(obj(raw.stock_info_v2).summary_info).total_available_stock),
            },
          ];
        }
        products.push({
          productId: itemId,
          name: str(raw.item_name),
          status: ITEM_STATUS[str(raw.item_status)] ?? 'inactive',
          categoryId: str(raw.category_id),
          images: arr(obj(raw.image).image_id_list).map(str),
          skus,
          updatedAt: num(raw.update_time) * 1000,
        });
      }
    }
    return products;
  };

/** Categories, attributes, brands, images, items, and stock and price pushes. */
export const shopeeProducts = (client: ShopeeClient): ProductCapability => {
  const { config, call, api } = client;
  const itemDetails = shopeeItemDetails(client);

  const productRequest = async (auth: ShopAuth, itemId: string): Promise<ProductRequest> => {
    const response = await api({ method: 'GET', path: '/api/v2/product/get_item_base_info', auth, query: { item_id_list: itemId } });
    const item = obj(arr(response.item_list)[0]);
    if (!item.item_id)
      throw new MarketplaceError({ marketplace: 'shopee', kind: 'not_found', code: 'item_not_found', message: `Item ${itemId} not found` });
    const status = requestStatus(str(item.item_status));
    return {
      requestId: itemId,
      productId: itemId,
      status,
      ...(status === 'FAILED' ? { error: `Item status ${str(item.item_status)}` } : {}),
    };
  };

  const updateModels = async (
    auth: ShopAuth,
    path: string,
    listField: 'stock_list' | 'price_list',
    updates: { productId: string; skuId: string; entry: Record<string, unknown> }[],
  ): Promise<UpdateOutcome[]> => {
    const outcomes: UpdateOutcome[] = [];
    const byItem = new Map<string, typeof updates>();
    for (const update of updates) byItem.set(update.productId, [...(byItem.get(update.productId) ?? []), update]);
    for (const [itemId, list] of byItem) {
      for (const part of chunk(list, 50)) {
        const response = await api({
          method: 'POST',
          path,
          auth,
          body: { item_id: Number(itemId), [listField]: part.map((update) => ({ model_id: Number(update.skuId), ...update.entry })) },
        });
        const failures = new Map(
          arr(response.failure_list)
            .map(obj)
            .map((failure) => [str(failure.model_id), str(failure.failed_reason)]),
        );
        for (const update of part) {
          const error = failures.get(String(Number(update.skuId)));
          outcomes.push({ productId: itemId, skuId: update.skuId, ok: error === undefined, ...(error !== undefined ? { error } : {}) });
        }
      }
    }
    return outcomes;
  };

  return {
    listCategories: async (auth) => {
      const response = await api({ method: 'GET', path: '/api/v2/product/get_category', auth, query: { language: 'id' } });
      return arr(response.category_list)
        .map(obj)
        .map((category) => ({
          id: str(category.category_id),
          ...(num(category.parent_category_id) !== 0 ? { parentId: str(category.parent_category_id) } : {}),
          name: str(category.display_category_name) || str(category.original_category_name),
          isLeaf: category.has_children !== true,
        }));
    },

    listAttributes: async (auth, categoryId) => {
      const response = await api({
        method: 'GET',
        path: '/api/v2/product/get_attribute_tree',
        auth,
        query: { category_id_list: categoryId, language: 'id' },
      });
      const entry = arr(response.list)
        .map(obj)
        .find((item) => str(item.category_id) === categoryId);
      return arr(entry?.attribute_tree)
        .map(obj)
        .map((attribute) => {
          const inputType = str(obj(attribute.attribute_info).input_type);
          return {
            id: str(attribute.attribute_id),
            name: str(attribute.name),
            mandatory: attribute.mandatory === true,
            inputType:
              inputType === 'MULTIPLE_SELECT' || inputType === 'MULTIPLE_SELECT_COMBO_BOX'
                ? 'multi_select'
                : inputType.includes('DROP_DOWN') || inputType.includes('COMBO_BOX')
                  ? 'single_select'
                  : 'text',
            values: arr(attribute.attribute_value_list)
              .map(obj)
              .map((value) => ({ id: str(value.value_id), name: str(value.name) })),
          };
        });
    },

    listBrands: async (auth, input) => {
      const response = await api({
        method: 'GET',
        path: '/api/v2/product/get_brand_list',
        auth,
        query: {
          offset: input.cursor ?? '0',
          page_size: Math.min(input.pageSize ?? 100, 100),
          status: 1,
          category_id: input.categoryId,
          language: 'id',
        },
      });
      return {
        items: arr(response.brand_list)
          .map(obj)
          .map((brand) => ({ id: str(brand.brand_id), name: str(brand.display_brand_name) || str(brand.original_brand_name) })),
        ...(response.has_next_page === true ? { nextCursor: str(response.next_offset) } : {}),
      };
    },

    uploadImage: async (_auth, input) => {
      const file = input.kind === 'url' ? await downloadImage('shopee', config, input.url) : input;
      const form = new FormData();
      form.append('image', fileBlob(file.data, file.contentType), file.fileName);
      form.append('scene', 'normal');
      const { json } = await call({ method: 'POST', path: '/api/v2/media_space/upload_image', form });
      const response = obj(json.response);
      const first = obj(arr(response.image_info_list)[0]);
      if (str(first.error) !== '') return { id: '', status: 'FAILED', error: str(first.message) || str(first.error) };
      const info = obj(response.image_info);
      return { id: str(info.image_id), status: 'FINISHED', url: str(obj(arr(info.image_url_list)[0]).image_url) };
    },

    // Shopee processes images inside the upload call; an image id, once returned, is final.
    getImageStatus: async (_auth, imageId): Promise<ImageUpload> => ({ id: imageId, status: 'FINISHED' }),

    createProduct: async (auth, input) => {
      const single = input.skus.length === 1 && Object.keys(input.skus[0]?.options ?? {}).length === 0 ? input.skus[0] : undefined;
      const first = input.skus[0];
      if (!first)
        throw new MarketplaceError({
          marketplace: 'shopee',
          kind: 'bad_request',
          code: 'no_sku',
          message: 'A product needs at least one SKU',
        });
      const response = await api({
        method: 'POST',
        path: '/api/v2/product/add_item',
        auth,
        body: {
          ...itemBody(input),
          original_price: first.price,
          item_status: 'NORMAL',
          pre_order: { is_pre_order: false, days_to_ship: 3 },
          logistic_info: [{ logistic_id: config.logisticId ?? 8003, enabled: true, is_free: false }],
          condition: 'NEW',
          brand: input.brandId ? { brand_id: Number(input.brandId) } : { brand_id: 0, original_brand_name: 'NoBrand' },
          ...(single ? { item_sku: single.sellerSku, seller_stock: [{ stock: single.stock }] } : {}),
        },
      });
      const itemId = str(response.item_id);
      if (!single) {
        const names = [...new Set(input.skus.flatMap((sku) => Object.keys(sku.options ?? {})))].slice(0, 2);
        const options = names.map((name) => [...new Set(input.skus.map((sku) => sku.options?.[name] ?? ''))]);
        await api({
          method: 'POST',
          path: '/api/v2/product/init_tier_variation',
          auth,
          body: {
            item_id: Number(itemId),
            tier_variation: names.map((name, tier) => ({ name, option_list: (options[tier] ?? []).map((option) => ({ option })) })),
            model: input.skus.map((sku) => ({
              tier_index: names.map((name, tier) => (options[tier] ?? []).indexOf(sku.options?.[name] ?? '')),
              original_price: sku.price,
              model_sku: sku.sellerSku,
              seller_stock: [{ stock: sku.stock }],
            })),
          },
        });
      }
      const status = requestStatus(str(response.item_status) || 'REVIEWING');
      return { requestId: itemId, productId: itemId, status };
    },

    updateProduct: async (auth, productId, input) => {
      await api({ method: 'POST', path: '/api/v2/product/update_item', auth, body: { item_id: Number(productId), ...itemBody(input) } });
      return productRequest(auth, productId);
    },

    getProductRequestStatus: productRequest,

    listProducts: async (auth, input) => {
      const pageSize = Math.min(input.pageSize ?? 50, 50);
      const response = await api({
        method: 'GET',
        path: '/api/v2/product/get_item_list',
        auth,
        query: {
          offset: input.cursor ?? '0',
          page_size: pageSize,
          item_status: ['NORMAL', 'UNLIST', 'REVIEWING', 'BANNED'],
          update_time_from: input.updatedFrom !== undefined ? Math.floor(input.updatedFrom / 1000) : undefined,
          update_time_to: input.updatedTo !== undefined ? Math.floor(input.updatedTo / 1000) : undefined,
        },
      });
      const ids = arr(response.item).map((item) => str(obj(item).item_id));
      return {
        items: ids.length > 0 ? await itemDetails(auth, ids) : [],
        total: num(response.total_count),
        ...(response.has_next_page === true ? { nextCursor: str(response.next_offset) } : {}),
      };
    },

    getProduct: async (auth, productId) => {
      const [product] = await itemDetails(auth, [productId]);
      if (!product)
        throw new MarketplaceError({
          marketplace: 'shopee',
          kind: 'not_found',
          code: 'item_not_found',
          message: `Item ${productId} not found`,
        });
      return product;
    },

    updateStock: (auth, updates) =>
      updateModels(
        auth,
        '/api/v2/product/update_stock',
        'stock_list',
        updates.map((update) => ({
          productId: update.productId,
          skuId: update.skuId,
          entry: { seller_stock: [{ ...(update.warehouseId ? { location_id: update.warehouseId } : {}), stock: update.quantity }] },
        })),
      ),

    updatePrice: (auth, updates) =>
      updateModels(
        auth,
        '/api/v2/product/update_price',
        'price_list',
        updates.map((update) => ({ productId: update.productId, skuId: update.skuId, entry: { original_price: update.price } })),
      ),
  };
};
