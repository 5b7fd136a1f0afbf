import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoDistributor } from '../../src/demo/seed-demo-distributor.ts';
import { createProduct, singleForm, variantForm } from '../catalog/helpers.ts';
import { asActor } from '../inventory/helpers.ts';
import { newMember, newWorkspace, type Actor } from '../factories.ts';
import { buildTestApp, type TestApp } from '../test-app.ts';
import { caller, expectError, expectFieldError } from '../workspaces/helpers.ts';

// The distributor channel (issue 15, ADR 0047): real database, every answer through HTTP.

let app: TestApp;
let call: ReturnType<typeof caller>;
beforeAll(async () => {
  app = await buildTestApp();
  call = caller(app);
});
afterAll(async () => app?.close());

const png = async (width = 60) =>
  (
    await sharp({ create: { width, height: width, channels: 3, background: '#2a4b7a' } })
      .png()
      .toBuffer()
  ).toString('base64');

async function setUp() {
  const owner = await newWorkspace(app);
  const opened = await call('POST', '/api/distributor-channels', owner, { name: 'Kanal Distributor' });
  expect(opened.statusCode, opened.body).toBe(201);
  const channel = opened.json().id as string;
  const product = await createProduct(app, owner, variantForm({ name: `Kaos Grosir ${randomBytes(3).toString('hex')}` }));
  return { owner, channel, product };
}

const skusOf = (product: { catalogs: { id: string }[] }, price: number, date: string) =>
  product.catalogs.map((c, i) => ({ catalog_id: c.id, price: price + i * 1000, effective_date: date }));

async function create(owner: Actor, channel: string, body: object) {
  return call('POST', `/api/distributor-channels/${channel}/products`, owner, body);
}

describe('the distributor channel', () => {
  it('is one per workspace: a second answers 409', async () => {
    const { owner, channel } = await setUp();
    expectError(await call('POST', '/api/distributor-channels', owner, { name: 'Lagi' }), 409, 'DISTRIBUTOR_CHANNEL_EXISTS');
    const list = await call('GET', '/api/distributor-channels', owner);
    expect(list.json().items.map((c: { id: string }) => c.id)).toEqual([channel]);
    const menu = (await call('GET', '/api/me/menu', owner)).json().channels as { id: string; sales_channel: { code: string } }[];
    expect(menu.find((c) => c.id === channel)?.sales_channel.code).toBe('distributor');
    expectFieldError(await call('POST', '/api/distributor-channels', await newWorkspace(app), { name: ' ' }), 'name');
  });

  it('creates a product with its SKUs and prices, lists it like a channel product, and edits it', async () => {
    const { owner, channel, product } = await setUp();
    const res = await create(owner, channel, {
      product_id: product.id,
      status: 'active',
      min_order: 12,
      skus: skusOf(product, 50_000, '2020-01-01'),
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ product_id: product.id, name: product.name, status: 'active', min_order: 12, images: [] });
    expect(body.skus).toHaveLength(product.catalogs.length);
    expect(body.skus[0]).toMatchObject({ catalog_id: product.catalogs[0]!.id, price: 50_000, effective_date: '2020-01-01' });
    expectError(
      await create(owner, channel, { product_id: product.id, status: 'active', min_order: 1, skus: skusOf(product, 1, '2020-01-01') }),
      409,
      'DISTRIBUTOR_PRODUCT_EXISTS',
    );

    const list = await call('GET', `/api/distributor-channels/${channel}/products`, owner);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().counts).toEqual({ all: 1, active: 1, inactive: 0 });
    expect(list.json().items[0]).toMatchObject({
      product_id: product.id,
      mapping: 'CONFIRMED',
      variant_count: product.catalogs.length,
      price_min: 50_000,
      price_max: 50_000 + (product.catalogs.length - 1) * 1000,
    });

    // Edit: inactive, only the first SKU, a new price from a later date; the old price stays in the history.
    const edit = await call('PUT', `/api/distributor-channels/${channel}/products/${product.id}`, owner, {
      status: 'inactive',
      min_order: 24,
      skus: [{ catalog_id: product.catalogs[0]!.id, price: 45_000, effective_date: '2021-06-01' }],
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json()).toMatchObject({ status: 'inactive', min_order: 24 });
    expect(edit.json().skus).toHaveLength(1);
    expect(edit.json().skus[0]).toMatchObject({
      price: 45_000,
      effective_date: '2021-06-01',
      prices: [
        { price: 45_000, effective_date: '2021-06-01' },
        { price: 50_000, effective_date: '2020-01-01' },
      ],
    });
    const after = await call('GET', `/api/distributor-channels/${channel}/products?status=inactive`, owner);
    expect(after.json().counts).toEqual({ all: 1, active: 0, inactive: 1 });
    expect(after.json().items).toHaveLength(1);
    expect((await call('GET', `/api/distributor-channels/${channel}/products?status=active`, owner)).json().items).toHaveLength(0);
  });

  it('answers the price of each SKU on a date: the latest effective on or before it, none before the first', async () => {
    const { owner, channel, product } = await setUp();
    const catalog = product.catalogs[0]!.id;
    await create(owner, channel, {
      product_id: product.id,
      status: 'active',
      min_order: 1,
      skus: [{ catalog_id: catalog, price: 10_000, effective_date: '2024-01-01' }],
    });
    const put = (price: number, date: string) =>
      call('PUT', `/api/distributor-channels/${channel}/products/${product.id}`, owner, {
        status: 'active',
        min_order: 1,
        skus: [{ catalog_id: catalog, price, effective_date: date }],
      });
    expect((await put(12_000, '2024-03-01')).statusCode).toBe(200);
    expect((await put(15_000, '2099-01-01')).statusCode).toBe(200);
    // The same date again replaces that date's price.
    expect((await put(11_000, '2024-03-01')).statusCode).toBe(200);
    const on = async (date: string) => {
      const res = await call('GET', `/api/distributor-channels/${channel}/prices?product_id=${product.id}&effective_date=${date}`, owner);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().items[0] as { price: number | null; effective_date: string | null };
    };
    expect(await on('2023-12-31')).toMatchObject({ price: null, effective_date: null });
    expect(await on('2024-01-01')).toMatchObject({ price: 10_000, effective_date: '2024-01-01' });
    expect(await on('2024-02-29')).toMatchObject({ price: 10_000 });
    expect(await on('2024-03-01')).toMatchObject({ price: 11_000, effective_date: '2024-03-01' });
    expect(await on('2030-05-05')).toMatchObject({ price: 11_000 });
    expect(await on('2099-01-02')).toMatchObject({ price: 15_000 });
    // Today's price (the future one not yet) is what the product and the list show.
    const detail = await call('GET', `/api/distributor-channels/${channel}/products/${product.id}`, owner);
    expect(detail.json().skus[0]).toMatchObject({ price: 11_000, effective_date: '2024-03-01' });
    expect(detail.json().skus[0].prices).toHaveLength(3);
    expectFieldError(
      await call('GET', `/api/distributor-channels/${channel}/prices?product_id=${product.id}&effective_date=2024-02-30`, owner),
      'effective_date',
    );
  });

  it('refuses bad input with field errors and writes nothing', async () => {
    const { owner, channel, product } = await setUp();
    const other = await createProduct(app, owner, singleForm());
    const good = { product_id: product.id, status: 'active', min_order: 1, skus: skusOf(product, 10_000, '2024-01-01') };
    expectFieldError(await create(owner, channel, { ...good, min_order: 0 }), 'min_order');
    expectFieldError(await create(owner, channel, { ...good, status: 'draft' }), 'status');
    expectFieldError(await create(owner, channel, { ...good, skus: [] }), 'skus');
    expectFieldError(await create(owner, channel, { ...good, skus: [{ ...good.skus[0], price: -5 }] }), 'skus.0.price');
    expectFieldError(
      await create(owner, channel, { ...good, skus: [{ ...good.skus[0], effective_date: '2024-13-01' }] }),
      'skus.0.effective_date',
    );
    // A SKU of another product, a SKU twice, a product that does not exist.
    expectFieldError(
      await create(owner, channel, { ...good, skus: [...good.skus, { ...good.skus[0], catalog_id: other.catalogs[0]!.id }] }),
      `skus.${good.skus.length}.catalog_id`,
    );
    expectFieldError(await create(owner, channel, { ...good, skus: [good.skus[0], good.skus[0]] }), 'skus.1.catalog_id');
    expectFieldError(await create(owner, channel, { ...good, product_id: '01a20041-4395-7219-aee5-d0f23fcff062' }), 'product_id');
    const list = await call('GET', `/api/distributor-channels/${channel}/products`, owner);
    expect(list.json().counts.all).toBe(0);
    expectError(
      await call('PUT', `/api/distributor-channels/${channel}/products/${other.id}`, owner, { status: 'active', min_order: 1, skus: [] }),
      400,
      'VALIDATION_FAILED',
    );
    expectError(
      await call('PUT', `/api/distributor-channels/${channel}/products/${other.id}`, owner, {
        status: 'active',
        min_order: 1,
        skus: [{ catalog_id: other.catalogs[0]!.id, price: 1, effective_date: '2024-01-01' }],
      }),
      404,
      'CHANNEL_PRODUCT_NOT_FOUND',
    );
  });

  it('adds and deletes images: ≤ 1 MB, JPG/JPEG/PNG/BMP/GIF by their bytes, kept ones in order', async () => {
    const { owner, channel, product } = await setUp();
    await create(owner, channel, { product_id: product.id, status: 'active', min_order: 1, skus: skusOf(product, 1000, '2024-01-01') });
    const url = `/api/distributor-channels/${channel}/products/${product.id}/images`;
    const added = await call('POST', url, owner, {
      images: [
        { file_name: 'depan.png', content_base64: await png() },
        { file_name: 'samping.png', content_base64: await png(40) },
      ],
      images_existing: [],
    });
    expect(added.statusCode, added.body).toBe(200);
    const keys = added.json().images.map((i: { key: string }) => i.key) as string[];
    expect(keys).toHaveLength(2);
    const file = await call('GET', added.json().images[0].url, owner);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    // Keep the second, drop the first, add a third.
    const changed = await call('POST', url, owner, {
      images: [{ file_name: 'atas.png', content_base64: await png(30) }],
      images_existing: [keys[1]],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const now = changed.json().images.map((i: { key: string }) => i.key) as string[];
    expect(now).toHaveLength(2);
    expect(now[0]).toBe(keys[1]);
    expectError(await call('GET', added.json().images[0].url, owner), 404, 'IMAGE_NOT_FOUND');

    const tooBig = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(1024 * 1024)]);
    const big = await call('POST', url, owner, {
      images: [{ file_name: 'besar.png', content_base64: tooBig.toString('base64') }],
      images_existing: now,
    });
    expectError(big, 400, 'VALIDATION_FAILED');
    expect(big.json().details.fields.map((f: { code: string }) => f.code)).toContain('CHANNEL_IMAGE_TOO_LARGE');
    expectFieldError(
      await call('POST', url, owner, { images: [{ file_name: 'dok.pdf', content_base64: await png() }], images_existing: now }),
      'images.0.file_name',
    );
    expectFieldError(
      await call('POST', url, owner, {
        images: [{ file_name: 'palsu.png', content_base64: Buffer.from('bukan gambar').toString('base64') }],
        images_existing: now,
      }),
      'images.0.content_base64',
    );
    expectFieldError(await call('POST', url, owner, { images: [], images_existing: ['tidak-ada.png'] }), 'images_existing.0');
    const detail = await call('GET', `/api/distributor-channels/${channel}/products/${product.id}`, owner);
    expect(detail.json().images.map((i: { key: string }) => i.key)).toEqual(now);
  });

  it("answers 404 for another workspace's channel and products, and 403 without WRITE on product-channel", async () => {
    const { owner, channel, product } = await setUp();
    await create(owner, channel, { product_id: product.id, status: 'active', min_order: 1, skus: skusOf(product, 1000, '2024-01-01') });
    const stranger = await setUp();
    expectError(await call('GET', `/api/distributor-channels/${channel}/products`, stranger.owner), 404, 'CHANNEL_NOT_FOUND');
    expectError(await call('GET', `/api/distributor-channels/${channel}/products/${product.id}`, stranger.owner), 404, 'CHANNEL_NOT_FOUND');
    expectError(
      await call('GET', `/api/distributor-channels/${stranger.channel}/products/${product.id}`, stranger.owner),
      404,
      'CHANNEL_PRODUCT_NOT_FOUND',
    );
    // Another workspace's master product offered on one's own channel.
    expectFieldError(
      await create(stranger.owner, stranger.channel, {
        product_id: product.id,
        status: 'active',
        min_order: 1,
        skus: skusOf(product, 1, '2024-01-01'),
      }),
      'product_id',
    );
    expectError(
      await call('PUT', `/api/distributor-channels/${channel}/products/${product.id}`, stranger.owner, {
        status: 'active',
        min_order: 1,
        skus: skusOf(product, 1, '2024-01-01'),
      }),
      404,
      'CHANNEL_PRODUCT_NOT_FOUND',
    );
    expectError(
      await call('GET', `/api/distributor-channels/${channel}/prices?product_id=${product.id}&effective_date=2024-01-01`, stranger.owner),
      404,
      'CHANNEL_NOT_FOUND',
    );

    const reader = await newMember(app, owner, { 'product-channel': 'READ' });
    expect((await call('GET', `/api/distributor-channels/${channel}/products`, reader)).statusCode).toBe(200);
    expectError(
      await call('PUT', `/api/distributor-channels/${channel}/products/${product.id}`, reader, {
        status: 'inactive',
        min_order: 1,
        skus: skusOf(product, 1, '2024-01-01'),
      }),
      403,
      'FORBIDDEN',
    );
    const detail = await call('GET', `/api/distributor-channels/${channel}/products/${product.id}`, owner);
    expect(detail.json().status).toBe('active');
  });

  it('is seeded for the demo with products at distributor prices', async () => {
    const owner = await newWorkspace(app);
    for (const name of ['Teh Hijau', 'Kopi Aceh', 'Gula Aren']) await createProduct(app, owner, singleForm({ name }));
    await asActor(app, owner, (ctx) => seedDemoDistributor(ctx));
    const [channel] = (await call('GET', '/api/distributor-channels', owner)).json().items as { id: string }[];
    const list = await call('GET', `/api/distributor-channels/${channel!.id}/products`, owner);
    expect(list.json().counts).toEqual({ all: 3, active: 2, inactive: 1 });
    const first = list.json().items[0] as { product_id: string; price_min: number | null };
    expect(first.price_min).toBeGreaterThan(0);
    const detail = await call('GET', `/api/distributor-channels/${channel!.id}/products/${first.product_id}`, owner);
    expect(detail.json().skus[0].prices).toHaveLength(2);
  });
});
