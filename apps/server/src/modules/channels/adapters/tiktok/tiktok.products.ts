import { arr, downloadImage, fileBlob, num, obj, str } from '../adapter-http.ts';
import type { ProductCapability, ProductInput, ProductRequest, ShopAuth } from '../types.ts';
import { MarketplaceError } from '../types.ts';
import type { TiktokClient } from './tiktok.client.ts';
import { requestStatus, productView } from './tiktok.mappers.ts';

/** Categories, attributes, brands, images, products, and stock and price pushes. */
export const tiktokProducts = ({ config, call }: TiktokClient): ProductCapability => {
  const defaultWarehouse = async (auth: ShopAuth): Promise<string> => {
    const data = await call({ method: 'GET', path: '/logistics/202309/warehouses', auth });
    const warehouses = arr(data.warehouses)
      .map(obj)
      .filter((w) => str(w.type) === 'SALES_WAREHOUSE');
    return str((warehouses.find((w) => w.is_default === true) ?? warehouses[0])?.id);
  };

  const categoryAttributes = async (auth: ShopAuth, categoryId: string) => {
    const data = await call({
      method: 'GET',
      path: `/product/202309/categories/${encodeURIComponent(categoryId)}/attributes`,
      auth,
      query: { locale: 'id-ID' },
    });
    return arr(data.attributes)
      .map(obj)
      .map((attribute) => ({
        id: str(attribute.id),
        name: str(attribute.name),
        // TikTok's field really is spelled `is_requried`.
        mandatory: attribute.is_requried === true || attribute.is_required === true,
        inputType: (attribute.is_multiple_selection === true
          ? 'multi_select'
          : arr(attribute.values).length > 0
            ? 'single_select'
            : 'text') as 'multi_select' | 'single_select' | 'text',
        values: arr(attribute.values)
          .map(obj)
          .map((value) => ({ id: str(value.id), name: str(value.name) })),
      }));
  };

  /**
   * `product_attributes[].values[]`: TikTok takes a listed value by its `id` and a custom value (where the attribute
   * is customizable) by its `name`. Kelola's choice holds either a listed value's id or the text the seller typed,
   * so the category's attributes tell which is which (a listed value's name typed by hand goes by its id too).
   */
  const productAttributes = async (auth: ShopAuth, input: ProductInput) => {
    const chosen = input.attributes ?? [];
    if (chosen.length === 0) return undefined;
    const listed = await categoryAttributes(auth, input.categoryId);
    return chosen.map((attribute) => {
      const values = listed.find((a) => a.id === attribute.id)?.values ?? [];
      return {
        id: attribute.id,
        values: attribute.values.map((value) => {
          const match = values.find((v) => v.id === value) ?? values.find((v) => v.name.toLowerCase() === value.trim().toLowerCase());
          return match ? { id: match.id } : { name: value };
        }),
      };
    });
  };

  const productBody = async (auth: ShopAuth, input: ProductInput) => {
    const warehouse = input.skus.some((sku) => !sku.warehouseId) ? await defaultWarehouse(auth) : '';
    const attributes = await productAttributes(auth, input);
    return {
      title: input.name,
      description: input.description,
      category_id: input.categoryId,
      ...(input.brandId ? { brand_id: input.brandId } : {}),
      main_images: input.images.map((uri) => ({ uri })),
      skus: input.skus.map((sku) => ({
        seller_sku: sku.sellerSku,
        price: { amount: String(sku.price), currency: 'IDR' },
        inventory: [{ warehouse_id: sku.warehouseId ?? warehouse, quantity: sku.stock }],
        sales_attributes: Object.entries(sku.options ?? {}).map(([name, value]) => ({ name, value_name: value })),
      })),
      // Kelola keeps grams; TikTok takes a string value with a unit (spec: weight in g is divided by 1000).
      package_weight: { value: String(input.weightGrams / 1000), unit: 'KILOGRAM' },
      ...(input.dimensionsCm
        ? {
            package_dimensions: {
              length: String(input.dimensionsCm.length),
              width: String(input.dimensionsCm.width),
              height: String(input.dimensionsCm.height),
              unit: 'CENTIMETER',
            },
          }
        : {}),
      ...(attributes ? { product_attributes: attributes } : {}),
      is_cod_allowed: false,
      ...(config.listingPlatforms ? { listing_platforms: config.listingPlatforms } : {}),
    };
  };

  const productRequest = async (auth: ShopAuth, productId: string): Promise<ProductRequest> => {
    const data = await call({ method: 'GET', path: `/product/202309/products/${encodeURIComponent(productId)}`, auth });
    const status = requestStatus(str(data.status));
    const reasons = arr(data.audit_failed_reasons).flatMap((reason) => arr(obj(reason).reasons).map(str));
    return { requestId: productId, productId, status, ...(status === 'FAILED' ? { error: reasons.join('; ') || str(data.status) } : {}) };
  };

  return {
    listCategories: async (auth) => {
      const data = await call({ method: 'GET', path: '/product/202309/categories', auth, query: { locale: 'id-ID' } });
      return arr(data.categories)
        .map(obj)
        .map((category) => ({
          id: str(category.id),
          ...(str(category.parent_id) !== '0' && str(category.parent_id) !== '' ? { parentId: str(category.parent_id) } : {}),
          name: str(category.local_name),
          isLeaf: category.is_leaf === true,
        }));
    },

    listAttributes: categoryAttributes,

    listBrands: async (auth, input) => {
      const data = await call({
        method: 'GET',
        path: '/product/202309/brands',
        auth,
        query: { page_size: Math.min(input.pageSize ?? 100, 100), page_token: input.cursor, category_id: input.categoryId },
      });
      return {
        items: arr(data.brands)
          .map(obj)
          .map((brand) => ({ id: str(brand.id), name: str(brand.name) })),
        total: num(data.total_count),
        ...(str(data.next_page_token) ? { nextCursor: str(data.next_page_token) } : {}),
      };
    },

    uploadImage: async (auth, input) => {
      const file = input.kind === 'url' ? await downloadImage('tiktok', config, input.url) : input;
      const form = new FormData();
      form.append('data', fileBlob(file.data, file.contentType), file.fileName);
      form.append('use_case', 'MAIN_IMAGE');
      try {
        const data = await call({ method: 'POST', path: '/product/202309/images/upload', auth, scoped: false, form });
        return { id: str(data.uri), status: 'FINISHED', url: str(data.url) };
      } catch (error) {
        if (error instanceof MarketplaceError && error.kind === 'bad_request') return { id: '', status: 'FAILED', error: error.message };
        throw error;
      }
    },

    // Uploads are synchronous on TikTok Shop: a returned uri is ready to use.
    getImageStatus: async (_auth, imageId) => ({ id: imageId, status: 'FINISHED' }),

    createProduct: async (auth, input) => {
      const data = await call({ method: 'POST', path: '/product/202309/products', auth, body: await productBody(auth, input) });
      const productId = str(data.product_id);
      // New products go to audit (PENDING) before they are live.
      return { requestId: productId, productId, status: 'ON_PROGRESS' };
    },

    updateProduct: async (auth, productId, input) => {
      const current = await call({ method: 'GET', path: `/product/202309/products/${encodeURIComponent(productId)}`, auth });
      const merged: ProductInput = {
        name: input.name ?? str(current.title),
        description: input.description ?? str(current.description),
        categoryId: input.categoryId ?? str(obj(arr(current.category_chains).at(-1)).id),
        images: input.images ?? arr(current.main_images).map((image) => str(obj(image).uri)),
        weightGrams:
          input.weightGrams ??
          Math.round(num(obj(current.package_weight).value) * (str(obj(current.package_weight).unit) === 'POUND' ? 453.6 : 1000)),
        skus:
          input.skus ??
          arr(current.skus)
            .map(obj)
            .map((sku) => ({
              sellerSku: str(sku.seller_sku),
              price: num(obj(sku.price).sale_price),
              stock: num(obj(arr(sku.inventory)[0]).quantity),
              warehouseId: str(obj(arr(sku.inventory)[0]).warehouse_id),
            })),
        ...(input.brandId ? { brandId: input.brandId } : {}),
      };
      // Edit Product replaces the whole product: without new attributes (same category), the current ones go back.
      const currentCategory = str(obj(arr(current.category_chains).at(-1)).id);
      const kept =
        !input.attributes && merged.categoryId === currentCategory
          ? arr(current.product_attributes)
              .map(obj)
              .map((attribute) => ({
                id: str(attribute.id),
                values: arr(attribute.values)
                  .map(obj)
                  .map((value) => (value.id ? { id: str(value.id) } : { name: str(value.name) })),
              }))
          : [];
      await call({
        method: 'PUT',
        path: `/product/202309/products/${encodeURIComponent(productId)}`,
        auth,
        body: { ...(await productBody(auth, merged)), ...(kept.length > 0 ? { product_attributes: kept } : {}) },
      });
      return { requestId: productId, productId, status: 'ON_PROGRESS' };
    },

    getProductRequestStatus: productRequest,

    listProducts: async (auth, input) => {
      const data = await call({
        method: 'POST',
        path: '/product/202309/products/search',
        auth,
        query: { page_size: Math.min(input.pageSize ?? 50, 100), page_token: input.cursor },
        body: {
          ...(input.updatedFrom !== undefined ? { update_time_ge: Math.floor(input.updatedFrom / 1000) } : {}),
          ...(input.updatedTo !== undefined ? { update_time_le: Math.floor(input.updatedTo / 1000) } : {}),
        },
      });
      return {
        items: arr(data.products).map(obj).map(productView),
        total: num(data.total_count),
        ...(str(data.next_page_token) ? { nextCursor: str(data.next_page_token) } : {}),
      };
    },

    getProduct: async (auth, productId) =>
      productView(await call({ method: 'GET', path: `/product/202309/products/${encodeURIComponent(productId)}`, auth })),

    updateStock: async (auth, updates) => {
      const outcomes = [];
      const byProduct = new Map<string, typeof updates>();
      for (const update of updates) byProduct.set(update.productId, [...(byProduct.get(update.productId) ?? []), update]);
      for (const [productId, list] of byProduct) {
        const needsWarehouse = list.some((update) => !update.warehouseId);
        const current = needsWarehouse
          ? await call({ method: 'GET', path: `/product/202309/products/${encodeURIComponent(productId)}`, auth })
          : {};
        const warehouseOf = (skuId: string): string =>
          str(
            obj(
              arr(
                obj(
                  arr(current.skus)
                    .map(obj)
                    .find((sku) => str(sku.id) === skuId),
                ).inventory,
              )[0],
            ).warehouse_id,
          );
        try {
          await call({
            method: 'POST',
            path: `/product/202309/products/${encodeURIComponent(productId)}/inventory/update`,
            auth,
            body: {
              skus: list.map((update) => ({
                id: update.skuId,
                inventory: [{ warehouse_id: update.warehouseId ?? warehouseOf(update.skuId), quantity: update.quantity }],
              })),
            },
          });
          outcomes.push(...list.map((update) => ({ productId, skuId: update.skuId, ok: true })));
        } catch (error) {
          if (!(error instanceof MarketplaceError) || error.kind !== 'bad_request') throw error;
          outcomes.push(...list.map((update) => ({ productId, skuId: update.skuId, ok: false, error: error.message })));
        }
      }
      return outcomes;
    },

    updatePrice: async (auth, updates) => {
      const outcomes = [];
      const byProduct = new Map<string, typeof updates>();
      for (const update of updates) byProduct.set(update.productId, [...(byProduct.get(update.productId) ?? []), update]);
      for (const [productId, list] of byProduct) {
        try {
          await call({
            method: 'POST',
            path: `/product/202309/products/${encodeURIComponent(productId)}/prices/update`,
            auth,
            body: { skus: list.map((update) => ({ id: update.skuId, price: { amount: String(update.price), currency: 'IDR' } })) },
          });
          outcomes.push(...list.map((update) => ({ productId, skuId: update.skuId, ok: true })));
        } catch (error) {
          if (!(error instanceof MarketplaceError) || error.kind !== 'bad_request') throw error;
          outcomes.push(...list.map((update) => ({ productId, skuId: update.skuId, ok: false, error: error.message })));
        }
      }
      return outcomes;
    },
  };
};
