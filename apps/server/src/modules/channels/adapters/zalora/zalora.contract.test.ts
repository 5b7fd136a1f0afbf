import { afterEach, describe, expect, it } from 'vitest';
import { noSleep, SANDBOX_START, startSandbox } from '../sandbox-harness.testing.ts';
import type { RunningSandbox } from '../sandbox-harness.testing.ts';
import type { ShopAuth } from '../types.ts';
import { createZaloraAdapter } from './zalora.adapter.ts';

let sandbox: RunningSandbox | undefined;
afterEach(async () => sandbox?.close());

const setup = async (maxAttempts = 3) => {
  sandbox = await startSandbox();
  const running = sandbox;
  const adapter = createZaloraAdapter({ baseUrl: running.urls.zalora.baseUrl, now: running.clock.now, retry: { ...noSleep, maxAttempts } });
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
});
