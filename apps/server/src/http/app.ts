import fs from 'node:fs';
import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { forgetMe } from '../flows/get-me.ts';
import { sessionGate } from '../modules/identity/index.ts';
import { resolveAccessCached } from '../modules/workspaces/index.ts';
import { uuidv7 } from '../platform/db/ids.ts';
import type { Platform } from '../platform/platform.ts';
import { installErrorHandler } from './error-handler.ts';
import { registerRoutes } from './register-routes.ts';
import { refuseUnstorableText } from './unstorable-text.ts';
import { createRouter, type Router } from './route.ts';
import { installSecurityHeaders } from './security-headers.ts';

export type App = { fastify: FastifyInstance; router: Router };

/** TRUST_PROXY as a hop count: the nearest `hops` peers are proxies. */
const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

export async function buildApp(platform: Platform, options: { logger?: boolean } = {}): Promise<App> {
  const { config } = platform;
  const fastify = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel },
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/u.test(given) ? given : uuidv7();
    },
    requestIdHeader: false,
    bodyLimit: 2 * 1024 * 1024,
    // X-Forwarded-For/-Proto count only from the proxies named in TRUST_PROXY (none by default).
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
  });
  fastify.setValidatorCompiler(validatorCompiler);
  fastify.setSerializerCompiler(serializerCompiler);
  fastify.addHook('onSend', async (request, reply) => {
    void reply.header('x-request-id', request.id);
  });
  installSecurityHeaders(fastify);
  installErrorHandler(fastify);
  refuseUnstorableText(fastify);
  // Binary uploads (product videos) reach their route as the raw request stream, never buffered; the route enforces its own limit.
  fastify.addContentTypeParser(['video/mp4', 'video/webm', 'video/quicktime', 'application/octet-stream'], (_request, payload, done) =>
    done(null, payload),
  );
  await fastify.register(fastifyCookie);
  await fastify.register(fastifySwagger, {
    openapi: {
      info: { title: 'Kelola API', version: '0.1.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  await fastify.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  const gate = sessionGate(platform.database.db);
  const router = createRouter(fastify, platform, {
    resolveAccess: (db, userId, workspaceId) => resolveAccessCached(db, userId, workspaceId, platform.config.accessCacheTtlMs),
    isSessionLive: (userId, family) => gate.isLive(userId, family),
    afterWrite: () => forgetMe(platform.database.db),
  });
  registerRoutes(router, platform);

  const webDist = config.webDist ?? path.resolve(import.meta.dirname, '../../../web/dist');
  if (fs.existsSync(path.join(webDist, 'index.html'))) {
    await fastify.register(fastifyStatic, { root: webDist, wildcard: false, index: false });
    // History fallback: every non-API path is the single-page app.
    fastify.get('/*', (request, reply) => {
      const file = path.join(webDist, request.url.split('?')[0] ?? '/');
      if (!request.url.startsWith('/api/') && file.startsWith(webDist) && fs.existsSync(file) && fs.statSync(file).isFile()) {
        return reply.sendFile(path.relative(webDist, file));
      }
      if (request.url.startsWith('/api/')) return reply.callNotFound();
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    });
  }
  return { fastify, router };
}
