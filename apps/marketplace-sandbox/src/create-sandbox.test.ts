import { describe, expect, it } from 'vitest';
import { createSandbox } from './create-sandbox.ts';
import { manualClock } from './core/sandbox-clock.ts';
import { lazadaExpectedSign, shopeeExpectedSign, tiktokExpectedSign } from './core/signatures.ts';
import { SANDBOX_CREDENTIALS } from './sandbox-credentials.ts';

const START = Date.UTC(2025, 0, 15, 3, 0, 0);

const build = (seed = 'unit', orderIntervalMs = 0) => {
  const clock = manualClock(START);
  return { clock, app: createSandbox({ seed, clock, orderIntervalMs }) };
};

const post = async (app: ReturnType<typeof createSandbox>, url: string, payload: unknown) => {
  const response = await app.inject({ method: 'POST', url, payload: payload as Record<string, unknown> });
  return response.json() as Record<string, unknown>;
};

describe('marketplace sandbox', () => {
  it('builds the same shops and orders from the same seed, and different ones from another', async () => {
    const a = build('same');
    const b = build('same');
    const c = build('other');
    const orders = async (app: ReturnType<typeof createSandbox>) =>
      post(app, '/__sandbox/orders/generate', { marketplace: 'shopee', count: 5 });
    expect(await orders(a.app)).toEqual(await orders(b.app));
    expect(await orders(a.app)).not.toEqual(await orders(c.app));
    const shops = async (app: ReturnType<typeof createSandbox>) =>
      (await app.inject('/__sandbox/shops')).json() as { shops: { marketplace: string; products: number }[] };
    expect((await shops(a.app)).shops.map((shop) => shop.marketplace)).toEqual([
      'shopee',
      'shopee',
      'tiktok',
      'lazada',
      'blibli',
      'zalora',
    ]);
    expect((await shops(a.app)).shops.every((shop) => shop.products === 12)).toBe(true);
  });

  it('moves orders through the marketplace states as the clock advances', async () => {
    const { app } = build('lifecycle');
    await post(app, '/__sandbox/orders/generate', { marketplace: 'shopee', count: 20 });
    const statuses = async () =>
      ((await app.inject('/__sandbox/orders?marketplace=shopee')).json() as { orders: { status: string }[] }).orders.map(
        (order) => order.status,
      );
    expect(new Set(await statuses())).toEqual(new Set(['UNPAID']));
    await post(app, '/__sandbox/clock/advance', { ms: 60 * 60_000 });
    const paidOrNot = await statuses();
    expect(paidOrNot).not.toContain('UNPAID');
    expect(paidOrNot).toContain('CANCELLED');
    expect(paidOrNot.filter((status) => status === 'READY_TO_SHIP' || status === 'IN_CANCEL').length).toBeGreaterThan(10);
    // Paid orders wait for the seller: nothing ships by itself.
    await post(app, '/__sandbox/clock/advance', { ms: 10 * 86_400_000 });
    expect((await statuses()).filter((status) => ['PROCESSED', 'SHIPPED', 'COMPLETED'].includes(status))).toEqual([]);
  });

  it('generates orders by itself on the sandbox clock when asked to', async () => {
    const { app, clock } = build('auto', 10 * 60_000);
    clock.advance(35 * 60_000);
    const shops = (await app.inject('/__sandbox/shops')).json() as { shops: { orders: number }[] };
    expect(shops.shops.map((shop) => shop.orders)).toEqual([3, 3, 3, 3, 3, 3]);
  });

  it('lists products with the client seller SKUs and makes orders of only those SKUs; grants a token for a shop', async () => {
    const { app } = build();
    const listed = await post(app, '/__sandbox/products', {
      marketplace: 'lazada',
      products: [
        {
          name: 'Kaos Polos',
          skus: [
            { sellerSku: 'KPK-HITAM-M', price: 65_000 },
            { sellerSku: 'KPK-PUTIH-M', price: 65_000 },
          ],
        },
      ],
    });
    expect((listed.products as { skus: unknown[] }[])[0]!.skus).toHaveLength(2);
    const generated = await post(app, '/__sandbox/orders/generate', { marketplace: 'lazada', count: 10, sellerSkus: ['KPK-PUTIH-M'] });
    const orders = generated.orders as { items: { skuId: string }[] }[];
    const putih = (listed.products as { skus: { skuId: string; sellerSku: string }[] }[])[0]!.skus.find(
      (sku) => sku.sellerSku === 'KPK-PUTIH-M',
    )!;
    expect(orders.flatMap((order) => order.items).every((item) => item.skuId === putih.skuId)).toBe(true);
    const none = await app.inject({
      method: 'POST',
      url: '/__sandbox/orders/generate',
      payload: { marketplace: 'lazada', sellerSkus: ['NOPE'] },
    });
    expect(none.statusCode).toBe(400);

    const grant = await post(app, '/__sandbox/grants', { marketplace: 'shopee', shopId: '60001001' });
    expect(grant).toMatchObject({ accessToken: expect.any(String), refreshToken: expect.any(String) });
    const unknown = await app.inject({ method: 'POST', url: '/__sandbox/grants', payload: { marketplace: 'shopee', shopId: '1' } });
    expect(unknown.statusCode).toBe(404);
  });

  it('refuses unknown statuses and bad admin bodies with 400', async () => {
    const { app } = build();
    expect(
      (await app.inject({ method: 'POST', url: '/__sandbox/orders/generate', payload: { marketplace: 'shopee', status: 'NOPE' } }))
        .statusCode,
    ).toBe(400);
    expect((await app.inject({ method: 'POST', url: '/__sandbox/orders/generate', payload: { marketplace: 'ebay' } })).statusCode).toBe(
      400,
    );
  });

  it('serves consent pages that look like each marketplace and carry an Authorize button', async () => {
    const { app } = build();
    const { partnerId, partnerKey } = SANDBOX_CREDENTIALS.shopee;
    const ts = Math.floor(START / 1000);
    const shopeeSign = shopeeExpectedSign(partnerKey, [partnerId, '/api/v2/shop/auth_partner', ts]);
    const pages = [
      `/shopee/api/v2/shop/auth_partner?partner_id=${partnerId}&timestamp=${ts}&sign=${shopeeSign}&redirect=http%3A%2F%2Fx.test%2Fback`,
      `/tiktok/open/authorize?service_id=${SANDBOX_CREDENTIALS.tiktok.serviceId}&state=abc`,
      `/lazada/oauth/authorize?response_type=code&force_auth=true&client_id=${SANDBOX_CREDENTIALS.lazada.appKey}&redirect_uri=http%3A%2F%2Fx.test%2Fcb`,
    ];
    for (const url of pages) {
      const response = await app.inject(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('>Authorize</button>');
    }
    const stale = await app.inject(
      `/shopee/api/v2/shop/auth_partner?partner_id=${partnerId}&timestamp=${ts - 600}&sign=${shopeeSign}&redirect=x`,
    );
    expect(stale.json()).toMatchObject({ error: 'error_param', message: 'Invalid timestamp' });
  });

  it('redirects back with the query each marketplace sends', async () => {
    const { app } = build();
    const shopee = await app.inject(
      '/shopee/__consent/authorize?redirect=http%3A%2F%2Fx.test%2Fback%3Fkeep%3D1&account=main%3A70001&decision=allow',
    );
    const back = new URL(String(shopee.headers.location));
    expect(back.searchParams.get('keep')).toBe('1');
    expect(back.searchParams.get('main_account_id')).toBe('70001');
    expect(back.searchParams.get('code')).toMatch(/^[0-9a-f]{32}$/);
    const denied = await app.inject(
      '/tiktok/__consent/authorize?redirect_uri=http%3A%2F%2Fx.test%2Ft&state=s&shop=7494000000000000001&decision=deny',
    );
    expect(new URL(String(denied.headers.location)).searchParams.get('error')).toBe('auth_denied');
  });

  describe('signature checks fail requests signed with the wrong key', () => {
    it('shopee answers error_sign', async () => {
      const { app } = build();
      const ts = Math.floor(START / 1000);
      const sign = shopeeExpectedSign('wrong-key', [SANDBOX_CREDENTIALS.shopee.partnerId, '/api/v2/auth/token/get', ts]);
      const response = await app.inject({
        method: 'POST',
        url: `/shopee/api/v2/auth/token/get?partner_id=${SANDBOX_CREDENTIALS.shopee.partnerId}&timestamp=${ts}&sign=${sign}`,
        payload: { code: 'x', partner_id: SANDBOX_CREDENTIALS.shopee.partnerId, shop_id: 60001001 },
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ error: 'error_sign', message: 'Wrong sign.' });
    });

    it('tiktok answers 106001, and checks the body too', async () => {
      const { app } = build();
      const { appKey, appSecret } = SANDBOX_CREDENTIALS.tiktok;
      const query = { app_key: appKey, timestamp: String(Math.floor(START / 1000)) };
      const body = '{"a":1}';
      const goodForOtherBody = tiktokExpectedSign(appSecret, '/product/202309/products/search', query, '{"a":2}');
      const response = await app.inject({
        method: 'POST',
        url: `/tiktok/product/202309/products/search?app_key=${appKey}&timestamp=${query.timestamp}&sign=${goodForOtherBody}`,
        headers: { 'content-type': 'application/json', 'x-tts-access-token': 't' },
        payload: body,
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 106001 });
    });

    it('lazada answers IncompleteSignature with HTTP 200', async () => {
      const { app } = build();
      const params = { app_key: SANDBOX_CREDENTIALS.lazada.appKey, timestamp: String(START), sign_method: 'sha256', code: 'x' };
      const sign = lazadaExpectedSign('wrong', '/auth/token/create', params);
      const response = await app.inject(`/lazada/rest/auth/token/create?${new URLSearchParams({ ...params, sign }).toString()}`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ type: 'SYSTEM', code: 'IncompleteSignature' });
    });
  });
});
