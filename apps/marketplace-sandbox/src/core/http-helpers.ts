import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Body parsing that keeps the raw text, because several marketplaces sign the body exactly as sent. */

const rawBodies = new WeakMap<object, string>();

export const rawBodyOf = (request: FastifyRequest): string => rawBodies.get(request.raw) ?? '';

export type MultipartPart = { name: string; fileName?: string; contentType?: string; data: Buffer };

export const registerBodyParsers = (app: FastifyInstance): void => {
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser(['application/json', 'text/plain'], { parseAs: 'string' }, (request, body, done) => {
    const text = String(body);
    rawBodies.set(request.raw, text);
    if (text.trim() === '') return done(null, {});
    try {
      done(null, JSON.parse(text));
    } catch {
      // Keep malformed bodies so the marketplace route can answer with its own error shape instead of Fastify's.
      done(null, { __invalidJson: text });
    }
  });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (request, body, done) => {
    const text = String(body);
    rawBodies.set(request.raw, text);
    done(null, Object.fromEntries(new URLSearchParams(text)));
  });
  app.addContentTypeParser('multipart/form-data', { parseAs: 'buffer' }, (request, body, done) => {
    try {
      done(null, parseMultipart(body as Buffer, String(request.headers['content-type'] ?? '')));
    } catch (error) {
      done(error as Error, undefined);
    }
  });
};

/** A small multipart/form-data reader: enough for image uploads, no streaming. */
export const parseMultipart = (body: Buffer, contentType: string): MultipartPart[] => {
  const match = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType);
  const boundary = match?.[1] ?? match?.[2];
  if (!boundary) throw new Error('multipart body without boundary');
  const delimiter = Buffer.from(`--${boundary}`);
  const parts: MultipartPart[] = [];
  let start = body.indexOf(delimiter);
  while (start !== -1) {
    const headerStart = start + delimiter.length;
    if (body.subarray(headerStart, headerStart + 2).toString() === '--') break;
    const end = body.indexOf(delimiter, headerStart);
    if (end === -1) break;
    const chunk = body.subarray(headerStart + 2, end - 2);
    const split = chunk.indexOf('\r\n\r\n');
    const headers = chunk.subarray(0, split).toString('utf8');
    const data = chunk.subarray(split + 4);
    const disposition = /content-disposition:[^\r\n]*/i.exec(headers)?.[0] ?? '';
    const name = /name="([^"]*)"/i.exec(disposition)?.[1] ?? '';
    const fileName = /filename="([^"]*)"/i.exec(disposition)?.[1];
    const type = /content-type:\s*([^\r\n]+)/i.exec(headers)?.[1];
    parts.push({ name, data, ...(fileName !== undefined ? { fileName } : {}), ...(type ? { contentType: type.trim() } : {}) });
    start = end;
  }
  return parts;
};

export const isMultipart = (body: unknown): body is MultipartPart[] => Array.isArray(body);

/** Request path below a marketplace prefix, without the query: the part the marketplace signs. */
export const pathBelow = (request: FastifyRequest, prefix: string): string => {
  const path = request.url.split('?')[0] ?? '';
  return path.startsWith(prefix) ? path.slice(prefix.length) : path;
};

export const queryOf = (request: FastifyRequest): Record<string, string> => {
  const query = new URLSearchParams(request.url.split('?')[1] ?? '');
  return Object.fromEntries(query);
};

export const queryAll = (request: FastifyRequest, key: string): string[] =>
  new URLSearchParams(request.url.split('?')[1] ?? '').getAll(key);

export const newRequestId = (): string => randomBytes(16).toString('hex');

export const bodyObject = (body: unknown): Record<string, unknown> =>
  body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};

export const appendQuery = (url: string, params: Record<string, string>): string => {
  const target = new URL(url);
  for (const [key, value] of Object.entries(params)) target.searchParams.set(key, value);
  return target.toString();
};
