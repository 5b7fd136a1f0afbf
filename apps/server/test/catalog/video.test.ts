import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../src/modules/catalog/catalog.schema.ts';
import { uploadVideo } from '../../src/modules/catalog/video.service.ts';
import { newMember, newWorkspace, type Actor } from '../factories.ts';
import { asActor } from '../inventory/helpers.ts';
import { buildTestApp, type TestApp } from '../test-app.ts';
import { caller, expectError, expectFieldError, rejected } from '../workspaces/helpers.ts';
import { createProduct, fieldCodes, singleForm } from './helpers.ts';

let app: TestApp;
let call: ReturnType<typeof caller>;
beforeAll(async () => {
  app = await buildTestApp();
  call = caller(app);
});
afterAll(async () => app?.close());

const MB = 1024 * 1024;
const YOUTUBE = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';

/** Bytes that start like an MP4 (ISO base media `ftyp` box), a MOV or a WebM (EBML header naming webm). */
function mp4(size: number, brand = 'isom'): Buffer {
  const bytes = randomBytes(size);
  bytes.writeUInt32BE(0x20, 0);
  bytes.write(`ftyp${brand}`, 4, 'latin1');
  return bytes;
}
function webm(size: number): Buffer {
  const bytes = randomBytes(size);
  Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x84]).copy(bytes, 0);
  bytes.write('webm', 8, 'latin1');
  return bytes;
}

const put = (
  as: Actor | null,
  productId: string,
  body: Buffer,
  fileName: string | null,
  contentType = 'video/mp4',
  extra: Record<string, string> = {},
) =>
  app.fastify.inject({
    method: 'PUT',
    url: `/api/products/${productId}/video${fileName === null ? '' : `?file_name=${encodeURIComponent(fileName)}`}`,
    headers: { ...(as?.headers ?? {}), 'content-type': contentType, ...extra },
    payload: body,
  });

/** Stores a video through the service, as the route does, for the tests of the other endpoints and rules. */
const store = (as: Actor, productId: string, bytes: Buffer, fileName = 'promo.mp4', declared = bytes.length) =>
  asActor(app, as, (ctx) =>
    uploadVideo(ctx, productId, {
      fileName,
      contentLength: declared,
      body: Readable.from([bytes.subarray(0, 1000), bytes.subarray(1000)]),
    }),
  );

const storedKey = async (productId: string) =>
  (await app.platform.database.db.select({ key: products.videoFileKey }).from(products).where(eq(products.id, productId)))[0]!.key;

describe('PUT /api/products/:id/video (streamed upload)', () => {
  it('stores an MP4 from the raw body, replaces the YouTube link, serves it whole and by range, and replaces and removes it', async () => {
    const owner = await newWorkspace(app);
    const product = await createProduct(app, owner, singleForm({ video_url: YOUTUBE }));
    const bytes = mp4(3 * MB + 17);
    const res = await put(owner, product.id, bytes, 'Promo Kopi.MP4');
    expect(res.statusCode, res.body).toBe(200);
    const video = res.json();
    expect(video).toEqual({
      format: 'mp4',
      content_type: 'video/mp4',
      size: bytes.length,
      url: expect.stringMatching(new RegExp(`^/api/products/${product.id}/video\\?v=`, 'u')),
    });

    const detail = (await call('GET', `/api/products/${product.id}`, owner)).json();
    expect(detail).toMatchObject({ video_url: null, video });

    const file = await call('GET', video.url, owner);
    expect(file.statusCode).toBe(200);
    expect(file.headers).toMatchObject({ 'content-type': 'video/mp4', 'content-length': String(bytes.length), 'accept-ranges': 'bytes' });
    expect(file.rawPayload.equals(bytes)).toBe(true);
    const part = await call('GET', `/api/products/${product.id}/video`, owner, undefined, { range: 'bytes=100-199' });
    expect(part.statusCode).toBe(206);
    expect(part.headers).toMatchObject({
      'content-range': `bytes 100-199/${bytes.length}`,
      'content-length': '100',
      'content-type': 'video/mp4',
    });
    expect(part.rawPayload.equals(bytes.subarray(100, 200))).toBe(true);
    const tail = await call('GET', `/api/products/${product.id}/video`, owner, undefined, { range: 'bytes=-10' });
    expect(tail.rawPayload.equals(bytes.subarray(bytes.length - 10))).toBe(true);
    const open = await call('GET', `/api/products/${product.id}/video`, owner, undefined, { range: `bytes=${bytes.length - 5}-` });
    expect(open.rawPayload.equals(bytes.subarray(bytes.length - 5))).toBe(true);
    const beyond = await call('GET', `/api/products/${product.id}/video`, owner, undefined, { range: `bytes=${bytes.length}-` });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${bytes.length}`);

    // A new file replaces the old one, which is removed from storage after commit.
    const firstKey = await storedKey(product.id);
    const second = await put(owner, product.id, webm(64 * 1024), 'promo.webm', 'video/webm');
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json()).toMatchObject({ format: 'webm', content_type: 'video/webm', size: 64 * 1024 });
    expect(second.json().url).not.toBe(video.url);
    expect(await app.platform.files.get(firstKey!)).toBeNull();
    const mov = await put(owner, product.id, mp4(2048, 'qt  '), 'klip.mov', 'video/quicktime');
    expect(mov.json()).toMatchObject({ format: 'mov', content_type: 'video/quicktime' });

    const movKey = await storedKey(product.id);
    expect((await call('DELETE', `/api/products/${product.id}/video`, owner)).statusCode).toBe(204);
    expect((await call('GET', `/api/products/${product.id}`, owner)).json()).toMatchObject({ video: null, video_url: null });
    expect(await app.platform.files.get(movKey!)).toBeNull();
    expectError(await call('GET', `/api/products/${product.id}/video`, owner), 404, 'NOT_FOUND');
    // Removing again is harmless.
    expect((await call('DELETE', `/api/products/${product.id}/video`, owner)).statusCode).toBe(204);
    const audit = (await call('GET', `/api/audit?entity=product&entity_id=${product.id}`, owner)).json().items;
    expect(audit.filter((a: { action: string }) => a.action === 'update').length).toBeGreaterThanOrEqual(4);
  });

  it('answers 413 VIDEO_TOO_LARGE on field video, translated, for a file over 30 MB, and stores nothing', async () => {
    const owner = await newWorkspace(app);
    const product = await createProduct(app, owner, singleForm());
    const res = await put(owner, product.id, mp4(30 * MB + 1), 'besar.mp4', 'video/mp4', { 'accept-language': 'id' });
    expectError(res, 413, 'PAYLOAD_TOO_LARGE');
    expect(res.json().details.fields).toEqual([{ path: 'video', code: 'VIDEO_TOO_LARGE', message: 'Ukuran video lebih dari 30 MB.' }]);
    const english = await put(owner, product.id, mp4(30 * MB + 1), 'big.mp4', 'video/mp4', { 'accept-language': 'en' });
    expect(english.json().details.fields[0].message).toBe('The video is larger than 30 MB.');
    // Exactly 30 MB is allowed.
    expect((await put(owner, product.id, mp4(30 * MB), 'pas.mp4')).statusCode).toBe(200);
  });

  it('answers 400 with field details for another format, a wrong name and a missing file name', async () => {
    const owner = await newWorkspace(app);
    const product = await createProduct(app, owner, singleForm());
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(500)]);
    const notVideo = await put(owner, product.id, png, 'promo.mp4');
    expectFieldError(notVideo, 'video');
    expect(fieldCodes(notVideo)).toEqual({ video: 'VIDEO_FORMAT' });
    expect(notVideo.json().details.fields[0].message).toBe('Gunakan video MP4, WebM atau MOV.');
    expect(fieldCodes(await put(owner, product.id, mp4(500), 'promo.avi'))).toEqual({ video: 'VIDEO_EXTENSION' });
    expect(fieldCodes(await put(owner, product.id, Buffer.alloc(0), 'kosong.mp4'))).toEqual({ video: 'VIDEO_FORMAT' });
    expectFieldError(await put(owner, product.id, mp4(500), null), 'file_name');
    expect((await call('GET', `/api/products/${product.id}`, owner)).json().video).toBeNull();
  });

  it('answers 401 anonymously, 403 without product WRITE, 404 for another workspace', async () => {
    const owner = await newWorkspace(app);
    const product = await createProduct(app, owner, singleForm());
    expectError(await put(null, product.id, mp4(500), 'a.mp4'), 401, 'UNAUTHENTICATED');
    const reader = await newMember(app, owner, { product: 'READ' });
    expectError(await put(reader, product.id, mp4(500), 'a.mp4'), 403, 'FORBIDDEN');
    const other = await newWorkspace(app);
    expectError(await put(other, product.id, mp4(500), 'a.mp4'), 404, 'PRODUCT_NOT_FOUND');
    expect(await storedKey(product.id)).toBeNull();
  });
});

describe('video rules in the service (a stream, as the route passes it)', () => {
  it('refuses by Content-Length before reading, cuts off a stream that runs past it, checks bytes and name', async () => {
    const owner = await newWorkspace(app);
    const product = await createProduct(app, owner, singleForm());
    const big = await rejected(store(owner, product.id, mp4(2000), 'a.mp4', 30 * MB + 1));
    expect({ code: big.code, fields: big.details?.fields }).toEqual({
      code: 'PAYLOAD_TOO_LARGE',
      fields: [{ path: 'video', code: 'VIDEO_TOO_LARGE', message: 'VIDEO_TOO_LARGE' }],
    });
    // A body longer than it said it was is never stored whole.
    const longer = await rejected(store(owner, product.id, mp4(5000), 'a.mp4', 3000));
    expect(longer.code).toBe('PAYLOAD_TOO_LARGE');
    const missingLength = await rejected(
      asActor(app, owner, (ctx) =>
        uploadVideo(ctx, product.id, { fileName: 'a.mp4', contentLength: null, body: Readable.from([mp4(100)]) }),
      ),
    );
    expect(missingLength.details?.fields?.[0]).toMatchObject({ path: 'video', code: 'VIDEO_LENGTH_REQUIRED' });
    const shorter = await rejected(store(owner, product.id, mp4(2000), 'a.mp4', 2500));
    expect(shorter.details?.fields?.[0]).toMatchObject({ path: 'video', code: 'VIDEO_INCOMPLETE' });
    expect(
      (await rejected(store(owner, product.id, Buffer.from('%PDF-1.7 this is a document, not a video at all...'.repeat(3)), 'a.mp4')))
        .details?.fields?.[0],
    ).toMatchObject({ code: 'VIDEO_FORMAT' });
    expect((await rejected(store(owner, product.id, mp4(2000), 'a.mkv'))).details?.fields?.[0]).toMatchObject({ code: 'VIDEO_EXTENSION' });
    expect(await storedKey(product.id)).toBeNull();
    expect(await store(owner, product.id, webm(4000), 'ok.webm')).toMatchObject({ format: 'webm', size: 4000 });
  });
});

describe('YouTube link or file', () => {
  it('an upload clears the link; a link cannot be saved while a file is there; after removing the file it can', async () => {
    const owner = await newWorkspace(app);
    const form = singleForm({ video_url: YOUTUBE });
    const product = await createProduct(app, owner, form);
    expect(product.video_url).toBe(YOUTUBE);
    await store(owner, product.id, mp4(5000));
    const detail = (await call('GET', `/api/products/${product.id}`, owner)).json();
    expect(detail).toMatchObject({ video_url: null, video: { format: 'mp4', size: 5000 } });

    const catalogs = [{ id: product.catalogs[0]!.id, sku: product.catalogs[0]!.sku, price: 85_000 }];
    const clash = await call('PUT', `/api/products/${product.id}`, owner, { ...form, catalogs });
    expectFieldError(clash, 'video_url');
    expect(fieldCodes(clash)).toEqual({ video_url: 'VIDEO_EXCLUSIVE' });
    // Saving the form without a link keeps the file.
    const kept = await call('PUT', `/api/products/${product.id}`, owner, { ...form, video_url: '', catalogs });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().video).toMatchObject({ format: 'mp4' });

    expect((await call('DELETE', `/api/products/${product.id}/video`, owner)).statusCode).toBe(204);
    const linked = await call('PUT', `/api/products/${product.id}`, owner, { ...form, catalogs });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json()).toMatchObject({ video_url: YOUTUBE, video: null });
  });
});

describe('GET and DELETE /api/products/:id/video', () => {
  it('serve and remove for the right roles only: 403 without WRITE to delete, 404 from another workspace', async () => {
    const owner = await newWorkspace(app);
    const product = await createProduct(app, owner, singleForm());
    const bytes = mp4(10_000);
    await store(owner, product.id, bytes);
    const reader = await newMember(app, owner, { product: 'READ' });
    const seen = await call('GET', `/api/products/${product.id}/video`, reader);
    expect(seen.statusCode).toBe(200);
    expect(seen.rawPayload.equals(bytes)).toBe(true);
    expectError(await call('DELETE', `/api/products/${product.id}/video`, reader), 403, 'FORBIDDEN');
    const stranger = await newMember(app, owner, { 'list-inventory': 'READ' });
    expectError(await call('GET', `/api/products/${product.id}/video`, stranger), 403, 'FORBIDDEN');
    const other = await newWorkspace(app);
    expectError(await call('GET', `/api/products/${product.id}/video`, other), 404, 'PRODUCT_NOT_FOUND');
    expectError(await call('DELETE', `/api/products/${product.id}/video`, other), 404, 'PRODUCT_NOT_FOUND');
    expectFieldError(await call('GET', '/api/products/not-a-uuid/video', owner), 'params.id');
    expect(await storedKey(product.id)).not.toBeNull();
  });

  it('is removed from storage with its product', async () => {
    const owner = await newWorkspace(app);
    const product = await createProduct(app, owner, singleForm());
    await store(owner, product.id, mp4(3000));
    const key = await storedKey(product.id);
    expect(await app.platform.files.get(key!)).not.toBeNull();
    expect((await call('DELETE', `/api/products/${product.id}`, owner)).statusCode).toBe(204);
    expect(await app.platform.files.get(key!)).toBeNull();
  });
});
