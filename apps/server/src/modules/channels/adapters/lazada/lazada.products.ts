import { arr, chunk, num, obj, str } from '../adapter-http.ts';
import type { MarketplaceAttribute, ProductCapability, ProductInput, ProductRequest, ShopAuth, UpdateOutcome } from '../types.ts';
import { MarketplaceError } from '../types.ts';
import type { LazadaClient } from './lazada.client.ts';
import { requestStatus, iso, xmlEscape, productView, productPayload } from './lazada.mappers.ts';

/** Categories, attributes, brands, images (migrated by batch), products, and stock and price pushes. */
export const lazadaProducts = ({ call, data }: LazadaClient): ProductCapability => {
  const productRequest = async (auth: ShopAuth, itemId: string): Promise<ProductRequest> => {
    const raw = obj(await data({ method: 'GET', path: '/product/item/get', auth, params: { item_id: itemId } }));
    const status = requestStatus(str(raw.status));
    return {
      requestId: itemId,
      productId: itemId,
      status,
      ...(status === 'FAILED' ? { error: str(raw.rejectReason) || str(raw.status) } : {}),
    };
  };

  const priceQuantity = async (auth: ShopAuth, lines: { productId: string; skuId: string; xml: string }[]): Promise<UpdateOutcome[]> => {
    const outcomes: UpdateOutcome[] = [];
    for (const part of chunk(lines, 20)) {
      const payload = `<?xml version="1.0" encoding="UTF-8"?><Request><Product><Skus>${part
        .map((line) => `<Sku><ItemId>${xmlEscape(line.productId)}</ItemId><SkuId>${xmlEscape(line.skuId)}</SkuId>${line.xml}</Sku>`)
        .join('')}</Skus></Product></Request>`;
      try {
        await call({ method: 'POST', path: '/product/price_quantity/update', auth, params: { payload } });
        outcomes.push(...part.map((line) => ({ productId: line.productId, skuId: line.skuId, ok: true })));
      } catch (error) {
        if (!(error instanceof MarketplaceError) || error.kind !== 'bad_request') throw error;
        outcomes.push(...part.map((line) => ({ productId: line.productId, skuId: line.skuId, ok: false, error: error.message })));
      }
    }
    return outcomes;
  };

  const listAttributes = async (auth: ShopAuth, categoryId: string): Promise<MarketplaceAttribute[]> =>
    arr(
      await data({
        method: 'GET',
        path: '/category/attributes/get',
        auth,
        params: { primary_category_id: categoryId, language_code: 'id_ID' },
      }),
    )
      .map(obj)
      .map((attribute) => {
        const input = str(attribute.input_type);
        return {
          id: str(attribute.name),
          name: str(attribute.label) || str(attribute.name),
          mandatory: num(attribute.is_mandatory) === 1,
          inputType:
            input === 'multiSelect' || input === 'multiEnumInput'
              ? 'multi_select'
              : input === 'singleSelect' || input === 'enumInput'
                ? 'single_select'
                : input === 'numeric'
                  ? 'number'
                  : 'text',
          values: arr(attribute.options)
            .map(obj)
            .map((option) => ({ id: str(option.id ?? option.name), name: str(option.name) })),
        };
      });

  /**
   * Lazada's `Attributes` take a single- or multi-select attribute's option by its *name* (several joined by commas),
   * not its id. Kelola's choice holds a listed option's id or typed text, so the category's attributes are read and
   * a listed id (or a listed name typed by hand) is sent as that option's name; anything else goes as typed.
   */
  const withOptionNames = async <T extends { categoryId?: string; attributes?: ProductInput['attributes'] }>(
    auth: ShopAuth,
    input: T,
  ): Promise<T> => {
    if (!input.attributes?.length || !input.categoryId) return input;
    const listed = await listAttributes(auth, input.categoryId);
    return {
      ...input,
      attributes: input.attributes.map((attribute) => {
        const options = listed.find((a) => a.id === attribute.id)?.values ?? [];
        return {
          id: attribute.id,
          values: attribute.values.map(
            (value) =>
              (options.find((o) => o.id === value) ?? options.find((o) => o.name.toLowerCase() === value.trim().toLowerCase()))?.name ??
              value,
          ),
        };
      }),
    };
  };

  return {
    listCategories: async (auth) => {
      const out: { id: string; parentId?: string; name: string; isLeaf: boolean }[] = [];
      const walk = (nodes: unknown[], parentId?: string): void => {
        for (const node of nodes.map(obj)) {
          out.push({ id: str(node.category_id), ...(parentId ? { parentId } : {}), name: str(node.name), isLeaf: node.leaf === true });
          walk(arr(node.children), str(node.category_id));
        }
      };
      walk(arr(await data({ method: 'GET', path: '/category/tree/get', auth, params: { language_code: 'id_ID' } })));
      return out;
    },

    listAttributes,

    listBrands: async (auth, input) => {
      const start = Number(input.cursor ?? 0);
      const size = Math.min(input.pageSize ?? 40, 200);
      const page = obj(await data({ method: 'GET', path: '/category/brands/query', auth, params: { startRow: start, pageSize: size } }));
      const items = arr(page.module)
        .map(obj)
        .map((brand) => ({ id: str(brand.brand_id), name: str(brand.name) }));
      return {
        items,
        total: num(page.total_record),
        ...(start + items.length < num(page.total_record) ? { nextCursor: String(start + items.length) } : {}),
      };
    },

    uploadImage: async (auth, input) => {
      if (input.kind === 'url') {
        // Lazada fetches external images itself, asynchronously: poll the batch with getImageStatus.
        const payload = `<?xml version="1.0" encoding="UTF-8"?><Request><Images><Url>${xmlEscape(input.url)}</Url></Images></Request>`;
        const json = await call({ method: 'POST', path: '/images/migrate', auth, params: { payload } });
        return { id: str(json.batch_id), status: 'ON_PROGRESS' };
      }
      try {
        const uploaded = obj(obj(await data({ method: 'POST', path: '/image/upload', auth, file: { name: 'image', ...input } })).image);
        return { id: str(uploaded.url), status: 'FINISHED', url: str(uploaded.url) };
      } catch (error) {
        if (error instanceof MarketplaceError && error.kind === 'bad_request') return { id: '', status: 'FAILED', error: error.message };
        throw error;
      }
    },

    getImageStatus: async (auth, imageId) => {
      // A URL is an image Lazada already holds; anything else is a migration batch id.
      if (/^https?:\/\//.test(imageId)) return { id: imageId, status: 'FINISHED', url: imageId };
      try {
        const response = obj(await data({ method: 'GET', path: '/image/response/get', auth, params: { batch_id: imageId } }));
        const image = obj(arr(response.images)[0]);
        if (image.url) return { id: str(image.url), status: 'FINISHED', url: str(image.url) };
        return { id: imageId, status: 'FAILED', error: str(obj(arr(response.errors)[0]).msg) || 'Image migration failed' };
      } catch (error) {
        if (error instanceof MarketplaceError && error.code === 'ResponseNotReady') return { id: imageId, status: 'ON_PROGRESS' };
        throw error;
      }
    },

    createProduct: async (auth, input) => {
      const created = obj(
        await data({
          method: 'POST',
          path: '/product/create',
          auth,
          params: { payload: JSON.stringify(productPayload(await withOptionNames(auth, input))) },
        }),
      );
      const itemId = str(created.item_id);
      return productRequest(auth, itemId);
    },

    updateProduct: async (auth, productId, input) => {
      await call({
        method: 'POST',
        path: '/product/update',
        auth,
        params: { payload: JSON.stringify(productPayload(await withOptionNames(auth, { ...input, skus: undefined }), productId)) },
      });
      return productRequest(auth, productId);
    },

    getProductRequestStatus: productRequest,

    listProducts: async (auth, input) => {
      const offset = Number(input.cursor ?? 0);
      const limit = Math.min(input.pageSize ?? 50, 50);
      const page = obj(
        await data({
          method: 'GET',
          path: '/products/get',
          auth,
          params: {
            filter: 'all',
            offset,
            limit,
            ...(input.updatedFrom !== undefined ? { update_after: iso(input.updatedFrom) } : {}),
            ...(input.updatedTo !== undefined ? { update_before: iso(input.updatedTo) } : {}),
          },
        }),
      );
      const items = arr(page.products).map(obj).map(productView);
      const total = num(page.total_products);
      return { items, total, ...(offset + items.length < total ? { nextCursor: String(offset + items.length) } : {}) };
    },

    getProduct: async (auth, productId) =>
      productView(obj(await data({ method: 'GET', path: '/product/item/get', auth, params: { item_id: productId } }))),

    updateStock: (auth, updates) =>
      priceQuantity(
        auth,
        updates.map((update) => ({
          productId: update.productId,
          skuId: update.skuId,
          xml: update.warehouseId
            ? `<MultiWarehouseInventories><MultiWarehouseInventory><WarehouseCode>${xmlEscape(update.warehouseId)}</WarehouseCode><Quantity>${update.quantity}</Quantity></MultiWarehouseInventory></MultiWarehouseInventories><Quantity>${update.quantity}</Quantity>`
            : `<Quantity>${update.quantity}</Quantity>`,
        })),
      ),

    updatePrice: (auth, updates) =>
      priceQuantity(
        auth,
        updates.map((update) => ({ productId: update.productId, skuId: update.skuId, xml: `<Price>${update.price}</Price>` })),
      ),
  };
};
