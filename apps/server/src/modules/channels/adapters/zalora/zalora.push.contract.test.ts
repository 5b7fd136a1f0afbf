import { createHmac } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { noSleep, startPushCatcher, startSandbox } from '../sandbox-harness.testing.ts';
import type { CaughtPush, RunningSandbox } from '../sandbox-harness.testing.ts';
import type { ShopAuth } from '../types.ts';
import { createZaloraAdapter } from './zalora.adapter.ts';

let sandbox: RunningSandbox | undefined;
let catcher: Awaited<ReturnType<typeof startPushCatcher>> | undefined;
afterEach(async () => {
  await sandbox?.close();
  await catcher?.close();
});

const setup = async () => {
  catcher = await startPushCatcher();
  sandbox = await startSandbox('pushes', `${catcher.origin}/hooks`);
  const { zalora } = sandbox.credentials;
  const base = { baseUrl: sandbox.urls.zalora.baseUrl, now: sandbox.clock.now, retry: noSleep };
  const keys: Record<string, string> = { [zalora.userId]: zalora.apiKey };
  const adapter = createZaloraAdapter({ ...base, pushKeyFor: (userId) => keys[userId] });
  const auth: ShopAuth = { shopId: zalora.userId, accessToken: zalora.apiKey };
  return { sandbox, catcher, adapter, auth, base };
};

const firstPush = (pushes: CaughtPush[]): CaughtPush => {
  const push = pushes[0];
  if (!push) throw new Error('no push caught');
  return push;
};

describe('zalora pushes from the sandbox', () => {
  it('signs order status pushes with the shop API key over the body; they verify and parse', async () => {
    const { sandbox, catcher, adapter, auth } = await setup();
    const generated = await sandbox.admin('/orders/generate', { marketplace: 'zalora' });
    const orderId = (generated.orders as { orderId: string }[])[0]?.orderId ?? '';
    await adapter.acceptOrder(auth, orderId);
    await sandbox.admin('/pushes/flush', {});

    expect(catcher.pushes).toHaveLength(2);
    const events = catcher.pushes.map((push) => {
      expect(push.url).toBe(`${catcher.origin}/hooks/zalora`);
      expect(push.headers['x-zalora-signature']).toBe(createHmac('sha256', auth.accessToken).update(push.rawBody).digest('hex'));
      expect(adapter.verifyPush(push)).toBe(true);
      return adapter.parsePush(push.rawBody);
    });
    expect(events.map((event) => [event?.shopId, event?.orderId, event?.rawStatus, event?.status])).toEqual([
      [auth.shopId, orderId, 'pending', 'new'],
      [auth.shopId, orderId, 'packed', 'confirmed'],
    ]);
    expect(new Set(events.map((event) => event?.eventId)).size).toBe(2);
  });

  it('fails verification for a tampered body, a wrong key, a missing signature or an unknown seller', async () => {
    const { sandbox, catcher, adapter, base, auth } = await setup();
    const generated = await sandbox.admin('/orders/generate', { marketplace: 'zalora' });
    const orderId = (generated.orders as { orderId: string }[])[0]?.orderId ?? '';
    await sandbox.admin('/pushes/flush', {});
    const push = firstPush(catcher.pushes);
    expect(adapter.verifyPush(push)).toBe(true);

    expect(adapter.verifyPush({ ...push, rawBody: push.rawBody.replace(orderId, `${orderId}9`) })).toBe(false);
    expect(adapter.verifyPush({ ...push, rawBody: push.rawBody.replace('"pending"', '"delivered"') })).toBe(false);
    expect(adapter.verifyPush({ ...push, headers: { ...push.headers, 'x-zalora-signature': undefined } })).toBe(false);
    expect(createZaloraAdapter({ ...base, pushKeyFor: () => 'another-key' }).verifyPush(push)).toBe(false);
    // Without a key lookup nothing can be checked, so nothing is accepted.
    expect(createZaloraAdapter(base).verifyPush(push)).toBe(false);
    // A push for another seller, correctly signed with a key Kelola does not hold for that seller.
    const foreign = push.rawBody.replace(`"${auth.shopId}"`, '"stranger@example.test"');
    const foreignSigned = createHmac('sha256', auth.accessToken).update(foreign).digest('hex');
    expect(adapter.verifyPush({ ...push, rawBody: foreign, headers: { 'x-zalora-signature': foreignSigned } })).toBe(false);
  });

  it('retries an unacknowledged push on the sandbox clock with the same body, so the event id repeats', async () => {
    const { sandbox, catcher, adapter } = await setup();
    catcher.answerWith(503);
    await sandbox.admin('/orders/generate', { marketplace: 'zalora' });
    await sandbox.admin('/pushes/flush', {});
    expect(catcher.pushes).toHaveLength(1);

    catcher.answerWith(200);
    await sandbox.advance(30_000);
    await sandbox.admin('/pushes/flush', {});
    expect(catcher.pushes).toHaveLength(1);
    await sandbox.advance(30_000);
    await sandbox.admin('/pushes/flush', {});
    expect(catcher.pushes).toHaveLength(2);

    const [first, retry] = catcher.pushes;
    if (!first || !retry) throw new Error('missing push');
    expect(retry.rawBody).toBe(first.rawBody);
    expect(adapter.verifyPush(retry)).toBe(true);
    const event = adapter.parsePush(first.rawBody);
    expect(event?.type).toBe('order_status');
    expect(adapter.parsePush(retry.rawBody)?.eventId).toBe(event?.eventId);
  });
});
