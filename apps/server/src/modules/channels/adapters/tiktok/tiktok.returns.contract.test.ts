import { afterEach, describe, expect, it } from 'vitest';
import { approveConsent, noSleep, SANDBOX_START, startSandbox } from '../sandbox-harness.testing.ts';
import type { RunningSandbox } from '../sandbox-harness.testing.ts';
import type { MarketplaceAdapter, MarketplaceReturn, ShopAuth } from '../types.ts';
import { createTiktokAdapter } from './tiktok.adapter.ts';

const DAY = 86_400_000;
let sandbox: RunningSandbox | undefined;
afterEach(async () => sandbox?.close());

const setup = async () => {
  sandbox = await startSandbox('returns');
  const running = sandbox;
  const adapter = createTiktokAdapter({
    ...running.urls.tiktok,
    appKey: running.credentials.tiktok.appKey,
    appSecret: running.credentials.tiktok.appSecret,
    serviceId: running.credentials.tiktok.serviceId,
    sendRedirectUri: true,
    now: running.clock.now,
    retry: noSleep,
  });
  const back = await approveConsent(adapter.authorizationUrl({ redirectUrl: 'http://kelola.test/integration/tiktok', state: 's' }));
  const grant = await adapter.exchangeCode({ code: back.searchParams.get('code') ?? '' });
  const shop = grant.shops[0];
  const auth: ShopAuth = {
    shopId: shop?.shopId ?? '',
    accessToken: grant.accessToken,
    ...(shop?.cipher ? { shopCipher: shop.cipher } : {}),
  };
  return { sandbox: running, adapter: adapter as Required<MarketplaceAdapter>, auth, refreshToken: grant.refreshToken };
};

describe('tiktok shop returns against the sandbox', () => {
  it('reads buyer returns of delivered orders by time window, page by page, and one by id as they move on the clock', async () => {
    const { sandbox, adapter, auth: firstAuth, refreshToken } = await setup();
    let auth = firstAuth;
    const generated = await sandbox.admin('/orders/generate', { marketplace: 'tiktok', count: 40, status: 'DELIVERED' });
    const orderIds = new Set((generated.orders as { orderId: string }[]).map((order) => order.orderId));
    await sandbox.admin('/orders/generate', { marketplace: 'tiktok', count: 3, status: 'AWAITING_SHIPMENT' });

    // Nothing is returned yet: buyers ask a day after delivery.
    expect((await adapter.listReturns(auth, { pageSize: 10 })).items).toEqual([]);
    await sandbox.advance(DAY + 1000);

    const first = await adapter.listReturns(auth, { pageSize: 10 });
    expect(first.items).toHaveLength(10);
    expect(first.total).toBeGreaterThan(10);
    expect(first.total).toBeLessThan(40);
    const all: MarketplaceReturn[] = [...first.items];
    let cursor = first.nextCursor;
    while (cursor) {
      const page = await adapter.listReturns(auth, { pageSize: 10, cursor });
      all.push(...page.items);
      cursor = page.nextCursor;
    }
    expect(all).toHaveLength(first.total ?? -1);
    expect(new Set(all.map((entry) => entry.returnId)).size).toBe(all.length);
    expect(all.every((entry) => orderIds.has(entry.orderId))).toBe(true);
    expect(all.every((entry) => entry.status === 'requested' && entry.rawStatus === 'RETURN_OR_REFUND_REQUEST_PENDING')).toBe(true);
    expect(all[0]?.createdAt).toBe(SANDBOX_START + DAY);

    // The time window filters by creation time.
    expect((await adapter.listReturns(auth, { createdFrom: SANDBOX_START + DAY + 1000 })).items).toEqual([]);
    expect(
      (await adapter.listReturns(auth, { createdFrom: SANDBOX_START, createdTo: SANDBOX_START + DAY + 1000, pageSize: 50 })).items,
    ).toHaveLength(all.length);

    const target = all[0]!;
    const one = await adapter.getReturn(auth, target.returnId);
    expect(one).toMatchObject({ returnId: target.returnId, orderId: target.orderId, status: 'requested', currency: 'IDR' });
    expect(one.items.length).toBeGreaterThan(0);
    expect(one.refundAmount).toBe(one.items.reduce((sum, item) => sum + item.refundAmount, 0));

    await sandbox.advance(2 * DAY);
    expect(await adapter.getReturn(auth, target.returnId)).toMatchObject({ status: 'accepted', rawStatus: 'AWAITING_BUYER_SHIP' });
    await sandbox.advance(4 * DAY);
    // Access tokens live seven days.
    auth = { ...auth, accessToken: (await adapter.refreshAccessToken({ refreshToken })).accessToken };
    const done = await adapter.getReturn(auth, target.returnId);
    expect(done).toMatchObject({ status: 'refunded', rawStatus: 'RETURN_OR_REFUND_REQUEST_COMPLETE', updatedAt: SANDBOX_START + 7 * DAY });

    await expect(adapter.getReturn(auth, '699999999999999999')).rejects.toMatchObject({ kind: 'not_found' });
  });
});
