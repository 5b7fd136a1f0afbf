import { buildBlibliPush } from '../blibli/blibli-push.ts';
import { SANDBOX_CREDENTIALS } from '../sandbox-credentials.ts';
import { buildZaloraPush } from '../zalora/zalora-push.ts';
import { hmacHex } from './signatures.ts';
import type { OrderChange, SandboxStore } from './sandbox-store.ts';
import type { Marketplace, SandboxOptions } from './sandbox-types.ts';

/**
 * Signed order-status pushes, the way each marketplace sends them (research §1.5, §2.5, §3.5, §4.4; Zalora's is the
 * sandbox's choice), with retries on the sandbox clock and Shopee's lost-push list for messages that never got a 2xx.
 */

const MINUTE = 60_000;
// After the first failure: Shopee retries (schedule unpublished, 5 min here), TikTok 2 min, 30 min, 3 h, 12 h;
// Lazada every 30 minutes up to 12 times.
const RETRY_DELAYS: Record<Marketplace, number[]> = {
  shopee: [5 * MINUTE, 5 * MINUTE, 5 * MINUTE],
  tiktok: [2 * MINUTE, 30 * MINUTE, 180 * MINUTE, 720 * MINUTE],
  lazada: Array.from({ length: 12 }, () => 30 * MINUTE),
  blibli: [5 * MINUTE, 30 * MINUTE],
  // Zalora's schedule is unpublished (no push in the research): 1 min, 10 min, 1 h here.
  zalora: [MINUTE, 10 * MINUTE, 60 * MINUTE],
};

export type PushRecord = {
  id: number;
  marketplace: Marketplace;
  shopId: string;
  url: string;
  body: string;
  headers: Record<string, string>;
  attempts: number;
  delivered: boolean;
  nextAttemptAt?: number;
  lastStatus?: number;
};

export type LostPush = { id: number; shopId: string; code: number; timestamp: number; data: string; consumed: boolean };

export type PushSender = ReturnType<typeof createPushSender>;

export const createPushSender = (store: SandboxStore, callbackUrl: SandboxOptions['callbackUrl']) => {
  const records: PushRecord[] = [];
  const lost: LostPush[] = [];
  const pending = new Set<Promise<void>>();
  let counter = 0;

  const urlFor = (marketplace: Marketplace): string | undefined => {
    if (callbackUrl === undefined) return undefined;
    if (typeof callbackUrl === 'string') return `${callbackUrl.replace(/\/$/, '')}/${marketplace}`;
    return callbackUrl[marketplace];
  };

  const build = (change: OrderChange, url: string): { body: string; headers: Record<string, string> } | undefined => {
    const { order, shop } = change;
    const seconds = Math.floor(order.updatedAt / 1000);
    switch (change.marketplace) {
      case 'shopee': {
        const body = JSON.stringify({
          data: { items: [], ordersn: order.id, status: order.status, completed_scenario: '', update_time: seconds },
          shop_id: Number(shop.shopId),
          code: 3,
          timestamp: seconds,
        });
        return { body, headers: { authorization: hmacHex(SANDBOX_CREDENTIALS.shopee.partnerKey, `${url}|${body}`) } };
      }
      case 'tiktok': {
        const { appKey, appSecret } = SANDBOX_CREDENTIALS.tiktok;
        const body = JSON.stringify({
          type: 1,
          tts_notification_id: `${order.id}${order.history.length}`,
          shop_id: shop.shopId,
          timestamp: seconds,
          data: { order_id: order.id, order_status: order.status, is_on_hold_order: order.status === 'ON_HOLD', update_time: seconds },
        });
        return { body, headers: { authorization: hmacHex(appSecret, `${appKey}${body}`) } };
      }
      case 'lazada': {
        const { appKey, appSecret } = SANDBOX_CREDENTIALS.lazada;
        const body = JSON.stringify({
          seller_id: shop.shopId,
          message_type: 0,
          data: {
            order_status: order.status,
            status_update_time: seconds,
            trade_order_id: order.id,
            trade_order_line_id: order.items[0]?.id ?? order.id,
          },
          timestamp: order.updatedAt,
          site: 'lazada_id',
        });
        return { body, headers: { authorization: hmacHex(appSecret, `${appKey}${body}`) } };
      }
      case 'blibli':
        return buildBlibliPush(change);
      case 'zalora':
        return buildZaloraPush(change);
    }
  };

  const deliver = (record: PushRecord): void => {
    const attempt = (async () => {
      record.attempts += 1;
      let status: number;
      try {
        const response = await fetch(record.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...record.headers },
          body: record.body,
          signal: AbortSignal.timeout(3000),
        });
        status = response.status;
        await response.arrayBuffer();
      } catch {
        status = 0;
      }
      record.lastStatus = status;
      if (status >= 200 && status < 300) {
        record.delivered = true;
        delete record.nextAttemptAt;
        return;
      }
      const delay = RETRY_DELAYS[record.marketplace][record.attempts - 1];
      if (delay === undefined) delete record.nextAttemptAt;
      else record.nextAttemptAt = store.clock.now() + delay;
      if (record.marketplace === 'shopee' && record.attempts === 1) {
        const parsed = JSON.parse(record.body) as { code: number; timestamp: number; data: unknown };
        lost.push({
          id: record.id,
          shopId: record.shopId,
          code: parsed.code,
          timestamp: parsed.timestamp,
          data: JSON.stringify(parsed.data),
          consumed: false,
        });
      }
    })();
    pending.add(attempt);
    void attempt.finally(() => pending.delete(attempt));
  };

  store.onOrderChange((change) => {
    const url = urlFor(change.marketplace);
    if (!url || !store.isAuthorized(change.shop)) return;
    const message = build(change, url);
    if (!message) return;
    counter += 1;
    const record: PushRecord = {
      id: counter,
      marketplace: change.marketplace,
      shopId: change.shop.shopId,
      url,
      ...message,
      attempts: 0,
      delivered: false,
    };
    records.push(record);
    deliver(record);
  });

  return {
    records,
    /** Sends the retries that are due on the sandbox clock. */
    retryDue: (): void => {
      for (const record of records) {
        if (!record.delivered && record.nextAttemptAt !== undefined && record.nextAttemptAt <= store.clock.now()) {
          delete record.nextAttemptAt;
          deliver(record);
        }
      }
    },
    /** Waits for every push in flight, so tests can assert on what arrived. */
    flush: async (): Promise<void> => {
      while (pending.size > 0) await Promise.all([...pending]);
    },
    /** Shopee keeps undelivered messages for three days. */
    lostFor: (shopIds: string[]): LostPush[] =>
      lost.filter(
        (message) =>
          !message.consumed && shopIds.includes(message.shopId) && message.timestamp * 1000 >= store.clock.now() - 3 * 86_400_000,
      ),
    confirmLost: (lastMessageId: number): void => {
      for (const message of lost) if (message.id <= lastMessageId) message.consumed = true;
    },
  };
};
