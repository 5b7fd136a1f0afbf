import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SANDBOX_CREDENTIALS } from '../sandbox-credentials.ts';
import { CONSENT_SCOPES, renderConsentPage } from '../core/consent-page.ts';
import { appendQuery, bodyObject, isMultipart, newRequestId, pathBelow, queryOf, rawBodyOf } from '../core/http-helpers.ts';
import { renderLabelPdf } from '../core/label-pdf.ts';
import { sameText, tiktokExpectedSign } from '../core/signatures.ts';
import { attributeProblem, describeAttributeProblem } from '../core/mandatory-attributes.ts';
import type { Grant, SandboxStore } from '../core/sandbox-store.ts';
import type { SandboxOrder, SandboxProduct, SandboxProductStatus, SandboxShop } from '../core/sandbox-types.ts';

/** TikTok Shop Partner API 202309+ (also Tokopedia) on its real paths (research §2): `{code, message, request_id, data}`. */

const PREFIX = '/tiktok';
const ACCESS_TTL_MS = 7 * 86_400_000;
const AUTHORIZATION_MS = 365 * 86_400_000;
const CODE_TTL_MS = 30 * 60_000;
const PER_SECOND = 50;
// Partner Center registers the redirect URL per app; the sandbox takes `redirect_uri` or falls back to this.
const DEFAULT_REDIRECT = 'http://localhost:3000/integration/tiktok';
const { appKey: APP_KEY, appSecret: APP_SECRET, serviceId: SERVICE_ID } = SANDBOX_CREDENTIALS.tiktok;

const PRODUCT_STATUS: Record<SandboxProductStatus, string> = {
  reviewing: 'PENDING',
  active: 'ACTIVATE',
  inactive: 'SELLER_DEACTIVATED',
  rejected: 'FAILED',
  deleted: 'DELETED',
};

// Indonesian seller cancel reasons by order status (research §2.4).
const CANCEL_REASONS: Record<string, string[]> = {
  UNPAID: [
    'seller_cancel_unpaid_reason_out_of_stock',
    'seller_cancel_unpaid_reason_wrong_price',
    'seller_cancel_unpaid_reason_buyer_hasnt_paid_within_time_allowed',
  ],
  ON_HOLD: ['seller_cancel_reason_out_of_stock', 'seller_cancel_reason_wrong_price', 'seller_cancel_paid_reason_address_not_deliver'],
  AWAITING_SHIPMENT: [
    'seller_cancel_reason_out_of_stock',
    'seller_cancel_reason_wrong_price',
    'seller_cancel_paid_reason_address_not_deliver',
  ],
};

class TiktokFailure extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

const fail = (status: number, code: number, message: string): never => {
  throw new TiktokFailure(status, code, message);
};

const DAY = 86_400_000;
/** Sandbox choice: whether the buyer of an order asks for a return (half of the orders, fixed by the order id). */
const buyerReturns = (orderId: string): boolean => [...orderId].reduce((hash, char) => (hash * 31 + char.charCodeAt(0)) >>> 0, 7) % 2 === 0;
const seconds = (ms: number): number => Math.floor(ms / 1000);
const num = (value: unknown): number => (typeof value === 'number' ? value : Number(value));
const pageToken = (offset: number): string => Buffer.from(`offset:${offset}`).toString('base64url');
const readToken = (token: string | undefined): number =>
  token ? Number(Buffer.from(token, 'base64url').toString().replace('offset:', '')) || 0 : 0;

/** Calls that act for one shop carry shop_cipher; authorization, seller and image upload calls must not. */
const cipherRule = (path: string): 'required' | 'forbidden' =>
  path.startsWith('/authorization/') || path.startsWith('/seller/') || path === '/product/202309/images/upload' ? 'forbidden' : 'required';

type Ctx = { shop: SandboxShop | undefined; grant: Grant };

export const registerTiktok = (app: FastifyInstance, store: SandboxStore): void => {
  const now = (): number => store.clock.now();
  const ok = (reply: FastifyReply, data: unknown) => reply.send({ code: 0, message: 'Success', request_id: newRequestId(), data });

  // An unknown path answers in TikTok Shop's own envelope, not the framework's 404 body.
  app.setNotFoundHandler((request, reply) =>
    reply.status(404).send({ code: 36009009, message: `Invalid path: ${pathBelow(request, PREFIX)}`, request_id: newRequestId() }),
  );

  app.setErrorHandler((error, _request, reply) => {
    if (error instanceof TiktokFailure)
      return reply.status(error.status).send({ code: error.code, message: error.message, request_id: newRequestId() });
    return reply
      .status(500)
      .send({ code: 36009003, message: error instanceof Error ? error.message : String(error), request_id: newRequestId() });
  });

  const verify = (request: FastifyRequest): Ctx => {
    const query = queryOf(request);
    const path = pathBelow(request, PREFIX);
    if (query.app_key !== APP_KEY) fail(401, 36009004, 'Invalid app_key.');
    const timestamp = num(query.timestamp);
    // The documented window is lopsided: five minutes back, thirty seconds ahead.
    if (!(timestamp >= seconds(now()) - 300 && timestamp <= seconds(now()) + 30)) fail(401, 36009004, 'Invalid timestamp.');
    const multipart = String(request.headers['content-type'] ?? '').startsWith('multipart/form-data');
    const expected = tiktokExpectedSign(APP_SECRET, path, query, multipart ? '' : rawBodyOf(request));
    if (!sameText(expected, query.sign ?? '')) fail(401, 106001, 'Invalid signature.');
    const token = String(request.headers['x-tts-access-token'] ?? '');
    const access = store.checkAccess('tiktok', token);
    if (!access.ok)
      return fail(
        401,
        access.reason === 'expired' ? 105002 : 105001,
        access.reason === 'expired' ? 'Expired credentials.' : 'Invalid credentials.',
      );
    const rule = cipherRule(path);
    if (rule === 'forbidden' && query.shop_cipher)
      fail(400, 36009004, 'Unexpected identifier. The shop_cipher query parameter is not required');
    let shop: SandboxShop | undefined;
    if (rule === 'required') {
      if (!query.shop_cipher) fail(400, 106013, 'shop_cipher is required.');
      shop = store
        .shopsOf('tiktok')
        .find((candidate) => candidate.cipher === query.shop_cipher && access.grant.shopIds.includes(candidate.shopId));
      if (!shop) fail(403, 105005, 'The shop is not authorized for this app.');
    }
    if (store.isRateLimited('tiktok', `${path}:${shop?.shopId ?? token}`, PER_SECOND)) fail(429, 36009002, 'Too many requests.');
    return { shop, grant: access.grant };
  };

  const route = (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    handler: (ctx: Ctx & { shop: SandboxShop }, request: FastifyRequest, reply: FastifyReply) => unknown,
  ) =>
    app.route({
      method,
      url,
      handler: async (request, reply) => {
        const ctx = verify(request);
        const data = await handler(ctx as Ctx & { shop: SandboxShop }, request, reply);
        if (!reply.sent) return ok(reply, data);
      },
    });

  // ------------------------------------------------------------------------------------------- authorization

  app.get('/open/authorize', async (request, reply) => {
    const query = queryOf(request);
    if (query.service_id !== SERVICE_ID) return reply.status(400).type('text/html').send('<h1>Invalid service_id</h1>');
    return reply.type('text/html').send(
      renderConsentPage({
        marketplace: 'TikTok Shop',
        colour: '#000000',
        appName: `Kelola (${APP_KEY})`,
        action: `${PREFIX}/__consent/authorize`,
        hidden: { state: query.state ?? '', redirect_uri: query.redirect_uri ?? DEFAULT_REDIRECT },
        accounts: store.shopsOf('tiktok').map((shop) => ({ value: shop.shopId, label: `${shop.name} (${shop.region})` })),
        accountField: 'shop',
        scopes: CONSENT_SCOPES,
      }),
    );
  });

  app.get('/__consent/authorize', async (request, reply) => {
    const { state = '', redirect_uri: redirect = DEFAULT_REDIRECT, shop: shopId = '', decision } = queryOf(request);
    if (decision !== 'allow') return reply.redirect(appendQuery(redirect, { code: 'null', error: 'auth_denied', state }));
    if (!store.findShop('tiktok', shopId)) return reply.status(400).type('text/plain').send('Unknown shop');
    const code = store.issueCode('tiktok', { shopIds: [shopId] }, CODE_TTL_MS);
    // app_key is not in TikTok's documented redirect, but the spec's return page reads it (research §2.2).
    return reply.redirect(appendQuery(redirect, { code, state, app_key: APP_KEY }));
  });

  const tokenData = (grant: Grant) => ({
    access_token: grant.accessToken,
    access_token_expire_in: seconds(grant.accessExpiresAt),
    refresh_token: grant.refreshToken,
    refresh_token_expire_in: seconds(grant.refreshExpiresAt),
    open_id: `sbx-${grant.shopIds[0] ?? ''}`,
    seller_name: store.findShop('tiktok', grant.shopIds[0] ?? '')?.name ?? '',
    seller_base_region: 'ID',
    user_type: 0,
    granted_scopes: ['seller.authorization.info', 'seller.product.basic', 'seller.order.info', 'seller.fulfillment.basic'],
  });

  app.get('/api/v2/token/get', async (request, reply) => {
    const query = queryOf(request);
    if (query.app_key !== APP_KEY || query.app_secret !== APP_SECRET) fail(401, 36009004, 'Invalid app_key or app_secret.');
    if (query.grant_type !== 'authorized_code') fail(400, 36009001, 'grant_type should be authorized_code.');
    const outcome = store.consumeCode('tiktok', query.auth_code ?? '');
    // The token host's code for a bad auth_code is not in the stored docs; this one is the sandbox's choice.
    if (!outcome.ok) return fail(400, 36004004, 'auth_code is invalid, expired or already used.');
    return ok(reply, tokenData(store.issueGrant('tiktok', outcome, ACCESS_TTL_MS, now() + AUTHORIZATION_MS)));
  });

  app.get('/api/v2/token/refresh', async (request, reply) => {
    const query = queryOf(request);
    if (query.app_key !== APP_KEY || query.app_secret !== APP_SECRET) fail(401, 36009004, 'Invalid app_key or app_secret.');
    if (query.grant_type !== 'refresh_token') fail(400, 36009001, 'grant_type should be refresh_token.');
    const outcome = store.refreshGrant('tiktok', query.refresh_token ?? '', ACCESS_TTL_MS, false);
    if (!outcome.ok) return fail(401, 105002, 'refresh_token is invalid or expired.');
    return ok(reply, tokenData(outcome.grant));
  });

  // Active shops of the seller (no shop_cipher in the answer).
  app.get('/seller/202309/shops', async (request, reply) => {
    const { grant } = verify(request);
    return ok(reply, {
      shops: grant.shopIds
        .map((id) => store.findShop('tiktok', id))
        .filter((shop): shop is SandboxShop => shop !== undefined)
        .map((shop) => ({ id: shop.shopId, name: shop.name, region: shop.region, seller_type: 'LOCAL', code: shop.code })),
    });
  });

  app.get('/authorization/202309/shops', async (request, reply) => {
    const { grant } = verify(request);
    return ok(reply, {
      shops: grant.shopIds
        .map((id) => store.findShop('tiktok', id))
        .filter((shop): shop is SandboxShop => shop !== undefined)
        .map((shop) => ({
          id: shop.shopId,
          name: shop.name,
          region: shop.region,
          seller_type: 'LOCAL',
          cipher: shop.cipher,
          code: shop.code,
        })),
    });
  });

  // ------------------------------------------------------------------------------------------- catalogue

  route('GET', '/product/202309/categories', ({ shop }) => ({
    categories: shop.categories.map((category) => ({
      id: category.id,
      parent_id: category.parentId ?? '0',
      local_name: category.name,
      is_leaf: category.leaf,
      permission_statuses: ['AVAILABLE'],
    })),
  }));

  route('GET', '/product/202309/categories/:categoryId/attributes', ({ shop }, request) => {
    const { categoryId } = request.params as { categoryId: string };
    const category = shop.categories.find((c) => c.id === categoryId);
    if (!category) fail(404, 12052005, 'Category does not exist.');
    if (category && !category.leaf) fail(400, 12052006, 'Category is not a leaf category.');
    return {
      attributes: (shop.attributes.get(categoryId) ?? []).map((attribute) => ({
        id: attribute.id,
        name: attribute.name,
        type: attribute.sales ? 'SALES_PROPERTY' : 'PRODUCT_PROPERTY',
        is_requried: attribute.mandatory,
        is_multiple_selection: attribute.inputType === 'multi_select',
        is_customizable: attribute.inputType === 'text',
        values: attribute.values.map((value) => ({ id: value.id, name: value.name })),
      })),
    };
  });

  route('GET', '/product/202309/brands', ({ shop }, request) => {
    const query = queryOf(request);
    const size = num(query.page_size);
    if (!(size >= 1 && size <= 100)) fail(400, 36009001, 'page_size should be between 1 and 100.');
    const offset = readToken(query.page_token);
    const page = shop.brands.slice(offset, offset + size);
    return {
      brands: page.map((brand) => ({ id: brand.id, name: brand.name, authorized_status: 'AUTHORIZED', brand_status: 'AVAILABLE' })),
      total_count: shop.brands.length,
      next_page_token: offset + size < shop.brands.length ? pageToken(offset + size) : '',
    };
  });

  route('GET', '/logistics/202309/warehouses', ({ shop }) => ({
    warehouses: shop.warehouses.map((warehouse) => ({
      id: warehouse.id,
      name: warehouse.name,
      effect_status: 'ENABLED',
      type: 'SALES_WAREHOUSE',
      sub_type: 'DOMESTIC_WAREHOUSE',
      is_default: warehouse.isDefault,
      address: { region: 'Indonesia', city: warehouse.city, address_line1: warehouse.address },
    })),
  }));

  // ------------------------------------------------------------------------------------------- products

  app.post('/product/202309/images/upload', async (request, reply) => {
    verify(request);
    const parts = isMultipart(request.body) ? request.body : [];
    const file = parts.find((part) => part.name === 'data');
    if (!file) return fail(400, 36009001, 'data is required.');
    const useCase = parts.find((part) => part.name === 'use_case')?.data.toString() ?? 'MAIN_IMAGE';
    const image = store.addImage('tiktok', file.fileName ?? 'image', 0);
    // The image error code is the sandbox's choice; the stored docs list none for unreadable images.
    if (image.failed) return fail(400, 12019001, 'The image could not be processed.');
    return ok(reply, { uri: image.id, url: image.url, width: 800, height: 800, use_case: useCase });
  });

  const findProduct = (shop: SandboxShop, id: string): SandboxProduct => {
    const product = shop.products.get(id);
    if (!product || product.status === 'deleted') return fail(404, 12052700, 'Product does not exist.');
    return product;
  };

  const skuView = (product: SandboxProduct) =>
    product.skus.map((sku) => ({
      id: sku.id,
      seller_sku: sku.sellerSku,
      price: { currency: 'IDR', tax_exclusive_price: String(sku.price), sale_price: String(sku.price) },
      inventory: [{ warehouse_id: sku.warehouseId, quantity: sku.stock }],
      sales_attributes: Object.entries(sku.options).map(([name, value]) => ({ name, value_name: value })),
    }));

  type SkuBody = {
    seller_sku?: string;
    price?: { amount?: string };
    inventory?: { warehouse_id?: string; quantity?: number }[];
    sales_attributes?: { name?: string; value_name?: string }[];
  };

  const readProductBody = (shop: SandboxShop, body: Record<string, unknown>) => {
    for (const field of ['title', 'description', 'category_id', 'main_images', 'skus', 'package_weight']) {
      if (body[field] === undefined || body[field] === '') fail(400, 12052001, `${field} is required.`);
    }
    const category = shop.categories.find((c) => c.id === String(body.category_id));
    if (!category || !category.leaf) fail(400, 12052006, 'category_id must be a leaf category.');
    const images = ((body.main_images as { uri?: string }[]) ?? []).map((image) => String(image.uri ?? ''));
    if (images.length === 0 || images.length > 9) fail(400, 12052001, 'main_images must hold 1 to 9 images.');
    const missing = images.find((uri) => !store.images.has(uri));
    if (missing) fail(400, 12052010, `Image ${missing} does not exist.`);
    const skus = ((body.skus as SkuBody[]) ?? []).map((sku) => {
      const inventory = sku.inventory?.[0];
      // Create Product documents quantity 1..99,999 while the spec publishes with 0 (research §2.6); 0 is allowed here.
      if (!inventory?.warehouse_id || !shop.warehouses.some((w) => w.id === inventory.warehouse_id))
        fail(400, 12052020, 'inventory.warehouse_id is invalid.');
      if (!(num(inventory?.quantity) >= 0 && num(inventory?.quantity) <= 99_999))
        fail(400, 12052021, 'inventory.quantity should be between 0 and 99999.');
      if (!(num(sku.price?.amount) > 0)) fail(400, 12052022, 'price.amount is required.');
      return {
        sellerSku: sku.seller_sku ?? '',
        price: num(sku.price?.amount),
        stock: num(inventory?.quantity),
        warehouseId: inventory?.warehouse_id ?? '',
        options: Object.fromEntries((sku.sales_attributes ?? []).map((attribute) => [attribute.name ?? '', attribute.value_name ?? ''])),
      };
    });
    if (skus.length === 0) fail(400, 12052001, 'skus is required.');
    const weight = bodyObject(body.package_weight);
    const grams = num(weight.value) * (weight.unit === 'POUND' ? 453.6 : 1000);
    return { category: String(body.category_id), images, skus, grams };
  };

  /**
   * `product_attributes[{id, values[{id?, name?}]}]`: a listed value goes by its id, a custom value (only where
   * the attribute is customizable) by its name; a required attribute may not be left out. The stored docs give
   * no code for these refusals; 12052230 is the sandbox's choice, in the product module's range.
   */
  const sentProductAttributes = (body: Record<string, unknown>) =>
    ((body.product_attributes as { id?: unknown; values?: { id?: unknown; name?: unknown }[] }[] | undefined) ?? []).map((attribute) => ({
      id: String(attribute.id ?? ''),
      values: (attribute.values ?? []).map((value) => ({
        ...(value.id !== undefined ? { id: String(value.id) } : {}),
        ...(value.name !== undefined ? { name: String(value.name) } : {}),
      })),
    }));
  const checkProductAttributes = (shop: SandboxShop, categoryId: string, body: Record<string, unknown>) => {
    const sent = new Map(sentProductAttributes(body).map((attribute) => [attribute.id, attribute.values]));
    const problem = attributeProblem(shop, categoryId, sent);
    if (problem) fail(400, 12052230, describeAttributeProblem(problem));
  };

  route('POST', '/product/202309/products', ({ shop }, request) => {
    const body = bodyObject(request.body);
    checkProductAttributes(shop, String(body.category_id ?? ''), body);
    const input = readProductBody(shop, body);
    const product = store.createProduct(shop, {
      name: String(body.title),
      description: String(body.description),
      categoryId: input.category,
      ...(body.brand_id ? { brandId: String(body.brand_id) } : {}),
      images: input.images,
      weightGrams: Math.round(input.grams),
      skus: input.skus,
    });
    product.attributes = sentProductAttributes(body);
    return {
      product_id: product.id,
      skus: product.skus.map((sku) => ({ id: sku.id, seller_sku: sku.sellerSku, sales_attributes: [] })),
      warnings: [],
    };
  });

  route('PUT', '/product/202309/products/:productId', ({ shop }, request) => {
    const product = findProduct(shop, (request.params as { productId: string }).productId);
    const body = bodyObject(request.body);
    // Edit Product replaces the whole product: its attributes are checked as on create.
    checkProductAttributes(shop, String(body.category_id ?? ''), body);
    const input = readProductBody(shop, body);
    product.name = String(body.title);
    product.description = String(body.description);
    product.categoryId = input.category;
    product.images = input.images;
    product.weightGrams = Math.round(input.grams);
    product.skus = input.skus.map((sku, index) => ({ ...sku, id: product.skus[index]?.id ?? `${product.id}${index}` }));
    product.attributes = sentProductAttributes(body);
    store.review(product);
    return { product_id: product.id, skus: product.skus.map((sku) => ({ id: sku.id, seller_sku: sku.sellerSku })), warnings: [] };
  });

  // 202502 is the current documented version; 202309 is what the older SDKs call. Same answer.
  const searchProducts = ({ shop }: Ctx & { shop: SandboxShop }, request: FastifyRequest) => {
    const query = queryOf(request);
    const body = bodyObject(request.body);
    const size = num(query.page_size);
    if (!(size >= 1 && size <= 100)) fail(400, 36009001, 'page_size should be between 1 and 100.');
    const offset = readToken(query.page_token);
    const matching = [...shop.products.values()]
      .filter((product) => product.status !== 'deleted')
      .filter((product) => !body.status || body.status === 'ALL' || PRODUCT_STATUS[product.status] === body.status)
      .filter((product) => body.update_time_ge === undefined || seconds(product.updatedAt) >= num(body.update_time_ge))
      .filter((product) => body.update_time_le === undefined || seconds(product.updatedAt) <= num(body.update_time_le))
      .sort((a, b) => b.updatedAt - a.updatedAt || a.id.localeCompare(b.id));
    const page = matching.slice(offset, offset + size);
    return {
      products: page.map((product) => ({
        id: product.id,
        title: product.name,
        status: PRODUCT_STATUS[product.status],
        skus: skuView(product),
        create_time: seconds(product.createdAt),
        update_time: seconds(product.updatedAt),
      })),
      total_count: matching.length,
      next_page_token: offset + size < matching.length ? pageToken(offset + size) : '',
    };
  };
  route('POST', '/product/202309/products/search', searchProducts);
  route('POST', '/product/202502/products/search', searchProducts);

  route('GET', '/product/202309/products/:productId', ({ shop }, request) => {
    const product = findProduct(shop, (request.params as { productId: string }).productId);
    return {
      id: product.id,
      title: product.name,
      description: product.description,
      status: PRODUCT_STATUS[product.status],
      category_chains: [{ id: product.categoryId, is_leaf: true }],
      main_images: product.images.map((uri) => ({ uri, urls: [store.images.get(uri)?.url ?? uri] })),
      skus: skuView(product),
      product_attributes: (product.attributes ?? []).map((attribute) => ({
        id: attribute.id,
        name: shop.attributes.get(product.categoryId)?.find((a) => a.id === attribute.id)?.name ?? '',
        values: attribute.values,
      })),
      package_weight: { value: String(product.weightGrams / 1000), unit: 'KILOGRAM' },
      create_time: seconds(product.createdAt),
      update_time: seconds(product.updatedAt),
      ...(product.status === 'rejected' ? { audit_failed_reasons: [{ reasons: [product.rejectReason ?? ''] }] } : {}),
    };
  });

  route('POST', '/product/202309/products/:productId/inventory/update', ({ shop }, request) => {
    const product = findProduct(shop, (request.params as { productId: string }).productId);
    const skus = (bodyObject(request.body).skus as { id?: string; inventory?: { warehouse_id?: string; quantity?: number }[] }[]) ?? [];
    if (skus.length === 0) fail(400, 36009001, 'skus is required.');
    for (const entry of skus) {
      const sku = product.skus.find((candidate) => candidate.id === entry.id);
      if (!sku) return fail(400, 12052230, `SKU ${entry.id} does not exist.`);
      const inventory = entry.inventory ?? [];
      // TikTok wants every warehouse of the SKU in each update (research §2.4).
      const own = inventory.find((line) => line.warehouse_id === sku.warehouseId);
      if (!own) return fail(400, 12052231, `Inventory for warehouse ${sku.warehouseId} is missing.`);
      if (!(num(own.quantity) >= 0 && num(own.quantity) <= 99_999)) return fail(400, 12052021, 'quantity should be between 0 and 99999.');
      sku.stock = num(own.quantity);
    }
    product.updatedAt = now();
    return {};
  });

  route('POST', '/product/202309/products/:productId/prices/update', ({ shop }, request) => {
    const product = findProduct(shop, (request.params as { productId: string }).productId);
    const skus = (bodyObject(request.body).skus as { id?: string; price?: { amount?: string; currency?: string } }[]) ?? [];
    for (const entry of skus) {
      const sku = product.skus.find((candidate) => candidate.id === entry.id);
      if (!sku) return fail(400, 12052230, `SKU ${entry.id} does not exist.`);
      if (!(num(entry.price?.amount) > 0) || entry.price?.currency !== 'IDR') return fail(400, 12052022, 'price is invalid.');
      sku.price = num(entry.price?.amount);
    }
    product.updatedAt = now();
    return {};
  });

  // ------------------------------------------------------------------------------------------- orders

  const orderView = (shop: SandboxShop, order: SandboxOrder) => {
    const subtotal = order.items.reduce((sum, item) => sum + item.price * item.quantity, 0);
    return {
      id: order.id,
      status: order.status,
      create_time: seconds(order.createdAt),
      update_time: seconds(order.updatedAt),
      ...(order.paidAt !== undefined ? { paid_time: seconds(order.paidAt) } : {}),
      buyer_email: `${order.buyerName.toLowerCase().replace(/\s+/g, '.')}@buyer.sandbox`,
      recipient_address: {
        name: order.recipient.name,
        phone_number: order.recipient.phone,
        full_address: `${order.recipient.address}, ${order.recipient.city}`,
        postal_code: order.recipient.postcode,
        district_info: [{ address_level_name: 'City', address_name: order.recipient.city }],
      },
      payment: {
        currency: 'IDR',
        sub_total: String(subtotal),
        shipping_fee: String(order.shippingFee),
        total_amount: String(subtotal + order.shippingFee),
      },
      // TikTok Shop lists one line item per unit bought.
      line_items: order.items.flatMap((item) =>
        Array.from({ length: item.quantity }, (_, unit) => ({
          id: `${item.id}${unit}`,
          product_id: item.productId,
          sku_id: item.skuId,
          seller_sku: item.sellerSku,
          product_name: item.name,
          sale_price: String(item.price),
          original_price: String(item.price),
          package_id: order.packageId,
          tracking_number: order.trackingNumber ?? '',
          shipping_provider_name: order.courier,
        })),
      ),
      packages: [{ id: order.packageId }],
      shipping_provider: order.courier,
      tracking_number: order.trackingNumber ?? '',
      cancel_reason: order.cancelReason ?? '',
      is_buyer_request_cancel: order.buyerCancelRequested === true,
      warehouse_id: shop.warehouses[0]?.id ?? '',
    };
  };

  route('POST', '/order/202309/orders/search', ({ shop }, request) => {
    const query = queryOf(request);
    const body = bodyObject(request.body);
    const size = num(query.page_size ?? 20);
    if (!(size >= 1 && size <= 100)) fail(400, 36009001, 'page_size should be between 1 and 100.');
    const offset = readToken(query.page_token);
    const inRange = (value: number, ge: unknown, lt: unknown) =>
      (ge === undefined || value >= num(ge)) && (lt === undefined || value < num(lt));
    const sortField = query.sort_field === 'update_time' ? 'updatedAt' : 'createdAt';
    const matching = [...shop.orders.values()]
      .filter((order) => !body.order_status || order.status === body.order_status)
      .filter((order) => inRange(seconds(order.createdAt), body.create_time_ge, body.create_time_lt))
      .filter((order) => inRange(seconds(order.updatedAt), body.update_time_ge, body.update_time_lt))
      .sort((a, b) => (query.sort_order === 'ASC' ? a[sortField] - b[sortField] : b[sortField] - a[sortField]) || a.id.localeCompare(b.id));
    const page = matching.slice(offset, offset + size);
    return {
      orders: page.map((order) => orderView(shop, order)),
      total_count: matching.length,
      next_page_token: offset + size < matching.length ? pageToken(offset + size) : '',
    };
  });

  route('GET', '/order/202309/orders', ({ shop }, request) => {
    const ids = (queryOf(request).ids ?? '').split(',').filter(Boolean);
    if (ids.length === 0 || ids.length > 50) fail(400, 36009001, 'ids must hold 1 to 50 order ids.');
    return {
      orders: ids
        .map((id) => shop.orders.get(id))
        .filter((order): order is SandboxOrder => order !== undefined)
        .map((order) => orderView(shop, order)),
    };
  });

  const orderOfPackage = (shop: SandboxShop, packageId: string): SandboxOrder => {
    const order = [...shop.orders.values()].find((candidate) => candidate.packageId === packageId);
    if (!order) return fail(404, 21001001, 'Package does not exist.');
    return order;
  };

  const PACKAGE_STATUS: Record<string, string> = {
    AWAITING_SHIPMENT: 'PROCESSING',
    AWAITING_COLLECTION: 'FULFILLING',
    IN_TRANSIT: 'FULFILLING',
    DELIVERED: 'COMPLETED',
    COMPLETED: 'COMPLETED',
    CANCELLED: 'CANCELLED',
  };

  route('POST', '/fulfillment/202309/packages/search', ({ shop }, request) => {
    const query = queryOf(request);
    const body = bodyObject(request.body);
    const size = num(query.page_size);
    if (!(size >= 1 && size <= 50)) fail(400, 36009001, 'page_size should be between 1 and 50.');
    const offset = readToken(query.page_token);
    const inRange = (value: number, ge: unknown, lt: unknown) =>
      (ge === undefined || value >= num(ge)) && (lt === undefined || value < num(lt));
    const matching = [...shop.orders.values()]
      .filter((order) => PACKAGE_STATUS[order.status] !== undefined)
      .filter((order) => !body.package_status || PACKAGE_STATUS[order.status] === body.package_status)
      .filter((order) => inRange(seconds(order.createdAt), body.create_time_ge, body.create_time_lt))
      .filter((order) => inRange(seconds(order.updatedAt), body.update_time_ge, body.update_time_lt))
      .sort((a, b) => b.createdAt - a.createdAt || a.id.localeCompare(b.id));
    const page = matching.slice(offset, offset + size);
    return {
      packages: page.map((order) => ({
        id: order.packageId,
        status: PACKAGE_STATUS[order.status],
        orders: [{ id: order.id, skus: order.items.map((item) => ({ id: item.skuId, quantity: item.quantity })) }],
        tracking_number: order.trackingNumber ?? '',
        shipping_provider_name: order.courier,
        create_time: seconds(order.createdAt),
        update_time: seconds(order.updatedAt),
      })),
      total_count: matching.length,
      next_page_token: offset + size < matching.length ? pageToken(offset + size) : '',
    };
  });

  /** Tomorrow's and the day after's 09:00–12:00 (WIB) pickup slots. */
  const handoverSlots = (order: SandboxOrder) => {
    const day = Math.floor(now() / 86_400_000) * 86_400_000 + 86_400_000 - 7 * 3_600_000;
    return [0, 1].map((offsetDays) => ({
      start_time: seconds(day + offsetDays * 86_400_000 + 9 * 3_600_000),
      end_time: seconds(day + offsetDays * 86_400_000 + 12 * 3_600_000),
      available: order.status === 'AWAITING_SHIPMENT',
    }));
  };

  route('GET', '/fulfillment/202309/packages/:packageId/handover_time_slots', ({ shop }, request) => {
    const order = orderOfPackage(shop, (request.params as { packageId: string }).packageId);
    return {
      pickup_slots: handoverSlots(order),
      can_pickup: order.status === 'AWAITING_SHIPMENT',
      can_drop_off: order.status === 'AWAITING_SHIPMENT',
      drop_off_point_url: '',
    };
  });

  route('POST', '/fulfillment/202309/packages/:packageId/ship', ({ shop }, request) => {
    const order = orderOfPackage(shop, (request.params as { packageId: string }).packageId);
    const body = bodyObject(request.body);
    if (order.status !== 'AWAITING_SHIPMENT') fail(400, 21001003, `Package cannot be shipped while the order is ${order.status}.`);
    const selfShipment = bodyObject(body.self_shipment);
    if (!selfShipment.tracking_number && body.handover_method !== 'PICKUP' && body.handover_method !== 'DROP_OFF') {
      fail(400, 36009001, 'handover_method should be PICKUP or DROP_OFF.');
    }
    const slot = bodyObject(body.pickup_slot);
    if (body.handover_method === 'PICKUP' && body.pickup_slot !== undefined) {
      const offered = handoverSlots(order).some((s) => s.start_time === num(slot.start_time) && s.end_time === num(slot.end_time));
      if (!offered) fail(400, 36009001, 'pickup_slot is not one of the offered handover time slots.');
      order.pickupSlot = `${num(slot.start_time)}-${num(slot.end_time)}`;
    }
    if (typeof selfShipment.tracking_number === 'string') order.trackingNumber = selfShipment.tracking_number;
    store.setOrderStatus(shop, order, 'AWAITING_COLLECTION');
    return {};
  });

  route('GET', '/fulfillment/202309/packages/:packageId/shipping_documents', ({ shop }, request) => {
    const packageId = (request.params as { packageId: string }).packageId;
    const order = orderOfPackage(shop, packageId);
    const query = queryOf(request);
    if (query.document_type !== 'SHIPPING_LABEL' && query.document_type !== 'SHIPPING_LABEL_AND_PACKING_SLIP')
      fail(400, 36009001, 'document_type is invalid.');
    if (!order.trackingNumber) fail(400, 21001004, 'Ship the package before printing its label.');
    const host = String(request.headers.host ?? 'localhost');
    return {
      doc_url: `http://${host}${PREFIX}/__files/labels/${shop.shopId}/${packageId}.pdf?expires=${seconds(now()) + 86_400}`,
      tracking_number: order.trackingNumber,
    };
  });

  // Where doc_url points: a plain, time-limited download like TikTok's file CDN.
  app.get('/__files/labels/:shopId/:file', async (request, reply) => {
    const { shopId, file } = request.params as { shopId: string; file: string };
    const expires = num(queryOf(request).expires);
    const shop = store.findShop('tiktok', shopId);
    const order = shop ? [...shop.orders.values()].find((candidate) => `${candidate.packageId}.pdf` === file) : undefined;
    if (!shop || !order || !(expires > seconds(now()))) return reply.status(404).type('text/plain').send('Not found');
    return reply.type('application/pdf').send(await renderLabelPdf(shop, order));
  });

  route('POST', '/return_refund/202309/cancellations', ({ shop }, request) => {
    const body = bodyObject(request.body);
    const order = shop.orders.get(String(body.order_id ?? ''));
    if (!order) return fail(404, 25001001, 'Order does not exist.');
    const allowed = CANCEL_REASONS[order.status] ?? [];
    if (allowed.length === 0) fail(400, 25001020, `Order ${order.status} cannot be cancelled by the seller.`);
    if (!allowed.includes(String(body.cancel_reason))) fail(400, 25001021, 'Reason not match order status');
    order.cancelReason = String(body.cancel_reason);
    store.setOrderStatus(shop, order, 'CANCELLED');
    return { cancel_id: `4${order.id.slice(1)}`, cancel_status: 'CANCELLATION_REQUEST_COMPLETE' };
  });

  // ------------------------------------------------------------------------------- buyer cancellations (research §2.4)
  // A buyer's cancel request on an open order (`is_buyer_request_cancel` on the order) is a BUYER_CANCEL cancellation
  // PENDING until the seller approves it (the order is CANCELLED) or rejects it with one of the reject reasons.
  const cancellationOf = (order: SandboxOrder) => {
    const request = order.buyerCancel;
    if (!request) return undefined;
    return {
      cancel_id: request.id,
      order_id: order.id,
      cancel_type: 'BUYER_CANCEL',
      cancel_status: !request.answer
        ? 'CANCELLATION_REQUEST_PENDING'
        : request.answer.agreed
          ? 'CANCELLATION_REQUEST_COMPLETE'
          : 'CANCELLATION_REQUEST_CANCEL',
      role: 'BUYER',
      cancel_reason: 'ecom_order_to_ship_canceled_reason_change_mind',
      cancel_reason_text: request.reason,
      create_time: seconds(request.at),
      update_time: seconds(request.answer?.at ?? request.at),
      ...(request.answer
        ? {}
        : { seller_next_action_response: [{ action: 'SELLER_RESPOND_CANCEL', deadline: seconds(request.at + DAY) }] }),
      cancel_line_items: order.items.map((item) => ({
        cancel_line_item_id: `9${item.id}`,
        order_line_item_id: item.id,
        sku_id: item.skuId,
        seller_sku: item.sellerSku,
        product_name: item.name,
      })),
    };
  };
  const pendingCancellation = (shop: SandboxShop, cancelId: string) => {
    const order = [...shop.orders.values()].find((candidate) => candidate.buyerCancel?.id === cancelId);
    if (!order) return fail(404, 25007006, 'Order not found.');
    return order;
  };

  route('POST', '/return_refund/202309/cancellations/search', ({ shop }, request) => {
    const body = bodyObject(request.body);
    const query = queryOf(request);
    const pageSize = query.page_size === undefined ? 10 : num(query.page_size);
    if (!(pageSize >= 1 && pageSize <= 50)) fail(400, 25001001, 'page_size should be between 1 and 50.');
    const list = (name: string) => (Array.isArray(body[name]) ? (body[name] as unknown[]).map(String) : undefined);
    const [orderIds, cancelIds, statuses, types] = [list('order_ids'), list('cancel_ids'), list('cancel_status'), list('cancel_types')];
    const matching = [...shop.orders.values()]
      .map(cancellationOf)
      .filter((entry): entry is NonNullable<typeof entry> => entry !== undefined)
      .filter((entry) => !orderIds || orderIds.includes(entry.order_id))
      .filter((entry) => !cancelIds || cancelIds.includes(entry.cancel_id))
      .filter((entry) => !statuses || statuses.includes(entry.cancel_status))
      .filter((entry) => !types || types.includes(entry.cancel_type))
      .sort((a, b) => a.create_time - b.create_time || a.cancel_id.localeCompare(b.cancel_id));
    const start = query.page_token ? num(Buffer.from(String(query.page_token), 'base64').toString()) : 0;
    const page = matching.slice(start, start + pageSize);
    const next = start + page.length < matching.length ? Buffer.from(String(start + page.length)).toString('base64') : '';
    return { cancellations: page, total_count: matching.length, next_page_token: next };
  });

  // Reasons a seller may give for rejecting a buyer's cancel request (TikTok's reject-reason names).
  const REJECT_REASONS = [
    { name: 'seller_reject_apply_product_has_been_packed', text: 'The product has been packed' },
    { name: 'seller_reject_apply_product_has_been_shipped', text: 'The product has been shipped' },
    { name: 'seller_reject_apply_negotiated_with_buyer', text: 'Negotiated with the buyer to keep the order' },
  ];

  route('GET', '/return_refund/202309/reject_reasons', ({ shop }, request) => {
    const id = queryOf(request).return_or_cancel_id;
    if (id) pendingCancellation(shop, String(id));
    return { reasons: REJECT_REASONS };
  });

  route('POST', '/return_refund/202309/cancellations/:cancelId/approve', ({ shop }, request) => {
    const order = pendingCancellation(shop, (request.params as { cancelId: string }).cancelId);
    if (order.buyerCancel?.answer) fail(400, 25020003, 'decision not match reverse status');
    store.answerBuyerCancel(shop, order, true);
    return {};
  });

  route('POST', '/return_refund/202309/cancellations/:cancelId/reject', ({ shop }, request) => {
    const order = pendingCancellation(shop, (request.params as { cancelId: string }).cancelId);
    const body = bodyObject(request.body);
    if (typeof body.reject_reason !== 'string' || body.reject_reason === '') fail(400, 11050001, 'invalid param: reject_reason');
    if (!REJECT_REASONS.some((reason) => reason.name === body.reject_reason))
      fail(400, 25001014, 'Unknown return reason. Please ensure you are passing a valid return reason.');
    if (order.buyerCancel?.answer) fail(400, 25011011, 'reverse status cannot reject application');
    store.answerBuyerCancel(shop, order, false, String(body.reject_reason));
    return {};
  });

  // ------------------------------------------------------------------------------------------- returns (research §2.4)
  // Sandbox choice: TikTok orders keep their own status; a return is a separate object. Every other delivered order
  // (picked by its id, so a seed always gives the same returns) gets a buyer return request one day after delivery,
  // which then moves on the sandbox clock: pending → (2 days, auto-approved) awaiting buyer shipment → (1 day) buyer
  // shipped → (3 days) complete, refunded.
  const RETURN_STEPS: readonly [number, string][] = [
    [0, 'RETURN_OR_REFUND_REQUEST_PENDING'],
    [2 * DAY, 'AWAITING_BUYER_SHIP'],
    [3 * DAY, 'BUYER_SHIPPED_ITEM'],
    [6 * DAY, 'RETURN_OR_REFUND_REQUEST_COMPLETE'],
  ];
  const returnOf = (order: SandboxOrder) => {
    const delivered = order.history.find((step) => step.status === 'DELIVERED')?.at;
    if (delivered === undefined || !buyerReturns(order.id)) return undefined;
    const createdAt = delivered + DAY;
    if (createdAt > now()) return undefined;
    const [offset, status] = RETURN_STEPS.filter(([after]) => createdAt + after <= now()).at(-1) ?? RETURN_STEPS[0]!;
    const lines = order.items.map((item) => ({
      return_line_item_id: `7${item.id}`,
      order_line_item_id: item.id,
      product_id: item.productId,
      sku_id: item.skuId,
      seller_sku: item.sellerSku,
      product_name: item.name,
      sku_name: item.name,
      quantity: item.quantity,
      refund_amount: { currency: 'IDR', refund_total: String(item.price * item.quantity) },
    }));
    return {
      return_id: `6${order.id.slice(1)}`,
      order_id: order.id,
      return_type: 'RETURN_AND_REFUND',
      return_status: status,
      return_reason: 'ecom_order_delivered_refund_and_return_reason_wrong_item',
      return_reason_text: 'Wrong item',
      create_time: seconds(createdAt),
      update_time: seconds(createdAt + offset),
      refund_amount: {
        currency: 'IDR',
        refund_total: String(order.items.reduce((sum, item) => sum + item.price * item.quantity, 0)),
      },
      return_line_items: lines,
    };
  };

  route('POST', '/return_refund/202309/returns/search', ({ shop }, request) => {
    const query = queryOf(request);
    const body = bodyObject(request.body);
    const size = num(query.page_size ?? 10);
    if (!(size >= 10 && size <= 50)) fail(400, 36009001, 'page_size should be between 10 and 50.');
    const offset = readToken(query.page_token);
    const inRange = (value: number, ge: unknown, lt: unknown) =>
      (ge === undefined || value >= num(ge)) && (lt === undefined || value < num(lt));
    const list = (value: unknown): string[] | undefined => (Array.isArray(value) ? value.map(String) : undefined);
    const returnIds = list(body.return_ids);
    const orderIds = list(body.order_ids);
    const statuses = list(body.return_status);
    const field = query.sort_field === 'update_time' ? 'update_time' : 'create_time';
    const matching = [...shop.orders.values()]
      .map(returnOf)
      .filter((entry): entry is NonNullable<typeof entry> => entry !== undefined)
      .filter((entry) => !returnIds || returnIds.includes(entry.return_id))
      .filter((entry) => !orderIds || orderIds.includes(entry.order_id))
      .filter((entry) => !statuses || statuses.includes(entry.return_status))
      .filter((entry) => inRange(entry.create_time, body.create_time_ge, body.create_time_lt))
      .filter((entry) => inRange(entry.update_time, body.update_time_ge, body.update_time_lt))
      .sort((a, b) => (query.sort_order === 'ASC' ? a[field] - b[field] : b[field] - a[field]) || a.return_id.localeCompare(b.return_id));
    return {
      return_orders: matching.slice(offset, offset + size),
      total_count: matching.length,
      next_page_token: offset + size < matching.length ? pageToken(offset + size) : '',
    };
  });
};
