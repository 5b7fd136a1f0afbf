import { describe, expect, it } from 'vitest';
import { createSandbox } from './create-sandbox.ts';
import { manualClock } from './core/sandbox-clock.ts';
import { lazadaExpectedSign, shopeeExpectedSign, tiktokExpectedSign } from './core/signatures.ts';
import { SANDBOX_CREDENTIALS } from './sandbox-credentials.ts';

/**
 * Contract tests for the protocol deviations third-party clients found (issue 15): each call is made as the
 * marketplace's documentation describes it, signed with the partner keys, and its answer's shape is checked.
 */

const START = Date.UTC(2025, 0, 15, 3, 0, 0);
const TS = Math.floor(START / 1000);
type App = ReturnType<typeof createSandbox>;
type Json = Record<string, unknown>;

const build = () => createSandbox({ seed: 'protocol', clock: manualClock(START), orderIntervalMs: 0 });

const admin = async (app: App, url: string, payload: unknown): Promise<Json> =>
  (await app.inject({ method: 'POST', url: `/__sandbox${url}`, payload: payload as Json })).json() as Json;

const grant = async (app: App, marketplace: string, shopId: string): Promise<string> =>
  String((await admin(app, '/grants', { marketplace, shopId })).accessToken);

// ------------------------------------------------------------------------------------------------- Shopee
const SHOPEE_SHOP = '60001001';
const shopee = async (
  app: App,
  method: 'GET' | 'POST',
  path: string,
  token: string | undefined,
  extra: Record<string, string> = {},
  payload?: unknown,
) => {
  const { partnerId, partnerKey } = SANDBOX_CREDENTIALS.shopee;
  const signed = token ? [partnerId, path, TS, token, SHOPEE_SHOP] : [partnerId, path, TS];
  const query = new URLSearchParams({
    partner_id: String(partnerId),
    timestamp: String(TS),
    sign: shopeeExpectedSign(partnerKey, signed),
    ...(token ? { access_token: token, shop_id: SHOPEE_SHOP } : {}),
    ...extra,
  });
  const response = await app.inject({
    method,
    url: `/shopee${path}?${query.toString()}`,
    ...(payload ? { payload: payload as Json } : {}),
  });
  return { status: response.statusCode, body: response.json() as Json };
};

// ------------------------------------------------------------------------------------------------- TikTok Shop
const tiktok = async (
  app: App,
  method: 'GET' | 'POST',
  path: string,
  token: string,
  options: { cipher?: string; query?: Record<string, string>; body?: unknown } = {},
) => {
  const { appKey, appSecret } = SANDBOX_CREDENTIALS.tiktok;
  const query: Record<string, string> = {
    app_key: appKey,
    timestamp: String(TS),
    ...(options.cipher ? { shop_cipher: options.cipher } : {}),
    ...options.query,
  };
  const body = options.body === undefined ? '' : JSON.stringify(options.body);
  const sign = tiktokExpectedSign(appSecret, path, query, body);
  const response = await app.inject({
    method,
    url: `/tiktok${path}?${new URLSearchParams({ ...query, sign }).toString()}`,
    headers: { 'x-tts-access-token': token, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { payload: body } : {}),
  });
  return { status: response.statusCode, body: response.json() as Json };
};

const tiktokShop = async (app: App) => {
  const shops = ((await app.inject('/__sandbox/shops')).json() as { shops: { marketplace: string; shopId: string; cipher?: string }[] })
    .shops;
  const shop = shops.find((candidate) => candidate.marketplace === 'tiktok')!;
  return { shopId: shop.shopId, cipher: shop.cipher!, token: await grant(app, 'tiktok', shop.shopId) };
};

// ------------------------------------------------------------------------------------------------- Lazada
const lazada = async (app: App, apiPath: string, params: Record<string, string>) => {
  const { appKey, appSecret } = SANDBOX_CREDENTIALS.lazada;
  const all = { app_key: appKey, timestamp: String(START), sign_method: 'sha256', ...params };
  const sign = lazadaExpectedSign(appSecret, apiPath, all);
  const response = await app.inject(`/lazada/rest${apiPath}?${new URLSearchParams({ ...all, sign }).toString()}`);
  return response.json() as Json;
};

describe('sandbox protocol contract', () => {
  describe('Lazada', () => {
    it('answers the category tree, attributes and brands without an access token (documented as not required)', async () => {
      const app = build();
      const tree = await lazada(app, '/category/tree/get', {});
      expect(tree.code).toBe('0');
      const leaves: number[] = [];
      const walk = (nodes: { category_id: number; leaf: boolean; children?: unknown[] }[]) => {
        for (const node of nodes) {
          if (node.leaf) leaves.push(node.category_id);
          walk((node.children ?? []) as typeof nodes);
        }
      };
      walk(tree.data as never);
      expect(leaves.length).toBeGreaterThan(0);
      const attributes = await lazada(app, '/category/attributes/get', { primary_category_id: String(leaves[0]) });
      expect(attributes.code).toBe('0');
      expect(Array.isArray(attributes.data)).toBe(true);
      const brands = await lazada(app, '/category/brands/query', { startRow: '0', pageSize: '5' });
      expect(brands).toMatchObject({ code: '0', data: { page_size: 5 } });
      expect((brands.data as { module: unknown[] }).module).toHaveLength(5);
      // A token that is given is still checked, and other calls still need one.
      expect(await lazada(app, '/category/tree/get', { access_token: 'nope' })).toMatchObject({ code: 'IllegalAccessToken' });
      expect(await lazada(app, '/seller/get', {})).toMatchObject({ code: 'IllegalAccessToken' });
    });

    it('serves /orders/items/get, /order/shipment/providers/get and /order/document/get', async () => {
      const app = build();
      const token = await grant(app, 'lazada', '1000001');
      const generated = (await admin(app, '/orders/generate', { marketplace: 'lazada', count: 2, status: 'pending' })).orders as {
        orderId: string;
      }[];
      const ids = generated.map((order) => order.orderId);
      const items = await lazada(app, '/orders/items/get', { access_token: token, order_ids: JSON.stringify(ids) });
      expect(items.code).toBe('0');
      const data = items.data as { order_id: number; order_items: { order_item_id: number; sku: string }[] }[];
      expect(data.map((entry) => String(entry.order_id))).toEqual(ids);
      expect(data[0]!.order_items.length).toBeGreaterThan(0);
      expect(await lazada(app, '/orders/items/get', { access_token: token })).toMatchObject({ code: 'MissingParameter' });

      const providers = await lazada(app, '/order/shipment/providers/get', {
        access_token: token,
        getShipmentProvidersReq: JSON.stringify({ orders: [{ order_id: Number(ids[0]) }] }),
      });
      expect(providers).toMatchObject({ code: '0', result: { success: true } });
      const list = (
        providers.result as { data: { shipment_providers: { order_id: number; providers: { name: string; is_default: boolean }[] }[] } }
      ).data.shipment_providers;
      expect(list[0]!.providers.filter((provider) => provider.is_default)).toHaveLength(1);

      const itemId = String(data[0]!.order_items[0]!.order_item_id);
      const invoice = await lazada(app, '/order/document/get', {
        access_token: token,
        doc_type: 'invoice',
        order_item_ids: JSON.stringify([itemId]),
      });
      expect(invoice).toMatchObject({ code: '0', data: { document: { document_type: 'invoice', mime_type: 'text/html' } } });
      const html = Buffer.from((invoice.data as { document: { file: string } }).document.file, 'base64').toString();
      expect(html).toContain(ids[0]);
      const label = await lazada(app, '/order/document/get', {
        access_token: token,
        doc_type: 'shippingLabel',
        order_item_ids: JSON.stringify([itemId]),
      });
      expect(label.code).not.toBe('0');
      expect(await lazada(app, '/order/document/get', { access_token: token, doc_type: 'nope', order_item_ids: '[1]' })).toMatchObject({
        code: 'InvalidParameter',
      });
    });
  });

  describe('Shopee', () => {
    it("answers v2.payment.get_escrow_detail with the order's income and Shopee's fees; an unpaid order has no escrow", async () => {
      const app = build();
      const token = await grant(app, 'shopee', SHOPEE_SHOP);
      const [paid] = (
        await admin(app, '/orders/generate', { marketplace: 'shopee', shopId: SHOPEE_SHOP, count: 1, status: 'READY_TO_SHIP' })
      ).orders as { orderId: string }[];
      const answer = await shopee(app, 'GET', '/api/v2/payment/get_escrow_detail', token, { order_sn: paid!.orderId });
      expect(answer.status).toBe(200);
      const detail = answer.body.response as { order_sn: string; order_income: Record<string, number> & { items: unknown[] } };
      expect(detail.order_sn).toBe(paid!.orderId);
      const income = detail.order_income;
      const items = income.original_price!;
      expect(income.commission_fee).toBe(Math.round(items * 0.065));
      expect(income.service_fee).toBe(Math.min(Math.round(items * 0.04), 40_000));
      expect(income.seller_transaction_fee).toBe(1_250);
      expect(income.escrow_amount).toBe(items - income.commission_fee! - income.service_fee! - 1_250);
      expect(income.buyer_total_amount).toBe(items + income.buyer_paid_shipping_fee!);
      expect(income.items.length).toBeGreaterThan(0);

      const [unpaid] = (await admin(app, '/orders/generate', { marketplace: 'shopee', shopId: SHOPEE_SHOP, count: 1, status: 'UNPAID' }))
        .orders as { orderId: string }[];
      const none = await shopee(app, 'GET', '/api/v2/payment/get_escrow_detail', token, { order_sn: unpaid!.orderId });
      expect(none.status).toBe(400);
      expect(none.body).toMatchObject({ error: 'payment.escrow_not_found' });
      const unknown = await shopee(app, 'GET', '/api/v2/payment/get_escrow_detail', token, { order_sn: 'NOPE' });
      expect(unknown.body).toMatchObject({ error: 'order.order_not_found' });
    });

    it('refuses an Indonesian add_item without the mandatory attributes in attribute_list', async () => {
      const app = build();
      const token = await grant(app, 'shopee', SHOPEE_SHOP);
      const tree = (await shopee(app, 'GET', '/api/v2/product/get_category', token)).body.response as {
        category_list: { category_id: number; has_children: boolean }[];
      };
      const leaf = tree.category_list.find((c) => !c.has_children)!.category_id;
      const attributeTree = (
        await shopee(app, 'GET', '/api/v2/product/get_attribute_tree', token, { category_id_list: String(leaf), language: 'id' })
      ).body.response as {
        list: {
          attribute_tree: { attribute_id: number; name: string; mandatory: boolean; attribute_value_list: { value_id: number }[] }[];
        }[];
      };
      const bahan = attributeTree.list[0]!.attribute_tree.find((a) => a.name === 'Bahan')!;
      expect(bahan.mandatory).toBe(true);
      const item = (attributeList?: unknown) => ({
        original_price: 50000,
        description: 'Kaos katun',
        weight: 0.2,
        item_name: 'Kaos Uji',
        category_id: leaf,
        image: { image_id_list: ['no-such-image'] },
        logistic_info: [{ logistic_id: 8003, enabled: true }],
        ...(attributeList ? { attribute_list: attributeList } : {}),
      });
      const add = (payload: unknown) => shopee(app, 'POST', '/api/v2/product/add_item', token, {}, payload);
      const missing = await add(item());
      expect(missing.status).toBe(400);
      expect(missing.body).toMatchObject({
        error: 'product.error_param',
        message: expect.stringMatching(/Bahan/),
        request_id: expect.any(String),
      });
      const unknownValue = await add(item([{ attribute_id: bahan.attribute_id, attribute_value_list: [{ value_id: 1 }] }]));
      expect(unknownValue.body).toMatchObject({ error: 'product.error_param' });
      // With the listed value the attribute check passes; the next check is the image.
      const accepted = await add(
        item([{ attribute_id: bahan.attribute_id, attribute_value_list: [{ value_id: bahan.attribute_value_list[0]!.value_id }] }]),
      );
      expect(accepted.body).toMatchObject({ error: 'product.error_image_not_exist' });
    });

    it('refuses a product/update_stock entry without seller_stock (normal_stock was retired) and keeps the stock', async () => {
      const app = build();
      const token = await grant(app, 'shopee', SHOPEE_SHOP);
      const listing = await shopee(app, 'GET', '/api/v2/product/get_item_list', token, {
        offset: '0',
        page_size: '1',
        item_status: 'NORMAL',
      });
      const itemId = (listing.body.response as { item: { item_id: number }[] }).item[0]!.item_id;
      const models = await shopee(app, 'GET', '/api/v2/product/get_model_list', token, { item_id: String(itemId) });
      const model = (models.body.response as { model: { model_id: number; stock_info_v2: { seller_stock: { stock: number }[] } }[] })
        .model[0];
      const modelId = model?.model_id ?? 0;
      const stockBefore = async () => {
        const base = await shopee(app, 'GET', '/api/v2/product/get_item_base_info', token, { item_id_list: String(itemId) });
        const again = await shopee(app, 'GET', '/api/v2/product/get_model_list', token, { item_id: String(itemId) });
        const first = (
          again.body.response as typeof models.body.response & {
            model: { model_id: number; stock_info_v2: { seller_stock: { stock: number }[] } }[];
          }
        ).model.find((candidate) => candidate.model_id === modelId);
        const item = (base.body.response as { item_list: { stock_info_v2?: { seller_stock: { stock: number }[] } }[] }).item_list[0]!;
        return (first ?? item).stock_info_v2!.seller_stock[0]!.stock;
      };
      const before = await stockBefore();
      const refused = await shopee(
        app,
        'POST',
        '/api/v2/product/update_stock',
        token,
        {},
        {
          item_id: itemId,
          stock_list: [{ model_id: modelId, normal_stock: 5 }],
        },
      );
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ error: 'product.error_param', message: expect.stringContaining('seller_stock') });
      expect(refused.body.request_id).toEqual(expect.any(String));
      expect(await stockBefore()).toBe(before);
      const accepted = await shopee(
        app,
        'POST',
        '/api/v2/product/update_stock',
        token,
        {},
        {
          item_id: itemId,
          stock_list: [{ model_id: modelId, seller_stock: [{ stock: before + 3 }] }],
        },
      );
      expect(accepted.status).toBe(200);
      expect(await stockBefore()).toBe(before + 3);
    });

    it('serves get_item_extra_info, get_tracking_info, get_shipping_document_parameter and public/get_shops_by_partner', async () => {
      const app = build();
      const token = await grant(app, 'shopee', SHOPEE_SHOP);
      const listing = await shopee(app, 'GET', '/api/v2/product/get_item_list', token, {
        offset: '0',
        page_size: '2',
        item_status: 'NORMAL',
      });
      const ids = (listing.body.response as { item: { item_id: number }[] }).item.map((item) => item.item_id);
      const extra = await shopee(app, 'GET', '/api/v2/product/get_item_extra_info', token, { item_id_list: ids.join(',') });
      expect(extra.status).toBe(200);
      expect((extra.body.response as { item_list: { item_id: number; sale: number }[] }).item_list.map((item) => item.item_id)).toEqual(
        ids,
      );

      const orders = (
        await admin(app, '/orders/generate', { marketplace: 'shopee', shopId: SHOPEE_SHOP, count: 1, status: 'READY_TO_SHIP' })
      ).orders as { orderId: string }[];
      const orderSn = orders[0]!.orderId;
      const tracking = await shopee(app, 'GET', '/api/v2/logistics/get_tracking_info', token, { order_sn: orderSn });
      expect(tracking.body.response).toMatchObject({ order_sn: orderSn, logistics_status: 'LOGISTICS_NOT_START' });
      expect((tracking.body.response as { tracking_info: unknown[] }).tracking_info.length).toBeGreaterThan(0);

      const parameter = await shopee(
        app,
        'POST',
        '/api/v2/logistics/get_shipping_document_parameter',
        token,
        {},
        {
          order_list: [{ order_sn: orderSn }],
        },
      );
      expect((parameter.body.response as { result_list: Json[] }).result_list[0]).toMatchObject({
        order_sn: orderSn,
        suggest_shipping_document_type: 'THERMAL_AIR_WAYBILL',
        selectable_shipping_document_type: expect.arrayContaining(['NORMAL_AIR_WAYBILL']),
      });
      const empty = await shopee(app, 'POST', '/api/v2/logistics/get_shipping_document_parameter', token, {}, { order_list: [] });
      expect(empty.status).toBe(400);

      const shops = await shopee(app, 'GET', '/api/v2/public/get_shops_by_partner', undefined, { page_size: '10', page_no: '1' });
      expect(shops.status).toBe(200);
      expect((shops.body.authed_shop_list as { shop_id: number }[]).map((shop) => String(shop.shop_id))).toContain(SHOPEE_SHOP);
      expect(shops.body.more).toBe(false);
    });
  });

  describe('TikTok Shop', () => {
    it("refuses a product without the category's required attributes, and a listed value sent by name", async () => {
      const app = build();
      const { cipher, token } = await tiktokShop(app);
      const categories = (await tiktok(app, 'GET', '/product/202309/categories', token, { cipher })).body.data as {
        categories: { id: string; is_leaf: boolean }[];
      };
      const leaf = categories.categories.find((c) => c.is_leaf)!.id;
      const listed = (await tiktok(app, 'GET', `/product/202309/categories/${leaf}/attributes`, token, { cipher })).body.data as {
        attributes: { id: string; name: string; is_requried: boolean; is_customizable: boolean; values: { id: string; name: string }[] }[];
      };
      const bahan = listed.attributes.find((a) => a.name === 'Bahan')!;
      const garansi = listed.attributes.find((a) => a.name === 'Masa Garansi')!;
      expect(bahan).toMatchObject({ is_requried: true, is_customizable: false });
      expect(garansi).toMatchObject({ is_requried: false, is_customizable: true });
      const product = (productAttributes?: unknown) => ({
        title: 'Kaos Uji',
        description: 'Kaos',
        category_id: leaf,
        main_images: [{ uri: 'tos-no-such-image' }],
        skus: [{ seller_sku: 'KU-1', price: { amount: '50000', currency: 'IDR' }, inventory: [{ warehouse_id: 'w', quantity: 0 }] }],
        package_weight: { value: '0.2', unit: 'KILOGRAM' },
        ...(productAttributes ? { product_attributes: productAttributes } : {}),
      });
      const create = (body: unknown) => tiktok(app, 'POST', '/product/202309/products', token, { cipher, body });
      const missing = await create(product());
      expect(missing.status).toBe(400);
      expect(missing.body).toMatchObject({ code: 12052230, message: expect.stringMatching(/Bahan/), request_id: expect.any(String) });
      const byName = await create(product([{ id: bahan.id, values: [{ name: bahan.values[0]!.name }] }]));
      expect(byName.body).toMatchObject({ code: 12052230, message: expect.stringMatching(/listed values/) });
      const unknownValue = await create(product([{ id: bahan.id, values: [{ id: '999' }] }]));
      expect(unknownValue.body).toMatchObject({ code: 12052230 });
      // A listed value by id and a custom value by name pass the attribute check; the next check is the image.
      const accepted = await create(
        product([
          { id: bahan.id, values: [{ id: bahan.values[0]!.id }] },
          { id: garansi.id, values: [{ name: '12 bulan' }] },
        ]),
      );
      expect(accepted.body).toMatchObject({ code: 12052010 });
    });

    it('answers an unknown path in its own envelope', async () => {
      const app = build();
      const response = await app.inject('/tiktok/product/202309/nothing-here');
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ code: 36009009, message: expect.stringMatching(/^Invalid path/), request_id: expect.any(String) });
    });

    it('serves /seller/202309/shops, /product/202502/products/search and the package search and handover slots', async () => {
      const app = build();
      const { token, cipher, shopId } = await tiktokShop(app);
      const sellerShops = await tiktok(app, 'GET', '/seller/202309/shops', token);
      expect(sellerShops.body).toMatchObject({ code: 0, data: { shops: [{ id: shopId, region: expect.any(String) }] } });
      expect(JSON.stringify(sellerShops.body)).not.toContain(cipher);

      const products = await tiktok(app, 'POST', '/product/202502/products/search', token, {
        cipher,
        query: { page_size: '5' },
        body: { status: 'ALL' },
      });
      expect(products.body).toMatchObject({ code: 0, data: { total_count: 12, next_page_token: expect.any(String) } });
      expect((products.body.data as { products: unknown[] }).products).toHaveLength(5);

      await admin(app, '/orders/generate', { marketplace: 'tiktok', count: 3, status: 'AWAITING_SHIPMENT' });
      const packages = await tiktok(app, 'POST', '/fulfillment/202309/packages/search', token, {
        cipher,
        query: { page_size: '50' },
        body: { package_status: 'PROCESSING' },
      });
      const list = (packages.body.data as { packages: { id: string; status: string; orders: { id: string }[] }[] }).packages;
      expect(list).toHaveLength(3);
      expect(list.every((entry) => entry.status === 'PROCESSING' && entry.orders.length === 1)).toBe(true);
      const badSize = await tiktok(app, 'POST', '/fulfillment/202309/packages/search', token, {
        cipher,
        query: { page_size: '99' },
        body: {},
      });
      expect(badSize.body.code).toBe(36009001);

      const slots = await tiktok(app, 'GET', `/fulfillment/202309/packages/${list[0]!.id}/handover_time_slots`, token, { cipher });
      expect(slots.body).toMatchObject({ code: 0, data: { can_pickup: true } });
      const pickup = (slots.body.data as { pickup_slots: { start_time: number; end_time: number }[] }).pickup_slots;
      expect(pickup.length).toBeGreaterThan(0);
      expect(pickup.every((slot) => slot.end_time > slot.start_time && slot.start_time > TS)).toBe(true);
    });
  });
});
