import { afterEach, describe, expect, it } from 'vitest';
import { noSleep, SANDBOX_START, startSandbox, tinyJpeg } from '../sandbox-harness.testing.ts';
import type { RunningSandbox } from '../sandbox-harness.testing.ts';
import type { ProductInput, ShopAuth } from '../types.ts';
import { createBlibliAdapter } from './blibli.adapter.ts';

let sandbox: RunningSandbox | undefined;
afterEach(async () => sandbox?.close());

const setup = async (maxAttempts = 3) => {
  sandbox = await startSandbox();
  const running = sandbox;
  const { blibli } = running.credentials;
  const adapter = createBlibliAdapter({
    baseUrl: running.urls.blibli.baseUrl,
    clientId: blibli.clientId,
    clientKey: blibli.clientKey,
    channelId: blibli.channelId,
    now: running.clock.now,
    retry: { ...noSleep, maxAttempts },
  });
  const auth: ShopAuth = {
    shopId: blibli.storeCode,
    accessToken: blibli.sellerKey,
    username: blibli.username,
    signatureKey: blibli.signatureKey,
  };
  return { sandbox: running, adapter, auth };
};

describe('blibli adapter against the sandbox', () => {
  it('checks the keys, lists reference data, products and orders', async () => {
    const { sandbox, adapter, auth } = await setup();
    expect(adapter.authorizationStyle).toBe('credentials');
    await expect(adapter.getShopInfo(auth)).resolves.toMatchObject({ shopId: auth.shopId, status: 'active' });
    expect((await adapter.listCategories(auth)).some((category) => category.isLeaf)).toBe(true);
    expect(await adapter.listWarehouses(auth)).toHaveLength(2);
    const brands = await adapter.listBrands(auth, { pageSize: 10 });
    expect(brands.items).toHaveLength(10);
    expect(brands.nextCursor).toBe('1');

    const first = await adapter.listProducts(auth, { pageSize: 10 });
    const second = await adapter.listProducts(auth, { pageSize: 10, cursor: first.nextCursor ?? '' });
    expect(first.total).toBe(12);
    expect(first.items).toHaveLength(10);
    expect(second.items).toHaveLength(2);
    expect(second.nextCursor).toBeUndefined();

    const generated = await sandbox.admin('/orders/generate', { marketplace: 'blibli', count: 2 });
    const ids = (generated.orders as { orderId: string }[]).map((order) => order.orderId).sort();
    const orders = await adapter.listOrders(auth, { timeField: 'create', from: SANDBOX_START - 1000, to: SANDBOX_START + 1000 });
    expect(orders.items.map((order) => order.orderId).sort()).toEqual(ids);
    expect(orders.items[0]).toMatchObject({ status: 'new', rawStatus: 'FP' });
  });

  it('treats a wrong seller key as auth_expired and a wrong signature key as invalid_sign', async () => {
    const { adapter, auth } = await setup();
    await expect(adapter.getShopInfo({ ...auth, accessToken: 'wrong' })).rejects.toMatchObject({ kind: 'auth_expired', httpStatus: 401 });
    await expect(adapter.getShopInfo({ ...auth, signatureKey: 'wrong' })).rejects.toMatchObject({ kind: 'invalid_sign' });
    const { signatureKey: _omitted, ...unsigned } = auth;
    await expect(adapter.getShopInfo(unsigned)).rejects.toMatchObject({ kind: 'invalid_sign', httpStatus: 401 });
  });

  it('rejects wrong API client credentials', async () => {
    const { sandbox, auth } = await setup();
    const forged = createBlibliAdapter({
      baseUrl: sandbox.urls.blibli.baseUrl,
      clientId: 'mta-api-other',
      clientKey: 'x',
      channelId: 'Kelola',
      now: sandbox.clock.now,
    });
    await expect(forged.getShopInfo(auth)).rejects.toMatchObject({ code: 'UNAUTHORIZED', httpStatus: 401 });
  });

  it('maps quota answers to rate_limited', async () => {
    const { sandbox, adapter, auth } = await setup(1);
    await sandbox.admin('/faults', { marketplace: 'blibli', rateLimited: 1 });
    await expect(adapter.listWarehouses(auth)).rejects.toMatchObject({ kind: 'rate_limited', httpStatus: 429 });
  });

  it('publishes a product with images through the queue, updates stock and price, fulfils and cancels orders', async () => {
    const { sandbox, adapter, auth } = await setup();
    const categories = await adapter.listCategories(auth);
    const leaf = categories.find((category) => category.isLeaf);
    expect(leaf?.parentId).toMatch(/^CAT-/);
    const attributes = await adapter.listAttributes(auth, leaf?.id ?? '');
    expect(attributes.find((attribute) => attribute.name === 'Bahan')).toMatchObject({ mandatory: true, inputType: 'single_select' });
    await expect(adapter.listAttributes(auth, 'CAT-404')).rejects.toMatchObject({ kind: 'not_found', code: 'NOT_FOUND' });
    const [warehouse] = await adapter.listWarehouses(auth);
    expect(warehouse).toMatchObject({ isDefault: true });
    const brand = (await adapter.listBrands(auth, { pageSize: 5 })).items[0];

    // Blibli takes images inside the product payload: URLs pass through, bytes become Base64 without prefix.
    const byUrl = await adapter.uploadImage(auth, { kind: 'url', url: 'https://cdn.kelola.test/kopi-depan.jpg' });
    expect(byUrl).toMatchObject({ status: 'FINISHED', url: 'https://cdn.kelola.test/kopi-depan.jpg' });
    const byBytes = await adapter.uploadImage(auth, {
      kind: 'bytes',
      fileName: 'samping.jpg',
      contentType: 'image/jpeg',
      data: tinyJpeg(),
    });
    expect((await adapter.getImageStatus(auth, byBytes.id)).status).toBe('FINISHED');
    await expect(adapter.uploadImage(auth, { kind: 'url', url: 'http://insecure.test/a.jpg' })).rejects.toMatchObject({
      kind: 'bad_request',
    });

    const input: ProductInput = {
      name: 'Kopi Kelola Uji',
      description: 'Kopi arabika untuk uji kontrak.',
      categoryId: leaf?.id ?? '',
      brandId: brand?.id ?? '',
      images: [byUrl.id, byBytes.id],
      weightGrams: 500,
      skus: [{ sellerSku: 'KKU-250', price: 85000, stock: 5, warehouseId: warehouse?.id ?? '' }],
    };
    // Without the category's mandatory attribute Bahan, Blibli answers 400 BAD_REQUEST.
    await expect(adapter.createProduct(auth, input)).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringMatching(/Bahan/),
    });
    const bahan = attributes.find((attribute) => attribute.name === 'Bahan')!;
    input.attributes = [{ id: bahan.id, values: [bahan.values[0]!.id] }];
    const request = await adapter.createProduct(auth, input);
    expect(request).toMatchObject({ status: 'ON_PROGRESS' });
    expect(request.requestId).toMatch(/^Kelola-/);
    let status = await adapter.getProductRequestStatus(auth, request.requestId);
    expect(status.status).toBe('ON_PROGRESS');
    let polls = 0;
    while (status.status === 'ON_PROGRESS' && polls < 10) {
      await sandbox.advance(2000);
      status = await adapter.getProductRequestStatus(auth, request.requestId);
      polls += 1;
    }
    expect(status.status).toBe('FINISHED');
    expect(polls).toBe(3);
    const productId = status.productId ?? '';
    const created = await adapter.getProduct(auth, productId);
    expect(created).toMatchObject({ name: 'Kopi Kelola Uji', status: 'active', categoryId: leaf?.id });
    expect(created.images).toHaveLength(2);
    expect(created.images[0]).toBe('https://cdn.kelola.test/kopi-depan.jpg');

    const update = await adapter.updateProduct(auth, productId, { name: 'Kopi Kelola Uji v2' });
    expect(update.status).toBe('ON_PROGRESS');
    expect((await adapter.getProduct(auth, productId)).status).toBe('reviewing');
    await sandbox.advance(6000);
    expect((await adapter.getProductRequestStatus(auth, update.requestId)).status).toBe('FINISHED');
    expect(await adapter.getProduct(auth, productId)).toMatchObject({ name: 'Kopi Kelola Uji v2', status: 'active' });
    // An edit that sends the category needs its mandatory attributes, refused as on create.
    await expect(adapter.updateProduct(auth, productId, { categoryId: input.categoryId })).rejects.toMatchObject({
      message: expect.stringMatching(/Bahan/),
    });
    expect((await adapter.updateProduct(auth, productId, { categoryId: input.categoryId, attributes: input.attributes })).status).toBe(
      'ON_PROGRESS',
    );
    await sandbox.advance(6000);

    const skuId = created.skus[0]?.skuId ?? '';
    expect(await adapter.updateStock(auth, [{ productId, skuId, quantity: 33 }])).toEqual([{ productId, skuId, ok: true }]);
    expect(await adapter.updatePrice(auth, [{ productId, skuId, price: 80000 }])).toEqual([{ productId, skuId, ok: true }]);
    expect((await adapter.getProduct(auth, productId)).skus[0]).toMatchObject({ stock: 33, price: 80000 });
    const unknown = await adapter.updateStock(auth, [{ productId, skuId: `${productId}-1`, quantity: 1 }]);
    expect(unknown[0]).toMatchObject({ ok: false, error: expect.stringContaining('not found') });

    // A rejected image fails the queue entry with Blibli's reason.
    const failing = await adapter.createProduct(auth, { ...input, name: 'Kopi Gagal', images: ['https://cdn.kelola.test/fail-front.jpg'] });
    await sandbox.advance(6000);
    expect(await adapter.getProductRequestStatus(auth, failing.requestId)).toMatchObject({ status: 'FAILED', error: expect.any(String) });
    await expect(adapter.createProduct(auth, { ...input, categoryId: 'CAT-404' })).rejects.toMatchObject({
      kind: 'bad_request',
      httpStatus: 400,
    });

    const generated = await sandbox.admin('/orders/generate', { marketplace: 'blibli', count: 2 });
    const ids = (generated.orders as { orderId: string }[]).map((order) => order.orderId);
    const listed = await adapter.listOrders(auth, {
      timeField: 'create',
      from: SANDBOX_START,
      to: sandbox.clock.now() + 1000,
      pageSize: 1,
    });
    expect(listed.total).toBe(2);
    expect(listed.nextCursor).toBe('1');
    const orderId = ids[0] ?? '';
    const [order] = await adapter.getOrders(auth, [orderId]);
    expect(order).toMatchObject({ orderId, status: 'new', rawStatus: 'FP', currency: 'IDR' });
    expect(order?.items.length).toBeGreaterThan(0);
    expect(order?.totalAmount).toBeGreaterThan(0);

    await expect(adapter.arrangeShipment(auth, { orderId, method: 'pickup' })).rejects.toMatchObject({ code: 'INVALID_ORDER_STATUS' });
    await adapter.acceptOrder(auth, orderId);
    expect((await adapter.getOrders(auth, [orderId]))[0]).toMatchObject({ status: 'on_process', rawStatus: 'PF' });
    await expect(adapter.getShippingLabel(auth, orderId)).rejects.toMatchObject({ kind: 'bad_request' });
    const shipment = await adapter.arrangeShipment(auth, { orderId, method: 'pickup', trackingNumber: 'JNT0012345678' });
    expect(shipment).toMatchObject({ orderId, packageId: order?.packageId, trackingNumber: 'JNT0012345678' });
    expect((await adapter.getOrders(auth, [orderId]))[0]).toMatchObject({
      status: 'ready_to_ship',
      rawStatus: 'PU',
      trackingNumber: 'JNT0012345678',
    });
    const label = await adapter.getShippingLabel(auth, orderId);
    expect(label.contentType).toBe('application/pdf');
    expect(new TextDecoder().decode(label.data.slice(0, 5))).toBe('%PDF-');
    await expect(adapter.acceptOrder(auth, orderId)).rejects.toMatchObject({ kind: 'bad_request' });

    const cancelId = ids[1] ?? '';
    const reasons = await adapter.cancellationReasons(auth, cancelId);
    expect(reasons.length).toBeGreaterThan(0);
    await expect(adapter.cancelOrder(auth, { orderId: cancelId, reasonId: 'stok produk kosong' })).rejects.toMatchObject({
      code: 'INVALID_REASON',
    });
    await adapter.cancelOrder(auth, { orderId: cancelId, reasonId: reasons[0]?.id ?? '' });
    expect((await adapter.getOrders(auth, [cancelId]))[0]).toMatchObject({
      status: 'canceled',
      rawStatus: 'X',
      cancelReason: reasons[0]?.label,
    });
    expect(await adapter.cancellationReasons(auth, cancelId)).toEqual([]);
  });

  it('rejects a signature outside the time window and retries through quota answers', async () => {
    const { sandbox, auth } = await setup();
    const { blibli } = sandbox.credentials;
    const skewed = createBlibliAdapter({
      baseUrl: sandbox.urls.blibli.baseUrl,
      clientId: blibli.clientId,
      clientKey: blibli.clientKey,
      channelId: blibli.channelId,
      now: () => sandbox.clock.now() - 16 * 60_000,
    });
    await expect(skewed.getShopInfo(auth)).rejects.toMatchObject({ kind: 'invalid_sign', message: expect.stringContaining('expired') });

    const waits: number[] = [];
    const patient = createBlibliAdapter({
      baseUrl: sandbox.urls.blibli.baseUrl,
      clientId: blibli.clientId,
      clientKey: blibli.clientKey,
      channelId: blibli.channelId,
      now: sandbox.clock.now,
      retry: { maxAttempts: 3, sleep: async (ms) => void waits.push(ms) },
    });
    await sandbox.admin('/faults', { marketplace: 'blibli', rateLimited: 2 });
    await expect(patient.listWarehouses(auth)).resolves.toHaveLength(2);
    // The sandbox's Retry-After points at the next minute boundary; the adapter waits exactly that long.
    expect(waits).toEqual([60_000, 60_000]);
  });

  it('says which capabilities are not there', async () => {
    const { adapter } = await setup();
    await expect(adapter.refreshAccessToken({ refreshToken: 'x' })).rejects.toMatchObject({ kind: 'unsupported' });
    expect(() => adapter.authorizationUrl({ redirectUrl: 'http://x', state: 's' })).toThrow();
  });
});
