import { afterEach, describe, expect, it } from 'vitest';
import { approveConsent, noSleep, SANDBOX_START, startSandbox } from '../sandbox-harness.testing.ts';
import type { RunningSandbox } from '../sandbox-harness.testing.ts';
import type { MarketplaceAdapter, ShopAuth } from '../types.ts';
import { createShopeeAdapter } from './shopee.adapter.ts';

const HOUR = 3_600_000;
let sandbox: RunningSandbox | undefined;
afterEach(async () => sandbox?.close());

const setup = async () => {
  sandbox = await startSandbox('promotions');
  const running = sandbox;
  const adapter = createShopeeAdapter({
    baseUrl: running.urls.shopee.baseUrl,
    partnerId: running.credentials.shopee.partnerId,
    partnerKey: running.credentials.shopee.partnerKey,
    now: running.clock.now,
    retry: noSleep,
  });
  const back = await approveConsent(
    adapter.authorizationUrl({ redirectUrl: 'http://kelola.test/integration/shopee', state: 's' }),
    'shop:60001001',
  );
  const grant = await adapter.exchangeCode({ code: back.searchParams.get('code') ?? '', shopId: '60001001' });
  const auth: ShopAuth = { shopId: '60001001', accessToken: grant.accessToken };
  return { sandbox: running, adapter: adapter as Required<MarketplaceAdapter>, auth };
};

describe('shopee discounts against the sandbox', () => {
  it('creates, lists, fills, updates, runs, ends and deletes discounts with the documented rules', async () => {
    const { sandbox, adapter, auth } = await setup();
    const start = SANDBOX_START + 2 * HOUR;
    const created = await adapter.createDiscount(auth, { name: 'Gajian Sale', startTime: start, endTime: start + 48 * HOUR });
    expect(created).toMatchObject({ name: 'Gajian Sale', status: 'upcoming', startTime: start });

    // Start less than an hour ahead, or in the past, is refused in Shopee's words.
    await expect(
      adapter.createDiscount(auth, { name: 'x', startTime: SANDBOX_START + 10 * 60_000, endTime: start + HOUR }),
    ).rejects.toMatchObject({
      kind: 'bad_request',
      code: 'discount.discount_start_time_invalid',
    });
    await expect(adapter.createDiscount(auth, { name: 'x', startTime: SANDBOX_START - HOUR, endTime: start })).rejects.toMatchObject({
      code: 'discount.discount_start_time_smaller_than_now',
    });
    await expect(adapter.createDiscount(auth, { name: 'x', startTime: start, endTime: start + 181 * 24 * HOUR })).rejects.toMatchObject({
      code: 'discount.discount_period_too_long',
    });

    const available = await adapter.listDiscountableItems(auth, { pageSize: 50 });
    expect(available.items.length).toBeGreaterThan(2);
    const single = available.items.find((item) => item.skus.length === 1 && item.skus[0]?.skuId === '0');
    const variant = available.items.find((item) => item.skus.length > 1);
    expect(single && variant).toBeTruthy();
    const result = await adapter.addDiscountItems(auth, created.discountId, [
      { productId: single!.productId, promotionPrice: Math.floor(single!.skus[0]!.price * 0.8), purchaseLimit: 2 },
      ...variant!.skus.map((sku) => ({
        productId: variant!.productId,
        skuId: sku.skuId,
        promotionPrice: Math.floor(sku.price * 0.9),
        promotionStock: 5,
      })),
      // A promotion price above the original is refused item by item, not for the whole call.
      {
        productId: available.items.find((item) => item !== single && item !== variant && item.skus.length === 1)!.productId,
        promotionPrice: 999_999_999,
      },
    ]);
    expect(result.added).toBe(1 + variant!.skus.length);
    expect(result.failures).toEqual([expect.objectContaining({ code: 'discount.promotion_price_invalid' })]);

    const detail = await adapter.getDiscount(auth, created.discountId);
    expect(detail).toMatchObject({ discountId: created.discountId, status: 'upcoming', more: false });
    expect(detail.items).toHaveLength(1 + variant!.skus.length);
    expect(detail.items.find((item) => item.productId === single!.productId)).toMatchObject({
      skuId: '0',
      originalPrice: single!.skus[0]!.price,
      promotionPrice: Math.floor(single!.skus[0]!.price * 0.8),
      purchaseLimit: 2,
    });
    expect(detail.items.filter((item) => item.productId === variant!.productId).every((item) => item.promotionStock === 5)).toBe(true);

    // Items in an upcoming discount are no longer available, and another discount cannot take them.
    const after = await adapter.listDiscountableItems(auth, { pageSize: 50 });
    expect(after.items.map((item) => item.productId)).not.toContain(single!.productId);
    const second = await adapter.createDiscount(auth, { name: 'Flash', startTime: start, endTime: start + 2 * HOUR });
    const clash = await adapter.addDiscountItems(auth, second.discountId, [{ productId: single!.productId, promotionPrice: 1000 }]);
    expect(clash).toEqual({ added: 0, failures: [expect.objectContaining({ code: 'discount.item_already_in_other_promotion' })] });

    await adapter.updateDiscount(auth, created.discountId, { name: 'Gajian Sale Besar', endTime: start + 72 * HOUR });
    expect((await adapter.getDiscount(auth, created.discountId)).name).toBe('Gajian Sale Besar');

    const upcoming = await adapter.listDiscounts(auth, { status: 'upcoming', pageSize: 1 });
    expect(upcoming.items).toHaveLength(1);
    expect(upcoming.nextCursor).toBe('2');
    const rest = await adapter.listDiscounts(auth, { status: 'upcoming', pageSize: 1, cursor: upcoming.nextCursor ?? '' });
    expect([...upcoming.items, ...rest.items].map((discount) => discount.discountId).sort()).toEqual(
      [created.discountId, second.discountId].sort(),
    );

    // Only an upcoming discount can be deleted, only an ongoing one ended.
    await expect(adapter.endDiscount(auth, second.discountId)).rejects.toMatchObject({ code: 'discount.discount_not_ongoing' });
    await adapter.deleteDiscount(auth, second.discountId);
    await expect(adapter.getDiscount(auth, second.discountId)).rejects.toMatchObject({ kind: 'not_found' });

    await sandbox.advance(3 * HOUR);
    expect((await adapter.listDiscounts(auth, { status: 'ongoing' })).items.map((d) => d.discountId)).toEqual([created.discountId]);
    await expect(adapter.updateDiscount(auth, created.discountId, { startTime: start + HOUR })).rejects.toMatchObject({
      code: 'discount.discount_ongoing_start_time',
    });
    await expect(adapter.deleteDiscount(auth, created.discountId)).rejects.toMatchObject({ code: 'discount.discount_not_upcoming' });
    await adapter.endDiscount(auth, created.discountId);
    expect((await adapter.getDiscount(auth, created.discountId)).status).toBe('expired');
    expect((await adapter.listDiscountableItems(auth, { pageSize: 50 })).items.map((item) => item.productId)).toContain(single!.productId);
  });
});

describe('shopee returns against the sandbox', () => {
  it('lists returned orders page by page and reads one', async () => {
    const { sandbox, adapter, auth } = await setup();
    const generated = await sandbox.admin('/orders/generate', { marketplace: 'shopee', shopId: '60001001', count: 3, status: 'TO_RETURN' });
    const orderIds = (generated.orders as { orderId: string }[]).map((order) => order.orderId);
    await sandbox.admin('/orders/generate', { marketplace: 'shopee', shopId: '60001001', count: 1, status: 'COMPLETED' });

    const first = await adapter.listReturns(auth, { pageSize: 2 });
    expect(first.items).toHaveLength(2);
    expect(first.nextCursor).toBe('1');
    const rest = await adapter.listReturns(auth, { pageSize: 2, cursor: first.nextCursor ?? '' });
    const all = [...first.items, ...rest.items];
    expect(all.map((entry) => entry.orderId).sort()).toEqual([...orderIds].sort());
    expect(rest.nextCursor).toBeUndefined();

    const one = await adapter.getReturn(auth, all[0]!.returnId);
    expect(one).toMatchObject({ returnId: all[0]!.returnId, status: 'requested', rawStatus: 'REQUESTED', currency: 'IDR' });
    expect(one.items.length).toBeGreaterThan(0);
    expect(one.refundAmount).toBe(one.items.reduce((sum, item) => sum + item.refundAmount, 0));
    await expect(adapter.getReturn(auth, 'R-NOPE')).rejects.toMatchObject({ kind: 'not_found', code: 'returns.return_not_found' });
    expect((await adapter.listReturns(auth, { createdFrom: SANDBOX_START + HOUR })).items).toEqual([]);
  });
});
