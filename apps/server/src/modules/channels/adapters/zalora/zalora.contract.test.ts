import { afterEach, describe, expect, it } from 'vitest';
import { noSleep, SANDBOX_START, startSandbox, tinyJpeg } from '../sandbox-harness.testing.ts';
import type { RunningSandbox } from '../sandbox-harness.testing.ts';
import type { ShopAuth } from '../types.ts';
import { createZaloraAdapter } from './zalora.adapter.ts';

let sandbox: RunningSandbox | undefined;
afterEach(async () => sandbox?.close());

const setup = async (maxAttempts = 3) => {
  sandbox = await startSandbox();
  const running = sandbox;
  // Waiting out a Retry-After moves the sandbox clock instead of sleeping, so per-second quotas reset as they would.
  const adapter = createZaloraAdapter({
    baseUrl: running.urls.zalora.baseUrl,
    now: running.clock.now,
    retry: { ...noSleep, maxAttempts, sleep: (ms) => running.advance(ms) },
  });
  const auth: ShopAuth = { shopId: running.credentials.zalora.userId, accessToken: running.credentials.zalora.apiKey };
  return { sandbox: running, adapter, auth };
};

describe('zalora adapter against the sandbox', () => {
  it('checks the keys and lists products and orders', async () => {
    const { sandbox, adapter, auth } = await setup();
    await expect(adapter.getShopInfo(auth)).resolves.toMatchObject({ shopId: auth.shopId, status: 'active' });
    expect((await adapter.listBrands(auth, {})).items.length).toBe(16);
    const products = await adapter.listProducts(auth, { pageSize: 100 });
    expect(products.items).toHaveLength(12);
    expect(products.items.every((product) => product.skus.length >= 1)).toBe(true);

    const generated = await sandbox.admin('/orders/generate', { marketplace: 'zalora', count: 3 });
    const ids = (generated.orders as { orderId: string }[]).map((order) => order.orderId).sort();
    const first = await adapter.listOrders(auth, {
      timeField: 'create',
      from: SANDBOX_START - 1000,
      to: SANDBOX_START + 1000,
      pageSize: 2,
    });
    const rest = await adapter.listOrders(auth, {
      timeField: 'create',
      from: SANDBOX_START - 1000,
      to: SANDBOX_START + 1000,
      pageSize: 2,
      cursor: first.nextCursor ?? '',
    });
    expect([...first.items, ...rest.items].map((order) => order.orderId).sort()).toEqual(ids);
    expect(first.items[0]).toMatchObject({ status: 'new', rawStatus: 'pending' });
  });

  it('maps signature mismatch, unknown user and rate limits', async () => {
    const { sandbox, adapter, auth } = await setup(1);
    await expect(adapter.getShopInfo({ ...auth, accessToken: 'wrong' })).rejects.toMatchObject({ kind: 'invalid_sign', code: '7' });
    await expect(adapter.getShopInfo({ ...auth, shopId: 'nobody@example.com' })).rejects.toMatchObject({ kind: 'auth_expired', code: '9' });
    await sandbox.admin('/faults', { marketplace: 'zalora', rateLimited: 1 });
    await expect(adapter.getShopInfo(auth)).rejects.toMatchObject({ kind: 'rate_limited', httpStatus: 429 });
  });

  it('publishes a product with images through its feeds, updates stock and price, fulfils and cancels orders', async () => {
    const { sandbox, adapter, auth } = await setup();
    const categories = await adapter.listCategories(auth);
    const leaf = categories.find((category) => category.isLeaf && category.name === 'Kopi');
    expect(leaf?.parentId).toBeDefined();
    const attributes = await adapter.listAttributes(auth, leaf?.id ?? '');
    expect(attributes.find((attribute) => attribute.id === 'Bahan')).toMatchObject({ mandatory: true, inputType: 'single_select' });
    await expect(adapter.listAttributes(auth, '404')).rejects.toMatchObject({ kind: 'bad_request', code: '56' });
    await expect(adapter.listWarehouses(auth)).rejects.toMatchObject({ kind: 'unsupported' });
    const brand = (await adapter.listBrands(auth, {})).items[0];

    const front = await adapter.uploadImage(auth, { kind: 'url', url: 'https://cdn.kelola.test/kopi-depan.jpg' });
    expect(front).toMatchObject({ status: 'FINISHED', url: 'https://cdn.kelola.test/kopi-depan.jpg' });
    await expect(
      adapter.uploadImage(auth, { kind: 'bytes', fileName: 'a.jpg', contentType: 'image/jpeg', data: tinyJpeg() }),
    ).rejects.toMatchObject({ kind: 'bad_request', code: 'image_url_required' });

    const input = {
      name: 'Kopi Kelola Uji',
      description: 'Kopi arabika <untuk> uji kontrak & feed.',
      categoryId: leaf?.id ?? '',
      brandId: brand?.id ?? '',
      images: [front.id, 'https://cdn.kelola.test/kopi-samping.jpg'],
      weightGrams: 500,
      attributes: [{ id: 'Bahan', values: ['Lainnya'] }],
      skus: [
        { sellerSku: 'KKU-250', price: 85000, stock: 5, options: { Ukuran: '250 g' } },
        { sellerSku: 'KKU-500', price: 150000, stock: 2, options: { Ukuran: '500 g' } },
      ],
    };
    const request = await adapter.createProduct(auth, input);
    expect(request).toMatchObject({ status: 'ON_PROGRESS', productId: 'KKU-250' });
    let status = await adapter.getProductRequestStatus(auth, request.requestId);
    let polls = 0;
    while (status.status === 'ON_PROGRESS' && polls < 10) {
      await sandbox.advance(2000);
      status = await adapter.getProductRequestStatus(auth, request.requestId);
      polls += 1;
    }
    expect(status).toMatchObject({ status: 'FINISHED', productId: 'KKU-250' });
    expect(polls).toBe(3);
    const created = await adapter.getProduct(auth, 'KKU-250');
    expect(created).toMatchObject({ name: 'Kopi Kelola Uji', status: 'active', categoryId: leaf?.id });
    expect(created.images).toEqual(['https://cdn.kelola.test/kopi-depan.jpg', 'https://cdn.kelola.test/kopi-samping.jpg']);
    expect(created.skus.map((sku) => sku.sellerSku)).toEqual(['KKU-250', 'KKU-500']);

    // A second create with the same SKUs fails in the feed, and so does an image Zalora cannot download.
    const duplicate = await adapter.createProduct(auth, input);
    await sandbox.advance(6000);
    expect(await adapter.getProductRequestStatus(auth, duplicate.requestId)).toMatchObject({
      status: 'FAILED',
      error: expect.stringContaining('already exists'),
    });
    // Without the category's mandatory attribute the feed fails with Zalora's field error.
    const { attributes: _bahan, ...withoutBahan } = input;
    const noAttribute = await adapter.createProduct(auth, {
      ...withoutBahan,
      skus: input.skus.map((sku) => ({ ...sku, sellerSku: `${sku.sellerSku}-B` })),
    });
    await sandbox.advance(6000);
    expect(await adapter.getProductRequestStatus(auth, noAttribute.requestId)).toMatchObject({
      status: 'FAILED',
      error: expect.stringContaining('Field Bahan is mandatory'),
    });
    // An edit is checked too: a category sent again needs its mandatory attributes, and none may be emptied.
    for (const edit of [{ categoryId: leaf?.id ?? '', attributes: [] }, { attributes: [{ id: 'Bahan', values: [''] }] }]) {
      const refused = await adapter.updateProduct(auth, 'KKU-250', edit);
      await sandbox.advance(6000);
      expect(await adapter.getProductRequestStatus(auth, refused.requestId)).toMatchObject({
        status: 'FAILED',
        error: expect.stringContaining('Field Bahan is mandatory'),
      });
    }
    const withBahan = await adapter.updateProduct(auth, 'KKU-250', { categoryId: leaf?.id ?? '', attributes: input.attributes ?? [] });
    await sandbox.advance(6000);
    expect((await adapter.getProductRequestStatus(auth, withBahan.requestId)).status).toBe('FINISHED');
    const badImage = await adapter.updateProduct(auth, 'KKU-250', { images: ['https://cdn.kelola.test/fail-front.jpg'] });
    await sandbox.advance(4000);
    expect(await adapter.getProductRequestStatus(auth, badImage.requestId)).toMatchObject({
      status: 'FAILED',
      error: expect.stringContaining('could not be downloaded'),
    });

    const update = await adapter.updateProduct(auth, 'KKU-250', { name: 'Kopi Kelola Uji v2' });
    expect((await adapter.getProductRequestStatus(auth, update.requestId)).status).toBe('ON_PROGRESS');
    expect((await adapter.getProduct(auth, 'KKU-250')).status).toBe('reviewing');
    await sandbox.advance(6000);
    expect((await adapter.getProductRequestStatus(auth, update.requestId)).status).toBe('FINISHED');
    expect(await adapter.getProduct(auth, 'KKU-250')).toMatchObject({ name: 'Kopi Kelola Uji v2', status: 'active' });

    expect(await adapter.updateStock(auth, [{ productId: 'KKU-250', skuId: 'KKU-250', quantity: 33 }])).toEqual([
      { productId: 'KKU-250', skuId: 'KKU-250', ok: true },
    ]);
    await adapter.updatePrice(auth, [{ productId: 'KKU-250', skuId: 'KKU-500', price: 140000 }]);
    expect((await adapter.getProduct(auth, 'KKU-250')).skus).toMatchObject([{ stock: 33 }, { price: 140000 }]);
    const unknown = await adapter.updateStock(auth, [{ productId: 'KKU-250', skuId: 'NOPE', quantity: 1 }]);
    expect(unknown[0]).toMatchObject({ ok: false, error: expect.stringContaining('not found') });

    const generated = await sandbox.admin('/orders/generate', { marketplace: 'zalora', count: 2 });
    const ids = (generated.orders as { orderId: string }[]).map((order) => order.orderId);
    const listed = await adapter.listOrders(auth, { timeField: 'update', from: SANDBOX_START, to: sandbox.clock.now() + 1000 });
    expect(listed.items.map((order) => order.orderId).sort()).toEqual([...ids].sort());
    const orderId = ids[0] ?? '';
    const [order] = await adapter.getOrders(auth, [orderId]);
    expect(order).toMatchObject({ orderId, status: 'new', rawStatus: 'pending', currency: 'IDR' });
    const expected = (generated.orders as { orderId: string; items: { quantity: number }[] }[])[0]?.items ?? [];
    expect(order?.items.reduce((sum, item) => sum + item.quantity, 0)).toBe(expected.reduce((sum, item) => sum + item.quantity, 0));

    await adapter.acceptOrder(auth, orderId);
    expect((await adapter.getOrders(auth, [orderId]))[0]).toMatchObject({ status: 'confirmed', rawStatus: 'packed' });
    await expect(adapter.getShippingLabel(auth, orderId)).rejects.toMatchObject({ kind: 'bad_request' });
    const shipment = await adapter.arrangeShipment(auth, { orderId, method: 'dropoff', trackingNumber: 'ZLR0012345678' });
    expect(shipment).toMatchObject({ orderId, trackingNumber: 'ZLR0012345678', packageId: expect.any(String) });
    expect((await adapter.getOrders(auth, [orderId]))[0]).toMatchObject({ status: 'ready_to_ship', trackingNumber: 'ZLR0012345678' });
    const label = await adapter.getShippingLabel(auth, orderId);
    expect(label.contentType).toBe('application/pdf');
    expect(new TextDecoder().decode(label.data.slice(0, 5))).toBe('%PDF-');
    await expect(adapter.acceptOrder(auth, orderId)).rejects.toMatchObject({ kind: 'bad_request' });

    const cancelId = ids[1] ?? '';
    const reasons = await adapter.cancellationReasons(auth, cancelId);
    expect(reasons.length).toBeGreaterThan(0);
    await expect(adapter.cancelOrder(auth, { orderId: cancelId, reasonId: '999' })).rejects.toMatchObject({ code: '21' });
    await adapter.cancelOrder(auth, { orderId: cancelId, reasonId: reasons[0]?.id ?? '' });
    expect((await adapter.getOrders(auth, [cancelId]))[0]).toMatchObject({ status: 'canceled', cancelReason: reasons[0]?.label });
    expect(await adapter.cancellationReasons(auth, cancelId)).toEqual([]);
  });

  it('treats an expired timestamp as invalid_sign and retries through E429 with its Retry-After', async () => {
    const { sandbox, auth } = await setup();
    const skewed = createZaloraAdapter({ baseUrl: sandbox.urls.zalora.baseUrl, now: () => sandbox.clock.now() - 11 * 60_000 });
    await expect(skewed.getShopInfo(auth)).rejects.toMatchObject({ kind: 'invalid_sign', code: '3' });
    const waits: number[] = [];
    const patient = createZaloraAdapter({
      baseUrl: sandbox.urls.zalora.baseUrl,
      now: sandbox.clock.now,
      retry: { maxAttempts: 3, sleep: async (ms) => void waits.push(ms) },
    });
    await sandbox.admin('/faults', { marketplace: 'zalora', rateLimited: 2 });
    await expect(patient.getShopInfo(auth)).resolves.toMatchObject({ status: 'active' });
    expect(waits).toEqual([1000, 1000]);
  });
});
