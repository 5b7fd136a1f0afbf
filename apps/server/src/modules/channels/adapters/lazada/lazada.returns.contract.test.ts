import { afterEach, describe, expect, it } from 'vitest';
import { approveConsent, noSleep, SANDBOX_START, startSandbox } from '../sandbox-harness.testing.ts';
import type { RunningSandbox } from '../sandbox-harness.testing.ts';
import type { MarketplaceAdapter, MarketplaceReturn, ShopAuth } from '../types.ts';
import { createLazadaAdapter } from './lazada.adapter.ts';

const DAY = 86_400_000;
let sandbox: RunningSandbox | undefined;
afterEach(async () => sandbox?.close());

const setup = async () => {
  sandbox = await startSandbox('returns');
  const running = sandbox;
  const adapter = createLazadaAdapter({
    ...running.urls.lazada,
    appKey: running.credentials.lazada.appKey,
    appSecret: running.credentials.lazada.appSecret,
    now: running.clock.now,
    retry: noSleep,
  });
  const back = await approveConsent(
    adapter.authorizationUrl({ redirectUrl: 'http://kelola.test/integration/lazada/callback', state: 's' }),
  );
  const grant = await adapter.exchangeCode({ code: back.searchParams.get('code') ?? '' });
  const auth: ShopAuth = { shopId: grant.shops[0]?.shopId ?? '', accessToken: grant.accessToken };
  return { sandbox: running, adapter: adapter as Required<MarketplaceAdapter>, auth };
};

describe('lazada reverse orders against the sandbox', () => {
  it('lists the reverse orders of orders that turned returned on the clock, page by page, and reads one', async () => {
    const { sandbox, adapter, auth } = await setup();
    await sandbox.admin('/orders/generate', { marketplace: 'lazada', count: 40, status: 'delivered' });
    expect((await adapter.listReturns(auth, {})).items).toEqual([]);

    // Delivered orders are either confirmed by the buyer (3 days) or returned (2 days).
    await sandbox.advance(2 * DAY + 1000);
    const orders = (await sandbox.admin('/orders?marketplace=lazada')).orders as { orderId: string; status: string }[];
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
    expect(all.every((entry) => entry.status === 'requested' && entry.rawStatus === 'REQUEST_INITIATE')).toBe(true);
    expect(all[0]?.createdAt).toBe(SANDBOX_START + 2 * DAY);

    expect((await adapter.listReturns(auth, { createdFrom: SANDBOX_START + 2 * DAY + 1 })).items).toEqual([]);
    expect(
      (await adapter.listReturns(auth, { createdFrom: SANDBOX_START, createdTo: SANDBOX_START + 2 * DAY + 1, pageSize: 100 })).items,
    ).toHaveLength(returned.length);

    const target = all[0]!;
    const one = await adapter.getReturn(auth, target.returnId);
    expect(one).toEqual(target);
    expect(one.items.length).toBeGreaterThan(0);
    expect(one.refundAmount).toBeGreaterThan(0);

    await sandbox.advance(DAY);
    expect(await adapter.getReturn(auth, target.returnId)).toMatchObject({ status: 'processing', rawStatus: 'BUYER_RETURN_ITEM' });
    await sandbox.advance(3 * DAY);
    expect(await adapter.getReturn(auth, target.returnId)).toMatchObject({
      status: 'refunded',
      rawStatus: 'REFUND_SUCCESS',
      updatedAt: SANDBOX_START + 6 * DAY,
    });

    await expect(adapter.getReturn(auth, '81')).rejects.toMatchObject({ kind: 'not_found', code: 'ReverseOrderNotFound' });
  });
});
