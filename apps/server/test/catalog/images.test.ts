import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newMember, newWorkspace } from '../factories.ts';
import { buildTestApp, type TestApp } from '../test-app.ts';
import { caller, expectError, expectFieldError } from '../workspaces/helpers.ts';
import { createProduct, fieldCodes, singleForm } from './helpers.ts';

let app: TestApp;
let call: ReturnType<typeof caller>;
beforeAll(async () => {
  app = await buildTestApp();
  call = caller(app);
});
afterAll(async () => app?.close());

const png = async (width = 800, height = 600) =>
  (
    await sharp({ create: { width, height, channels: 3, background: '#4b7cf3' } })
      .png()
      .toBuffer()
  ).toString('base64');

/** A 2×2 24-bit BMP, written by hand (sharp cannot write BMP). */
function bmp(): string {
  const width = 2;
  const height = 2;
  const stride = 8;
  const buf = Buffer.alloc(54 + stride * height);
  buf.write('BM', 0);
  buf.writeUInt32LE(buf.length, 2);
  buf.writeUInt32LE(54, 10);
  buf.writeUInt32LE(40, 14);
  buf.writeInt32LE(width, 18);
  buf.writeInt32LE(height, 22);
  buf.writeUInt16LE(1, 26);
  buf.writeUInt16LE(24, 28);
  for (let i = 54; i < buf.length; i += 1) buf[i] = 0x80;
  return buf.toString('base64');
}

describe('product images', () => {
  it('uploads JPG/PNG/BMP/GIF with thumbnails, tags show and thumb, reorders and deletes', async () => {
    const owner = await newWorkspace(app);
    const product = await createProduct(app, owner, singleForm());
    const first = await call('POST', `/api/products/${product.id}/images`, owner, { file_name: 'depan.png', content_base64: await png() });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({
      name: 'depan.png',
      type: 'image/png',
      width: 800,
      height: 600,
      position: 0,
      tags: 'show',
      is_show: true,
      is_thumb: false,
    });
    const jpg = (
      await sharp({ create: { width: 50, height: 50, channels: 3, background: '#000' } })
        .jpeg()
        .toBuffer()
    ).toString('base64');
    const second = await call('POST', `/api/products/${product.id}/images`, owner, {
      file_name: 'samping.JPEG',
      content_base64: `data:image/jpeg;base64,${jpg}`,
      catalog_id: product.catalogs[0]!.id,
    });
    expect(second.json()).toMatchObject({ tags: 'thumb', is_thumb: true, catalog_id: product.catalogs[0]!.id, type: 'image/jpeg' });
    const third = await call('POST', `/api/products/${product.id}/images`, owner, { file_name: 'lama.bmp', content_base64: bmp() });
    expect(third.json()).toMatchObject({
      tags: 'none',
      type: 'image/bmp',
      width: 2,
      height: 2,
      thumbnail_url: expect.stringContaining('size=thumb'),
    });
    const gif = (
      await sharp({ create: { width: 10, height: 10, channels: 4, background: '#fff' } })
        .gif()
        .toBuffer()
    ).toString('base64');
    expect(
      (await call('POST', `/api/products/${product.id}/images`, owner, { file_name: 'anim.gif', content_base64: gif })).statusCode,
    ).toBe(201);

    const file = await call('GET', `/api/products/${product.id}/images/${first.json().id}/file?size=thumb`, owner);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(file.rawPayload).metadata();
    expect(Math.max(meta.width!, meta.height!)).toBe(300);
    const original = await call('GET', `/api/products/${product.id}/images/${first.json().id}/file`, owner);
    expect(original.headers['content-type']).toBe('image/png');

    const list = (await call('GET', '/api/products', owner)).json();
    expect(list.items[0].thumbnail_url).toBe(`/api/products/${product.id}/images/${first.json().id}/file?size=thumb`);

    const ids = (await call('GET', `/api/products/${product.id}`, owner)).json().images.map((i: { id: string }) => i.id);
    const reordered = await call('PUT', `/api/products/${product.id}/images/order`, owner, { ids: [ids[2], ids[0], ids[1], ids[3]] });
    expect(reordered.json().items.map((i: { id: string; tags: string }) => [i.id, i.tags])).toEqual([
      [ids[2], 'show'],
      [ids[0], 'thumb'],
      [ids[1], 'none'],
      [ids[3], 'none'],
    ]);
    expect((await call('DELETE', `/api/products/${product.id}/images/${ids[2]}`, owner)).statusCode).toBe(204);
    const after = (await call('GET', `/api/products/${product.id}`, owner)).json().images;
    expect(after.map((i: { id: string; position: number }) => [i.id, i.position])).toEqual([
      [ids[0], 0],
      [ids[1], 1],
      [ids[3], 2],
    ]);
    expectError(await call('GET', `/api/products/${product.id}/images/${ids[2]}/file`, owner), 404, 'IMAGE_NOT_FOUND');
  });

  it('answers 400 for a wrong extension, content that is not an image, bad base64 and a wrong order', async () => {
    const owner = await newWorkspace(app);
    const product = await createProduct(app, owner, singleForm());
    const url = `/api/products/${product.id}/images`;
    expect(fieldCodes(await call('POST', url, owner, { file_name: 'foto.webp', content_base64: await png() }))).toEqual({
      file_name: 'IMAGE_EXTENSION',
    });
    expect(
      fieldCodes(
        await call('POST', url, owner, { file_name: 'foto.jpg', content_base64: Buffer.from('%PDF-1.7 bukan gambar').toString('base64') }),
      ),
    ).toEqual({ content_base64: 'IMAGE_FORMAT' });
    expect(fieldCodes(await call('POST', url, owner, { file_name: 'foto.jpg', content_base64: '!!!' }))).toEqual({
      content_base64: 'INVALID_BASE64',
    });
    expectFieldError(await call('POST', url, owner, { file_name: '' }), 'file_name');
    expectFieldError(await call('PUT', `${url}/order`, owner, { ids: ['01a20041-4395-7219-aee5-d0f23fcff062'] }), 'ids');
  });

  it("answers 403 without product WRITE and 404 for another workspace's product or image", async () => {
    const owner = await newWorkspace(app);
    const other = await newWorkspace(app);
    const theirs = await createProduct(app, other, singleForm());
    const image = (
      await call('POST', `/api/products/${theirs.id}/images`, other, { file_name: 'a.png', content_base64: await png(10, 10) })
    ).json();
    const reader = await newMember(app, owner, { product: 'READ' });
    const mine = await createProduct(app, owner, singleForm());
    expectError(
      await call('POST', `/api/products/${mine.id}/images`, reader, { file_name: 'a.png', content_base64: await png(10, 10) }),
      403,
      'FORBIDDEN',
    );
    expectError(
      await call('POST', `/api/products/${theirs.id}/images`, owner, { file_name: 'a.png', content_base64: await png(10, 10) }),
      404,
      'PRODUCT_NOT_FOUND',
    );
    expectError(await call('GET', `/api/products/${theirs.id}/images/${image.id}/file`, owner), 404, 'PRODUCT_NOT_FOUND');
    expectError(await call('GET', `/api/products/${mine.id}/images/${image.id}/file`, owner), 404, 'IMAGE_NOT_FOUND');
    expectError(await call('DELETE', `/api/products/${mine.id}/images/${image.id}`, owner), 404, 'IMAGE_NOT_FOUND');
  });
});
