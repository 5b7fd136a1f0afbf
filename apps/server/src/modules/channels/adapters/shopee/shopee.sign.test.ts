import { describe, expect, it } from 'vitest';
import { shopeeBaseString, shopeeHmac, shopeePushSignature, shopeeSign, verifyShopeePush } from './shopee.sign.ts';

// The sample key printed in Shopee's official PHP demo (research §1.3), used as UTF-8 text.
const DEMO_KEY = '57615053704d6470644f554a78656d50484143644964436a5568777544524579';

describe('shopee signing', () => {
  it('builds the documented shop, merchant and public base strings', () => {
    expect(
      shopeeBaseString({
        partnerId: 2001887,
        path: '/api/v2/shop/get_shop_info',
        timestamp: 1655714431,
        accessToken: '59777174636562737266615546704c6d',
        shopId: 14701711,
      }),
    ).toBe('2001887/api/v2/shop/get_shop_info165571443159777174636562737266615546704c6d14701711');
    expect(
      shopeeBaseString({
        partnerId: 2001887,
        path: '/api/v2/global_product/get_category',
        timestamp: 1655714431,
        accessToken: '09777174636962737266615546704c6d',
        merchantId: 1000000,
      }),
    ).toBe('2001887/api/v2/global_product/get_category165571443109777174636962737266615546704c6d1000000');
    expect(shopeeBaseString({ partnerId: 2001887, path: '/api/v2/public/get_shops_by_partner', timestamp: 1655714431 })).toBe(
      '2001887/api/v2/public/get_shops_by_partner1655714431',
    );
  });

  it('signs the shop API base string (vector 7)', () => {
    expect(
      shopeeSign(DEMO_KEY, {
        partnerId: 2001887,
        path: '/api/v2/shop/get_shop_info',
        timestamp: 1655714431,
        accessToken: '59777174636562737266615546704c6d',
        shopId: 14701711,
      }),
    ).toBe('b914bea03c13799deb036bb9d10e689f5a6bade160c44af568646f1ef7d796c1');
  });

  it('signs the merchant API base string (vector 8)', () => {
    expect(shopeeHmac(DEMO_KEY, '2001887/api/v2/global_product/get_category165571443109777174636962737266615546704c6d1000000')).toBe(
      'a50a2229b148e76048e21ad69a9d619885a21bd4aa7738bc524e1207df73a151',
    );
  });

  it('signs the public API base string (vector 9)', () => {
    expect(shopeeSign(DEMO_KEY, { partnerId: 2001887, path: '/api/v2/public/get_shops_by_partner', timestamp: 1655714431 })).toBe(
      '60ab8c4a535009ab33b8a0029ee18a667ef6eaeb16481ed3d573a5059122d4df',
    );
  });

  it('signs the authorization link (vector 10)', () => {
    expect(shopeeSign(DEMO_KEY, { partnerId: 1000016, path: '/api/v2/shop/auth_partner', timestamp: 1657254106 })).toBe(
      'af52b0110aaf45e1ec91ffadea5de43cdfc0c956dbd51f1304e6b33d5a388fbf',
    );
  });

  it('does not hex-decode the partner key', () => {
    const hexDecoded = shopeeHmac(Buffer.from(DEMO_KEY, 'hex').toString('latin1'), '2001887/api/v2/public/get_shops_by_partner1655714431');
    expect(hexDecoded).not.toBe('60ab8c4a535009ab33b8a0029ee18a667ef6eaeb16481ed3d573a5059122d4df');
  });

  it('refuses a shop-level base string without a shop or merchant id', () => {
    expect(() => shopeeBaseString({ partnerId: 1, path: '/api/v2/x', timestamp: 1, accessToken: 't' })).toThrow();
  });

  describe('push (vector 11)', () => {
    const url = 'http://www.example.com/example/uri';
    const body =
      '{"shop_id": 123, "code": 1, "success": 1, "extra": "shop_id 123 is authorized successfully", "data": {"more_info": "more info"}, "timestamp": 1470198856}';
    const expected = '6ef83c5af6faa0581eaf58942d376cdea501e6105f83e68b610b0cf3d5c5adc0';

    it('computes the documented push signature', () => {
      expect(shopeePushSignature(DEMO_KEY, url, body)).toBe(expected);
    });

    it('verifies a genuine push and rejects tampering, another URL, another key and a missing header', () => {
      expect(verifyShopeePush(DEMO_KEY, url, body, expected)).toBe(true);
      expect(verifyShopeePush(DEMO_KEY, url, body.replace('123', '124'), expected)).toBe(false);
      expect(verifyShopeePush(DEMO_KEY, `${url}/other`, body, expected)).toBe(false);
      expect(verifyShopeePush('another-key', url, body, expected)).toBe(false);
      expect(verifyShopeePush(DEMO_KEY, url, body, undefined)).toBe(false);
    });
  });
});
