import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SANDBOX_CREDENTIALS } from '../sandbox-credentials.ts';
import { CONSENT_SCOPES, renderConsentPage } from '../core/consent-page.ts';
import { appendQuery, bodyObject, isMultipart, newRequestId, pathBelow, queryAll, queryOf } from '../core/http-helpers.ts';
import { renderLabelPdf } from '../core/label-pdf.ts';
import { sameText, shopeeExpectedSign } from '../core/signatures.ts';
import type { PushSender } from '../core/push-sender.ts';
import { registerShopeePromotions } from './shopee-promotions.routes.ts';
import { attributeProblem, describeAttributeProblem } from '../core/mandatory-attributes.ts';
import type { SandboxStore } from '../core/sandbox-store.ts';
import type { SandboxOrder, SandboxProduct, SandboxProductStatus, SandboxShop, SandboxSku } from '../core/sandbox-types.ts';

/** Shopee Open Platform v2 on its real paths (research §1): envelope `{request_id, error, message, response}`. */

const PREFIX = '/shopee';
const ACCESS_TTL_MS = 4 * 3_600_000;
const REFRESH_TTL_MS = 30 * 86_400_000;
const CODE_TTL_MS = 10 * 60_000;
const TIMESTAMP_SKEW_S = 300;
const PER_SECOND = 100;
const MAX_ORDER_WINDOW_S = 15 * 86_400;
const { partnerId: PARTNER_ID, partnerKey: PARTNER_KEY } = SANDBOX_CREDENTIALS.shopee;

const STATUS_NAMES: Record<SandboxProductStatus, string> = {
  reviewing: 'REVIEWING',
  active: 'NORMAL',
  inactive: 'UNLIST',
  rejected: 'BANNED',
  deleted: 'SELLER_DELETE',
};

class ShopeeFailure extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    message: string,
  ) {
    super(message);
  }
}

const fail = (status: number, error: string, message: string): never => {
  throw new ShopeeFailure(status, error, message);
};

const seconds = (ms: number): number => Math.floor(ms / 1000);
const num = (value: unknown): number => (typeof value === 'number' ? value : Number(value));

type ShopContext = { shop: SandboxShop };

export const registerShopee = (app: FastifyInstance, store: SandboxStore, pushes: PushSender): void => {
  const now = (): number => store.clock.now();

  app.setErrorHandler((error, _request, reply) => {
    if (error instanceof ShopeeFailure) {
      return reply.status(error.status).send({ request_id: newRequestId(), error: error.error, message: error.message });
    }
    return reply
      .status(500)
      .send({ request_id: newRequestId(), error: 'error_server', message: error instanceof Error ? error.message : String(error) });
  });

  /** Common parameters and the signature: Public APIs sign partner_id+path+timestamp; Shop APIs add token and shop. */
  const verify = (request: FastifyRequest, kind: 'public' | 'shop'): ShopContext | undefined => {
    const query = queryOf(request);
    const path = pathBelow(request, PREFIX);
    if (!query.partner_id) fail(400, 'error_param', 'Invalid partner_id.');
    if (num(query.partner_id) !== PARTNER_ID) fail(400, 'error_param', 'Invalid partner_id.');
    if (!query.timestamp) fail(400, 'error_param', 'There is no timestamp in query.');
    if (Math.abs(num(query.timestamp) - seconds(now())) > TIMESTAMP_SKEW_S) fail(400, 'error_param', 'Invalid timestamp');
    if (!query.sign) fail(400, 'error_param', 'There is no sign in query.');
    const signed =
      kind === 'public'
        ? [PARTNER_ID, path, query.timestamp ?? '']
        : [PARTNER_ID, path, query.timestamp ?? '', query.access_token ?? '', query.shop_id ?? ''];
    if (kind === 'shop' && !query.access_token) fail(400, 'error_param', 'There is no access_token in query.');
    if (!sameText(shopeeExpectedSign(PARTNER_KEY, signed), query.sign ?? '')) fail(403, 'error_sign', 'Wrong sign.');
    if (store.isRateLimited('shopee', `${path}:${query.shop_id ?? ''}`, PER_SECOND)) {
      fail(429, 'error_server', 'Too many requests, please try again later');
    }
    if (kind === 'public') return undefined;
    const access = store.checkAccess('shopee', query.access_token ?? '');
    if (!access.ok) fail(403, 'error_auth', 'Invalid access_token.');
    const shop = store.findShop('shopee', query.shop_id ?? '');
    if (!shop || !access.ok || !access.grant.shopIds.includes(shop.shopId)) return fail(403, 'error_shop', 'shopid is invalid');
    return { shop };
  };

  const shopRoute = (
    method: 'GET' | 'POST',
    path: string,
    handler: (ctx: ShopContext, request: FastifyRequest, reply: FastifyReply) => unknown,
  ): void => {
    app.route({
      method,
      url: `/api/v2/${path}`,
      handler: async (request, reply) => {
        const ctx = verify(request, 'shop');
        if (!ctx) return;
        const response = await handler(ctx, request, reply);
        if (reply.sent) return;
        return reply.send({ request_id: newRequestId(), error: '', message: '', response });
      },
    });
  };

  // ------------------------------------------------------------------------------------------- authorization

  app.get('/api/v2/shop/auth_partner', async (request, reply) => {
    verify(request, 'public');
    const redirect = queryOf(request).redirect;
    if (!redirect) fail(400, 'error_param', 'There is no redirect in query.');
    const accounts = store
      .shopsOf('shopee')
      .map((shop) =>
        shop.mainAccountId
          ? { value: `main:${shop.mainAccountId}`, label: `Akun utama ${shop.mainAccountId} (${shop.name})` }
          : { value: `shop:${shop.shopId}`, label: `${shop.name} (shop ${shop.shopId})` },
      );
    return reply.type('text/html').send(
      renderConsentPage({
        marketplace: 'Shopee',
        colour: '#ee4d2d',
        appName: `Partner ${PARTNER_ID}`,
        action: `${PREFIX}/__consent/authorize`,
        hidden: { redirect: redirect ?? '' },
        accounts,
        accountField: 'account',
        scopes: CONSENT_SCOPES,
      }),
    );
  });

  /** Where the consent form posts; Shopee's real page does this on its own site. */
  app.get('/__consent/authorize', async (request, reply) => {
    const { redirect = '', account = '', decision } = queryOf(request);
    if (decision !== 'allow') return reply.redirect(appendQuery(redirect, { error: 'access_denied' }));
    const [type, id = ''] = account.split(':');
    if (type === 'main') {
      const shops = store.shopsOf('shopee').filter((shop) => shop.mainAccountId === id);
      const code = store.issueCode('shopee', { shopIds: shops.map((shop) => shop.shopId), mainAccountId: id }, CODE_TTL_MS);
      return reply.redirect(appendQuery(redirect, { code, main_account_id: id }));
    }
    const shop = store.findShop('shopee', id);
    if (!shop) return reply.status(400).type('text/plain').send('Unknown shop');
    const code = store.issueCode('shopee', { shopIds: [shop.shopId] }, CODE_TTL_MS);
    return reply.redirect(appendQuery(redirect, { code, shop_id: shop.shopId }));
  });

  app.post('/api/v2/auth/token/get', async (request, reply) => {
    verify(request, 'public');
    const body = bodyObject(request.body);
    if (num(body.partner_id) !== PARTNER_ID) fail(400, 'invalid_partner_id', 'Invalid partner_id.');
    const outcome = store.consumeCode('shopee', String(body.code ?? ''));
    if (!outcome.ok) return fail(400, 'invalid_code', 'The code is expired or used or invalid');
    if (outcome.mainAccountId !== undefined) {
      if (String(body.main_account_id ?? '') !== outcome.mainAccountId) fail(400, 'invalid_main_acount_id', 'Invalid main_account_id.');
    } else if (String(body.shop_id ?? '') !== outcome.shopIds[0]) {
      fail(400, 'invalid_code', 'The code is expired or used or invalid');
    }
    const grant = store.issueGrant('shopee', outcome, ACCESS_TTL_MS, now() + REFRESH_TTL_MS);
    return reply.send({
      refresh_token: grant.refreshToken,
      access_token: grant.accessToken,
      expire_in: seconds(ACCESS_TTL_MS),
      request_id: newRequestId(),
      error: '',
      message: '',
      ...(outcome.mainAccountId !== undefined ? { merchant_id_list: [], shop_id_list: outcome.shopIds.map(Number) } : {}),
    });
  });

  app.post('/api/v2/auth/access_token/get', async (request, reply) => {
    verify(request, 'public');
    const body = bodyObject(request.body);
    if (num(body.partner_id) !== PARTNER_ID) fail(400, 'invalid_partner_id', 'Invalid partner_id.');
    const outcome = store.refreshGrant('shopee', String(body.refresh_token ?? ''), ACCESS_TTL_MS, true);
    if (!outcome.ok) return fail(403, 'error_auth', 'Invalid refresh_token.');
    const shopId = String(body.shop_id ?? '');
    if (!outcome.grant.shopIds.includes(shopId)) fail(403, 'error_shop', 'shopid is invalid');
    return reply.send({
      partner_id: PARTNER_ID,
      refresh_token: outcome.grant.refreshToken,
      access_token: outcome.grant.accessToken,
      expire_in: seconds(ACCESS_TTL_MS),
      request_id: newRequestId(),
      error: '',
      message: '',
      shop_id: Number(shopId),
    });
  });

  // ------------------------------------------------------------------------------------------- shop

  app.get('/api/v2/shop/get_shop_info', async (request, reply) => {
    const ctx = verify(request, 'shop');
    if (!ctx) return;
    return reply.send({
      request_id: newRequestId(),
      error: '',
      message: '',
      shop_name: ctx.shop.name,
      region: ctx.shop.region,
      status: 'NORMAL',
      is_cb: false,
      is_sip: false,
      auth_time: seconds(now()),
      expire_time: seconds(now() + 365 * 86_400_000),
      ...(ctx.shop.mainAccountId ? { merchant_id: Number(ctx.shop.mainAccountId) } : {}),
    });
  });

  shopRoute('GET', 'shop/get_warehouse_detail', ({ shop }) =>
    shop.warehouses.map((warehouse) => ({
      warehouse_id: Number(warehouse.id),
      warehouse_name: warehouse.name,
      location_id: `ID${warehouse.id}`,
      address_id: Number(warehouse.id),
      region: 'ID',
      state: 'DKI Jakarta',
      city: warehouse.city,
      address: warehouse.address,
    })),
  );

  // ------------------------------------------------------------------------------------------- catalogue

  shopRoute('GET', 'product/get_category', ({ shop }) => ({
    category_list: shop.categories.map((category) => ({
      category_id: Number(category.id),
      parent_category_id: Number(category.parentId ?? 0),
      original_category_name: category.name,
      display_category_name: category.name,
      has_children: !category.leaf,
    })),
  }));

  shopRoute('GET', 'product/get_attribute_tree', ({ shop }, request) => {
    const ids = (queryOf(request).category_id_list ?? '').split(',').filter(Boolean);
    if (ids.length === 0 || ids.length > 20) fail(400, 'error_param', 'category_id_list must hold 1 to 20 ids.');
    return {
      list: ids.map((id) => ({
        category_id: Number(id),
        attribute_tree: (shop.attributes.get(id) ?? []).map((attribute) => ({
          attribute_id: Number(attribute.id),
          mandatory: attribute.mandatory,
          name: attribute.name,
          attribute_info: {
            input_type:
              attribute.inputType === 'text' ? 'TEXT_FILED' : attribute.inputType === 'multi_select' ? 'MULTIPLE_SELECT' : 'DROP_DOWN',
          },
          attribute_value_list: attribute.values.map((value) => ({ value_id: Number(value.id), name: value.name })),
        })),
      })),
    };
  });

  shopRoute('GET', 'product/get_brand_list', ({ shop }, request) => {
    const query = queryOf(request);
    const offset = num(query.offset ?? 0);
    const pageSize = num(query.page_size ?? 0);
    if (!(pageSize >= 1 && pageSize <= 100)) fail(400, 'error_param', 'page_size should be between 1 and 100.');
    const page = shop.brands.slice(offset, offset + pageSize);
    return {
      brand_list: page.map((brand) => ({ brand_id: Number(brand.id), original_brand_name: brand.name, display_brand_name: brand.name })),
      has_next_page: offset + pageSize < shop.brands.length,
      next_offset: offset + page.length,
      is_mandatory: false,
      input_type: 'DROP_DOWN',
    };
  });

  // ------------------------------------------------------------------------------------------- images

  app.post('/api/v2/media_space/upload_image', async (request, reply) => {
    verify(request, 'public');
    const parts = isMultipart(request.body) ? request.body : [];
    const files = parts.filter((part) => part.name === 'image');
    if (files.length === 0) fail(400, 'error_param', 'image is required.');
    if (files.length > 9) fail(400, 'error_param', 'Upload at most 9 images.');
    const infos = files.map((file, index) => {
      const image = store.addImage('shopee', file.fileName ?? `image-${index}`, 0);
      const info = { image_id: image.id, image_url_list: [{ image_url_region: 'ID', image_url: image.url }] };
      return image.failed
        ? { id: index, error: 'media_space.image_invalid', message: 'The image cannot be processed.' }
        : { id: index, error: '', message: '', image_info: info };
    });
    const first = infos[0];
    return reply.send({
      request_id: newRequestId(),
      error: '',
      message: '',
      response: { ...(first && 'image_info' in first ? { image_info: first.image_info } : {}), image_info_list: infos },
    });
  });

  // ------------------------------------------------------------------------------------------- products

  const findItem = (shop: SandboxShop, itemId: unknown): SandboxProduct => {
    const product = shop.products.get(String(itemId));
    if (!product || product.status === 'deleted') return fail(404, 'product.error_item_not_found', 'Item not found.');
    return product;
  };

  const hasModel = (product: SandboxProduct): boolean => product.skus.length > 1 || Object.keys(product.skus[0]?.options ?? {}).length > 0;

  /** Model id 0 means "the item itself" for items without variants. */
  const findModel = (product: SandboxProduct, modelId: unknown): SandboxSku | undefined =>
    num(modelId) === 0 && !hasModel(product) ? product.skus[0] : product.skus.find((sku) => sku.id === String(modelId));

  const priceInfo = (sku: SandboxSku) => [{ currency: 'IDR', original_price: sku.price, current_price: sku.price }];
  const stockInfo = (sku: SandboxSku) => ({
    summary_info: { total_reserved_stock: 0, total_available_stock: sku.stock },
    seller_stock: [{ location_id: `ID${sku.warehouseId}`, stock: sku.stock }],
  });

  /** add_item's and update_item's `attribute_list`: listed values by `value_id`, typed ones by `original_value_name`. */
  const sentAttributesOf = (body: Record<string, unknown>) =>
    new Map(
      (
        (body.attribute_list as
          { attribute_id?: unknown; attribute_value_list?: { value_id?: unknown; original_value_name?: unknown }[] }[] | undefined) ?? []
      ).map((attribute) => [
        String(attribute.attribute_id ?? ''),
        (attribute.attribute_value_list ?? []).map((value) => ({
          id: String(value.value_id ?? '0'),
          ...(value.original_value_name !== undefined ? { name: String(value.original_value_name) } : {}),
        })),
      ]),
    );

  shopRoute('POST', 'product/add_item', ({ shop }, request) => {
    const body = bodyObject(request.body);
    for (const field of ['original_price', 'description', 'weight', 'item_name', 'category_id', 'image', 'logistic_info']) {
      if (body[field] === undefined || body[field] === '') fail(400, 'product.error_param', `${field} is required.`);
    }
    const category = shop.categories.find((c) => c.id === String(body.category_id));
    if (!category) fail(400, 'product.error_category_not_exist', 'Category does not exist.');
    if (category && !category.leaf) fail(400, 'product.error_category_is_not_leaf', 'Category is not a leaf category.');
    // attribute_list is "optional except Indonesia" (research §1): an Indonesian item needs the mandatory ones.
    // The stored docs name no dedicated code, so the refusal is add_item's documented `product.error_param`.
    const attributeIssue = attributeProblem(shop, String(body.category_id), sentAttributesOf(body));
    if (attributeIssue) fail(400, 'product.error_param', describeAttributeProblem(attributeIssue));
    const imageIds = (bodyObject(body.image).image_id_list as unknown[] | undefined)?.map(String) ?? [];
    if (imageIds.length === 0) fail(400, 'product.error_param', 'image.image_id_list is required.');
    const unknownImage = imageIds.find((id) => !store.images.has(id));
    if (unknownImage) fail(400, 'product.error_image_not_exist', `Image ${unknownImage} does not exist.`);
    const stock = ((body.seller_stock as { stock?: number }[] | undefined) ?? []).reduce((sum, entry) => sum + num(entry.stock ?? 0), 0);
    const brand = bodyObject(body.brand);
    const product = store.createProduct(shop, {
      name: String(body.item_name),
      description: String(body.description),
      categoryId: String(body.category_id),
      ...(brand.brand_id ? { brandId: String(brand.brand_id) } : {}),
      images: imageIds,
      weightGrams: Math.round(num(body.weight) * 1000),
      skus: [
        {
          sellerSku: String(body.item_sku ?? ''),
          price: num(body.original_price),
          stock,
          warehouseId: shop.warehouses[0]?.id ?? '',
          options: {},
        },
      ],
    });
    return {
      item_id: Number(product.id),
      item_name: product.name,
      item_status: STATUS_NAMES[product.status],
      images: { image_id_list: imageIds },
    };
  });

  shopRoute('POST', 'product/init_tier_variation', ({ shop }, request) => {
    const body = bodyObject(request.body);
    const product = findItem(shop, body.item_id);
    const tiers = (body.tier_variation ?? body.standardise_tier_variation) as
      { name: string; option_list: { option: string }[] }[] | undefined;
    const models = body.model as
      { tier_index: number[]; original_price: number; model_sku?: string; seller_stock?: { stock: number }[] }[] | undefined;
    if (!tiers || tiers.length === 0 || tiers.length > 2) fail(400, 'product.error_param', 'tier_variation must have one or two tiers.');
    if (!models || models.length === 0 || models.length > 50) fail(400, 'product.error_param', 'model must have 1 to 50 entries.');
    const warehouseId = product.skus[0]?.warehouseId ?? '';
    product.skus = (models ?? []).map((model, index) => ({
      id: String(num(product.id) * 10 + index + 1),
      sellerSku: model.model_sku ?? '',
      price: num(model.original_price),
      stock: (model.seller_stock ?? []).reduce((sum, entry) => sum + num(entry.stock), 0),
      warehouseId,
      options: Object.fromEntries(
        model.tier_index.map((option, tier) => [tiers?.[tier]?.name ?? `tier${tier}`, tiers?.[tier]?.option_list[option]?.option ?? '']),
      ),
    }));
    product.updatedAt = now();
    return {
      item_id: Number(product.id),
      tier_variation: tiers,
      model: product.skus.map((sku, index) => ({
        model_id: Number(sku.id),
        tier_index: models?.[index]?.tier_index ?? [],
        model_sku: sku.sellerSku,
      })),
    };
  });

  shopRoute('POST', 'product/update_item', ({ shop }, request) => {
    const body = bodyObject(request.body);
    const product = findItem(shop, body.item_id);
    // update_item is partial; an edit that sends the category or the attribute list is checked as add_item checks
    // (the mandatory attributes of the category the item ends up in, in add_item's `product.error_param`).
    if (body.category_id !== undefined || body.attribute_list !== undefined) {
      const categoryId = body.category_id !== undefined ? String(body.category_id) : product.categoryId;
      const category = shop.categories.find((c) => c.id === categoryId);
      if (!category) fail(400, 'product.error_category_not_exist', 'Category does not exist.');
      if (category && !category.leaf) fail(400, 'product.error_category_is_not_leaf', 'Category is not a leaf category.');
      const attributeIssue = attributeProblem(shop, categoryId, sentAttributesOf(body));
      if (attributeIssue) fail(400, 'product.error_param', describeAttributeProblem(attributeIssue));
    }
    if (typeof body.item_name === 'string') product.name = body.item_name;
    if (typeof body.description === 'string') product.description = body.description;
    if (body.category_id !== undefined) product.categoryId = String(body.category_id);
    if (body.weight !== undefined) product.weightGrams = Math.round(num(body.weight) * 1000);
    const imageIds = (bodyObject(body.image).image_id_list as unknown[] | undefined)?.map(String);
    if (imageIds) product.images = imageIds;
    if (body.item_status === 'UNLIST') product.status = 'inactive';
    if (body.item_status === 'NORMAL' && product.status === 'inactive') product.status = 'active';
    product.updatedAt = now();
    return { item_id: Number(product.id), item_name: product.name, item_status: STATUS_NAMES[product.status] };
  });

  shopRoute('GET', 'product/get_item_list', ({ shop }, request) => {
    const query = queryOf(request);
    const offset = num(query.offset ?? 0);
    const pageSize = num(query.page_size ?? 0);
    if (!(pageSize >= 1 && pageSize <= 100)) fail(400, 'error_param', 'page_size should be between 1 and 100.');
    const statuses = queryAll(request, 'item_status');
    if (statuses.length === 0) fail(400, 'error_param', 'item_status is required.');
    const from = query.update_time_from ? num(query.update_time_from) : undefined;
    const to = query.update_time_to ? num(query.update_time_to) : undefined;
    const matching = [...shop.products.values()]
      .filter((product) => statuses.includes(STATUS_NAMES[product.status]))
      .filter(
        (product) => (from === undefined || seconds(product.updatedAt) >= from) && (to === undefined || seconds(product.updatedAt) <= to),
      )
      .sort((a, b) => b.updatedAt - a.updatedAt || a.id.localeCompare(b.id));
    const page = matching.slice(offset, offset + pageSize);
    return {
      item: page.map((product) => ({
        item_id: Number(product.id),
        item_status: STATUS_NAMES[product.status],
        update_time: seconds(product.updatedAt),
      })),
      total_count: matching.length,
      has_next_page: offset + pageSize < matching.length,
      next_offset: offset + page.length,
    };
  });

  shopRoute('GET', 'product/get_item_base_info', ({ shop }, request) => {
    const ids = (queryOf(request).item_id_list ?? '').split(',').filter(Boolean);
    if (ids.length === 0 || ids.length > 50) fail(400, 'error_param', 'item_id_list must hold 1 to 50 ids.');
    return {
      item_list: ids
        .map((id) => shop.products.get(id))
        .filter((product): product is SandboxProduct => product !== undefined)
        .map((product) => {
          const single = hasModel(product) ? undefined : product.skus[0];
          return {
            item_id: Number(product.id),
            category_id: Number(product.categoryId),
            item_name: product.name,
            description: product.description,
            item_sku: single?.sellerSku ?? '',
            create_time: seconds(product.createdAt),
            update_time: seconds(product.updatedAt),
            image: { image_id_list: product.images, image_url_list: product.images.map((id) => store.images.get(id)?.url ?? id) },
            weight: (product.weightGrams / 1000).toFixed(2),
            item_status: STATUS_NAMES[product.status],
            has_model: single === undefined,
            brand: {
              brand_id: Number(product.brandId ?? 0),
              original_brand_name: shop.brands.find((b) => b.id === product.brandId)?.name ?? 'NoBrand',
            },
            ...(single ? { price_info: priceInfo(single), stock_info_v2: stockInfo(single) } : {}),
          };
        }),
    };
  });

  shopRoute('GET', 'product/get_item_extra_info', ({ shop }, request) => {
    const ids = (queryOf(request).item_id_list ?? '').split(',').filter(Boolean);
    if (ids.length === 0 || ids.length > 50) fail(400, 'error_param', 'item_id_list must hold 1 to 50 ids.');
    return {
      item_list: ids
        .map((id) => shop.products.get(id))
        .filter((product): product is SandboxProduct => product !== undefined && product.status !== 'deleted')
        .map((product) => ({
          item_id: Number(product.id),
          sale: 0,
          views: 0,
          likes: 0,
          rating_star: 0,
          comment_count: 0,
        })),
    };
  });

  shopRoute('GET', 'product/get_model_list', ({ shop }, request) => {
    const product = findItem(shop, queryOf(request).item_id);
    const names = [...new Set(product.skus.flatMap((sku) => Object.keys(sku.options)))];
    const optionLists = names.map((name) => [...new Set(product.skus.map((sku) => sku.options[name] ?? ''))]);
    return {
      tier_variation: names.map((name, tier) => ({ name, option_list: (optionLists[tier] ?? []).map((option) => ({ option })) })),
      model: hasModel(product)
        ? product.skus.map((sku) => ({
            model_id: Number(sku.id),
            model_sku: sku.sellerSku,
            tier_index: names.map((name, tier) => (optionLists[tier] ?? []).indexOf(sku.options[name] ?? '')),
            price_info: priceInfo(sku),
            stock_info_v2: stockInfo(sku),
          }))
        : [],
    };
  });

  shopRoute('POST', 'product/update_stock', ({ shop }, request) => {
    const body = bodyObject(request.body);
    const product = findItem(shop, body.item_id);
    const list = (body.stock_list as { model_id: number; seller_stock?: { stock: number }[] }[] | undefined) ?? [];
    if (list.length === 0 || list.length > 50) fail(400, 'error_param', 'stock_list must hold 1 to 50 entries.');
    // `normal_stock` was retired in 2022: an entry without `seller_stock` is refused, never read as stock 0.
    list.forEach((entry, index) => {
      if (!Array.isArray(entry.seller_stock) || entry.seller_stock.length === 0) {
        fail(400, 'product.error_param', `stock_list[${index}].seller_stock is required.`);
      }
      for (const location of entry.seller_stock ?? []) {
        if (typeof location?.stock !== 'number' || !Number.isInteger(location.stock)) {
          fail(400, 'product.error_param', `stock_list[${index}].seller_stock.stock should be an integer.`);
        }
      }
    });
    const success_list: unknown[] = [];
    const failure_list: unknown[] = [];
    for (const entry of list) {
      const sku = findModel(product, entry.model_id);
      const stock = (entry.seller_stock ?? []).reduce((sum, s) => sum + num(s.stock), 0);
      if (!sku) failure_list.push({ model_id: entry.model_id, failed_reason: 'Model not found.' });
      else if (stock < 0) failure_list.push({ model_id: entry.model_id, failed_reason: 'Stock must not be negative.' });
      else {
        sku.stock = stock;
        success_list.push({ model_id: entry.model_id, location_id: `ID${sku.warehouseId}`, stock });
      }
    }
    product.updatedAt = now();
    return { success_list, failure_list };
  });

  shopRoute('POST', 'product/update_price', ({ shop }, request) => {
    const body = bodyObject(request.body);
    const product = findItem(shop, body.item_id);
    const list = (body.price_list as { model_id: number; original_price: number }[] | undefined) ?? [];
    if (list.length === 0 || list.length > 50) fail(400, 'error_param', 'price_list must hold 1 to 50 entries.');
    const success_list: unknown[] = [];
    const failure_list: unknown[] = [];
    for (const entry of list) {
      const sku = findModel(product, entry.model_id);
      if (!sku) failure_list.push({ model_id: entry.model_id, failed_reason: 'Model not found.' });
      else if (!(num(entry.original_price) > 0)) failure_list.push({ model_id: entry.model_id, failed_reason: 'Price must be positive.' });
      else {
        sku.price = num(entry.original_price);
        success_list.push({ model_id: entry.model_id, original_price: sku.price });
      }
    }
    product.updatedAt = now();
    return { success_list, failure_list };
  });

  // ------------------------------------------------------------------------------------------- orders

  const findOrder = (shop: SandboxShop, orderSn: unknown): SandboxOrder => {
    const order = shop.orders.get(String(orderSn ?? ''));
    if (!order) return fail(404, 'order.order_not_found', 'Order not found.');
    return order;
  };

  shopRoute('GET', 'order/get_order_list', ({ shop }, request) => {
    const query = queryOf(request);
    const field = query.time_range_field;
    if (field !== 'create_time' && field !== 'update_time')
      fail(400, 'error_param', 'time_range_field should be create_time or update_time.');
    const from = num(query.time_from);
    const to = num(query.time_to);
    if (!(from < to) || to - from > MAX_ORDER_WINDOW_S) {
      fail(400, 'order.order_list_invalid_time', 'Start time must be earlier than end time and diff in 15days.');
    }
    const pageSize = num(query.page_size ?? 0);
    if (!(pageSize >= 1 && pageSize <= 100)) fail(400, 'error_param', 'page_size should be between 1 and 100.');
    const offset = query.cursor ? num(query.cursor) : 0;
    const matching = [...shop.orders.values()]
      .filter((order) => {
        const at = seconds(field === 'create_time' ? order.createdAt : order.updatedAt);
        return at >= from && at <= to && (!query.order_status || order.status === query.order_status);
      })
      .sort((a, b) => b.createdAt - a.createdAt || a.id.localeCompare(b.id));
    const page = matching.slice(offset, offset + pageSize);
    const withStatus = (query.response_optional_fields ?? '').split(',').includes('order_status');
    const more = offset + pageSize < matching.length;
    return {
      more,
      next_cursor: more ? String(offset + pageSize) : '',
      order_list: page.map((order) => ({ order_sn: order.id, ...(withStatus ? { order_status: order.status } : {}) })),
    };
  });

  shopRoute('GET', 'order/get_order_detail', ({ shop }, request) => {
    const ids = (queryOf(request).order_sn_list ?? '').split(',').filter(Boolean);
    if (ids.length === 0 || ids.length > 50) fail(400, 'error_param', 'order_sn_list must hold 1 to 50 order_sn.');
    return {
      order_list: ids
        .map((id) => shop.orders.get(id))
        .filter((order): order is SandboxOrder => order !== undefined)
        .map((order) => ({
          order_sn: order.id,
          order_status: order.status,
          region: 'ID',
          currency: 'IDR',
          create_time: seconds(order.createdAt),
          update_time: seconds(order.updatedAt),
          ...(order.paidAt !== undefined ? { pay_time: seconds(order.paidAt) } : {}),
          buyer_username: order.buyerName.toLowerCase().replace(/\s+/g, '.'),
          recipient_address: {
            name: order.recipient.name,
            phone: order.recipient.phone,
            full_address: `${order.recipient.address}, ${order.recipient.city}`,
            city: order.recipient.city,
            zipcode: order.recipient.postcode,
            region: 'ID',
          },
          item_list: order.items.map((item) => {
            const product = shop.products.get(item.productId);
            const modelId = product && !hasModel(product) ? 0 : Number(item.skuId);
            return {
              item_id: Number(item.productId),
              item_name: item.name,
              item_sku: item.sellerSku,
              model_id: modelId,
              model_sku: item.sellerSku,
              model_quantity_purchased: item.quantity,
              model_original_price: item.price,
              model_discounted_price: item.price,
            };
          }),
          total_amount: order.items.reduce((sum, item) => sum + item.price * item.quantity, 0) + order.shippingFee,
          actual_shipping_fee: order.shippingFee,
          shipping_carrier: order.courier,
          payment_method: 'ShopeePay',
          package_list: [
            { package_number: order.packageId, logistics_status: order.trackingNumber ? 'LOGISTICS_READY' : 'LOGISTICS_NOT_START' },
          ],
          cancel_reason: order.cancelReason ?? '',
        })),
    };
  });

  /**
   * The order's income as Shopee settles it (v2.payment.get_escrow_detail): what the buyer paid, and what Shopee keeps
   * before the escrow is released to the seller. The sandbox's rates are Shopee Indonesia's usual ones for a
   * non-Mall seller: the commission ("biaya administrasi") 6.5 % of the items, the service fee of the free-shipping
   * programme ("biaya layanan") 4 % of the items up to Rp40.000, and the order processing fee ("biaya proses
   * pesanan") Rp1.250 per order. A cancelled order is charged nothing; an unpaid one has no escrow yet.
   */
  shopRoute('GET', 'payment/get_escrow_detail', ({ shop }, request) => {
    const order = findOrder(shop, queryOf(request).order_sn);
    if (order.status === 'UNPAID') fail(400, 'payment.escrow_not_found', 'The order has no escrow until it is paid.');
    const items = order.items.reduce((sum, item) => sum + item.price * item.quantity, 0);
    const charged = order.status !== 'CANCELLED';
    const commission = charged ? Math.round(items * 0.065) : 0;
    const service = charged ? Math.min(Math.round(items * 0.04), 40_000) : 0;
    const transaction = charged ? 1_250 : 0;
    const buyerTotal = items + order.shippingFee;
    return {
      order_sn: order.id,
      buyer_user_name: order.buyerName.toLowerCase().replace(/\s+/g, '.'),
      return_order_sn_list: [],
      order_income: {
        escrow_amount: charged ? items - commission - service - transaction : 0,
        buyer_total_amount: buyerTotal,
        original_price: items,
        seller_discount: 0,
        shopee_discount: 0,
        voucher_from_seller: 0,
        voucher_from_shopee: 0,
        coins: 0,
        buyer_paid_shipping_fee: order.shippingFee,
        buyer_transaction_fee: 0,
        cross_border_tax: 0,
        payment_promotion: 0,
        commission_fee: commission,
        service_fee: service,
        seller_transaction_fee: transaction,
        seller_lost_compensation: 0,
        seller_coin_cash_back: 0,
        escrow_tax: 0,
        estimated_shipping_fee: order.shippingFee,
        final_shipping_fee: 0,
        actual_shipping_fee: order.shippingFee,
        shopee_shipping_rebate: 0,
        shipping_fee_discount_from_3pl: 0,
        seller_shipping_discount: 0,
        reverse_shipping_fee: 0,
        items: order.items.map((item) => ({
          item_id: Number(item.productId),
          item_name: item.name,
          item_sku: item.sellerSku,
          model_id: Number(item.skuId),
          model_sku: item.sellerSku,
          original_price: item.price * item.quantity,
          discounted_price: item.price * item.quantity,
          seller_discount: 0,
          shopee_discount: 0,
          discount_from_coin: 0,
          discount_from_voucher_shopee: 0,
          discount_from_voucher_seller: 0,
          quantity_purchased: item.quantity,
        })),
      },
    };
  });

  /** Three pickup slots: tomorrow morning and afternoon, the day after in the morning (dates at 00:00 WIB, in seconds). */
  const pickupSlots = () => {
    const tomorrow = Math.floor((now() + 7 * 3_600_000) / 86_400_000) * 86_400_000 + 86_400_000 - 7 * 3_600_000;
    return [
      [tomorrow, '09:00-12:00', 'AM'],
      [tomorrow, '13:00-17:00', 'PM'],
      [tomorrow + 86_400_000, '09:00-12:00', 'AM'],
    ].map(([day, text, part]) => ({ date: seconds(day as number), time_text: text, pickup_time_id: `${seconds(day as number)}${part}` }));
  };

  shopRoute('GET', 'logistics/get_shipping_parameter', ({ shop }, request) => {
    const order = findOrder(shop, queryOf(request).order_sn);
    if (order.status !== 'READY_TO_SHIP') fail(400, 'logistics.order_status_error', `Order status ${order.status} cannot be arranged.`);
    return {
      info_needed: { pickup: ['address_id', 'pickup_time_id'], dropoff: [], non_integrated: [] },
      pickup: {
        address_list: shop.warehouses.map((warehouse) => ({
          address_id: Number(warehouse.id),
          region: 'ID',
          state: 'DKI Jakarta',
          city: warehouse.city,
          address: warehouse.address,
          address_flag: warehouse.isDefault ? ['default_address', 'pickup_address'] : ['pickup_address'],
          time_slot_list: pickupSlots(),
        })),
      },
      dropoff: { branch_list: [] },
    };
  });

  shopRoute('POST', 'logistics/ship_order', ({ shop }, request) => {
    const body = bodyObject(request.body);
    const order = findOrder(shop, body.order_sn);
    if (order.status !== 'READY_TO_SHIP') fail(400, 'logistics.order_status_error', `Order status ${order.status} cannot be arranged.`);
    const pickup = bodyObject(body.pickup);
    const hasPickup = pickup.address_id !== undefined && pickup.pickup_time_id !== undefined;
    if (!hasPickup && body.dropoff === undefined && body.non_integrated === undefined) {
      fail(400, 'logistics.error_param', 'One of pickup, dropoff or non_integrated is required.');
    }
    if (hasPickup) {
      if (!pickupSlots().some((slot) => slot.pickup_time_id === String(pickup.pickup_time_id)))
        fail(400, 'logistics.error_param', 'pickup_time_id is not one of the offered time slots.');
      order.pickupSlot = String(pickup.pickup_time_id);
    }
    const tracking = bodyObject(body.non_integrated).tracking_number ?? bodyObject(body.dropoff).tracking_number;
    if (typeof tracking === 'string' && tracking !== '') order.trackingNumber = tracking;
    store.setOrderStatus(shop, order, 'PROCESSED');
    return {};
  });

  shopRoute('GET', 'logistics/get_tracking_number', ({ shop }, request) => {
    const order = findOrder(shop, queryOf(request).order_sn);
    return { tracking_number: order.trackingNumber ?? '' };
  });

  shopRoute('GET', 'logistics/get_tracking_info', ({ shop }, request) => {
    const order = findOrder(shop, queryOf(request).order_sn);
    const { history } = order;
    return {
      order_sn: order.id,
      package_number: order.packageId,
      logistics_status: order.trackingNumber ? 'LOGISTICS_READY' : 'LOGISTICS_NOT_START',
      tracking_info: history
        .slice()
        .reverse()
        .map((step) => ({ update_time: seconds(step.at), description: `Order ${step.status}`, logistics_status: step.status })),
    };
  });

  const documentOrders = (request: FastifyRequest, shop: SandboxShop): SandboxOrder[] => {
    const list = (bodyObject(request.body).order_list as { order_sn: string }[] | undefined) ?? [];
    if (list.length === 0 || list.length > 50) fail(400, 'error_param', 'order_list must hold 1 to 50 orders.');
    return list.map((entry) => findOrder(shop, entry.order_sn));
  };

  const labelReady = (order: SandboxOrder): boolean => order.trackingNumber !== undefined && order.status !== 'CANCELLED';

  shopRoute('POST', 'logistics/get_shipping_document_parameter', ({ shop }, request) => ({
    result_list: documentOrders(request, shop).map((order) => ({
      order_sn: order.id,
      package_number: order.packageId,
      suggest_shipping_document_type: 'THERMAL_AIR_WAYBILL',
      selectable_shipping_document_type: ['NORMAL_AIR_WAYBILL', 'THERMAL_AIR_WAYBILL'],
      ...(labelReady(order) ? {} : { fail_error: 'logistics.package_can_not_print', fail_message: 'Arrange shipment first.' }),
    })),
  }));

  shopRoute('POST', 'logistics/create_shipping_document', ({ shop }, request) => ({
    result_list: documentOrders(request, shop).map((order) => ({
      order_sn: order.id,
      package_number: order.packageId,
      ...(labelReady(order)
        ? {}
        : { fail_error: 'logistics.shipping_document_should_print_first', fail_message: 'Arrange shipment first.' }),
    })),
  }));

  // Labels are ready as soon as they are created: the sandbox clock may not move between these calls.
  shopRoute('POST', 'logistics/get_shipping_document_result', ({ shop }, request) => ({
    result_list: documentOrders(request, shop).map((order) => ({
      order_sn: order.id,
      package_number: order.packageId,
      status: labelReady(order) ? 'READY' : 'FAILED',
    })),
  }));

  app.post('/api/v2/logistics/download_shipping_document', async (request, reply) => {
    const ctx = verify(request, 'shop');
    if (!ctx) return;
    const [order] = documentOrders(request, ctx.shop);
    if (!order || !labelReady(order)) fail(400, 'logistics.shipping_document_not_ready', 'Shipping document is not ready.');
    const pdf = await renderLabelPdf(ctx.shop, order as SandboxOrder);
    return reply.type('application/pdf').send(pdf);
  });

  shopRoute('POST', 'order/cancel_order', ({ shop }, request) => {
    const body = bodyObject(request.body);
    const order = findOrder(shop, body.order_sn);
    const reasons = ['OUT_OF_STOCK', 'CUSTOMER_REQUEST', 'UNDELIVERABLE_AREA', 'COD_NOT_SUPPORTED'];
    if (!reasons.includes(String(body.cancel_reason))) fail(400, 'error_param', 'cancel_reason is invalid.');
    if (body.cancel_reason === 'OUT_OF_STOCK' && !Array.isArray(body.item_list))
      fail(400, 'error_param', 'item_list is required for OUT_OF_STOCK.');
    if (order.status !== 'UNPAID' && order.status !== 'READY_TO_SHIP')
      fail(400, 'order.order_status_error', `Order status ${order.status} cannot be cancelled.`);
    order.cancelReason = String(body.cancel_reason);
    store.setOrderStatus(shop, order, 'CANCELLED');
    return { update_time: seconds(now()) };
  });

  shopRoute('POST', 'order/handle_buyer_cancellation', ({ shop }, request) => {
    const body = bodyObject(request.body);
    const order = findOrder(shop, body.order_sn);
    if (order.status !== 'IN_CANCEL') fail(400, 'order.order_status_error', 'The order has no buyer cancellation.');
    if (body.operation !== 'ACCEPT' && body.operation !== 'REJECT') fail(400, 'error_param', 'operation should be ACCEPT or REJECT.');
    store.setOrderStatus(shop, order, body.operation === 'ACCEPT' ? 'CANCELLED' : 'READY_TO_SHIP');
    return { update_time: seconds(now()) };
  });

  registerShopeePromotions(shopRoute, fail, now, hasModel);

  // ------------------------------------------------------------------------------------------- lost pushes

  const partnerShops = (): string[] =>
    store
      .shopsOf('shopee')
      .filter((shop) => store.isAuthorized(shop))
      .map((shop) => shop.shopId);

  // Public API: the shops that authorized this partner (research §2 "Authorized shop list").
  app.get('/api/v2/public/get_shops_by_partner', async (request, reply) => {
    verify(request, 'public');
    const query = queryOf(request);
    const pageSize = num(query.page_size ?? 100);
    const pageNo = num(query.page_no ?? 1);
    if (!(pageSize >= 1 && pageSize <= 100) || !(pageNo >= 1)) fail(400, 'error_param', 'page_size should be 1 to 100 and page_no from 1.');
    const shops = store.shopsOf('shopee').filter((shop) => store.isAuthorized(shop));
    const page = shops.slice((pageNo - 1) * pageSize, pageNo * pageSize);
    return reply.send({
      request_id: newRequestId(),
      error: '',
      message: '',
      authed_shop_list: page.map((shop) => ({
        shop_id: Number(shop.shopId),
        region: shop.region,
        auth_time: seconds(now()),
        expire_time: seconds(now() + 365 * 86_400_000),
        sip_affi_shop_list: [],
      })),
      more: pageNo * pageSize < shops.length,
    });
  });

  app.get('/api/v2/push/get_lost_push_message', async (request, reply) => {
    verify(request, 'public');
    const messages = pushes.lostFor(partnerShops());
    const page = messages.slice(0, 100);
    return reply.send({
      request_id: newRequestId(),
      error: '',
      message: '',
      response: {
        push_message_list: page.map((message) => ({
          shop_id: Number(message.shopId),
          code: message.code,
          timestamp: message.timestamp,
          data: message.data,
        })),
        has_next_page: messages.length > page.length,
        last_message_id: page.at(-1)?.id ?? 0,
      },
    });
  });

  app.post('/api/v2/push/confirm_consumed_lost_push_message', async (request, reply) => {
    verify(request, 'public');
    const last = num(bodyObject(request.body).last_message_id);
    if (!(last > 0)) fail(400, 'error_param', 'last_message_id is required.');
    pushes.confirmLost(last);
    return reply.send({ request_id: newRequestId(), error: '', message: '', response: {} });
  });
};
