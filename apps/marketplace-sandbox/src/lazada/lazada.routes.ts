import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SANDBOX_CREDENTIALS } from '../sandbox-credentials.ts';
import { CONSENT_SCOPES, renderConsentPage } from '../core/consent-page.ts';
import { appendQuery, bodyObject, isMultipart, newRequestId, pathBelow, queryOf } from '../core/http-helpers.ts';
import type { MultipartPart } from '../core/http-helpers.ts';
import { renderLabelPdf } from '../core/label-pdf.ts';
import { lazadaExpectedSign, sameText } from '../core/signatures.ts';
import type { Grant, SandboxStore } from '../core/sandbox-store.ts';
import type { SandboxCategory, SandboxOrder, SandboxProduct, SandboxProductStatus, SandboxShop } from '../core/sandbox-types.ts';

/**
 * Lazada Open Platform on its real API names below `/rest` (research §3). Errors come with HTTP 200 and
 * `{type, code, message, request_id}`; success is `{code: "0", data, request_id}`.
 */

const PREFIX = '/lazada';
const ACCESS_TTL_MS = 7 * 86_400_000; // an app in "Test" status (research §3.2)
const REFRESH_TTL_MS = 30 * 86_400_000;
const CODE_TTL_MS = 30 * 60_000;
const MAX_SKEW_MS = 7200 * 1000;
const PER_SECOND = 30;
const { appKey: APP_KEY, appSecret: APP_SECRET } = SANDBOX_CREDENTIALS.lazada;
/** Calls whose access token the documentation marks "not required". */
const TOKEN_OPTIONAL = new Set(['/category/tree/get', '/category/attributes/get', '/category/brands/query']);

const PRODUCT_STATUS: Record<SandboxProductStatus, string> = {
  reviewing: 'Pending',
  active: 'Active',
  inactive: 'InActive',
  rejected: 'Rejected',
  deleted: 'Deleted',
};
const FILTERS: Record<string, SandboxProductStatus[]> = {
  all: ['reviewing', 'active', 'inactive', 'rejected'],
  live: ['active'],
  inactive: ['inactive'],
  deleted: ['deleted'],
  pending: ['reviewing'],
  rejected: ['rejected'],
};
const CANCEL_REASONS = [
  { reason_id: '10000001', reason_name: 'Out of stock' },
  { reason_id: '10000002', reason_name: 'Wrong price or pricing error' },
  { reason_id: '10000003', reason_name: 'Unable to ship to the address' },
];

class LazadaFailure extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly type: 'ISV' | 'SYSTEM' | 'ISP' = 'ISV',
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}
const fail = (code: string, message: string, type: 'ISV' | 'SYSTEM' | 'ISP' = 'ISV', extra: Record<string, unknown> = {}): never => {
  throw new LazadaFailure(code, message, type, extra);
};

/** Lazada's date style, e.g. `2025-01-15 10:00:00 +0700`. */
const lazadaDate = (ms: number): string => {
  const d = new Date(ms + 7 * 3_600_000);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${d.getUTCFullYear()}-${two(d.getUTCMonth() + 1)}-${two(d.getUTCDate())} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())} +0700`;
};
const parseTime = (value: string | undefined): number | undefined => {
  if (value === undefined || value === '') return undefined;
  if (/^\d+$/.test(value)) return Number(value);
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? fail('InvalidParameter', `Invalid date ${value}`) : ms;
};
const xmlValues = (xml: string, tag: string): string[] =>
  [...xml.matchAll(new RegExp(`<${tag}>([^<]*)</${tag}>`, 'g'))].map((m) => m[1] ?? '');
const json = (text: string | undefined, name: string): Record<string, unknown> => {
  try {
    return bodyObject(JSON.parse(text ?? ''));
  } catch {
    return fail('MissingParameter', `The input parameter "${name}" that is mandatory for processing this request is not supplied.`);
  }
};

type Params = Record<string, string>;
type Ctx = { params: Params; shop: SandboxShop; files: MultipartPart[]; request: FastifyRequest };
type Handler = (ctx: Ctx) => unknown;

export const registerLazada = (app: FastifyInstance, store: SandboxStore): void => {
  const now = (): number => store.clock.now();

  app.setErrorHandler((error, _request, reply) => {
    if (error instanceof LazadaFailure) {
      return reply.send({ type: error.type, code: error.code, message: error.message, request_id: newRequestId(), ...error.extra });
    }
    return reply.send({
      type: 'ISP',
      code: 'ServiceTimeout',
      message: error instanceof Error ? error.message : String(error),
      request_id: newRequestId(),
    });
  });

  // ------------------------------------------------------------------------------------------- consent

  app.get('/oauth/authorize', async (request, reply) => {
    const query = queryOf(request);
    if (query.client_id !== APP_KEY || query.response_type !== 'code' || !query.redirect_uri) {
      return reply.status(400).type('text/html').send('<h1>Invalid authorization request</h1>');
    }
    return reply.type('text/html').send(
      renderConsentPage({
        marketplace: 'Lazada',
        colour: '#0f146d',
        appName: `App ${APP_KEY}`,
        action: `${PREFIX}/__consent/authorize`,
        hidden: { redirect_uri: query.redirect_uri, state: query.state ?? '' },
        accounts: store.shopsOf('lazada').map((shop) => ({ value: shop.shopId, label: `${shop.name} (Indonesia)` })),
        accountField: 'seller',
        scopes: CONSENT_SCOPES,
      }),
    );
  });

  app.get('/__consent/authorize', async (request, reply) => {
    const { redirect_uri: redirect = '', state = '', seller = '', decision } = queryOf(request);
    if (decision !== 'allow') return reply.redirect(appendQuery(redirect, { error: 'access_denied', state }));
    if (!store.findShop('lazada', seller)) return reply.status(400).type('text/plain').send('Unknown seller');
    const code = store.issueCode('lazada', { shopIds: [seller] }, CODE_TTL_MS);
    return reply.redirect(appendQuery(redirect, { code, ...(state ? { state } : {}) }));
  });

  // ------------------------------------------------------------------------------------------- API dispatch

  const handlers = new Map<string, Handler>();
  const publicHandlers = new Map<string, (params: Params) => unknown>();
  const api = (path: string, handler: Handler) => handlers.set(path, handler);

  const tokenBody = (grant: Grant) => {
    const shop = store.findShop('lazada', grant.shopIds[0] ?? '');
    const info = [{ country: 'id', seller_id: shop?.shopId ?? '', user_id: `2${shop?.shopId ?? ''}`, short_code: shop?.code ?? '' }];
    return {
      access_token: grant.accessToken,
      refresh_token: grant.refreshToken,
      expires_in: Math.round((grant.accessExpiresAt - now()) / 1000),
      refresh_expires_in: Math.round((grant.refreshExpiresAt - now()) / 1000),
      country: 'id',
      account_platform: 'seller_center',
      account: `${shop?.shopId ?? ''}@seller.sandbox`,
      country_user_info: info,
      country_user_info_list: info,
    };
  };

  publicHandlers.set('/auth/token/create', (params) => {
    const outcome = store.consumeCode('lazada', params.code ?? '');
    // The exact code Lazada uses for a spent or unknown code is not in the stored docs; this is the sandbox's.
    if (!outcome.ok) return fail('InvalidCode', 'The authorization code is invalid, expired or already used.');
    return tokenBody(store.issueGrant('lazada', outcome, ACCESS_TTL_MS, now() + REFRESH_TTL_MS));
  });

  publicHandlers.set('/auth/token/refresh', (params) => {
    const outcome = store.refreshGrant('lazada', params.refresh_token ?? '', ACCESS_TTL_MS, false);
    if (!outcome.ok) return fail('IllegalRefreshToken', 'The specified refresh token is invalid or expired');
    return tokenBody(outcome.grant);
  });

  const dispatch = async (request: FastifyRequest, reply: FastifyReply) => {
    const apiPath = pathBelow(request, `${PREFIX}/rest`);
    const files: MultipartPart[] = [];
    const params: Params = { ...queryOf(request) };
    if (isMultipart(request.body)) {
      for (const part of request.body) {
        if (part.fileName !== undefined) files.push(part);
        else params[part.name] = part.data.toString('utf8');
      }
    } else {
      for (const [key, value] of Object.entries(bodyObject(request.body))) params[key] = String(value);
    }
    if (params.app_key !== APP_KEY) fail('InvalidAppKey', 'The specified app key is invalid', 'SYSTEM');
    if (params.sign_method !== 'sha256') fail('InvalidSignatureMethod', 'The signature method is not supported', 'SYSTEM');
    const timestamp = parseTime(params.timestamp);
    if (timestamp === undefined || Math.abs(timestamp - now()) > MAX_SKEW_MS)
      fail('InvalidTimestamp', 'The timestamp is invalid or out of range', 'SYSTEM');
    if (!sameText(lazadaExpectedSign(APP_SECRET, apiPath, params), params.sign ?? '')) {
      fail('IncompleteSignature', 'The request signature does not conform to platform standards', 'SYSTEM');
    }
    const open = publicHandlers.get(apiPath);
    if (open) {
      if (store.isRateLimited('lazada', `${apiPath}:app`, PER_SECOND))
        fail('ApiCallLimit', 'Api access frequency exceeds the limit. this ban will last 1 seconds', 'SYSTEM');
      return reply.send({ ...bodyObject(await open(params)), code: '0', request_id: newRequestId() });
    }
    const handler = handlers.get(apiPath);
    if (!handler) return fail('InvalidApiPath', 'The specified API path is invalid', 'SYSTEM');
    // The category calls document the access token as not required: the catalogue is the same for every seller.
    if (TOKEN_OPTIONAL.has(apiPath) && !params.access_token) {
      const catalogue = store.shopsOf('lazada')[0] ?? fail('ServiceTimeout', 'No Lazada catalogue', 'ISP');
      if (store.isRateLimited('lazada', `${apiPath}:app`, PER_SECOND))
        fail('ApiCallLimit', 'Api access frequency exceeds the limit. this ban will last 1 seconds', 'SYSTEM');
      return send(reply, await handler({ params, shop: catalogue, files, request }));
    }
    const access = store.checkAccess('lazada', params.access_token ?? '');
    if (!access.ok) return fail('IllegalAccessToken', 'The specified access token is invalid or expired');
    const shop = store.findShop('lazada', access.grant.shopIds[0] ?? '');
    if (!shop) return fail('IllegalAccessToken', 'The specified access token is invalid or expired');
    if (store.isRateLimited('lazada', `${apiPath}:${shop.shopId}`, PER_SECOND)) {
      fail('ApiCallLimit', 'Api access frequency exceeds the limit. this ban will last 1 seconds', 'SYSTEM');
    }
    const result = await handler({ params, shop, files, request });
    return send(reply, result);
  };
  const send = (reply: FastifyReply, result: unknown) => {
    if (reply.sent) return;
    // Fulfilment APIs answer `result{...}` and image migration a top-level `batch_id`; the rest use `data`.
    const body = bodyObject(result);
    if ('result' in body || 'batch_id' in body) return reply.send({ code: '0', ...body, request_id: newRequestId() });
    return reply.send({ code: '0', data: result, request_id: newRequestId() });
  };
  app.get('/rest/*', dispatch);
  app.post('/rest/*', dispatch);

  // ------------------------------------------------------------------------------------------- shop and catalogue

  api('/seller/get', ({ shop }) => ({
    name: shop.name,
    name_company: `PT ${shop.name}`,
    seller_id: Number(shop.shopId),
    short_code: shop.code ?? '',
    email: `${shop.shopId}@seller.sandbox`,
    cb: false,
    location: 'Jakarta',
    status: 'ACTIVE',
    verified: true,
  }));

  api('/category/tree/get', ({ shop }) => {
    const node = (category: SandboxCategory): unknown => ({
      category_id: Number(category.id),
      name: category.name,
      leaf: category.leaf,
      var: category.leaf,
      ...(category.leaf ? {} : { children: shop.categories.filter((child) => child.parentId === category.id).map(node) }),
    });
    return shop.categories.filter((category) => category.parentId === undefined).map(node);
  });

  api('/category/attributes/get', ({ shop, params }) => {
    const id = params.primary_category_id ?? fail('MissingParameter', 'The input parameter "primary_category_id" is mandatory');
    const category = shop.categories.find((c) => c.id === id);
    if (!category?.leaf) fail('InvalidCategory', 'The category does not exist or is not a leaf category');
    const fixed = [
      {
        id: 1,
        name: 'name',
        label: 'Product Name',
        is_mandatory: 1,
        attribute_type: 'normal',
        input_type: 'text',
        options: [],
        is_sale_prop: 0,
      },
      {
        id: 2,
        name: 'brand',
        label: 'Brand',
        is_mandatory: 1,
        attribute_type: 'normal',
        input_type: 'singleSelect',
        options: [],
        is_sale_prop: 0,
      },
    ];
    return [
      ...fixed,
      ...(shop.attributes.get(id) ?? []).map((attribute) => ({
        id: Number(attribute.id),
        name: attribute.name.toLowerCase().replace(/\s+/g, '_'),
        label: attribute.name,
        is_mandatory: attribute.mandatory ? 1 : 0,
        attribute_type: attribute.sales ? 'sku' : 'normal',
        input_type: attribute.inputType === 'text' ? 'text' : attribute.inputType === 'multi_select' ? 'multiSelect' : 'singleSelect',
        options: attribute.values.map((value) => ({ id: Number(value.id), name: value.name })),
        is_sale_prop: attribute.sales ? 1 : 0,
      })),
    ];
  });

  api('/category/brands/query', ({ shop, params }) => {
    const start = Number(params.startRow ?? 0);
    const size = Number(params.pageSize ?? 40);
    if (!(size >= 1 && size <= 200)) fail('InvalidParameter', 'pageSize should be between 1 and 200');
    return {
      module: shop.brands.slice(start, start + size).map((brand) => ({
        brand_id: Number(brand.id),
        name: brand.name,
        name_en: brand.name,
        global_identifier: brand.name.toLowerCase().replace(/\s+/g, '_'),
      })),
      total_record: shop.brands.length,
      page_index: Math.floor(start / size) + 1,
      page_size: size,
      start_row: start,
    };
  });

  api('/rc/warehouse/get', ({ shop }) => ({
    result: {
      success: true,
      module: shop.warehouses.map((warehouse) => ({
        code: `WH${warehouse.id}`,
        name: warehouse.name,
        detailAddress: warehouse.address,
        city: warehouse.city,
        isDefault: warehouse.isDefault,
      })),
    },
  }));

  // ------------------------------------------------------------------------------------------- images

  api('/image/upload', ({ files }) => {
    const file = files.find((part) => part.name === 'image') ?? fail('MissingParameter', 'The input parameter "image" is mandatory');
    const image = store.addImage('lazada', file.fileName ?? 'image', 0);
    if (image.failed) fail('InvalidImage', 'The image format or content is not supported');
    return { image: { url: image.url, hash_code: image.id } };
  });

  const batches = new Map<string, string[]>();

  api('/images/migrate', ({ params }) => {
    const payload = params.payload ?? fail('MissingParameter', 'The input parameter "payload" is mandatory');
    const urls = payload.trim().startsWith('<')
      ? xmlValues(payload, 'Url')
      : ((bodyObject(bodyObject(json(payload, 'payload').Request).Images).Url as string[] | undefined) ?? []);
    if (urls.length === 0 || urls.length > 8) fail('InvalidParameter', 'Between 1 and 8 image URLs are needed');
    const ids = urls.map((url) => store.addImage('lazada', url, store.imageProcessingMs).id);
    const batchId = `${now()}${batches.size + 1}`;
    batches.set(batchId, ids);
    return { batch_id: batchId };
  });

  api('/image/response/get', ({ params }) => {
    const ids = batches.get(params.batch_id ?? '') ?? fail('InvalidParameter', 'The batch_id does not exist');
    const images = ids.map((id) => store.images.get(id)).filter((image) => image !== undefined);
    // Not in the stored docs: how a batch still processing is reported. The sandbox answers with this error.
    if (images.some((image) => store.imageStatus(image) === 'ON_PROGRESS'))
      fail('ResponseNotReady', 'The migration result is not ready yet, try again later');
    return {
      images: images.filter((image) => !image.failed).map((image) => ({ url: image.url, hash_code: image.id })),
      errors: images
        .filter((image) => image.failed)
        .map((image) => ({ field: 'Url', msg: 'Image download or processing failed', original_url: image.name })),
    };
  });

  // ------------------------------------------------------------------------------------------- products

  const productView = (shop: SandboxShop, product: SandboxProduct) => ({
    item_id: Number(product.id),
    primary_category: Number(product.categoryId),
    status: PRODUCT_STATUS[product.status],
    created_time: String(product.createdAt),
    updated_time: String(product.updatedAt),
    images: product.images,
    attributes: {
      name: product.name,
      description: product.description,
      brand: shop.brands.find((brand) => brand.id === product.brandId)?.name ?? 'No Brand',
    },
    skus: product.skus.map((sku) => ({
      SkuId: Number(sku.id),
      SellerSku: sku.sellerSku,
      ShopSku: `${product.id}_ID-${sku.id}`,
      price: sku.price,
      special_price: 0,
      quantity: sku.stock,
      Status: product.status === 'active' ? 'active' : 'inactive',
      package_weight: String(product.weightGrams / 1000),
      Images: product.images,
      multiWarehouseInventories: [{ warehouseCode: `WH${sku.warehouseId}`, quantity: sku.stock }],
      ...sku.options,
    })),
    ...(product.status === 'rejected' ? { rejectReason: product.rejectReason } : {}),
  });

  const imageUrls = new Set<string>();
  const knownImage = (url: string): boolean => {
    if (imageUrls.size !== store.images.size) for (const image of store.images.values()) imageUrls.add(image.url);
    return imageUrls.has(url);
  };

  /**
   * The category's is_mandatory attributes go in `Attributes` under their `name` (sales ones per SKU). A single- or
   * multi-select attribute takes its option's *name* (several joined by commas), never the option id.
   */
  const checkAttributes = (shop: SandboxShop, categoryId: string, attributes: Record<string, unknown>, requireMandatory = true) => {
    for (const attribute of shop.attributes.get(categoryId) ?? []) {
      if (attribute.sales) continue;
      const key = attribute.name.toLowerCase().replace(/\s+/g, '_');
      const raw = String(attributes[key] ?? '').trim();
      if (raw === '') {
        if (attribute.mandatory && requireMandatory) fail('MissingParameter', `Attributes.${key} is mandatory`);
        continue;
      }
      if (attribute.values.length === 0 || (attribute.inputType !== 'single_select' && attribute.inputType !== 'multi_select')) continue;
      const values = attribute.inputType === 'multi_select' ? raw.split(',').map((v) => v.trim()) : [raw];
      const unknown = values.find((value) => !attribute.values.some((option) => option.name === value));
      if (unknown !== undefined)
        fail('InvalidParameter', `Attributes.${key}: "${unknown}" is not an option of ${attribute.name}; send the option name`);
    }
  };

  api('/product/create', ({ shop, params }) => {
    const product = bodyObject(bodyObject(json(params.payload, 'payload').Request).Product);
    const category = shop.categories.find((c) => c.id === String(product.PrimaryCategory));
    if (!category?.leaf) fail('InvalidCategory', 'PrimaryCategory does not exist or is not a leaf category');
    const attributes = bodyObject(product.Attributes);
    if (!attributes.name) fail('MissingParameter', 'Attributes.name is mandatory');
    checkAttributes(shop, String(product.PrimaryCategory), attributes);
    const images = ((bodyObject(product.Images).Image as string[] | undefined) ?? []).map(String);
    if (images.length === 0) fail('MissingParameter', 'Images.Image is mandatory');
    const foreign = images.find((url) => !knownImage(url));
    if (foreign) fail('InvalidImage', `Image ${foreign} must be uploaded or migrated to Lazada first`);
    const skus = (bodyObject(product.Skus).Sku as Record<string, unknown>[] | undefined) ?? [];
    if (skus.length === 0 || skus.length > 50) fail('InvalidParameter', 'Skus.Sku must hold 1 to 50 SKUs');
    const brand = shop.brands.find((b) => b.name === attributes.brand);
    const created = store.createProduct(shop, {
      name: String(attributes.name),
      description: String(attributes.description ?? ''),
      categoryId: category?.id ?? '',
      ...(brand ? { brandId: brand.id } : {}),
      images,
      weightGrams: Math.round(Number(skus[0]?.package_weight ?? 0) * 1000),
      skus: skus.map((sku) => ({
        sellerSku: String(sku.SellerSku ?? ''),
        price: Number(sku.price ?? 0),
        stock: Number(sku.quantity ?? 0),
        warehouseId: shop.warehouses[0]?.id ?? '',
        options: Object.fromEntries(
          Object.entries(sku)
            .filter(([key]) => /^[A-Z][a-z]+$/.test(key) && !['Images'].includes(key))
            .map(([k, v]) => [k, String(v)]),
        ),
      })),
    });
    return {
      item_id: Number(created.id),
      sku_list: created.skus.map((sku) => ({ shop_sku: `${created.id}_ID-${sku.id}`, seller_sku: sku.sellerSku, sku_id: Number(sku.id) })),
    };
  });

  api('/product/update', ({ shop, params }) => {
    const product = bodyObject(bodyObject(json(params.payload, 'payload').Request).Product);
    const existing = shop.products.get(String(product.ItemId ?? '')) ?? fail('InvalidParameter', 'ItemId does not exist');
    const attributes = bodyObject(product.Attributes);
    // UpdateProduct is partial: an edit that sends the category (the publish edit does) is checked as a create is;
    // attribute values sent without one are checked against the product's category.
    if (product.PrimaryCategory !== undefined) {
      const category = shop.categories.find((c) => c.id === String(product.PrimaryCategory));
      if (!category?.leaf) fail('InvalidCategory', 'PrimaryCategory does not exist or is not a leaf category');
      checkAttributes(shop, String(product.PrimaryCategory), attributes);
      existing.categoryId = String(product.PrimaryCategory);
    } else checkAttributes(shop, existing.categoryId, attributes, false);
    if (typeof attributes.name === 'string') existing.name = attributes.name;
    if (typeof attributes.description === 'string') existing.description = attributes.description;
    const images = bodyObject(product.Images).Image as string[] | undefined;
    if (images) existing.images = images;
    store.review(existing);
    return {};
  });

  api('/products/get', ({ shop, params }) => {
    const filter = params.filter ?? 'all';
    const statuses = FILTERS[filter] ?? fail('InvalidParameter', `filter ${filter} is not supported`);
    const limit = Number(params.limit ?? 10);
    if (!(limit >= 1 && limit <= 50)) fail('InvalidParameter', 'limit should be between 1 and 50');
    const offset = Number(params.offset ?? 0);
    const after = parseTime(params.update_after);
    const before = parseTime(params.update_before);
    const matching = [...shop.products.values()]
      .filter((product) => statuses.includes(product.status))
      .filter((product) => (after === undefined || product.updatedAt >= after) && (before === undefined || product.updatedAt <= before))
      .sort((a, b) => b.updatedAt - a.updatedAt || a.id.localeCompare(b.id));
    return {
      total_products: matching.length,
      products: matching.slice(offset, offset + limit).map((product) => productView(shop, product)),
    };
  });

  api('/product/item/get', ({ shop, params }) => {
    const product = shop.products.get(params.item_id ?? '');
    if (!product || product.status === 'deleted') return fail('ProductNotFound', 'The product does not exist');
    return productView(shop, product);
  });

  api('/product/price_quantity/update', ({ shop, params }) => {
    const payload = params.payload ?? fail('MissingParameter', 'The input parameter "payload" is mandatory');
    const skuBlocks = [...payload.matchAll(/<Sku>([\s\S]*?)<\/Sku>/g)].map((m) => m[1] ?? '');
    if (skuBlocks.length === 0 || skuBlocks.length > 50) fail('InvalidParameter', 'Between 1 and 50 Sku elements are needed');
    const detail: { field: string; message: string; seller_sku: string }[] = [];
    for (const block of skuBlocks) {
      const itemId = xmlValues(block, 'ItemId')[0] ?? '';
      const skuId = xmlValues(block, 'SkuId')[0] ?? '';
      const sellerSku = xmlValues(block, 'SellerSku')[0] ?? '';
      const product = shop.products.get(itemId);
      const sku = product?.skus.find((candidate) => candidate.id === skuId || (skuId === '' && candidate.sellerSku === sellerSku));
      if (!product || !sku) {
        detail.push({ field: 'SkuId', message: 'SKU not found', seller_sku: sellerSku });
        continue;
      }
      const quantity = xmlValues(block, 'Quantity')[0];
      const price = xmlValues(block, 'Price')[0];
      if (quantity !== undefined) sku.stock = Number(quantity);
      if (price !== undefined) sku.price = Number(price);
      product.updatedAt = now();
    }
    if (detail.length > 0) fail('501', 'Update Failed', 'ISV', { detail });
    return {};
  });

  // ------------------------------------------------------------------------------------------- orders

  const orderView = (order: SandboxOrder) => ({
    order_id: Number(order.id),
    order_number: Number(order.id),
    statuses: [order.status],
    created_at: lazadaDate(order.createdAt),
    updated_at: lazadaDate(order.updatedAt),
    price: `${order.items.reduce((sum, item) => sum + item.price * item.quantity, 0).toFixed(2)}`,
    shipping_fee: order.shippingFee,
    payment_method: 'COD',
    customer_first_name: order.buyerName,
    customer_last_name: '',
    items_count: order.items.reduce((sum, item) => sum + item.quantity, 0),
    address_shipping: {
      first_name: order.recipient.name,
      phone: order.recipient.phone,
      address1: order.recipient.address,
      city: order.recipient.city,
      post_code: order.recipient.postcode,
      country: 'Indonesia',
    },
    warehouse_code: 'dropshipping',
  });

  // Lazada lists one order item per unit, each with its own order_item_id.
  const orderItems = (order: SandboxOrder) =>
    order.items.flatMap((item) =>
      Array.from({ length: item.quantity }, (_, unit) => ({
        order_item_id: Number(`${item.id}${unit}`),
        order_id: Number(order.id),
        name: item.name,
        sku: item.sellerSku,
        shop_sku: `${item.productId}_ID-${item.skuId}`,
        sku_id: item.skuId,
        product_id: item.productId,
        item_price: item.price,
        paid_price: item.price,
        currency: 'IDR',
        status: order.status,
        tracking_code: order.trackingNumber ?? '',
        package_id: order.trackingNumber ? `FP${order.packageId}` : '',
        shipment_provider: order.courier,
        reason: order.cancelReason ?? '',
      })),
    );

  const itemIdsOfParam = (value: string | undefined): string[] => {
    let list: string[];
    try {
      list = (JSON.parse(value ?? '') as unknown[]).map(String);
    } catch {
      list = [];
    }
    if (list.length === 0)
      fail('MissingParameter', 'The input parameter "order_item_ids" that is mandatory for processing this request is not supplied.');
    return list;
  };

  const findOrder = (shop: SandboxShop, id: string | undefined): SandboxOrder =>
    shop.orders.get(id ?? '') ?? fail('InvalidOrderID', 'The order does not exist');
  const findByPackage = (shop: SandboxShop, packageId: string): SandboxOrder | undefined =>
    [...shop.orders.values()].find((order) => `FP${order.packageId}` === packageId);

  api('/orders/get', ({ shop, params }) => {
    const createdAfter = parseTime(params.created_after);
    const updatedAfter = parseTime(params.update_after);
    if (createdAfter === undefined && updatedAfter === undefined)
      fail('MissingParameter', 'Either created_after or update_after is mandatory');
    const createdBefore = parseTime(params.created_before);
    const updatedBefore = parseTime(params.update_before);
    const limit = Number(params.limit ?? 100);
    if (!(limit >= 1 && limit <= 100)) fail('InvalidParameter', 'limit should be between 1 and 100');
    const offset = Number(params.offset ?? 0);
    const field = params.sort_by === 'updated_at' ? 'updatedAt' : 'createdAt';
    const matching = [...shop.orders.values()]
      .filter((order) => !params.status || order.status === params.status)
      .filter(
        (order) =>
          (createdAfter === undefined || order.createdAt >= createdAfter) &&
          (createdBefore === undefined || order.createdAt < createdBefore),
      )
      .filter(
        (order) =>
          (updatedAfter === undefined || order.updatedAt >= updatedAfter) &&
          (updatedBefore === undefined || order.updatedAt < updatedBefore),
      )
      .sort((a, b) => (params.sort_direction === 'ASC' ? a[field] - b[field] : b[field] - a[field]) || a.id.localeCompare(b.id));
    const page = matching.slice(offset, offset + limit);
    return { count: page.length, countTotal: matching.length, orders: page.map(orderView) };
  });

  api('/order/get', ({ shop, params }) => orderView(findOrder(shop, params.order_id)));
  api('/order/items/get', ({ shop, params }) => orderItems(findOrder(shop, params.order_id)));

  api('/orders/items/get', ({ shop, params }) => {
    let ids: string[];
    try {
      ids = (JSON.parse(params.order_ids ?? '') as unknown[]).map(String);
    } catch {
      return fail('MissingParameter', 'The input parameter "order_ids" that is mandatory for processing this request is not supplied.');
    }
    if (ids.length === 0 || ids.length > 50) fail('InvalidParameter', 'order_ids should hold 1 to 50 order ids');
    return ids.map((id) => {
      const order = findOrder(shop, id);
      return { order_id: Number(order.id), order_number: Number(order.id), order_items: orderItems(order) };
    });
  });

  // Which providers can carry an order (the new fulfilment flow asks before packing).
  api('/order/shipment/providers/get', ({ shop, params }) => {
    const request = json(params.getShipmentProvidersReq, 'getShipmentProvidersReq');
    const orders = (request.orders as { order_id?: number | string; order_item_ids?: (number | string)[] }[] | undefined) ?? [];
    if (orders.length === 0 || orders.length > 20) fail('InvalidParameter', 'orders must hold 1 to 20 orders');
    const providers = [...new Set([...shop.orders.values()].map((order) => order.courier))];
    return {
      result: {
        success: true,
        data: {
          shipping_allocate_type: 'TFS',
          shipment_providers: orders.map((entry) => {
            const order = findOrder(shop, String(entry.order_id));
            return {
              order_id: Number(order.id),
              providers: [order.courier, ...providers.filter((name) => name !== order.courier)].map((name, index) => ({
                name,
                provider_code: name.toUpperCase().replace(/[^A-Z0-9]+/g, '_'),
                is_default: index === 0,
                cod: true,
              })),
            };
          }),
        },
      },
    };
  });

  // The older document call: invoice, shippingLabel or carrierManifest for order items, as Base64 HTML.
  api('/order/document/get', async ({ shop, params }) => {
    const type = params.doc_type;
    if (!type || !['invoice', 'shippingLabel', 'carrierManifest'].includes(type))
      fail('InvalidParameter', 'doc_type should be invoice, shippingLabel or carrierManifest');
    const itemIds = itemIdsOfParam(params.order_item_ids);
    const order = [...shop.orders.values()].find((candidate) =>
      orderItems(candidate).some((item) => itemIds.includes(String(item.order_item_id))),
    );
    if (!order) return fail('InvalidOrderItemID', 'The order item does not exist');
    if (type === 'shippingLabel' && !order.trackingNumber) fail('E0101', 'The order items are not ready to ship');
    const html = `<html><body><h1>${type}</h1><p>Order ${order.id}</p><p>${order.recipient.name}, ${order.recipient.city}</p>${
      order.trackingNumber ? `<p>AWB ${order.trackingNumber}</p>` : ''
    }</body></html>`;
    return { document: { document_type: type, mime_type: 'text/html', file: Buffer.from(html).toString('base64') } };
  });

  api('/order/fulfill/pack', ({ shop, params }) => {
    const request = json(params.packReq, 'packReq');
    const list = (request.pack_order_list as { order_id?: number | string; order_item_list?: (number | string)[] }[] | undefined) ?? [];
    if (list.length === 0 || list.length > 20) fail('InvalidParameter', 'pack_order_list must hold 1 to 20 orders');
    return {
      result: {
        success: true,
        data: {
          pack_order_list: list.map((entry) => {
            const order = findOrder(shop, String(entry.order_id));
            const ok = order.status === 'pending';
            if (ok) {
              store.setOrderStatus(shop, order, 'packed');
              order.trackingNumber ??= `LXAD-${order.packageId}`;
            }
            return {
              order_id: Number(order.id),
              order_item_list: (entry.order_item_list ?? []).map((itemId) => ({
                order_item_id: Number(itemId),
                package_id: `FP${order.packageId}`,
                tracking_number: order.trackingNumber ?? '',
                shipment_provider: order.courier,
                item_err_code: ok ? '0' : '82',
                msg: ok ? 'success' : `Order is ${order.status}`,
                retry: false,
              })),
            };
          }),
        },
      },
    };
  });

  api('/order/package/rts', ({ shop, params }) => {
    const packages = (json(params.readyToShipReq, 'readyToShipReq').packages as { package_id?: string }[] | undefined) ?? [];
    if (packages.length === 0 || packages.length > 20) fail('InvalidParameter', 'packages must hold 1 to 20 packages');
    return {
      result: {
        success: true,
        data: {
          packages: packages.map((entry) => {
            const order = findByPackage(shop, String(entry.package_id));
            const ok = order?.status === 'packed';
            if (order && ok) store.setOrderStatus(shop, order, 'ready_to_ship');
            return { package_id: entry.package_id, item_err_code: ok ? '0' : '82', msg: ok ? 'success' : 'Package is not packed' };
          }),
        },
      },
    };
  });

  api('/order/package/document/get', async ({ shop, params }) => {
    const request = json(params.getDocumentReq, 'getDocumentReq');
    const packages = (request.packages as { package_id?: string }[] | undefined) ?? [];
    const order = packages.length === 1 ? findByPackage(shop, String(packages[0]?.package_id)) : undefined;
    if (!order) return { result: { success: false, error_code: 'PACKAGE_NOT_FOUND', error_msg: 'Package not found' } };
    if (request.doc_type !== 'PDF')
      return { result: { success: false, error_code: 'DOC_TYPE_NOT_SUPPORTED', error_msg: 'Only PDF in the sandbox' } };
    const pdf = await renderLabelPdf(shop, order);
    return { result: { success: true, data: { doc_type: 'PDF', file: pdf.toString('base64') } } };
  });

  const itemIdsOf = (params: Params): string[] => {
    try {
      return (JSON.parse(params.order_item_id_list ?? '[]') as unknown[]).map(String);
    } catch {
      return fail('InvalidParameter', 'order_item_id_list should be a JSON array');
    }
  };

  api('/order/reverse/cancel/validate', ({ shop, params }) => {
    const order = findOrder(shop, params.order_id);
    itemIdsOf(params);
    const cancellable = ['unpaid', 'pending', 'packed'].includes(order.status);
    return {
      tip_type: cancellable ? 'NONE' : 'DISABLE',
      tip_content: cancellable ? '' : `Order is ${order.status}`,
      reason_options: cancellable ? CANCEL_REASONS : [],
    };
  });

  api('/order/reverse/cancel/create', ({ shop, params }) => {
    const order = findOrder(shop, params.order_id);
    if (itemIdsOf(params).length === 0) fail('InvalidParameter', 'order_item_id_list is mandatory');
    if (!['unpaid', 'pending', 'packed'].includes(order.status)) fail('CancelNotAllowed', `Order is ${order.status}`);
    // Lazada takes only a reason id its validate call offered (E0104), never a free code such as OUT_OF_STOCK.
    const reason =
      CANCEL_REASONS.find((candidate) => candidate.reason_id === params.reason_id) ?? fail('104', 'E0104: reason is empty or invalid');
    order.cancelReason = reason.reason_name;
    store.setOrderStatus(shop, order, 'canceled');
    return {};
  });

  // ------------------------------------------------------------------------------------------- returns (research §3.4)
  // A reverse order exists for every order that reached `returned` (the order lifecycle moves delivered orders there
  // on the clock). Sandbox choice for its progress, per line: REQUEST_INITIATE → (1 day) BUYER_RETURN_ITEM →
  // (3 days) REFUND_PENDING → (4 days) REFUND_SUCCESS.
  const DAY = 86_400_000;
  const REVERSE_STEPS: readonly [number, string, string][] = [
    [0, 'REQUEST_INITIATE', 'RETURN_REQUESTED'],
    [DAY, 'BUYER_RETURN_ITEM', 'IN_TRANSIT'],
    [3 * DAY, 'REFUND_PENDING', 'DELIVERED_TO_SELLER'],
    [4 * DAY, 'REFUND_SUCCESS', 'DELIVERED_TO_SELLER'],
  ];
  const reverseOf = (order: SandboxOrder) => {
    const createdAt = order.history.find((step) => step.status === 'returned')?.at;
    if (createdAt === undefined) return undefined;
    const [offset, status, ofc] = REVERSE_STEPS.filter(([after]) => createdAt + after <= now()).at(-1) ?? REVERSE_STEPS[0]!;
    return {
      reverse_order_id: Number(`8${order.id}`),
      trade_order_id: Number(order.id),
      request_type: 'RETURN',
      is_rtm: false,
      shipping_type: 'DROPSHIP',
      reverse_order_lines: orderItems(order).map((line) => ({
        reverse_order_line_id: Number(`8${line.order_item_id}`),
        trade_order_line_id: line.order_item_id,
        reverse_status: status,
        ofc_status: ofc,
        reason_code: '10001',
        reason_text: 'Item does not match description',
        return_order_line_gmt_create: createdAt,
        return_order_line_gmt_modified: createdAt + offset,
        refund_amount: line.paid_price,
        item_unit_price: line.item_price,
        seller_sku_id: line.sku,
        platform_sku_id: line.sku_id,
        product: { product_id: line.product_id, product_sku: line.sku_id, product_name: line.name },
      })),
    };
  };
  // A buyer's cancel request is a CANCEL reverse order, REQUEST_INITIATE until the seller decides
  // (/order/reverse/cancel/seller/decide): CANCEL_SUCCESS (the order is canceled) or REQUEST_REJECT.
  const cancelReverseOf = (order: SandboxOrder) => {
    const request = order.buyerCancel;
    if (!request) return undefined;
    const status = !request.answer ? 'REQUEST_INITIATE' : request.answer.agreed ? 'CANCEL_SUCCESS' : 'REQUEST_REJECT';
    return {
      reverse_order_id: Number(request.id),
      trade_order_id: Number(order.id),
      request_type: 'CANCEL',
      is_rtm: false,
      shipping_type: 'DROPSHIP',
      reverse_order_lines: orderItems(order).map((line) => ({
        reverse_order_line_id: Number(`9${line.order_item_id}`),
        trade_order_line_id: line.order_item_id,
        reverse_status: status,
        ofc_status: '',
        reason_code: '10002',
        reason_text: request.reason,
        return_order_line_gmt_create: request.at,
        return_order_line_gmt_modified: request.answer?.at ?? request.at,
        refund_amount: line.paid_price,
        item_unit_price: line.item_price,
        seller_sku_id: line.sku,
        platform_sku_id: line.sku_id,
        product: { product_id: line.product_id, product_sku: line.sku_id, product_name: line.name },
      })),
    };
  };
  const reversesOf = (shop: SandboxShop) =>
    [...shop.orders.values()]
      .flatMap((order) => [reverseOf(order), cancelReverseOf(order)])
      .filter((entry): entry is NonNullable<ReturnType<typeof reverseOf>> => entry !== undefined);

  api('/order/reverse/cancel/seller/decide', ({ shop, params }) => {
    const id = params.reverse_order_id;
    const order = id ? [...shop.orders.values()].find((candidate) => candidate.buyerCancel?.id === id) : undefined;
    if (!order) return fail('105', 'E0105: reverse order id is empty or invalid');
    if (params.agree_cancel !== 'true' && params.agree_cancel !== 'false') fail('131', 'E0131: no decision for this reverse order');
    if (order.buyerCancel?.answer) fail('114', 'E0114: this reverse does not support this action');
    store.answerBuyerCancel(shop, order, params.agree_cancel === 'true');
    return null;
  });

  api('/reverse/getreverseordersforseller', ({ shop, params }) => {
    const pageNo = Number(params.page_no ?? 1);
    const pageSize = Number(params.page_size ?? 10);
    if (!(pageNo >= 1)) fail('InvalidParameter', 'page_no should be 1 or more');
    if (!(pageSize >= 1 && pageSize <= 100)) fail('InvalidParameter', 'page_size should be between 1 and 100');
    const range = (value: number, start: string | undefined, end: string | undefined) =>
      (start === undefined || value >= Number(start)) && (end === undefined || value <= Number(end));
    const statuses = params.reverse_status_list ? (JSON.parse(params.reverse_status_list) as string[]) : undefined;
    const types = params.request_type_list ? (JSON.parse(params.request_type_list) as string[]) : undefined;
    const matching = reversesOf(shop)
      .filter((entry) => !params.reverse_order_id || String(entry.reverse_order_id) === params.reverse_order_id)
      .filter((entry) => !params.trade_order_id || String(entry.trade_order_id) === params.trade_order_id)
      .filter((entry) => !types || types.includes(entry.request_type))
      .filter((entry) => entry.reverse_order_lines.some((line) => !statuses || statuses.includes(line.reverse_status)))
      .filter((entry) =>
        entry.reverse_order_lines.some(
          (line) =>
            range(
              line.return_order_line_gmt_create,
              params.ReverseOrderLineCreatedTimeRangeStart,
              params.ReverseOrderLineCreatedTimeRangeEnd,
            ) &&
            range(
              line.return_order_line_gmt_modified,
              params.ReverseOrderLineModifiedTimeRangeStart,
              params.ReverseOrderLineModifiedTimeRangeEnd,
            ),
        ),
      )
      .sort(
        (a, b) =>
          b.reverse_order_lines[0]!.return_order_line_gmt_create - a.reverse_order_lines[0]!.return_order_line_gmt_create ||
          a.reverse_order_id - b.reverse_order_id,
      );
    const start = (pageNo - 1) * pageSize;
    return { result: { page_no: pageNo, page_size: pageSize, total: matching.length, items: matching.slice(start, start + pageSize) } };
  });

  api('/order/reverse/return/detail/list', ({ shop, params }) => {
    const id = params.reverse_order_id ?? fail('MissingParameter', 'The input parameter "reverse_order_id" is mandatory');
    return (
      reversesOf(shop).find((entry) => String(entry.reverse_order_id) === id) ??
      fail('ReverseOrderNotFound', 'The reverse order does not exist')
    );
  });
};
