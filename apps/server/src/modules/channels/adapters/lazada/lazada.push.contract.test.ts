import { afterEach, describe, expect, it } from 'vitest';
import { approveConsent, noSleep, startPushCatcher, startSandbox } from '../sandbox-harness.testing.ts';
import type { RunningSandbox } from '../sandbox-harness.testing.ts';
import { createLazadaAdapter } from './lazada.adapter.ts';

let sandbox: RunningSandbox | undefined;
let catcher: Awaited<ReturnType<typeof startPushCatcher>> | undefined;
afterEach(async () => {
  await sandbox?.close();
  await catcher?.close();
});

describe('lazada pushes from the sandbox', () => {
  it('signs trade order pushes with app_key + body and parses them', async () => {
    catcher = await startPushCatcher();
    sandbox = await startSandbox('pushes', `${catcher.origin}/hooks`);
    const { lazada } = sandbox.credentials;
    const adapter = createLazadaAdapter({ ...sandbox.urls.lazada, ...lazada, now: sandbox.clock.now, retry: noSleep });
    const back = await approveConsent(
      adapter.authorizationUrl({ redirectUrl: 'http://kelola.test/integration/lazada/callback', state: 's' }),
    );
    const grant = await adapter.exchangeCode({ code: back.searchParams.get('code') ?? '' });
    const auth = { shopId: grant.shops[0]?.shopId ?? '', accessToken: grant.accessToken };

    const generated = await sandbox.admin('/orders/generate', { marketplace: 'lazada', status: 'pending' });
    const orderId = (generated.orders as { orderId: string }[])[0]?.orderId ?? '';
    await adapter.acceptOrder(auth, orderId);
    await sandbox.admin('/pushes/flush', {});

    const events = catcher.pushes.map((push) => {
      expect(push.url).toBe(`${catcher?.origin}/hooks/lazada`);
      expect(adapter.verifyPush(push)).toBe(true);
      return adapter.parsePush(push.rawBody);
    });
    expect(events.map((event) => [event?.orderId, event?.status])).toEqual([
      [orderId, 'new'],
      [orderId, 'confirmed'],
    ]);
  });
});
