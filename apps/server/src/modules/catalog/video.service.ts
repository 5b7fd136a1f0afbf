import type { FieldIssue, ProductVideo } from '@kelola/contracts';
import {
  sniffVideoFormat,
  VIDEO_EXTENSIONS,
  VIDEO_MAX_BYTES,
  VIDEO_MIME_TYPES,
  VIDEO_SNIFF_BYTES,
  videoExtension,
} from '@kelola/domain/video-file';
import { and, eq } from 'drizzle-orm';
import { Readable } from 'node:stream';
import type { TenantCtx } from '../../http/context.ts';
import { uuidv7 } from '../../platform/db/ids.ts';
import { DomainError } from '../../platform/errors.ts';
import { audit } from './catalog.common.ts';
import { products } from './catalog.schema.ts';
import { findProductOrThrow } from './products.service.ts';
import { parseVideoKey, presentVideo, videoKey } from './video-key.ts';

const videoIssue = (code: string): FieldIssue => ({ path: 'video', code, message: code });
const invalid = (code: string) => new DomainError('VALIDATION_FAILED', { fields: [videoIssue(code)] });
/** 413 with the field, so the form shows it under the video. */
const tooLarge = () => new DomainError('PAYLOAD_TOO_LARGE', { fields: [videoIssue('VIDEO_TOO_LARGE')], max_bytes: VIDEO_MAX_BYTES });

class StreamTooLarge extends Error {}

export type VideoUpload = {
  fileName: string;
  /** The request's Content-Length: required, so a file over the limit is refused before a byte is read. */
  contentLength: number | null;
  body: Readable;
};

/** The first chunks of a stream (at least `bytes` of them unless it ends first) and an iterator for the rest. */
async function readHead(body: Readable, bytes: number) {
  const iterator = body[Symbol.asyncIterator]() as AsyncIterator<Buffer | string>;
  const chunks: Buffer[] = [];
  let length = 0;
  while (length < bytes) {
    const next = await iterator.next();
    if (next.done) break;
    const chunk = Buffer.isBuffer(next.value) ? next.value : Buffer.from(next.value);
    chunks.push(chunk);
    length += chunk.length;
  }
  return { head: Buffer.concat(chunks), iterator };
}

/** The head again, then the rest of the body, failing as soon as more than `max` bytes went through. */
function limited(head: Buffer, rest: AsyncIterator<Buffer | string>, max: number): Readable {
  return Readable.from(
    (async function* () {
      let size = head.length;
      if (size > max) throw new StreamTooLarge();
      if (head.length > 0) yield head;
      for (let next = await rest.next(); !next.done; next = await rest.next()) {
        const chunk = Buffer.isBuffer(next.value) ? next.value : Buffer.from(next.value);
        size += chunk.length;
        if (size > max) throw new StreamTooLarge();
        yield chunk;
      }
    })(),
    { objectMode: false },
  );
}

/**
 * Stores a product's video from a streamed body (MP4, WebM or MOV by its first bytes; at most 30 MB): never held in
 * memory, refused before reading when the Content-Length is over the limit, and cut off if the stream runs past it.
 * A file replaces the YouTube link and any earlier file (removed after commit); the new file is removed again if
 * the transaction rolls back.
 */
export async function uploadVideo(ctx: TenantCtx, productId: string, upload: VideoUpload): Promise<ProductVideo> {
  await findProductOrThrow(ctx, productId);
  if (upload.contentLength === null) throw invalid('VIDEO_LENGTH_REQUIRED');
  if (upload.contentLength > VIDEO_MAX_BYTES) throw tooLarge();
  if (!(VIDEO_EXTENSIONS as readonly string[]).includes(videoExtension(upload.fileName))) throw invalid('VIDEO_EXTENSION');
  const { head, iterator } = await readHead(upload.body, VIDEO_SNIFF_BYTES);
  const format = sniffVideoFormat(head);
  if (!format) throw invalid('VIDEO_FORMAT');

  const id = uuidv7();
  const key = videoKey(ctx.workspaceId, productId, id, upload.contentLength, format);
  let stored: { size: number };
  try {
    stored = await ctx.platform.files.put(key, limited(head, iterator, Math.min(upload.contentLength, VIDEO_MAX_BYTES)));
  } catch (error) {
    await ctx.platform.files.remove(key);
    if (error instanceof StreamTooLarge) throw tooLarge();
    throw error;
  }
  ctx.afterRollback(async () => ctx.platform.files.remove(key));
  // A body shorter than its Content-Length is an aborted upload (Node fails the stream, but never keep a short file).
  if (stored.size !== upload.contentLength) throw invalid('VIDEO_INCOMPLETE');

  const before = await findProductOrThrow(ctx, productId, true);
  await ctx.db
    .update(products)
    .set({ videoFileKey: key, videoUrl: null, updatedAt: new Date() })
    .where(and(eq(products.workspaceId, ctx.workspaceId), eq(products.id, productId)));
  await audit(ctx, {
    entity: 'product',
    entityId: productId,
    action: 'update',
    before: { videoUrl: before.videoUrl, videoFileKey: before.videoFileKey },
    after: { videoUrl: null, videoFileKey: key, videoFileName: upload.fileName },
  });
  if (before.videoFileKey) {
    const old = before.videoFileKey;
    ctx.afterCommit(async () => ctx.platform.files.remove(old));
  }
  return presentVideo(productId, key)!;
}

/** Removes the uploaded video (the file goes after commit); nothing to do without one. */
export async function deleteVideo(ctx: TenantCtx, productId: string): Promise<void> {
  const before = await findProductOrThrow(ctx, productId, true);
  if (!before.videoFileKey) return;
  const old = before.videoFileKey;
  await ctx.db
    .update(products)
    .set({ videoFileKey: null, updatedAt: new Date() })
    .where(and(eq(products.workspaceId, ctx.workspaceId), eq(products.id, productId)));
  await audit(ctx, {
    entity: 'product',
    entityId: productId,
    action: 'update',
    before: { videoFileKey: old },
    after: { videoFileKey: null },
  });
  ctx.afterCommit(async () => ctx.platform.files.remove(old));
}

export type ByteRange = { start: number; end: number };

/**
 * The byte range a Range header asks for (one range: `bytes=a-b`, `bytes=a-`, `bytes=-n`): null to send the whole
 * file (no header, several ranges, another unit), 'unsatisfiable' when it starts past the end.
 */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  const match = header ? /^bytes=(\d*)-(\d*)$/u.exec(header.trim()) : null;
  if (!match || (match[1] === '' && match[2] === '')) return null;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

/** Bytes start…end (inclusive) of a stream: the ones before are read and dropped (local files; at most 30 MB). */
function slice(source: Readable, range: ByteRange): Readable {
  return Readable.from(
    (async function* () {
      let offset = 0;
      try {
        for await (const raw of source) {
          const chunk = Buffer.isBuffer(raw) ? raw : Buffer.from(raw as string);
          const from = Math.max(range.start - offset, 0);
          const to = Math.min(range.end + 1 - offset, chunk.length);
          offset += chunk.length;
          if (to > from) yield chunk.subarray(from, to);
          if (offset > range.end) break;
        }
      } finally {
        source.destroy();
      }
    })(),
    { objectMode: false },
  );
}

export type VideoFile = { stream: Readable; size: number; contentType: string; range: ByteRange | null };

/** The stored video for the route to stream, whole or the asked range. */
export async function videoFile(
  ctx: TenantCtx,
  productId: string,
  rangeHeader?: string,
): Promise<VideoFile | { unsatisfiable: true; size: number }> {
  const row = await findProductOrThrow(ctx, productId);
  const parsed = row.videoFileKey ? parseVideoKey(row.videoFileKey) : null;
  if (!row.videoFileKey || !parsed) throw new DomainError('NOT_FOUND');
  const range = parseRange(rangeHeader, parsed.size);
  if (range === 'unsatisfiable') return { unsatisfiable: true, size: parsed.size };
  const stream = await ctx.platform.files.get(row.videoFileKey);
  if (!stream) throw new DomainError('NOT_FOUND');
  return { stream: range ? slice(stream, range) : stream, size: parsed.size, contentType: VIDEO_MIME_TYPES[parsed.format], range };
}
