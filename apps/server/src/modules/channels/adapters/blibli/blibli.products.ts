import { arr, chunk, obj, str } from '../adapter-http.ts';
import type { ProductCapability, ShopAuth, UpdateOutcome } from '../types.ts';
import { MarketplaceError } from '../types.ts';
import type { BlibliClient } from './blibli.client.ts';
import { BASE64_PREFIX, MAX_IMAGE_BYTES, imageMap, productFrom } from './blibli.mappers.ts';

/** Categories, attributes, brands, images (Base64 or URL in the payload), products, and stock and price pushes. */
export const blibliProducts = ({ call, paged }: BlibliClient): ProductCapability => {
  const defaultPickupPoint = async (auth: ShopAuth): Promise<string> =>
    str(obj(arr((await call(auth, 'GET', '/mta/api/businesspartner/v1/product/getPickupPoint')).content)[0]).code);

  /** Update Bulk Product V1, ≤100 gdnSkus a call; SKUs Blibli refuses come back in `failedItems`. */
  const bulkUpdate = async <U extends { productId: string; skuId: string }>(
    auth: ShopAuth,
    rows: { update: U; row: Record<string, unknown> }[],
  ) => {
    const outcomes: UpdateOutcome[] = [];
    for (const part of chunk(rows, 100)) {
      const value = obj(
        (await call(auth, 'POST', '/mta/api/businesspartner/v1/product/updateProduct', { body: { products: part.map((r) => r.row) } }))
          .value,
      );
      const failed = new Map(
        arr(value.failedItems)
          .map(obj)
          .map((item) => [str(item.gdnSku), str(item.errorMessage)]),
      );
      for (const { update } of part) {
        const error = failed.get(update.skuId);
        outcomes.push({
          productId: update.productId,
          skuId: update.skuId,
          ok: error === undefined,
          ...(error !== undefined ? { error } : {}),
        });
      }
    }
    return outcomes;
  };

  return {
    listCategories: async (auth) =>
      arr((await call(auth, 'GET', '/mta/api/businesspartner/v1/product/getCategory')).content)
        .map(obj)
        .map((category) => ({
          id: str(category.categoryCode),
          ...(category.parentCategoryCode ? { parentId: str(category.parentCategoryCode) } : {}),
          name: str(category.categoryName),
          isLeaf: category.leaf !== false,
        })),

    // Category Attributes V2; DEFINING_ATTRIBUTE ones define variants (sent per product item).
    listAttributes: async (auth, categoryId) =>
      arr((await call(auth, 'GET', `/seller/v1/categories/${encodeURIComponent(categoryId)}/attributes`)).content)
        .map(obj)
        .map((attribute) => {
          const options = arr(attribute.options).map(obj);
          return {
            id: str(attribute.attributeCode),
            name: str(attribute.name),
            mandatory: attribute.mandatory === true,
            inputType: options.length > 0 ? ('single_select' as const) : ('text' as const),
            values: options.map((option) => ({ id: str(option.code), name: str(option.value) })),
          };
        }),

    listBrands: async (auth, input) => {
      const page = Number(input.cursor ?? 0);
      const json = await call(auth, 'GET', '/mta/api/businesspartner/v2/product/getBrands', {
        query: { page, size: Math.min(input.pageSize ?? 50, 100), brandName: '' },
      });
      const items = arr(json.content)
        .map(obj)
        .map((brand) => ({ id: str(brand.brandCode), name: str(brand.brandName) }));
      return { items, ...paged(json, page, items.length) };
    },

    // Blibli has no upload call: images travel inside the product payload as https URLs or Base64 without prefix
    // (research §4.4). The "upload" only turns bytes into that Base64 form, so it is finished at once.
    uploadImage: async (_auth, input) => {
      if (input.kind === 'url') {
        if (!/^https:\/\//i.test(input.url))
          throw new MarketplaceError({
            marketplace: 'blibli',
            kind: 'bad_request',
            code: 'image_url',
            message: 'Blibli takes https image URLs only',
          });
        return { id: input.url, status: 'FINISHED', url: input.url };
      }
      if (input.data.byteLength > MAX_IMAGE_BYTES)
        throw new MarketplaceError({
          marketplace: 'blibli',
          kind: 'bad_request',
          code: 'image_size',
          message: 'Blibli images are at most 4 MB',
        });
      return { id: `${BASE64_PREFIX}${Buffer.from(input.data).toString('base64')}`, status: 'FINISHED' };
    },
    getImageStatus: async (_auth, imageId) => ({
      id: imageId,
      status: 'FINISHED',
      ...(imageId.startsWith(BASE64_PREFIX) ? {} : { url: imageId }),
    }),

    createProduct: async (auth, input) => {
      const pickupPointCode = input.skus[0]?.warehouseId ?? (await defaultPickupPoint(auth));
      const json = await call(auth, 'POST', '/seller/v1/products/async', {
        body: {
          product: [
            {
              name: input.name,
              categoryCode: input.categoryId,
              ...(input.brandId ? { brandCode: input.brandId } : {}),
              description: Buffer.from(input.description, 'utf8').toString('base64'),
              attributes: Object.fromEntries((input.attributes ?? []).map((attribute) => [attribute.id, attribute.values.join(',')])),
              productItems: input.skus.map((sku) => ({
                merchantSku: sku.sellerSku,
                price: { regular: sku.price, sale: sku.price },
                stock: sku.stock,
                attributes: sku.options ?? {},
              })),
              imageMap: imageMap(
                input.images,
                input.skus.map((sku) => sku.sellerSku),
              ),
              dimension: {
                weight: input.weightGrams,
                ...(input.dimensionsCm
                  ? { length: input.dimensionsCm.length, width: input.dimensionsCm.width, height: input.dimensionsCm.height }
                  : {}),
              },
              pickupPointCode,
              productType: 1,
            },
          ],
        },
      });
      return { requestId: str(obj(json.value).requestId) || json.requestId, status: 'ON_PROGRESS' };
    },

    updateProduct: async (auth, productId, input) => {
      const json = await call(auth, 'POST', '/mta/api/businesspartner/v1/product/updateDetailProduct', {
        body: {
          productSku: productId,
          ...(input.name !== undefined ? { name: input.name } : {}),
          ...(input.description !== undefined ? { description: Buffer.from(input.description, 'utf8').toString('base64') } : {}),
          ...(input.categoryId !== undefined ? { categoryCode: input.categoryId } : {}),
          ...(input.brandId !== undefined ? { brandCode: input.brandId } : {}),
          ...(input.images !== undefined ? { imageMap: imageMap(input.images, ['COMMON']) } : {}),
          ...(input.weightGrams !== undefined ? { dimension: { weight: input.weightGrams } } : {}),
          ...(input.attributes !== undefined
            ? { attributes: Object.fromEntries(input.attributes.map((attribute) => [attribute.id, attribute.values.join(',')])) }
            : {}),
        },
      });
      return { requestId: str(obj(json.value).requestId) || json.requestId, productId, status: 'ON_PROGRESS' };
    },

    // Queue Detail V1: the async call's requestId is the queue key.
    getProductRequestStatus: async (auth, requestId) => {
      const value = obj(
        (await call(auth, 'GET', '/mta/api/businesspartner/v1/feed/detail', { query: { queueRequestId: requestId } })).value,
      );
      const raw = str(value.status);
      const status = raw === 'FINISHED' ? 'FINISHED' : raw === 'FAILED' ? 'FAILED' : 'ON_PROGRESS';
      return {
        requestId,
        status,
        ...(value.productSku ? { productId: str(value.productSku) } : {}),
        ...(status === 'FAILED' ? { error: str(value.errorMessage) } : {}),
      };
    },

    getProduct: async (auth, productId) =>
      productFrom(obj((await call(auth, 'GET', `/seller/v1/products/${encodeURIComponent(productId)}`)).value)),

    updateStock: async (auth, updates) =>
      bulkUpdate(
        auth,
        updates.map((update) => ({ update, row: { gdnSku: update.skuId, exactStock: update.quantity } })),
      ),

    // Blibli wants `price` and `salePrice` together; Kelola keeps one price, so both carry it.
    updatePrice: async (auth, updates) =>
      bulkUpdate(
        auth,
        updates.map((update) => ({ update, row: { gdnSku: update.skuId, price: update.price, salePrice: update.price } })),
      ),

    listProducts: async (auth, input) => {
      const page = Number(input.cursor ?? 0);
      const json = await call(auth, 'POST', '/seller/v1/products/filter', {
        body: { filter: {}, paging: { page, size: Math.min(input.pageSize ?? 50, 100) } },
      });
      const items = arr(json.content).map(obj).map(productFrom);
      return { items, ...paged(json, page, items.length) };
    },
  };
};
