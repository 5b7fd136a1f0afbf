import { afterEach, describe, expect, it } from 'vitest';
import { approveConsent, noSleep, startPushCatcher, startSandbox } from '../sandbox-harness.testing.ts';
import type { RunningSandbox } from '../sandbox-harness.testing.ts';
import { createShopeeAdapter } from './shopee.adapter.ts';

let sandbox: RunningSandbox | undefined;
let catcher: Awaited<ReturnType<typeof startPushCatcher>> | undefined;
afterEach(async () => {
  await sandbox?.close();
  await catcher?.close();
});

const setup = async () => {
  catcher = await startPushCatcher();
  sandbox = await startSandbox('pushes', `${catcher.origin}/hooks`);
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
  return { sandbox: running, catcher, adapter, auth: { shopId: '60001001', accessToken: grant.accessToken } };
};

describe('shopee pushes from the sandbox', () => {
  it('sends order pushes that verify, parse, and keep one event id when replayed', async () => {
    const { sandbox, catcher, adapter, auth } = await setup();
    const generated = await sandbox.admin('/orders/generate', { marketplace: 'shopee', shopId: '60001001', status: 'READY_TO_SHIP' });
    const orderId = (generated.orders as { orderId: string }[])[0]?.orderId ?? '';
    await adapter.arrangeShipment(auth, { orderId, method: 'pickup' });
    await sandbox.admin('/pushes/flush', {});

    expect(catcher.pushes.map((push) => adapter.parsePush(push.rawBody)?.rawStatus)).toEqual(['READY_TO_SHIP', 'PROCESSED']);
    for (const push of catcher.pushes) {
      expect(push.url).toBe(`${catcher.origin}/hooks/shopee`);
      expect(adapter.verifyPush(push)).toBe(true);
      expect(adapter.verifyPush({ ...push, rawBody: push.rawBody.replace(orderId, 'X') })).toBe(false);
    }
    const first = catcher.pushes[1];
    const replays = [1, 2, 3].map(() => adapter.parsePush(first?.rawBody ?? ''));
    expect(new Set(replays.map((event) => event?.eventId)).size).toBe(1);
    expect(replays[0]).toMatchObject({ orderId, status: 'ready_to_ship', type: 'order_status', shopId: '60001001' });
  });

  it('keeps undelivered pushes for the lost-push API and retries them later', async () => {
    const { sandbox, catcher, adapter } = await setup();
    catcher.answerWith(500);
    const generated = await sandbox.admin('/orders/generate', { marketplace: 'shopee', shopId: '60001001', status: 'READY_TO_SHIP' });
    const orderId = (generated.orders as { orderId: string }[])[0]?.orderId ?? '';
    await sandbox.admin('/pushes/flush', {});
    const lost = await adapter.fetchLostPushes?.();
    expect(lost?.events.map((event) => event.orderId)).toEqual([orderId]);
    expect(lost?.hasMore).toBe(false);
    await adapter.confirmLostPushes?.(lost?.lastMessageId ?? '');
    expect((await adapter.fetchLostPushes?.())?.events).toEqual([]);

    catcher.answerWith(200);
    await sandbox.advance(5 * 60_000);
    const log = await sandbox.admin('/pushes/flush', {});
    expect(log.pushes).toMatchObject([{ delivered: true, attempts: 2 }]);
  });
});
