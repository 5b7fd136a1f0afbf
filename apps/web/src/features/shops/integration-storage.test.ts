import { afterEach, describe, expect, it } from 'vitest';
import { clearIntegration, returnPageUrl, returnTarget, saveIntegration, savedChannel } from './integration-storage.ts';

describe('the OAuth return (spec part 2)', () => {
  afterEach(() => localStorage.clear());

  it('merges the return query into the saved path, keeping its own query', () => {
    saveIntegration('/integration?workspace_id=w1', 'shopee');
    expect(returnTarget('?code=abc&shop_id=60001001&extra=no')).toBe('/integration?workspace_id=w1&code=abc&shop_id=60001001');
    expect(savedChannel()).toEqual({ code: 'shopee' });
  });

  it('carries main_account_id (Shopee) and app_key (TikTok Shop)', () => {
    saveIntegration('/store', 'tiktok');
    expect(returnTarget('?code=c&app_key=k&state=s')).toBe('/store?code=c&app_key=k&state=s');
    saveIntegration('/integration', 'shopee');
    expect(returnTarget('?code=c&main_account_id=70001')).toBe('/integration?code=c&main_account_id=70001');
  });

  it('goes to /dashboard with the query when nothing is saved, and forgets after clean-up', () => {
    expect(returnTarget('?code=x')).toBe('/dashboard?code=x');
    saveIntegration('/integration', 'lazada');
    clearIntegration();
    expect(savedChannel()).toBeNull();
    expect(returnTarget('?code=y')).toBe('/dashboard?code=y');
  });

  it('sends each marketplace back to its own return page; Tokopedia through TikTok Shop', () => {
    expect(returnPageUrl('http://app.test', 'shopee')).toBe('http://app.test/integration/shopee');
    expect(returnPageUrl('http://app.test', 'lazada')).toBe('http://app.test/integration/lazada/callback');
    expect(returnPageUrl('http://app.test', 'tokopedia')).toBe('http://app.test/integration/tiktok');
    expect(returnPageUrl('http://app.test', 'tiktok')).toBe('http://app.test/integration/tiktok');
  });
});
