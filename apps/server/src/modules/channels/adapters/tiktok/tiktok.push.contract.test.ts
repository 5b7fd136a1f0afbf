import { afterEach, describe, expect, it } from 'vitest';
import { approveConsent, noSleep, startPushCatcher, startSandbox } from '../sandbox-harness.testing.ts';
import type { RunningSandbox } from '../sandbox-harness.testing.ts';
import { createTiktokAdapter } from './tiktok.adapter.ts';

let sandbox: RunningSandbox | undefined;
let catcher: Awaited<ReturnType<typeof startPushCatcher>> | undefined;
afterEach(async () => {
  await sandbox?.close();
  await catcher?.close();
});

describe('tiktok shop webhooks from the sandbox', () => {
  it('signs order status webhooks with the app secret and carries a notification id', async () => {
    catcher = await startPushCatcher();
    sandbox = await startSandbox('pushes', `${catcher.origin}/hooks`);
    const { tiktok } = sandbox.credentials;
    const adapter = createTiktokAdapter({
      ...sandbox.urls.tiktok,
      ...tiktok,
      sendRedirectUri: true,
      now: sandbox.clock.now,
      retry: noSleep,
    });
    const back = await approveConsent(adapter.authorizationUrl({ redirectUrl: 'http://kelola.test/integration/tiktok', state: 's' }));
    await adapter.exchangeCode({ code: back.searchParams.get('code') ?? '' });

    const generated = await sandbox.admin('/orders/generate', { marketplace: 'tiktok', status: 'UNPAID' });
    const orderId = (generated.orders as { orderId: string }[])[0]?.orderId ?? '';
    // Buyers pay (or not) as sandbox time passes; each change is pushed.
    await sandbox.advance(2 * 3_600_000);
    await sandbox.admin('/pushes/flush', {});

    expect(catcher.pushes.length).toBeGreaterThanOrEqual(2);
    const events = catcher.pushes.map((push) => {
      expect(adapter.verifyPush(push)).toBe(true);
      return adapter.parsePush(push.rawBody);
    });
    expect(events[0]).toMatchObject({ orderId, rawStatus: 'UNPAID', status: 'unpaid' });
    expect(new Set(events.map((event) => event?.eventId)).size).toBe(events.length);
    const forged = createTiktokAdapter({ ...sandbox.urls.tiktok, ...tiktok, appSecret: 'other' });
    expect(forged.verifyPush(catcher.pushes[0] ?? { url: '', headers: {}, rawBody: '' })).toBe(false);
  });
});
