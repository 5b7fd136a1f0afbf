import { afterEach, describe, expect, it } from 'vitest';
import { noSleep, SANDBOX_START, startSandbox } from '../sandbox-harness.testing.ts';
import type { RunningSandbox } from '../sandbox-harness.testing.ts';
import type { ShopAuth } from '../types.ts';
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

  it('says which capabilities are not there', async () => {
    const { adapter, auth } = await setup();
    await expect(adapter.acceptOrder(auth, '1')).rejects.toMatchObject({ kind: 'unsupported' });
    expect(() => adapter.authorizationUrl({ redirectUrl: 'http://x', state: 's' })).toThrow();
  });
});
