import type { FastifyInstance } from 'fastify';

/**
 * The web app's Content-Security-Policy. Scripts come only from our own origin: the built index.html loads one
 * module script and Vite emits no inline script. Styles need 'unsafe-inline' because antd writes its CSS-in-JS
 * into <style> elements at run time (and index.html carries a small <style>); see docs/adr/0014. Frames may show
 * blob: documents: the printable pages' PDFs (ADR 0041).
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "font-src 'self' data:",
  "media-src 'self' blob:",
  "connect-src 'self'",
  // The printable full pages show the server's PDF as a blob in a frame (labels, picking and packing lists).
  "frame-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** Swagger UI ships an inline bootstrap; its pages keep their own policy, still unframeable. */
const DOCS_PREFIX = '/api/docs';

/**
 * Headers every answer carries (web app and API). HSTS only over HTTPS, as the request's protocol says (behind a
 * proxy that is X-Forwarded-Proto, believed only from TRUST_PROXY). API answers are never stored by a cache unless
 * the route chose its own Cache-Control (private images and area lists).
 */
export function installSecurityHeaders(fastify: FastifyInstance): void {
  fastify.addHook('onSend', async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    void reply.header('x-content-type-options', 'nosniff');
    void reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    void reply.header('x-frame-options', 'DENY');
    if (path.startsWith(DOCS_PREFIX)) {
      if (!reply.hasHeader('content-security-policy')) void reply.header('content-security-policy', "frame-ancestors 'none'");
    } else {
      void reply.header('content-security-policy', CONTENT_SECURITY_POLICY);
    }
    if (request.protocol === 'https') void reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    if (path.startsWith('/api/') && !reply.hasHeader('cache-control')) void reply.header('cache-control', 'no-store');
  });
}
