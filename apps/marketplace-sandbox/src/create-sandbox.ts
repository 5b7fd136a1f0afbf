import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import { registerAdmin } from './core/admin.routes.ts';
import { registerBodyParsers } from './core/http-helpers.ts';
import { createPushSender } from './core/push-sender.ts';
import { systemClock } from './core/sandbox-clock.ts';
import { createSandboxStore } from './core/sandbox-store.ts';
import type { SandboxOptions } from './core/sandbox-types.ts';
import { SANDBOX_PREFIXES } from './sandbox-credentials.ts';
import { registerShopee } from './shopee/shopee.routes.ts';
import { registerTiktok } from './tiktok/tiktok.routes.ts';
import { registerLazada } from './lazada/lazada.routes.ts';
import { registerBlibli } from './blibli/blibli.routes.ts';
import { registerZalora } from './zalora/zalora.routes.ts';

/**
 * Builds the marketplace sandbox as a Fastify instance (not yet listening), so tests can `listen({ port: 0 })`
 * in-process and the server can embed it. Every marketplace lives under its prefix on its real paths.
 */
export const createSandbox = (options: SandboxOptions): FastifyInstance => {
  const clock = options.clock ?? systemClock();
  const store = createSandboxStore({
    seed: options.seed,
    clock,
    imageProcessingMs: options.imageProcessingMs ?? 4_000,
    productReviewMs: options.productReviewMs ?? 6_000,
    orderIntervalMs: options.orderIntervalMs ?? 20 * 60_000,
    ...(options.firstNumber !== undefined ? { firstNumber: options.firstNumber } : {}),
  });
  const pushes = createPushSender(store, options.callbackUrl);
  const app = Fastify({ logger: options.logger ?? false, bodyLimit: 20 * 1024 * 1024 });
  registerBodyParsers(app);
  // State catches up with the clock before every request, so nothing depends on timers.
  app.addHook('onRequest', async (request, reply) => {
    store.settle();
    pushes.retryDue();
    // The fault switch (POST /__sandbox/faults { random }): a marketplace call fails before it is served, as an
    // overloaded gateway would. Sign-in and token calls are spared so a run can always get a token.
    const path = request.url.split('?')[0] ?? '';
    const marketplace = (Object.keys(SANDBOX_PREFIXES) as (keyof typeof SANDBOX_PREFIXES)[]).find((m) =>
      path.startsWith(`${SANDBOX_PREFIXES[m]}/`),
    );
    if (!marketplace || /auth|token|oauth|consent/iu.test(path)) return;
    const status = store.randomFault(marketplace);
    if (status === null) return;
    if (status === 429) void reply.header('retry-after', '1');
    await reply.status(status).send({
      error: status === 429 ? 'error_too_many_request' : 'error_server',
      message: status === 429 ? 'Too many requests (fault switch).' : 'Service unavailable (fault switch).',
    });
  });
  app.get('/', async (_request, reply) =>
    reply.type('text/html').send('<h1>Kelola marketplace sandbox</h1><p>Shopee, TikTok Shop, Lazada, Blibli and Zalora seller APIs.</p>'),
  );
  app.register(async (scope) => registerAdmin(scope, store, pushes), { prefix: '/__sandbox' });
  app.register(async (scope) => registerShopee(scope, store, pushes), { prefix: SANDBOX_PREFIXES.shopee });
  app.register(async (scope) => registerTiktok(scope, store), { prefix: SANDBOX_PREFIXES.tiktok });
  app.register(async (scope) => registerLazada(scope, store), { prefix: SANDBOX_PREFIXES.lazada });
  app.register(async (scope) => registerBlibli(scope, store), { prefix: `${SANDBOX_PREFIXES.blibli}/v2/proxy` });
  app.register(async (scope) => registerZalora(scope, store), { prefix: SANDBOX_PREFIXES.zalora });
  return app;
};
