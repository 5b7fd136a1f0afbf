import { afterEach, describe, expect, it } from 'vitest';
import { noSleep, SANDBOX_START, startSandbox } from '../sandbox-harness.testing.ts';
import type { RunningSandbox } from '../sandbox-harness.testing.ts';
import type { MarketplaceAdapter, MarketplaceReturn, ShopAuth } from '../types.ts';
import { createBlibliAdapter } from './blibli.adapter.ts';

const DAY = 86_400_000;
let sandbox: RunningSandbox | undefined;
afterEach(async () => sandbox?.close());

const setup = async () => {
  sandbox = await startSandbox('returns');
  const running = sandbox;
  const { blibli } = running.credentials;
  const adapter = createBlibliAdapter({
    baseUrl: running.urls.blibli.baseUrl,
    clientId: blibli.clientId,
    clientKey: blibli.clientKey,
    channelId: blibli.channelId,
    now: running.clock.now,
    retry: noSleep,
  });
  const auth: ShopAuth = {
    shopId: blibli.storeCode,
    accessToken: blibli.sellerKey,
    username: blibli.username,
    signatureKey: blibli.signatureKey,
  };
  return { sandbox: running, adapter: adapter as Required<MarketplaceAdapter>, auth };
};

describe('blibli returned orders against the sandbox', () => {
  it('lists returns of delivered orders by time window, page by page, and reads one as it moves on the clock', async () => {
    const { sandbox, adapter, auth } = await setup();
    const generated = await sandbox.admin('/orders/generate', { marketplace: 'blibli', count: 12, status: 'D' });
    const orderIds = new Set((generated.orders as { orderId: string }[]).map((order) => order.orderId));
    await sandbox.admin('/orders/generate', { marketplace: 'blibli', count: 2 });
    expect((await adapter.listReturns(auth, {})).items).toEqual([]);

    await sandbox.advance(DAY + 1000);
    const first = await adapter.listReturns(auth, { pageSize: 2 });
    expect(first.items).toHaveLength(2);
    expect(first.nextCursor).toBe('1');
    expect(first.total).toBeGreaterThan(2);
    expect(first.total).toBeLessThan(12);
    const all: MarketplaceReturn[] = [...first.items];
    let cursor = first.nextCursor;
    while (cursor) {
      const page = await adapter.listReturns(auth, { pageSize: 2, cursor });
      all.push(...page.items);
      cursor = page.nextCursor;
    }
    expect(all).toHaveLength(first.total ?? -1);
    expect(
      all.every((entry) => orderIds.has(entry.orderId) && entry.status === 'requested' && entry.rawStatus === 'WAITING_APPROVAL'),
    ).toBe(true);
    expect(all[0]?.createdAt).toBe(SANDBOX_START + DAY);
    expect((await adapter.listReturns(auth, { createdFrom: SANDBOX_START + DAY + 1 })).items).toEqual([]);
    expect(
      (await adapter.listReturns(auth, { createdFrom: SANDBOX_START, createdTo: SANDBOX_START + DAY + 1, pageSize: 100 })).items,
    ).toHaveLength(all.length);

    const target = all[0]!;
    const one = await adapter.getReturn(auth, target.returnId);
    expect(one).toMatchObject({ returnId: target.returnId, orderId: target.orderId, status: 'requested', currency: 'IDR' });
    expect(one.items.length).toBeGreaterThan(0);
    expect(one.items[0]?.productId.startsWith(`${auth.shopId}-`)).toBe(true);
    expect(one.refundAmount).toBe(one.items.reduce((sum, item) => sum + item.refundAmount, 0));

    await sandbox.advance(6 * DAY);
    expect(await adapter.getReturn(auth, target.returnId)).toMatchObject({
      status: 'refunded',
      rawStatus: 'REFUNDED',
      updatedAt: SANDBOX_START + 7 * DAY,
    });
    await expect(adapter.getReturn(auth, 'RMA-NOPE')).rejects.toMatchObject({ kind: 'not_found', httpStatus: 404 });
  });
});
