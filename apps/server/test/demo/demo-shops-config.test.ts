import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';

describe('the demo shops switch', () => {
  // A database server needs a signing key (config refuses to start without one).
  const key = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const pg = { DATABASE_URL: 'postgres://kelola@127.0.0.1:5432/kelola', TOKEN_PRIVATE_KEY: key };
  it('is on with the demo and a sandbox, with a new order every 20 s by default', () => {
    expect(loadConfig({}).demoShops).toEqual({ orderEveryMs: 20_000 });
    expect(loadConfig({ DEMO_ORDER_EVERY_SECONDS: '0' }).demoShops).toEqual({ orderEveryMs: 0 });
    expect(loadConfig({ ...pg, DEMO: 'true', MARKETPLACE_SANDBOX_URL: 'http://127.0.0.1:4010' }).demoShops).not.toBeNull();
  });
  it('is off without the demo, without a sandbox, when turned off, and always in production', () => {
    expect(loadConfig({ DEMO: 'false' }).demoShops).toBeNull();
    expect(loadConfig({ DEMO_SHOPS: 'false' }).demoShops).toBeNull();
    expect(loadConfig({ ...pg, DEMO: 'true' }).demoShops).toBeNull();
    expect(loadConfig({ NODE_ENV: 'production' }).demoShops).toBeNull();
  });
});
