import { afterEach, describe, expect, it } from 'vitest';
import { approveConsent, noSleep, SANDBOX_START, startSandbox, tinyJpeg } from '../sandbox-harness.testing.ts';
import type { RunningSandbox } from '../sandbox-harness.testing.ts';
import type { MarketplaceAdapter, ShopAuth } from '../types.ts';
import { createShopeeAdapter } from './shopee.adapter.ts';

const REDIRECT = 'http://kelola.test/integration/shopee';
let sandbox: RunningSandbox | undefined;
afterEach(async () => sandbox?.close());

const setup = async (overrides: { partnerKey?: string; maxAttempts?: number; skewMs?: number } = {}) => {
  sandbox = await startSandbox();
  const running = sandbox;
  const adapter = createShopeeAdapter({
    baseUrl: running.urls.shopee.baseUrl,
    partnerId: running.credentials.shopee.partnerId,
    partnerKey: overrides.partnerKey ?? running.credentials.shopee.partnerKey,
    now: () => running.clock.now() + (overrides.skewMs ?? 0),
    retry: { ...noSleep, maxAttempts: overrides.maxAttempts ?? 3 },
    labelPollMs: 0,
  });
  return { sandbox: running, adapter };
};

const authorize = async (adapter: MarketplaceAdapter, account = 'shop:60001001') => {
  const back = await approveConsent(adapter.authorizationUrl({ redirectUrl: REDIRECT, state: 's1' }), account);
  const code = back.searchParams.get('code') ?? '';
  const shopId = back.searchParams.get('shop_id') ?? undefined;
  const mainAccountId = back.searchParams.get('main_account_id') ?? undefined;
  const grant = await adapter.exchangeCode({ code, ...(shopId ? { shopId } : {}), ...(mainAccountId ? { mainAccountId } : {}) });
  return { back, code, grant };
};

describe('shopee adapter against the sandbox', () => {
  it('authorizes, refreshes, lists, publishes, updates stock and fulfils an order', async () => {
    const { sandbox, adapter } = await setup();
    const { back, code, grant } = await authorize(adapter);
    expect(back.origin + back.pathname).toBe(REDIRECT);
    expect(back.searchParams.get('shop_id')).toBe('60001001');
    expect(grant.accessTokenExpiresAt).toBe(SANDBOX_START + 4 * 3_600_000);
    await expect(adapter.exchangeCode({ code, shopId: '60001001' })).rejects.toMatchObject({ kind: 'invalid_code' });

    const refreshed = await adapter.refreshAccessToken({ refreshToken: grant.refreshToken, shopId: '60001001' });
    expect(refreshed.refreshToken).not.toBe(grant.refreshToken);
    // Single-use: the old refresh token is dead once used.
    await expect(adapter.refreshAccessToken({ refreshToken: grant.refreshToken, shopId: '60001001' })).rejects.toMatchObject({
      kind: 'auth_expired',
    });
    await expect(adapter.getShopInfo({ shopId: '60001001', accessToken: grant.accessToken })).resolves.toMatchObject({
      name: 'Toko Kelola Sandbox',
    });
    const auth: ShopAuth = { shopId: '60001001', accessToken: refreshed.accessToken };

    expect(await adapter.getShopInfo(auth)).toEqual({ shopId: '60001001', name: 'Toko Kelola Sandbox', region: 'ID', status: 'active' });
    const categories = await adapter.listCategories(auth);
    const leaf = categories.find((category) => category.isLeaf);
    expect(leaf).toBeDefined();
    const attributes = await adapter.listAttributes(auth, leaf?.id ?? '');
    expect(attributes.map((a) => a.name)).toContain('Bahan');
    const brandsPage = await adapter.listBrands(auth, { pageSize: 10 });
    expect(brandsPage.items).toHaveLength(10);
    const brandsRest = await adapter.listBrands(auth, { pageSize: 10, cursor: brandsPage.nextCursor ?? '' });
    expect(brandsRest.items).toHaveLength(6);
    expect(brandsRest.nextCursor).toBeUndefined();
    const warehouses = await adapter.listWarehouses(auth);
    expect(warehouses).toHaveLength(2);

    const firstPage = await adapter.listProducts(auth, { pageSize: 5 });
    expect(firstPage.items).toHaveLength(5);
    expect(firstPage.total).toBe(12);
    expect(firstPage.nextCursor).toBe('5');

    const image = await adapter.uploadImage(auth, { kind: 'bytes', fileName: 'front.jpg', contentType: 'image/jpeg', data: tinyJpeg() });
    expect(image.status).toBe('FINISHED');
    expect((await adapter.getImageStatus(auth, image.id)).status).toBe('FINISHED');
    const failed = await adapter.uploadImage(auth, {
      kind: 'bytes',
      fileName: 'fail-side.jpg',
      contentType: 'image/jpeg',
      data: tinyJpeg(),
    });
    expect(failed.status).toBe('FAILED');

    const kaos = {
      name: 'Kaos Kelola Uji',
      description: 'Kaos katun untuk uji kontrak.',
      categoryId: leaf?.id ?? '',
      images: [image.id],
      weightGrams: 250,
      skus: [{ sellerSku: 'KKU-1', price: 99000, stock: 0 }],
    };
    // attribute_list is "optional except Indonesia": an item without the mandatory Bahan is refused.
    await expect(adapter.createProduct(auth, kaos)).rejects.toMatchObject({
      code: 'product.error_param',
      message: expect.stringMatching(/Bahan/),
    });
    const bahan = attributes.find((a) => a.name === 'Bahan')!;
    const request = await adapter.createProduct(auth, { ...kaos, attributes: [{ id: bahan.id, values: [bahan.values[0]!.id] }] });
    expect(request.status).toBe('ON_PROGRESS');
    let status = request.status;
    for (let poll = 0; poll < 10 && status === 'ON_PROGRESS'; poll += 1) {
      await sandbox.advance(2000);
      status = (await adapter.getProductRequestStatus(auth, request.requestId)).status;
    }
    expect(status).toBe('FINISHED');

    const stock = await adapter.updateStock(auth, [
      { productId: request.requestId, skuId: '0', quantity: 42, warehouseId: warehouses[0]?.id ?? '' },
    ]);
    expect(stock).toEqual([{ productId: request.requestId, skuId: '0', ok: true }]);
    const price = await adapter.updatePrice(auth, [{ productId: request.requestId, skuId: '0', price: 89000 }]);
    expect(price[0]?.ok).toBe(true);
    expect((await adapter.updateProduct(auth, request.requestId, { name: 'Kaos Kelola Uji v2' })).status).toBe('FINISHED');
    // An edit that sends the category is checked as add_item is: its mandatory attributes, in the same envelope.
    await expect(adapter.updateProduct(auth, request.requestId, { categoryId: kaos.categoryId })).rejects.toMatchObject({
      code: 'product.error_param',
      message: expect.stringMatching(/Bahan/),
    });
    await expect(
      adapter.updateProduct(auth, request.requestId, { categoryId: kaos.categoryId, attributes: [{ id: bahan.id, values: ['999999'] }] }),
    ).rejects.toMatchObject({ code: 'product.error_param' });
    expect(
      (
        await adapter.updateProduct(auth, request.requestId, {
          categoryId: kaos.categoryId,
          attributes: [{ id: bahan.id, values: [bahan.values[0]!.id] }],
        })
      ).status,
    ).toBe('FINISHED');
    const product = await adapter.getProduct(auth, request.requestId);
    expect(product).toMatchObject({
      name: 'Kaos Kelola Uji v2',
      status: 'active',
      skus: [{ skuId: '0', sellerSku: 'KKU-1', price: 89000, stock: 42 }],
    });
    const missingModel = await adapter.updateStock(auth, [{ productId: request.requestId, skuId: '999', quantity: 1 }]);
    expect(missingModel[0]).toMatchObject({ ok: false });

    const generated = await sandbox.admin('/orders/generate', {
      marketplace: 'shopee',
      shopId: '60001001',
      count: 3,
      status: 'READY_TO_SHIP',
    });
    const orderIds = (generated.orders as { orderId: string }[]).map((order) => order.orderId);
    const listed = await adapter.listOrders(auth, {
      timeField: 'create',
      from: SANDBOX_START - 3_600_000,
      to: SANDBOX_START + 3_600_000,
      pageSize: 2,
    });
    expect(listed.items).toHaveLength(2);
    expect(listed.nextCursor).toBeDefined();
    const rest = await adapter.listOrders(auth, {
      timeField: 'create',
      from: SANDBOX_START - 3_600_000,
      to: SANDBOX_START + 3_600_000,
      pageSize: 2,
      cursor: listed.nextCursor ?? '',
    });
    expect([...listed.items, ...rest.items].map((order) => order.orderId).sort()).toEqual([...orderIds].sort());
    expect(listed.items[0]?.status).toBe('new');

    const orderId = orderIds[0] ?? '';
    const [detail] = await adapter.getOrders(auth, [orderId]);
    expect(detail).toMatchObject({ orderId, status: 'new', rawStatus: 'READY_TO_SHIP', currency: 'IDR' });
    expect(detail?.items.length).toBeGreaterThan(0);
    // The fees come from the order's escrow detail: commission 6.5 %, service fee 4 % up to Rp40.000, Rp1.250 per order.
    const items = detail!.items.reduce((sum, item) => sum + item.price * item.quantity, 0);
    expect(detail?.adminFee).toBe(Math.round(items * 0.065) + Math.min(Math.round(items * 0.04), 40_000) + 1_250);

    await adapter.acceptOrder(auth, orderId);
    // Pickup time slots (get_shipping_parameter's time_slot_list): the seller chooses one, the sandbox records it.
    const slots = await adapter.pickupSlots!(auth, orderId);
    expect(slots.map((slot) => slot.label)).toEqual(['09:00-12:00', '13:00-17:00', '09:00-12:00']);
    expect(slots[0]!.start).toBeGreaterThan(SANDBOX_START);
    expect(slots[2]!.start - slots[0]!.start).toBe(86_400_000);
    await expect(adapter.arrangeShipment(auth, { orderId, method: 'pickup', pickupSlotId: 'yesterday' })).rejects.toMatchObject({
      kind: 'bad_request',
      code: 'pickup_slot_gone',
    });
    const shipment = await adapter.arrangeShipment(auth, { orderId, method: 'pickup', pickupSlotId: slots[1]!.id });
    expect(shipment.trackingNumber).toMatch(/^SBX\d{12}$/);
    const seen = (await sandbox.admin('/orders?marketplace=shopee&shopId=60001001')).orders as { orderId: string; pickupSlot?: string }[];
    expect(seen.find((order) => order.orderId === orderId)?.pickupSlot).toBe(slots[1]!.id);
    const [shipped] = await adapter.getOrders(auth, [orderId]);
    expect(shipped?.status).toBe('ready_to_ship');
    await expect(adapter.acceptOrder(auth, orderId)).rejects.toMatchObject({ kind: 'bad_request' });
    const label = await adapter.getShippingLabel(auth, orderId);
    expect(label.contentType).toBe('application/pdf');
    expect(new TextDecoder().decode(label.data.slice(0, 5))).toBe('%PDF-');

    const reasons = await adapter.cancellationReasons(auth, orderIds[1] ?? '');
    expect(reasons.map((reason) => reason.id)).toContain('CUSTOMER_REQUEST');
    await adapter.cancelOrder(auth, { orderId: orderIds[1] ?? '', reasonId: 'OUT_OF_STOCK' });
    const [canceled] = await adapter.getOrders(auth, [orderIds[1] ?? '']);
    expect(canceled?.status).toBe('canceled');
    expect(canceled?.adminFee).toBe(0); // Shopee charges nothing on a cancelled order
    // An unpaid order has no escrow yet: it comes without fees, and the call does not fail.
    const unpaid = await sandbox.admin('/orders/generate', { marketplace: 'shopee', shopId: '60001001', count: 1, status: 'UNPAID' });
    const [waiting] = await adapter.getOrders(auth, [(unpaid.orders as { orderId: string }[])[0]!.orderId]);
    expect(waiting?.status).toBe('unpaid');
    expect(waiting?.adminFee).toBeUndefined();

    // Time passes: the courier collects the arranged order.
    await sandbox.advance(4 * 3_600_000 - 60_000);
    const [later] = await adapter.getOrders(auth, [orderId]);
    expect(later?.status).toBe('shipped');
  });

  it('connects a main account and gets its shops', async () => {
    const { adapter } = await setup();
    const { back, grant } = await authorize(adapter, 'main:70001');
    expect(back.searchParams.get('main_account_id')).toBe('70001');
    expect(back.searchParams.has('shop_id')).toBe(false);
    expect(grant.mainAccountId).toBe('70001');
    expect(grant.shops).toEqual([{ shopId: '60001002' }]);
  });

  it('reports a wrong partner key as invalid_sign', async () => {
    const { sandbox } = await setup();
    const honest = createShopeeAdapter({
      baseUrl: sandbox.urls.shopee.baseUrl,
      partnerId: sandbox.credentials.shopee.partnerId,
      partnerKey: sandbox.credentials.shopee.partnerKey,
      now: sandbox.clock.now,
    });
    const { grant } = await authorize(honest);
    const forged = createShopeeAdapter({
      baseUrl: sandbox.urls.shopee.baseUrl,
      partnerId: sandbox.credentials.shopee.partnerId,
      partnerKey: 'not-the-key',
      now: sandbox.clock.now,
    });
    await expect(forged.getShopInfo({ shopId: '60001001', accessToken: grant.accessToken })).rejects.toMatchObject({
      kind: 'invalid_sign',
      code: 'error_sign',
    });
    const consent = await fetch(forged.authorizationUrl({ redirectUrl: REDIRECT, state: 'x' }));
    expect(consent.status).toBe(403);
  });

  it('reports a stale timestamp as bad_request', async () => {
    const { adapter } = await setup({ skewMs: -10 * 60_000 });
    await expect(adapter.exchangeCode({ code: 'x', shopId: '60001001' })).rejects.toMatchObject({ code: 'error_param' });
  });

  it('reports an expired access token as auth_expired and recovers by refreshing', async () => {
    const { sandbox, adapter } = await setup();
    const { grant } = await authorize(adapter);
    await sandbox.advance(4 * 3_600_000 + 1000);
    await expect(adapter.getShopInfo({ shopId: '60001001', accessToken: grant.accessToken })).rejects.toMatchObject({
      kind: 'auth_expired',
      code: 'error_auth',
    });
    const refreshed = await adapter.refreshAccessToken({ refreshToken: grant.refreshToken, shopId: '60001001' });
    await expect(adapter.getShopInfo({ shopId: '60001001', accessToken: refreshed.accessToken })).resolves.toMatchObject({
      status: 'active',
    });
  });

  it('retries rate-limited calls and gives up after the configured attempts', async () => {
    const { sandbox, adapter } = await setup({ maxAttempts: 3 });
    const { grant } = await authorize(adapter);
    const auth = { shopId: '60001001', accessToken: grant.accessToken };
    await sandbox.admin('/faults', { marketplace: 'shopee', rateLimited: 2 });
    await expect(adapter.getShopInfo(auth)).resolves.toMatchObject({ status: 'active' });
    await sandbox.admin('/faults', { marketplace: 'shopee', rateLimited: 3 });
    await expect(adapter.getShopInfo(auth)).rejects.toMatchObject({ kind: 'rate_limited', httpStatus: 429 });
  });

  it('refuses an order window over 15 days', async () => {
    const { adapter } = await setup();
    const { grant } = await authorize(adapter);
    await expect(
      adapter.listOrders(
        { shopId: '60001001', accessToken: grant.accessToken },
        { timeField: 'update', from: SANDBOX_START - 16 * 86_400_000, to: SANDBOX_START },
      ),
    ).rejects.toMatchObject({ kind: 'bad_request', code: 'order.order_list_invalid_time' });
  });
});
