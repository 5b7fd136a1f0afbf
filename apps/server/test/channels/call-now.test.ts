import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/platform/db/database.ts';
import { connectSandboxShop, DEMO_SHOPS, sandboxAdmin } from '../../src/demo/demo-shops.ts';
import { startSandbox, type RunningSandbox } from '../../src/modules/channels/adapters/sandbox-harness.testing.ts';
import { callNow } from '../../src/modules/channels/call-now.ts';
import * as repo from '../../src/modules/channels/channels.repository.ts';
import { channelCalls, channelConnections } from '../../src/modules/channels/channels.schema.ts';
import { callShopFromJob, usableConnection } from '../../src/modules/channels/channels.service.ts';
import { inSystem, inTenant } from '../../src/platform/db/database.ts';
import { assertNoRequestTransaction, inRequestTransaction } from '../../src/platform/db/request-transaction.ts';
import { systemCtx, tenantCtxFor } from '../../src/platform/system-ctx.ts';
import type { TenantCtx } from '../../src/http/context.ts';
import { newWorkspace, type Actor } from '../factories.ts';
import { buildTestApp, type TestApp } from '../test-app.ts';

/**
 * The one way to call a marketplace while a request waits (ADR 0050): `callNow` works in the request's transaction
 * (refreshing a token about to expire there, one call-log row per call whether the request commits or fails), and
 * the job helpers that open transactions of their own refuse to run inside a request's instead of hanging.
 */

let app: TestApp;
let sandbox: RunningSandbox;

beforeAll(async () => {
  sandbox = await startSandbox('call-now');
  app = await buildTestApp({ MARKETPLACE_SANDBOX_URL: sandbox.origin });
  app.platform.now = () => new Date(sandbox.clock.now());
});
afterAll(async () => {
  await app?.close();
  await sandbox?.close();
});

type Shop = { owner: Actor; channelId: string };

async function connectedShop(): Promise<Shop> {
  const owner = await newWorkspace(app);
  const shopee = DEMO_SHOPS.find((shop) => shop.marketplace === 'shopee')!;
  const channelId = await connectSandboxShop(
    app.platform,
    sandboxAdmin(sandbox.origin),
    { workspaceId: owner.workspaceId, userId: owner.userId },
    shopee,
  );
  return { owner, channelId };
}

/**
 * Runs `fn` as the route helper runs a handler: in the workspace's transaction, marked as a request's, with the
 * after-rollback writes run in a fresh transaction when it fails.
 */
async function asRequest<T>(shop: Shop, fn: (ctx: TenantCtx) => Promise<T>): Promise<T> {
  const onRollback: ((db: Db) => Promise<void>)[] = [];
  try {
    return await inTenant(app.platform.database.db, shop.owner.workspaceId, (tx) =>
      inRequestTransaction(() =>
        fn({
          ...tenantCtxFor(systemCtx(app.platform, tx, 'call-now-test'), shop.owner.workspaceId, shop.owner.userId),
          afterRollback: (write) => onRollback.push(write),
        }),
      ),
    );
  } catch (error) {
    await inSystem(app.platform.database.db, async (tx) => {
      for (const write of onRollback) await write(tx);
    });
    throw error;
  }
}

const callsOf = (shop: Shop) =>
  inSystem(app.platform.database.db, (db) =>
    db
      .select({ operation: channelCalls.operation, outcome: channelCalls.outcome, errorMessage: channelCalls.errorMessage })
      .from(channelCalls)
      .where(and(eq(channelCalls.workspaceId, shop.owner.workspaceId), eq(channelCalls.connectionId, shop.channelId)))
      .orderBy(asc(channelCalls.id)),
  );

const connectionOf = (shop: Shop) =>
  inTenant(app.platform.database.db, shop.owner.workspaceId, (db) =>
    repo.findConnection({ db, workspaceId: shop.owner.workspaceId }, shop.channelId),
  );

/** Makes the shop's access token expire in a minute: the next call must refresh it first. */
const expireSoon = (shop: Shop) =>
  inSystem(app.platform.database.db, (db) =>
    db
      .update(channelConnections)
      .set({ accessTokenExpiresAt: new Date(app.platform.now().getTime() + 60_000) })
      .where(eq(channelConnections.id, shop.channelId)),
  );

describe('callNow', () => {
  it('calls in the request, refreshing a token about to expire there, and records the refresh and the call', async () => {
    const shop = await connectedShop();
    await expireSoon(shop);
    const before = (await connectionOf(shop))!;
    const info = await asRequest(shop, (ctx) => callNow(ctx, shop.channelId, 'getShopInfo', (adapter, auth) => adapter.getShopInfo(auth)));
    expect(info).toBeTruthy();
    const after = (await connectionOf(shop))!;
    expect(after.accessToken).not.toBe(before.accessToken);
    expect(after.accessTokenExpiresAt!.getTime()).toBeGreaterThan(app.platform.now().getTime() + 5 * 60_000);
    expect(await callsOf(shop)).toEqual([
      expect.objectContaining({ operation: 'refreshAccessToken', outcome: 'ok' }),
      expect.objectContaining({ operation: 'getShopInfo', outcome: 'ok' }),
    ]);
  });

  it('keeps a new token and its record although the request then fails (a spent refresh token is not lost)', async () => {
    const shop = await connectedShop();
    await expireSoon(shop);
    const before = (await connectionOf(shop))!;
    await expect(
      asRequest(shop, async (ctx) => {
        await callNow(ctx, shop.channelId, 'getShopInfo', (adapter, auth) => adapter.getShopInfo(auth));
        throw new Error('the request fails after the call');
      }),
    ).rejects.toThrow('the request fails after the call');
    const after = (await connectionOf(shop))!;
    expect(after.accessToken).not.toBe(before.accessToken);
    expect(after.refreshToken).not.toBe(before.refreshToken);
    // The refreshed token works: no second refresh, the next call just goes.
    await asRequest(shop, (ctx) => callNow(ctx, shop.channelId, 'getShopInfo', (adapter, auth) => adapter.getShopInfo(auth)));
    expect((await callsOf(shop)).map((call) => call.operation)).toEqual(['refreshAccessToken', 'getShopInfo']);
  });

  it('records a failed call once, whether the caller catches it (the request commits) or the request fails', async () => {
    const shop = await connectedShop();
    const refused = async (): Promise<never> => {
      throw new Error('marketplace down');
    };
    const caught = await asRequest(shop, (ctx) => callNow(ctx, shop.channelId, 'shippingLabel', refused).catch(() => 'own label'));
    expect(caught).toBe('own label');
    await expect(asRequest(shop, (ctx) => callNow(ctx, shop.channelId, 'pickupSlots', refused))).rejects.toThrow('marketplace down');
    expect(await callsOf(shop)).toEqual([
      expect.objectContaining({ operation: 'shippingLabel', outcome: 'error', errorMessage: 'marketplace down' }),
      expect.objectContaining({ operation: 'pickupSlots', outcome: 'error', errorMessage: 'marketplace down' }),
    ]);
  });

  it("answers 404 CHANNEL_NOT_FOUND for another workspace's shop and calls nothing", async () => {
    const shop = await connectedShop();
    const other = await connectedShop();
    let called = false;
    await expect(
      asRequest(other, (ctx) =>
        callNow(ctx, shop.channelId, 'getShopInfo', async () => {
          called = true;
        }),
      ),
    ).rejects.toMatchObject({ code: 'CHANNEL_NOT_FOUND' });
    expect(called).toBe(false);
  });
});

describe('job helpers inside a request', () => {
  it('refuse at once instead of waiting for a connection the request holds; outside a request they work', async () => {
    const shop = await connectedShop();
    const { workspaceId } = shop.owner;
    const getShopInfo = (
      adapter: Parameters<Parameters<typeof callShopFromJob>[4]>[0],
      auth: Parameters<Parameters<typeof callShopFromJob>[4]>[1],
    ) => adapter.getShopInfo(auth);
    await expect(
      asRequest(shop, () => callShopFromJob(app.platform, workspaceId, shop.channelId, 'getShopInfo', getShopInfo)),
    ).rejects.toThrow(/cannot run inside a request's/);
    await expect(asRequest(shop, () => usableConnection(app.platform, workspaceId, shop.channelId))).rejects.toThrow(
      /cannot run inside a request's/,
    );
    expect(await callShopFromJob(app.platform, workspaceId, shop.channelId, 'getShopInfo', getShopInfo)).toBeTruthy();
    expect((await callsOf(shop)).map((call) => call.operation)).toEqual(['getShopInfo']);
  });

  it('the mark ends with the request: work it left behind may open its own transaction later', async () => {
    let later: Promise<void> | undefined;
    await inRequestTransaction(async () => {
      expect(() => assertNoRequestTransaction('a job helper')).toThrow(/a job helper opens a transaction of its own/);
      later = new Promise((resolve) => setTimeout(resolve, 10)).then(() => assertNoRequestTransaction('a job helper'));
    });
    await expect(later).resolves.toBeUndefined();
  });
});
