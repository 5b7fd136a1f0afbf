import { SANDBOX_CREDENTIALS } from '@kelola/marketplace-sandbox';
import { afterEach, describe, expect, it } from 'vitest';
import { noSleep, startPushCatcher, startSandbox } from '../sandbox-harness.testing.ts';
import type { CaughtPush, RunningSandbox } from '../sandbox-harness.testing.ts';
import type { ShopAuth } from '../types.ts';
import { createBlibliAdapter } from './blibli.adapter.ts';

// The token set on the sandbox partner's "Webhook Setting" page (marketplace-sandbox README, Blibli).
const SANDBOX_WEBHOOK_TOKEN = SANDBOX_CREDENTIALS.blibli.webhookToken;

let sandbox: RunningSandbox | undefined;
let catcher: Awaited<ReturnType<typeof startPushCatcher>> | undefined;
afterEach(async () => {
  await sandbox?.close();
  await catcher?.close();
});

const setup = async () => {
  catcher = await startPushCatcher();
  sandbox = await startSandbox('pushes', `${catcher.origin}/hooks`);
  const { blibli } = sandbox.credentials;
  const base = {
    baseUrl: sandbox.urls.blibli.baseUrl,
    clientId: blibli.clientId,
    clientKey: blibli.clientKey,
    channelId: blibli.channelId,
    now: sandbox.clock.now,
    retry: noSleep,
  };
  const adapter = createBlibliAdapter({ ...base, webhookToken: SANDBOX_WEBHOOK_TOKEN });
  const auth: ShopAuth = {
    shopId: blibli.storeCode,
    accessToken: blibli.sellerKey,
    username: blibli.username,
    signatureKey: blibli.signatureKey,
  };
  return { sandbox, catcher, adapter, auth, base };
};

const withHeaders = (push: CaughtPush, headers: Record<string, string | undefined>, rawBody = push.rawBody): CaughtPush => ({
  ...push,
  headers: { ...push.headers, ...headers },
  rawBody,
});

describe('blibli webhooks from the sandbox', () => {
  it('sends requestId, requestTime and the token on each order change; they verify and parse', async () => {
    const { sandbox, catcher, adapter, auth } = await setup();
    const generated = await sandbox.admin('/orders/generate', { marketplace: 'blibli' });
    const orderId = (generated.orders as { orderId: string }[])[0]?.orderId ?? '';
    await adapter.acceptOrder(auth, orderId);
    await sandbox.admin('/pushes/flush', {});

    expect(catcher.pushes).toHaveLength(2);
    const events = catcher.pushes.map((push) => {
      expect(push.url).toBe(`${catcher.origin}/hooks/blibli`);
      expect(push.headers.token).toBe(SANDBOX_WEBHOOK_TOKEN);
      const body = JSON.parse(push.rawBody) as { requestId: string; requestTime: number; eventType: string };
      expect(push.headers.requestid).toBe(body.requestId);
      expect(push.headers.requesttime).toBe(String(body.requestTime));
      expect(body.eventType).toBe('ORDER_STATUS_CHANGED');
      expect(adapter.verifyPush(push)).toBe(true);
      return adapter.parsePush(push.rawBody);
    });
    expect(events.map((event) => [event?.shopId, event?.orderId, event?.rawStatus, event?.status])).toEqual([
      [auth.shopId, orderId, 'FP', 'new'],
      [auth.shopId, orderId, 'PF', 'on_process'],
    ]);
    expect(new Set(events.map((event) => event?.eventId)).size).toBe(2);
  });

  it('fails verification for a wrong or missing token and for a body that does not match its headers', async () => {
    const { sandbox, catcher, adapter, base } = await setup();
    await sandbox.admin('/orders/generate', { marketplace: 'blibli' });
    await sandbox.admin('/pushes/flush', {});
    const push = catcher.pushes[0];
    if (!push) throw new Error('no push caught');
    expect(adapter.verifyPush(push)).toBe(true);

    expect(adapter.verifyPush(withHeaders(push, { token: 'wrong-token' }))).toBe(false);
    expect(adapter.verifyPush(withHeaders(push, { token: undefined }))).toBe(false);
    expect(createBlibliAdapter({ ...base, webhookToken: 'another-partner' }).verifyPush(push)).toBe(false);
    const body = JSON.parse(push.rawBody) as { requestId: string; requestTime: number };
    expect(adapter.verifyPush(withHeaders(push, {}, push.rawBody.replace(body.requestId, `${body.requestId}x`)))).toBe(false);
    expect(adapter.verifyPush(withHeaders(push, { requesttime: String(body.requestTime + 1) }))).toBe(false);
    expect(adapter.verifyPush(withHeaders(push, {}, push.rawBody.slice(0, -1)))).toBe(false);
  });

  it('retries an unacknowledged webhook on the sandbox clock with the same body, so the event id repeats', async () => {
    const { sandbox, catcher, adapter } = await setup();
    catcher.answerWith(500);
    await sandbox.admin('/orders/generate', { marketplace: 'blibli' });
    await sandbox.admin('/pushes/flush', {});
    expect(catcher.pushes).toHaveLength(1);

    catcher.answerWith(200);
    await sandbox.advance(4 * 60_000);
    await sandbox.admin('/pushes/flush', {});
    expect(catcher.pushes).toHaveLength(1);
    await sandbox.advance(60_000);
    await sandbox.admin('/pushes/flush', {});
    expect(catcher.pushes).toHaveLength(2);

    const [first, retry] = catcher.pushes;
    if (!first || !retry) throw new Error('missing push');
    expect(retry.rawBody).toBe(first.rawBody);
    expect(adapter.verifyPush(retry)).toBe(true);
    const firstEvent = adapter.parsePush(first.rawBody);
    expect(firstEvent?.type).toBe('order_status');
    expect(adapter.parsePush(retry.rawBody)?.eventId).toBe(firstEvent?.eventId);
    // Even a resend under a new requestId is the same event for the inbox.
    const resent = first.rawBody.replace(/"requestId":"[^"]+"/, '"requestId":"blibli-resend-1"');
    expect(adapter.parsePush(resent)?.eventId).toBe(firstEvent?.eventId);
  });
});
