import { afterEach, describe, expect, it } from 'vitest';
import { noSleep, SANDBOX_START, startSandbox } from '../sandbox-harness.testing.ts';
import type { RunningSandbox } from '../sandbox-harness.testing.ts';
import type { MarketplaceAdapter, MarketplaceReturn, ShopAuth } from '../types.ts';
import { createZaloraAdapter } from './zalora.adapter.ts';

const DAY = 86_400_000;
let sandbox: RunningSandbox | undefined;
afterEach(async () => sandbox?.close());

const setup = async () => {
  sandbox = await startSandbox('returns');
  const running = sandbox;
  const adapter = createZaloraAdapter({
    baseUrl: running.urls.zalora.baseUrl,
    now: running.clock.now,
    // Waiting out a Retry-After moves the sandbox clock instead of sleeping.
    retry: { ...noSleep, sleep: (ms) => running.advance(ms) },
  });
  const auth: ShopAuth = { shopId: running.credentials.zalora.userId, accessToken: running.credentials.zalora.apiKey };
  return { sandbox: running, adapter: adapter as Required<MarketplaceAdapter>, auth };
};

describe('zalora returns against the sandbox', () => {
  it('lists orders that turned returned on the clock, page by page, and reads one as its items come back', async () => {
    const { sandbox, adapter, auth } = await setup();
    await sandbox.admin('/orders/generate', { marketplace: 'zalora', count: 120, status: 'delivered' });
    expect((await adapter.listReturns(auth, {})).items).toEqual([]);

    // A few delivered orders are returned two days later; the rest stay delivered.
    await sandbox.advance(2 * DAY + 1000);
    const orders = (await sandbox.admin('/orders?marketplace=zalora')).orders as { orderId: string; status: string }[];
    const returned = orders.filter((order) => order.status === 'returned').map((order) => order.orderId);
    expect(returned.length).toBeGreaterThan(2);

    const first = await adapter.listReturns(auth, { pageSize: 2 });
    expect(first.items).toHaveLength(2);
    expect(first.nextCursor).toBe('2');
    expect(first.total).toBe(returned.length);
    const all: MarketplaceReturn[] = [...first.items];
    let cursor = first.nextCursor;
    while (cursor) {
      const page = await adapter.listReturns(auth, { pageSize: 2, cursor });
      all.push(...page.items);
      cursor = page.nextCursor;
    }
    expect(all.map((entry) => entry.orderId).sort()).toEqual([...returned].sort());
    expect(all.every((entry) => entry.status === 'requested' && entry.rawStatus === 'return_waiting_for_approval')).toBe(true);
    expect(all.every((entry) => entry.items.length > 0 && entry.refundAmount > 0)).toBe(true);
    expect(all[0]?.createdAt).toBe(SANDBOX_START + 2 * DAY);
    expect((await adapter.listReturns(auth, { createdFrom: SANDBOX_START + 2 * DAY + 1000 })).items).toEqual([]);

    const target = all[0]!;
    const one = await adapter.getReturn(auth, target.returnId);
    expect(one).toEqual(target);
    expect(one.refundAmount).toBe(one.items.reduce((sum, item) => sum + item.refundAmount, 0));

    await sandbox.advance(DAY);
    expect(await adapter.getReturn(auth, target.returnId)).toMatchObject({ status: 'processing', rawStatus: 'return_shipped_by_customer' });
    await sandbox.advance(2 * DAY);
    expect(await adapter.getReturn(auth, target.returnId)).toMatchObject({
      status: 'refunded',
      rawStatus: 'returned',
      updatedAt: SANDBOX_START + 5 * DAY,
    });

    const delivered = orders.find((order) => order.status === 'delivered')!;
    await expect(adapter.getReturn(auth, delivered.orderId)).rejects.toMatchObject({ kind: 'not_found' });
  });
});
