import { describe, expect, it } from 'vitest';
import { tiktokPushSignature, tiktokSign, tiktokSignString, verifyTiktokPush } from './tiktok.sign.ts';

describe('tiktok shop signing', () => {
  it('matches the official worked example (vector 1)', () => {
    const input = { path: '/authorization/202309/shops', params: { app_key: '29a39d', timestamp: 1623812664 } };
    expect(tiktokSignString(input)).toBe('/authorization/202309/shopsapp_key29a39dtimestamp1623812664');
    expect(tiktokSign('e59af819cc', input)).toBe('b596b73e0cc6de07ac26f036364178ab16b0a907af13d43f0a0cd2345f582dc8');
  });

  it('matches the SDK test vector (vector 2)', () => {
    expect(tiktokSign('app_secret', { path: '/test-api', params: { foo: 'bar' } })).toBe(
      'd3cb7fe11ecae942802ceeca67e7cf10120cc12f1517d45fbc1c8cfe5413c80f',
    );
  });

  it('signs the documented body example (vector 3)', () => {
    const input = {
      path: '/event/202309/webhooks',
      params: { timestamp: 1696909648, shop_cipher: 'ROW_xkMbgAAAeVAQra0eZWebFQq5aIK', app_key: '68xu9ks5p4i8' },
      body: '{    "address":"https://partner.tiktokshop.com",    "event_type": "PACKAGE_UPDATE"}',
      contentType: 'application/json',
    };
    expect(tiktokSignString(input)).toBe(
      '/event/202309/webhooksapp_key68xu9ks5p4i8shop_cipherROW_xkMbgAAAeVAQra0eZWebFQq5aIKtimestamp1696909648{    "address":"https://partner.tiktokshop.com",    "event_type": "PACKAGE_UPDATE"}',
    );
    expect(tiktokSign('e59af819cc', input)).toBe('495c39774c04ee06162f20a6bef8edae5b17676229588fe76630bb5166da37d2');
  });

  it('leaves sign, access_token and multipart bodies out of the signature', () => {
    const base = { path: '/authorization/202309/shops', params: { app_key: '29a39d', timestamp: 1623812664 } };
    expect(tiktokSign('e59af819cc', { ...base, params: { ...base.params, sign: 'x', access_token: 'y' } })).toBe(
      'b596b73e0cc6de07ac26f036364178ab16b0a907af13d43f0a0cd2345f582dc8',
    );
    expect(tiktokSign('e59af819cc', { ...base, body: '--boundary', contentType: 'multipart/form-data; boundary=b' })).toBe(
      'b596b73e0cc6de07ac26f036364178ab16b0a907af13d43f0a0cd2345f582dc8',
    );
  });

  describe('webhook (vector 4)', () => {
    const body =
      '{"type":1,"shop_id":"7494726673780148744","timestamp":1664095733,"data":{"order_id":"576684019603311365","order_status":"AWAITING_SHIPMENT","update_time":1664095610}}';
    const expected = '21109834de72ec53c9959716d8514ae388ce1f123e5ffdcafc46713fcdf62b27';

    it('computes the SDK webhook signature', () => {
      expect(tiktokPushSignature('fake_app_key', 'fake_app_secret', body)).toBe(expected);
    });

    it('verifies genuine pushes only', () => {
      expect(verifyTiktokPush('fake_app_key', 'fake_app_secret', body, expected)).toBe(true);
      expect(verifyTiktokPush('fake_app_key', 'wrong_secret', body, expected)).toBe(false);
      expect(verifyTiktokPush('fake_app_key', 'fake_app_secret', `${body} `, expected)).toBe(false);
      expect(verifyTiktokPush('fake_app_key', 'fake_app_secret', body, undefined)).toBe(false);
    });
  });
});
