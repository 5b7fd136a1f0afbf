import { createSandbox } from '@kelola/marketplace-sandbox';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';

/**
 * The embedded mode's marketplaces (ARCHITECTURE §3): with no database server and no marketplace configured, the
 * marketplace sandbox runs in this process on SANDBOX_PORT and pushes to this server's push endpoint, so a fresh
 * install connects shops and receives orders with no credentials. Returns its stop function, or null when not embedded.
 */
export async function startEmbeddedSandbox(config: Config, log: FastifyBaseLogger): Promise<(() => Promise<void>) | null> {
  const { sandbox } = config.marketplaces;
  if (!sandbox?.embed) return null;
  // The sandbox forgets its orders on every start while Kelola keeps the ones it imported: a seed and id numbers of
  // this start (100 numbers a second) keep a new run's order ids apart from every earlier run's.
  const startedAt = Date.now();
  const app = createSandbox({
    seed: `kelola:${startedAt}`,
    firstNumber: Math.floor(startedAt / 10),
    callbackUrl: `${config.publicUrl.replace(/\/$/u, '')}/api/channels/push`,
  });
  try {
    await app.listen({ port: sandbox.port, host: '127.0.0.1' });
  } catch (error) {
    // A sandbox already on the port (`npm run sandbox`) serves the same protocols; Kelola keeps working with it.
    log.warn({ err: error }, `marketplace sandbox not started on port ${sandbox.port}; using whatever answers at ${sandbox.origin}`);
    return null;
  }
  log.info(`marketplace sandbox on ${sandbox.origin} (Shopee, TikTok Shop, Lazada, Blibli, Zalora)`);
  return () => app.close();
}
