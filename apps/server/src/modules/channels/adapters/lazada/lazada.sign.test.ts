import { describe, expect, it } from 'vitest';
import { lazadaPushSignature, lazadaSign, lazadaSignString, verifyLazadaPush } from './lazada.sign.ts';

describe('lazada signing', () => {
  const params = { app_key: '123456', access_token: 'test', timestamp: '1517820392000', sign_method: 'sha256', order_id: '1234' };

  it('matches the official worked example (vector 5)', () => {
    expect(lazadaSignString('/order/get', params)).toBe(
      '/order/getaccess_tokentestapp_key123456order_id1234sign_methodsha256timestamp1517820392000',
    );
    expect(lazadaSign('helloworld', '/order/get', params)).toBe('4190D32361CFB9581350222F345CB77F3B19F0E31D162316848A2C1FFD5FAB4A');
  });

  it('ignores an existing sign and empty values', () => {
    expect(lazadaSign('helloworld', '/order/get', { ...params, sign: 'ABC', status: '' })).toBe(
      '4190D32361CFB9581350222F345CB77F3B19F0E31D162316848A2C1FFD5FAB4A',
    );
  });

  it('changes with the secret', () => {
    expect(lazadaSign('hello', '/order/get', params)).not.toBe('4190D32361CFB9581350222F345CB77F3B19F0E31D162316848A2C1FFD5FAB4A');
  });

  describe('push (vector 6)', () => {
    const body =
      '{"seller_id":"1234567","message_type":0,"data":{"order_status":"unpaid","status_update_time":1603698638,"trade_order_id":"260422900198363","trade_order_line_id":"260422900298363"},"timestamp":1603766859530,"site":"lazada_vn"}';
    const expected = '54aaf6d28340b3249187f3b13863262aa46da3982ea8eae2c7db5f3e1140da3c';

    it('computes the push signature', () => {
      expect(lazadaPushSignature('123456', 'helloworld', body)).toBe(expected);
    });

    it('verifies genuine pushes only', () => {
      expect(verifyLazadaPush('123456', 'helloworld', body, expected)).toBe(true);
      expect(verifyLazadaPush('123456', 'helloworld', body, expected.toUpperCase())).toBe(true);
      expect(verifyLazadaPush('654321', 'helloworld', body, expected)).toBe(false);
      expect(verifyLazadaPush('123456', 'helloworld', body.replace('unpaid', 'paid'), expected)).toBe(false);
    });
  });
});
