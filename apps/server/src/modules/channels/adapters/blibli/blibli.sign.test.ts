import { describe, expect, it } from 'vitest';
import { blibliHmac, blibliRawSignature, blibliSignature, blibliSignatureDate, blibliSignaturePath } from './blibli.sign.ts';

// Key from the official PHP sample (`setSignatureKey("secret")`), instant = Signature-Time 1589275732000 (research §4.3).
const KEY = 'secret';
const AT = 1589275732000;

describe('blibli signing', () => {
  it('formats the signature date in Jakarta time like Java does', () => {
    expect(blibliSignatureDate(AT)).toBe('Tue May 12 16:28:52 WIB 2020');
    expect(blibliSignatureDate(Date.UTC(2024, 0, 1, 17, 5, 9))).toBe('Tue Jan 02 00:05:09 WIB 2024');
  });

  it('takes the path after /proxy and rewrites /mta/ to /mtaapi/', () => {
    expect(blibliSignaturePath('/v2/proxy/seller/v1/orders/items/1?requestId=x')).toBe('/seller/v1/orders/items/1');
    expect(blibliSignaturePath('/v2/proxy/mta/api/businesspartner/v1/order/orderList')).toBe(
      '/mtaapi/api/businesspartner/v1/order/orderList',
    );
  });

  it('signs a GET on the new API (vector 12)', () => {
    const raw = blibliRawSignature({ method: 'GET', path: '/v2/proxy/seller/v1/orders/items/25000134053', epochMs: AT });
    expect(raw).toBe('GET\n\n\nTue May 12 16:28:52 WIB 2020\n/seller/v1/orders/items/25000134053');
    expect(blibliHmac(KEY, raw)).toBe('AytwsTaraDcuRNrbsL/l9U0MX9P+u+bqBrjw/HFLvh4=');
  });

  it('signs a POST with the official sample body (vector 13)', () => {
    const input = { method: 'POST', body: '{"awbNo":"123456"}', path: '/v2/proxy/seller/v1/orders/regular/10025702/fulfill', epochMs: AT };
    expect(blibliRawSignature(input)).toBe(
      'POST\nf8a6078ba7deeee4b7d306602e85ac89\napplication/json\nTue May 12 16:28:52 WIB 2020\n/seller/v1/orders/regular/10025702/fulfill',
    );
    expect(blibliSignature(KEY, input)).toBe('rH2Ioo1RYrAPSMF/0kg152wbQNXPnpCZXmwdW7vVAW4=');
  });

  it('signs an MTA path (vector 14)', () => {
    expect(blibliSignature(KEY, { method: 'GET', path: '/v2/proxy/mta/api/businesspartner/v1/order/orderList', epochMs: AT })).toBe(
      'zPz0OBdUfvaKWo7NEJ0IuI7kBFrLx4NYhGsxIWF0wxA=',
    );
  });

  it('reproduces the documented createProductV3 raw-string shape', () => {
    const raw = blibliRawSignature({ method: 'POST', body: 'x', path: '/v2/proxy/seller/v1/products/async', epochMs: AT });
    expect(raw.split('\n')).toEqual([
      'POST',
      '9dd4e461268c8034f5c8564e155c67a6',
      'application/json',
      'Tue May 12 16:28:52 WIB 2020',
      '/seller/v1/products/async',
    ]);
  });
});
