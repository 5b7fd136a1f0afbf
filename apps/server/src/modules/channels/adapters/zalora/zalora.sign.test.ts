import { describe, expect, it } from 'vitest';
import { zaloraSign, zaloraSignString, zaloraTimestamp } from './zalora.sign.ts';

describe('zalora signing', () => {
  const params = {
    Version: '1.0',
    UserID: 'user@example.com',
    Timestamp: zaloraTimestamp(Date.UTC(2020, 4, 12, 9, 28, 52)),
    OrderItemIds: '[1]',
    Format: 'JSON',
    DocumentType: 'shippingParcel',
    Action: 'GetDocument',
  };

  it('sorts and encodes the parameters like the reference client (vector 15)', () => {
    expect(zaloraSignString(params)).toBe(
      'Action=GetDocument&DocumentType=shippingParcel&Format=JSON&OrderItemIds=%5B1%5D&Timestamp=2020-05-12T09%3A28%3A52%2B00%3A00&UserID=user%40example.com&Version=1.0',
    );
    expect(zaloraSign('apikey', params)).toBe('0ccc08576d7cc1621c177826cc90d441c2dd4e8f8e18e44315860e484dab2c0e');
  });

  it('ignores an existing Signature parameter and depends on the key', () => {
    expect(zaloraSign('apikey', { ...params, Signature: 'abc' })).toBe('0ccc08576d7cc1621c177826cc90d441c2dd4e8f8e18e44315860e484dab2c0e');
    expect(zaloraSign('other', params)).not.toBe('0ccc08576d7cc1621c177826cc90d441c2dd4e8f8e18e44315860e484dab2c0e');
  });
});
