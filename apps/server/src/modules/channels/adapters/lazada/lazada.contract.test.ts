import { afterEach, describe, expect, it } from 'vitest';
import { approveConsent, noSleep, SANDBOX_START, startSandbox, tinyJpeg } from '../sandbox-harness.testing.ts';
import type { RunningSandbox } from '../sandbox-harness.testing.ts';
import type { MarketplaceAdapter, ShopAuth } from '../types.ts';
import { createLazadaAdapter } from './lazada.adapter.ts';

const REDIRECT = 'http://kelola.test/integration/lazada/callback';
const SELLER_ID = '1000001';
let sandbox: RunningSandbox | undefined;
afterEach(async () => sandbox?.close());

const setup = async (overrides: { appSecret?: string; maxAttempts?: number } = {}) => {
  sandbox = await startSandbox();
  const running = sandbox;
  const adapter = createLazadaAdapter({
    ...running.urls.lazada,
    appKey: running.credentials.lazada.appKey,
    appSecret: overrides.appSecret ?? running.credentials.lazada.appSecret,
    now: running.clock.now,
    retry: { ...noSleep, maxAttempts: overrides.maxAttempts ?? 3 },
  });
  return { sandbox: running, adapter };
};

const authorize = async (adapter: MarketplaceAdapter) => {
  const back = await approveConsent(adapter.authorizationUrl({ redirectUrl: REDIRECT, state: 'lz-1' }));
  const code = back.searchParams.get('code') ?? '';
  const grant = await adapter.exchangeCode({ code });
  const auth: ShopAuth = { shopId: grant.shops[0]?.shopId ?? '', accessToken: grant.accessToken };
  return { back, code, grant, auth };
};

describe('lazada adapter against the sandbox', () => {
  it("sends a select attribute's option by name, and the sandbox checks attributes on edit as on create", async () => {
    const { sandbox, adapter } = await setup();
    const { auth } = await authorize(adapter);
    const leaf = (await adapter.listCategories(auth)).find((category) => category.isLeaf)!;
    const bahan = (await adapter.listAttributes(auth, leaf.id)).find((a) => a.id === 'bahan')!;
    const option = bahan.values[1] ?? bahan.values[0]!;
    expect(option.id).not.toBe(option.name);
    const image = await adapter.uploadImage(auth, { kind: 'bytes', fileName: 'a.jpg', contentType: 'image/jpeg', data: tinyJpeg() });
    const teh = {
      name: 'Teh Kelola Uji',
      description: 'Teh untuk uji kontrak.',
      categoryId: leaf.id,
      images: [image.url ?? ''],
      weightGrams: 200,
      skus: [{ sellerSku: 'TKU-100', price: 25000, stock: 3 }],
    };
    // Lazada takes the option's name: an option id sent as it is (what the adapter did before) is refused.
    await expect(adapter.createProduct(auth, { ...teh, attributes: [{ id: 'bahan', values: ['not-an-option'] }] })).rejects.toMatchObject({
      code: 'InvalidParameter',
      message: expect.stringMatching(/bahan.*option name/),
    });
    // The adapter turns the chosen option id into its name.
    const created = await adapter.createProduct(auth, { ...teh, attributes: [{ id: bahan.id, values: [option.id] }] });
    expect(created.status).toBe('ON_PROGRESS');
    await sandbox.advance(6000);
    // Edit: with the category, the mandatory attributes are needed as on create (Lazada's MissingParameter) and a
    // value must be an option name (InvalidParameter); a partial edit without the category needs none.
    await expect(adapter.updateProduct(auth, created.requestId, { name: 'Teh v2', categoryId: leaf.id })).rejects.toMatchObject({
      code: 'MissingParameter',
      message: expect.stringMatching(/bahan/),
    });
    await expect(
      adapter.updateProduct(auth, created.requestId, { categoryId: leaf.id, attributes: [{ id: 'bahan', values: ['bukan opsi'] }] }),
    ).rejects.toMatchObject({ code: 'InvalidParameter' });
    expect(
      (
        await adapter.updateProduct(auth, created.requestId, {
          name: 'Teh v2',
          categoryId: leaf.id,
          attributes: [{ id: bahan.id, values: [option.id] }],
        })
      ).status,
    ).toBe('ON_PROGRESS');
    expect((await adapter.updateProduct(auth, created.requestId, { name: 'Teh v3' })).status).toBe('ON_PROGRESS');
  });

  it('authorizes, refreshes, lists, publishes, updates stock and fulfils an order', async () => {
    const { sandbox, adapter } = await setup();
    const { back, code, grant } = await authorize(adapter);
    expect(back.origin + back.pathname).toBe(REDIRECT);
    expect(code).toMatch(/^0_/);
    expect(back.searchParams.get('state')).toBe('lz-1');
    expect(grant.shops).toEqual([{ shopId: SELLER_ID, region: 'ID', cipher: 'ID1KELOLA' }]);
    await expect(adapter.exchangeCode({ code })).rejects.toMatchObject({ kind: 'invalid_code', code: 'InvalidCode' });

    const refreshed = await adapter.refreshAccessToken({ refreshToken: grant.refreshToken });
    // Refreshing renews the access token but keeps the refresh token's original expiry (research §3.2).
    expect(refreshed.refreshTokenExpiresAt).toBe(grant.refreshTokenExpiresAt);
    const auth: ShopAuth = { shopId: SELLER_ID, accessToken: refreshed.accessToken };

    expect(await adapter.getShopInfo(auth)).toEqual({ shopId: SELLER_ID, name: 'Kelola Lazada Store', region: 'ID', status: 'active' });
    const categories = await adapter.listCategories(auth);
    const leaf = categories.find((category) => category.isLeaf);
    expect(leaf?.parentId).toBeDefined();
    const attributes = await adapter.listAttributes(auth, leaf?.id ?? '');
    expect(attributes.find((a) => a.id === 'name')?.mandatory).toBe(true);
    const brands = await adapter.listBrands(auth, { pageSize: 10 });
    expect(brands.nextCursor).toBe('10');
    const warehouses = await adapter.listWarehouses(auth);
    expect(warehouses[0]?.id).toMatch(/^WH/);

    const page = await adapter.listProducts(auth, { pageSize: 5 });
    expect(page.items).toHaveLength(5);
    expect(page.nextCursor).toBe('5');

    const direct = await adapter.uploadImage(auth, { kind: 'bytes', fileName: 'side.jpg', contentType: 'image/jpeg', data: tinyJpeg() });
    expect(direct.status).toBe('FINISHED');
    const migrating = await adapter.uploadImage(auth, { kind: 'url', url: 'https://cdn.kelola.test/front.jpg' });
    expect(migrating.status).toBe('ON_PROGRESS');
    const failing = await adapter.uploadImage(auth, { kind: 'url', url: 'https://cdn.kelola.test/fail-front.jpg' });
    let image = await adapter.getImageStatus(auth, migrating.id);
    for (let poll = 0; poll < 10 && image.status === 'ON_PROGRESS'; poll += 1) {
      await sandbox.advance(2000);
      image = await adapter.getImageStatus(auth, migrating.id);
    }
    expect(image.status).toBe('FINISHED');
    expect((await adapter.getImageStatus(auth, failing.id)).status).toBe('FAILED');

    const kopi = {
      name: 'Kopi Kelola Uji',
      description: 'Kopi arabika untuk uji kontrak.',
      categoryId: leaf?.id ?? '',
      images: [image.url ?? '', direct.url ?? ''],
      weightGrams: 500,
      skus: [{ sellerSku: 'KKU-250', price: 85000, stock: 5 }],
    };
    // The category's is_mandatory attribute (bahan) missing: Lazada's ISV error envelope.
    await expect(adapter.createProduct(auth, kopi)).rejects.toMatchObject({
      code: 'MissingParameter',
      message: expect.stringMatching(/bahan/),
    });
    const bahan = attributes.find((a) => a.id === 'bahan')!;
    expect(bahan.mandatory).toBe(true);
    const request = await adapter.createProduct(auth, { ...kopi, attributes: [{ id: bahan.id, values: [bahan.values[0]!.id] }] });
    expect(request.status).toBe('ON_PROGRESS');
    let status = request.status;
    for (let poll = 0; poll < 10 && status === 'ON_PROGRESS'; poll += 1) {
      await sandbox.advance(2000);
      status = (await adapter.getProductRequestStatus(auth, request.requestId)).status;
    }
    expect(status).toBe('FINISHED');
    expect((await adapter.updateProduct(auth, request.requestId, { name: 'Kopi Kelola Uji v2' })).status).toBe('ON_PROGRESS');
    await sandbox.advance(6000);
    const product = await adapter.getProduct(auth, request.requestId);
    expect(product).toMatchObject({ name: 'Kopi Kelola Uji v2', status: 'active' });
    const skuId = product.skus[0]?.skuId ?? '';
    expect(
      await adapter.updateStock(auth, [{ productId: product.productId, skuId, quantity: 33, warehouseId: warehouses[0]?.id ?? '' }]),
    ).toEqual([{ productId: product.productId, skuId, ok: true }]);
    await adapter.updatePrice(auth, [{ productId: product.productId, skuId, price: 80000 }]);
    expect((await adapter.getProduct(auth, product.productId)).skus[0]).toMatchObject({ stock: 33, price: 80000 });
    const unknown = await adapter.updateStock(auth, [{ productId: product.productId, skuId: '1', quantity: 1 }]);
    expect(unknown[0]).toMatchObject({ ok: false });

    const generated = await sandbox.admin('/orders/generate', { marketplace: 'lazada', count: 2, status: 'pending' });
    const ids = (generated.orders as { orderId: string }[]).map((order) => order.orderId);
    const listed = await adapter.listOrders(auth, {
      timeField: 'update',
      from: SANDBOX_START,
      to: sandbox.clock.now() + 1000,
      pageSize: 1,
    });
    expect(listed.total).toBe(2);
    expect(listed.nextCursor).toBe('1');
    const orderId = ids[0] ?? '';
    const [order] = await adapter.getOrders(auth, [orderId]);
    expect(order).toMatchObject({ orderId, status: 'new', rawStatus: 'pending' });

    await adapter.acceptOrder(auth, orderId);
    const [packed] = await adapter.getOrders(auth, [orderId]);
    expect(packed?.status).toBe('confirmed');
    expect(packed?.packageId).toMatch(/^FP/);
    const shipment = await adapter.arrangeShipment(auth, { orderId, method: 'dropoff' });
    expect(shipment.trackingNumber).toBeDefined();
    expect((await adapter.getOrders(auth, [orderId]))[0]?.status).toBe('ready_to_ship');
    const label = await adapter.getShippingLabel(auth, orderId);
    expect(new TextDecoder().decode(label.data.slice(0, 5))).toBe('%PDF-');
    await expect(adapter.acceptOrder(auth, orderId)).rejects.toMatchObject({ kind: 'bad_request' });

    const cancelId = ids[1] ?? '';
    const reasons = await adapter.cancellationReasons(auth, cancelId);
    expect(reasons.length).toBeGreaterThan(0);
    await adapter.cancelOrder(auth, { orderId: cancelId, reasonId: reasons[0]?.id ?? '' });
    expect((await adapter.getOrders(auth, [cancelId]))[0]?.status).toBe('canceled');
    expect(await adapter.cancellationReasons(auth, cancelId)).toEqual([]);
  });

  it("refuses a reason id it did not offer, rejects with its own out-of-stock reason, and answers a buyer's cancel request", async () => {
    const { sandbox, adapter } = await setup();
    const { auth } = await authorize(adapter);
    const ids = async (body: Record<string, unknown>) =>
      (
        (await sandbox.admin('/orders/generate', { marketplace: 'lazada', status: 'pending', ...body })).orders as { orderId: string }[]
      ).map((order) => order.orderId);
    const [rejectId = ''] = await ids({ count: 1 });
    // Lazada's reason ids come from the validate call; a free code is refused with E0104.
    await expect(adapter.cancelOrder(auth, { orderId: rejectId, reasonId: 'OUT_OF_STOCK' })).rejects.toMatchObject({ code: '104' });
    expect((await adapter.getOrders(auth, [rejectId]))[0]?.status).toBe('new');
    // A reject names no reason: the adapter picks Lazada's out-of-stock reason of this order.
    await adapter.cancelOrder(auth, { orderId: rejectId });
    expect((await adapter.getOrders(auth, [rejectId]))[0]).toMatchObject({ status: 'canceled', cancelReason: 'Out of stock' });

    const [agreeId = '', refuseId = ''] = await ids({ count: 2, buyerCancel: true });
    expect((await adapter.getOrders(auth, [agreeId, refuseId])).map((order) => order.status)).toEqual([
      'cancel_requested',
      'cancel_requested',
    ]);
    await adapter.answerCancelRequest!(auth, { orderId: agreeId, accept: true });
    expect((await adapter.getOrders(auth, [agreeId]))[0]?.status).toBe('canceled');
    await adapter.answerCancelRequest!(auth, { orderId: refuseId, accept: false });
    expect((await adapter.getOrders(auth, [refuseId]))[0]).toMatchObject({ status: 'new', rawStatus: 'pending' });
    // Answered once: nothing is left to answer.
    await expect(adapter.answerCancelRequest!(auth, { orderId: refuseId, accept: true })).rejects.toMatchObject({
      code: 'no_cancel_request',
    });
    // Cancel requests are reverse orders too, but never returns.
    const returns = await adapter.listReturns!(auth, { pageSize: 50 });
    expect(returns.items.some((entry) => [agreeId, refuseId].includes(entry.orderId))).toBe(false);
  });

  it('rejects a wrong app secret as invalid_sign', async () => {
    const { sandbox } = await setup();
    const forged = createLazadaAdapter({
      ...sandbox.urls.lazada,
      appKey: sandbox.credentials.lazada.appKey,
      appSecret: 'wrong',
      now: sandbox.clock.now,
    });
    await expect(forged.exchangeCode({ code: 'x' })).rejects.toMatchObject({ kind: 'invalid_sign', code: 'IncompleteSignature' });
  });

  it('reports an expired access token as auth_expired', async () => {
    const { sandbox, adapter } = await setup();
    const { auth } = await authorize(adapter);
    await sandbox.advance(7 * 86_400_000 + 1);
    await expect(adapter.getShopInfo(auth)).rejects.toMatchObject({ kind: 'auth_expired', code: 'IllegalAccessToken' });
  });

  it('maps ApiCallLimit to rate_limited with the announced ban as retryAfterMs', async () => {
    const { sandbox, adapter } = await setup({ maxAttempts: 1 });
    const { auth } = await authorize(adapter);
    await sandbox.admin('/faults', { marketplace: 'lazada', rateLimited: 1 });
    await expect(adapter.getShopInfo(auth)).rejects.toMatchObject({ kind: 'rate_limited', code: 'ApiCallLimit', retryAfterMs: 1000 });
    await expect(adapter.getShopInfo(auth)).resolves.toMatchObject({ status: 'active' });
  });

  it('retries through a short ApiCallLimit ban', async () => {
    const waits: number[] = [];
    sandbox = await startSandbox();
    const running = sandbox;
    const adapter = createLazadaAdapter({
      ...running.urls.lazada,
      appKey: running.credentials.lazada.appKey,
      appSecret: running.credentials.lazada.appSecret,
      now: running.clock.now,
      retry: { maxAttempts: 3, sleep: async (ms) => void waits.push(ms) },
    });
    const { auth } = await authorize(adapter);
    await running.admin('/faults', { marketplace: 'lazada', rateLimited: 2 });
    await expect(adapter.getShopInfo(auth)).resolves.toMatchObject({ status: 'active' });
    expect(waits).toEqual([1000, 1000]);
  });
});
