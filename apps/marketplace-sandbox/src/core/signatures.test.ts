import { describe, expect, it } from 'vitest';
import { blibliExpectedSignature, lazadaExpectedSign, shopeeExpectedSign, tiktokExpectedSign, zaloraExpectedSign } from './signatures.ts';

// The sandbox checks requests with its own signing code; these are the research file's vectors (§6).
describe('sandbox signature checks', () => {
  it('shopee', () => {
    expect(
      shopeeExpectedSign('57615053704d6470644f554a78656d50484143644964436a5568777544524579', [
        1000016,
        '/api/v2/shop/auth_partner',
        1657254106,
      ]),
    ).toBe('af52b0110aaf45e1ec91ffadea5de43cdfc0c956dbd51f1304e6b33d5a388fbf');
  });
  it('tiktok', () => {
    expect(
      tiktokExpectedSign('e59af819cc', '/authorization/202309/shops', { app_key: '29a39d', timestamp: '1623812664', sign: 'x' }, ''),
    ).toBe('b596b73e0cc6de07ac26f036364178ab16b0a907af13d43f0a0cd2345f582dc8');
  });
  it('lazada', () => {
    expect(
      lazadaExpectedSign('helloworld', '/order/get', {
        app_key: '123456',
        access_token: 'test',
        timestamp: '1517820392000',
        sign_method: 'sha256',
        order_id: '1234',
      }),
    ).toBe('4190D32361CFB9581350222F345CB77F3B19F0E31D162316848A2C1FFD5FAB4A');
  });
  it('blibli', () => {
    expect(
      blibliExpectedSignature('secret', 'POST', '{"awbNo":"123456"}', '/seller/v1/orders/regular/10025702/fulfill', 1589275732000),
    ).toBe('rH2Ioo1RYrAPSMF/0kg152wbQNXPnpCZXmwdW7vVAW4=');
    expect(blibliExpectedSignature('secret', 'GET', '', '/mta/api/businesspartner/v1/order/orderList', 1589275732000)).toBe(
      'zPz0OBdUfvaKWo7NEJ0IuI7kBFrLx4NYhGsxIWF0wxA=',
    );
  });
  it('zalora', () => {
    expect(
      zaloraExpectedSign('apikey', {
        Action: 'GetDocument',
        DocumentType: 'shippingParcel',
        Format: 'JSON',
        OrderItemIds: '[1]',
        Timestamp: '2020-05-12T09:28:52+00:00',
        UserID: 'user@example.com',
        Version: '1.0',
      }),
    ).toBe('0ccc08576d7cc1621c177826cc90d441c2dd4e8f8e18e44315860e484dab2c0e');
  });
});
