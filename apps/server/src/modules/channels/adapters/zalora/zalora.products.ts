import { chunk, num, obj, str } from '../adapter-http.ts';
import type { MarketplaceCategory, MarketplaceProduct, ProductCapability, ShopAuth, UpdateOutcome } from '../types.ts';
import { MarketplaceError } from '../types.ts';
import type { ZaloraClient } from './zalora.client.ts';
import { list, xmlEscape, requestIdOf, parseRequestId, productsOf, imageXml, next } from './zalora.mappers.ts';
import { zaloraTimestamp } from './zalora.sign.ts';

/** Categories, attributes, brands, images (URLs Zalora downloads in a feed), products, and stock and price pushes. */
export const zaloraProducts = ({ call }: ZaloraClient): ProductCapability => {
  const feedStatus = async (auth: ShopAuth, feedId: string) => {
    const detail = obj((await call(auth, 'FeedStatus', { FeedID: feedId })).body.FeedDetail);
    const errors = list(obj(detail.FeedErrors).Error).map((error) => ({ sellerSku: str(error.SellerSku), message: str(error.Message) }));
    return { status: str(detail.Status), failed: num(detail.FailedRecords), errors };
  };

  /** ProductUpdate rows keyed by SellerSku; price and stock feeds finish at once, so their errors are read right away. */
  const productUpdate = async <U extends { productId: string; skuId: string }>(auth: ShopAuth, rows: { update: U; xml: string }[]) => {
    const outcomes: UpdateOutcome[] = [];
    for (const part of chunk(rows, 100)) {
      const { head } = await call(auth, 'ProductUpdate', {}, part.map((row) => `<Product>${row.xml}</Product>`).join(''));
      const feed = await feedStatus(auth, str(head.RequestId));
      const failed = new Map(feed.errors.map((error) => [error.sellerSku, error.message]));
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

  const brandName = async (auth: ShopAuth, brandId: string): Promise<string> => {
    const { body } = await call(auth, 'GetBrands');
    const brand = list(obj(body.Brands).Brand).find((candidate) => str(candidate.BrandId) === brandId);
    if (!brand)
      throw new MarketplaceError({
        marketplace: 'zalora',
        kind: 'bad_request',
        code: 'unknown_brand',
        message: `Brand ${brandId} is not on Zalora`,
      });
    return str(brand.Name);
  };

  const findProduct = async (auth: ShopAuth, productId: string): Promise<MarketplaceProduct> => {
    const { head, body } = await call(auth, 'GetProducts', { Filter: 'all', Search: productId, Limit: '100', Offset: '0' });
    const product = productsOf(head, body).products.find((candidate) => candidate.productId === productId);
    if (!product)
      throw new MarketplaceError({
        marketplace: 'zalora',
        kind: 'not_found',
        code: 'not_found',
        message: `Product ${productId} is not on Zalora`,
      });
    return product;
  };

  return {
    listCategories: async (auth) => {
      const out: MarketplaceCategory[] = [];
      const walk = (nodes: Record<string, unknown>[], parentId?: string): void => {
        for (const node of nodes) {
          const children = list(obj(node.Children).Category);
          out.push({ id: str(node.CategoryId), ...(parentId ? { parentId } : {}), name: str(node.Name), isLeaf: children.length === 0 });
          walk(children, str(node.CategoryId));
        }
      };
      walk(list(obj((await call(auth, 'GetCategoryTree')).body.Categories).Category));
      return out;
    },

    listAttributes: async (auth, categoryId) =>
      list((await call(auth, 'GetCategoryAttributes', { PrimaryCategory: categoryId })).body.Attribute).map((attribute) => {
        const type = str(attribute.AttributeType);
        return {
          // Zalora names attributes; the name is what ProductData takes.
          id: str(attribute.Name),
          name: str(attribute.Label) || str(attribute.Name),
          mandatory: str(attribute.isMandatory) === '1',
          inputType:
            type === 'multi_option' ? ('multi_select' as const) : type === 'option' ? ('single_select' as const) : ('text' as const),
          values: list(obj(attribute.Options).Option).map((option) => ({ id: str(option.Name), name: str(option.Name) })),
        };
      }),

    listBrands: async (auth) => {
      const { body } = await call(auth, 'GetBrands');
      return { items: list(obj(body.Brands).Brand).map((brand) => ({ id: str(brand.BrandId), name: str(brand.Name) })) };
    },

    // Zalora downloads images itself: the `Image` action takes public URLs for a SKU and processes them as a feed.
    // An "upload" is therefore only a URL check; the download happens (and can fail) in the Image feed that
    // createProduct / updateProduct send, and that feed is part of the request polled with getProductRequestStatus.
    uploadImage: async (_auth, input) => {
      if (input.kind !== 'url' || !/^https?:\/\//i.test(input.url)) {
        throw new MarketplaceError({
          marketplace: 'zalora',
          kind: 'bad_request',
          code: 'image_url_required',
          message: 'Zalora takes images by public URL only; host the file first',
        });
      }
      return { id: input.url, status: 'FINISHED', url: input.url };
    },
    getImageStatus: async (_auth, imageId) => ({ id: imageId, status: 'FINISHED', url: imageId }),

    createProduct: async (auth, input) => {
      const parentSku = input.skus[0]?.sellerSku ?? '';
      const brand = input.brandId ? await brandName(auth, input.brandId) : '';
      const productData = `<ProductData><PackageWeight>${input.weightGrams / 1000}</PackageWeight>${(input.attributes ?? [])
        .map((attribute) => `<${attribute.id}>${xmlEscape(attribute.values.join(','))}</${attribute.id}>`)
        .join('')}</ProductData>`;
      const rows = input.skus
        .map(
          (sku) =>
            `<Product><SellerSku>${xmlEscape(sku.sellerSku)}</SellerSku><ParentSku>${xmlEscape(parentSku)}</ParentSku><Status>active</Status>` +
            `<Name>${xmlEscape(input.name)}</Name>${sku.options ? `<Variation>${xmlEscape(Object.values(sku.options).join(' / '))}</Variation>` : ''}` +
            `<PrimaryCategory>${xmlEscape(input.categoryId)}</PrimaryCategory><Description>${xmlEscape(input.description)}</Description>` +
            `<Brand>${xmlEscape(brand)}</Brand><Price>${sku.price}</Price><Quantity>${sku.stock}</Quantity>${productData}</Product>`,
        )
        .join('');
      const feeds = [str((await call(auth, 'ProductCreate', {}, rows)).head.RequestId)];
      if (input.images.length > 0) feeds.push(str((await call(auth, 'Image', {}, imageXml(parentSku, input.images))).head.RequestId));
      return { requestId: requestIdOf(feeds, parentSku), productId: parentSku, status: 'ON_PROGRESS' };
    },

    updateProduct: async (auth, productId, input) => {
      const product = await findProduct(auth, productId);
      const feeds: string[] = [];
      // A new category or attributes go with the content, in ProductData as on create (Zalora checks the category's
      // mandatory attributes again).
      const productData =
        input.attributes !== undefined || input.weightGrams !== undefined
          ? `<ProductData>${input.weightGrams !== undefined ? `<PackageWeight>${input.weightGrams / 1000}</PackageWeight>` : ''}${(
              input.attributes ?? []
            )
              .map((attribute) => `<${attribute.id}>${xmlEscape(attribute.values.join(','))}</${attribute.id}>`)
              .join('')}</ProductData>`
          : '';
      const content = `${input.name !== undefined ? `<Name>${xmlEscape(input.name)}</Name>` : ''}${
        input.description !== undefined ? `<Description>${xmlEscape(input.description)}</Description>` : ''
      }${input.categoryId !== undefined ? `<PrimaryCategory>${xmlEscape(input.categoryId)}</PrimaryCategory>` : ''}${productData}`;
      if (content) {
        const rows = product.skus.map((sku) => `<Product><SellerSku>${xmlEscape(sku.sellerSku)}</SellerSku>${content}</Product>`).join('');
        feeds.push(str((await call(auth, 'ProductUpdate', {}, rows)).head.RequestId));
      }
      if (input.images !== undefined && input.images.length > 0) {
        feeds.push(str((await call(auth, 'Image', {}, imageXml(product.skus[0]?.sellerSku ?? '', input.images))).head.RequestId));
      }
      return { requestId: requestIdOf(feeds, productId), productId, status: feeds.length > 0 ? 'ON_PROGRESS' : 'FINISHED' };
    },

    // FINISHED once every feed of the request is Finished without failed records; FAILED when any has one.
    getProductRequestStatus: async (auth, requestId) => {
      const { feeds, productId } = parseRequestId(requestId);
      let finished = true;
      for (const feed of feeds) {
        const state = await feedStatus(auth, feed);
        if (state.status === 'Canceled' || (state.status === 'Finished' && state.failed > 0)) {
          return {
            requestId,
            productId,
            status: 'FAILED',
            error: state.errors.map((error) => error.message).join('; ') || `Feed ${state.status}`,
          };
        }
        if (state.status !== 'Finished') finished = false;
      }
      return { requestId, productId, status: finished ? 'FINISHED' : 'ON_PROGRESS' };
    },

    listProducts: async (auth, input) => {
      const offset = Number(input.cursor ?? 0);
      const { head, body } = await call(auth, 'GetProducts', {
        Filter: 'all',
        Limit: String(Math.min(input.pageSize ?? 100, 100)),
        Offset: String(offset),
        ...(input.updatedFrom !== undefined ? { UpdatedAfter: zaloraTimestamp(input.updatedFrom) } : {}),
      });
      const { products, total } = productsOf(head, body);
      return { items: products, total, ...next(offset, products.length, total) };
    },

    getProduct: (auth, productId) => findProduct(auth, productId),

    updateStock: (auth, updates) =>
      productUpdate(
        auth,
        updates.map((update) => ({
          update,
          xml: `<SellerSku>${xmlEscape(update.skuId)}</SellerSku><Quantity>${update.quantity}</Quantity>`,
        })),
      ),
    updatePrice: (auth, updates) =>
      productUpdate(
        auth,
        updates.map((update) => ({ update, xml: `<SellerSku>${xmlEscape(update.skuId)}</SellerSku><Price>${update.price}</Price>` })),
      ),
  };
};
