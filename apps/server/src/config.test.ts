import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { adapterFor } from './modules/channels/index.ts';
import { DomainError } from './platform/errors.ts';
import type { Platform } from './platform/platform.ts';

const KEY = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
const SERVER = { DATABASE_URL: 'postgres://kelola@db/kelola', TOKEN_PRIVATE_KEY: KEY };

describe('production-safe configuration', () => {
  it('refuses a database server without TOKEN_PRIVATE_KEY, and says why', () => {
    expect(() => loadConfig({ DATABASE_URL: SERVER.DATABASE_URL })).toThrow(/TOKEN_PRIVATE_KEY is required when DATABASE_URL is set/u);
    expect(loadConfig(SERVER).tokenPrivateKey).toBe(KEY);
  });

  it('keeps generating a key in the embedded mode', () => {
    const config = loadConfig({});
    expect(config.embedded).toBe(true);
    expect(config.tokenPrivateKey).toBeUndefined();
  });

  it('points unconfigured marketplaces at the embedded sandbox only in the embedded mode', () => {
    const { marketplaces } = loadConfig({});
    expect(marketplaces.sandbox).toEqual({ origin: 'http://127.0.0.1:4010', port: 4010, embed: true });
    expect(marketplaces.shopee?.sandbox).toBe(true);
  });

  it('reports an unconfigured marketplace of a database server as not configured, never 127.0.0.1', () => {
    const config = loadConfig(SERVER);
    expect(config.marketplaces.sandbox).toBeNull();
    expect(config.marketplaces.shopee).toBeNull();
    expect(JSON.stringify(config.marketplaces)).not.toContain('127.0.0.1');
    const platform = { config, now: () => new Date() } as Platform;
    for (const marketplace of ['shopee', 'tiktok', 'lazada', 'blibli', 'zalora'] as const) {
      let error: unknown;
      try {
        adapterFor(platform, marketplace);
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(DomainError);
      expect((error as DomainError).code).toBe('CHANNEL_NOT_CONFIGURED');
    }
  });

  it('uses the sandbox a database server names with MARKETPLACE_SANDBOX_URL, and a real host where one is set', () => {
    const config = loadConfig({
      ...SERVER,
      MARKETPLACE_SANDBOX_URL: 'http://sandbox.internal:4010/',
      SHOPEE_BASE_URL: 'https://partner.example.com',
      SHOPEE_PARTNER_ID: '1',
      SHOPEE_PARTNER_KEY: 'k',
    });
    expect(config.marketplaces.sandbox).toEqual({ origin: 'http://sandbox.internal:4010', port: 4010, embed: false });
    expect(config.marketplaces.shopee).toMatchObject({ baseUrl: 'https://partner.example.com', sandbox: false });
    expect(config.marketplaces.zalora?.sandbox).toBe(true);
    expect(config.marketplaces.zalora?.baseUrl.startsWith('http://sandbox.internal:4010')).toBe(true);
  });
});
