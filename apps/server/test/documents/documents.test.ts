import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rendererProcess } from '../../src/modules/documents/pdf-process.ts';
import { orderOr404, updateOrder } from '../../src/modules/orders/index.ts';
import { newMember, newWorkspace, type Actor } from '../factories.ts';
import { asActor, newSku, receive } from '../inventory/helpers.ts';
import { buildTestApp, type TestApp } from '../test-app.ts';
import { caller, expectError, expectFieldError, newWarehouse } from '../workspaces/helpers.ts';
import { barcodesOnPage, pageSizesMm, pdfImages, pdfText } from './pdf-helpers.ts';

let app: TestApp;
let call: ReturnType<typeof caller>;
beforeAll(async () => {
  app = await buildTestApp();
  call = caller(app);
});
afterAll(async () => app?.close());

type Setup = { owner: Actor; wh: string; skus: { id: string; sku: string; productId: string }[] };

async function setup(): Promise<Setup> {
  const owner = await newWorkspace(app);
  const wh = (await newWarehouse(app, owner)).id;
  const skus = [await newSku(app, owner), await newSku(app, owner)];
  await receive(
    app,
    owner,
    wh,
    skus.map((s) => ({ catalog_id: s.id, quantity: 100 })),
  );
  return { owner, wh, skus };
}

/** A confirmed manual order with the given quantities of the setup's SKUs, then given a receipt number (and COD). */
async function order(s: Setup, quantities: number[], extra: { receipt?: string; cod?: boolean; dropshipper?: string } = {}) {
  const res = await call('POST', '/api/manual-orders', s.owner, {
    warehouse_id: s.wh,
    order_date: '2026-11-24',
    buyer_name: 'Budi Santoso',
    buyer_phone: '0812-3456-7890',
    address: 'Jl. Tunjungan No. 1, Genteng',
    lines: quantities.flatMap((quantity, i) => (quantity > 0 ? [{ catalog_id: s.skus[i]!.id, quantity }] : [])),
    courier_name: 'JNE',
    courier_service: 'REG',
    confirm: true,
  });
  expect(res.statusCode, res.body).toBe(201);
  const created = res.json() as { id: string; order_number: string; amounts: { buyer_total: number } };
  if (extra.receipt || extra.cod || extra.dropshipper) {
    await asActor(app, s.owner, async (ctx) =>
      updateOrder(ctx, await orderOr404(ctx, created.id), {
        ...(extra.receipt ? { receiptNumber: extra.receipt } : {}),
        ...(extra.cod ? { paymentMethod: 'COD' } : {}),
        ...(extra.dropshipper ? { dropshipper: true, dropshipperName: extra.dropshipper, dropshipperPhone: '+6281399990000' } : {}),
      }),
    );
  }
  return created;
}

describe('shipping labels', () => {
  it('prints one 100 × 150 mm page per order, in the order given, with the receipt number as a Code 128 barcode', async () => {
    const s = await setup();
    const a = await order(s, [2, 1], { receipt: 'JNE0012345678', cod: true });
    const b = await order(s, [0, 3], { receipt: 'SPX99887766ID', dropshipper: 'Toko Dropship Ani' });
    const c = await order(s, [1, 0]);
    const res = await call('POST', '/api/documents/labels', s.owner, { order_ids: [b.id, a.id, c.id] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const pdf = res.rawPayload;
    expect(await pageSizesMm(pdf)).toEqual([
      [100, 150],
      [100, 150],
      [100, 150],
    ]);
    // The courier scans the receipt number; the order number is there too.
    expect((await barcodesOnPage(pdf, 1)).map((x) => [x.format, x.text])).toEqual([
      ['Code128', 'SPX99887766ID'],
      ['Code128', b.order_number],
    ]);
    expect((await barcodesOnPage(pdf, 2)).map((x) => x.text)).toEqual(['JNE0012345678', a.order_number]);
    expect((await barcodesOnPage(pdf, 3)).map((x) => x.text)).toEqual([c.order_number]);
    const text = pdfText(pdf);
    expect(text).toContain('JNE - REG');
    expect(text).toContain('Budi Santoso');
    expect(text).toContain('Jl. Tunjungan No. 1, Genteng');
    expect(text).toContain(`2 × ${s.skus[0]!.sku}`);
    expect(text).toContain(`3 × ${s.skus[1]!.sku}`);
    // COD shows the amount to collect; the dropshipper is the sender.
    expect(text).toContain(`COD: Rp ${a.amounts.buyer_total.toLocaleString('id-ID')}`);
    expect(text.match(/COD: Rp/gu)).toHaveLength(1);
    expect(text).toContain('Toko Dropship Ani');
  });

  it('counts each print: printed once, reprinted twice', async () => {
    const s = await setup();
    const a = await order(s, [1, 0], { receipt: 'JNE1' });
    const b = await order(s, [0, 1], { receipt: 'JNE2' });
    expect((await call('GET', `/api/documents/prints?order_ids=${a.id},${b.id}`, s.owner)).json().items).toEqual([]);
    await call('POST', '/api/documents/labels', s.owner, { order_ids: [a.id] });
    await call('POST', '/api/documents/labels', s.owner, { order_ids: [a.id, b.id] });
    await call('POST', '/api/documents/picking-list', s.owner, { order_ids: [a.id] });
    const prints = (await call('GET', `/api/documents/prints?order_ids=${a.id},${b.id}`, s.owner)).json().items as {
      order_id: string;
      kind: string;
      print_count: number;
    }[];
    const count = (id: string, kind: string) => prints.find((p) => p.order_id === id && p.kind === kind)?.print_count;
    expect([count(a.id, 'label'), count(b.id, 'label'), count(a.id, 'picking'), count(b.id, 'picking')]).toEqual([2, 1, 1, undefined]);
  });

  it('a renderer that dies mid-print fails that print with a clear 503 and counts nothing; the next print starts a new one', async () => {
    const s = await setup();
    const a = await order(s, [1, 1], { receipt: 'JNE77' });
    // The renderer is killed the moment the print is handed to it.
    const renderer = rendererProcess();
    const send = renderer.send.bind(renderer) as (...args: unknown[]) => boolean;
    renderer.send = ((...args: unknown[]) => {
      const sent = send(...args);
      renderer.kill('SIGKILL');
      return sent;
    }) as typeof renderer.send;
    expectError(await call('POST', '/api/documents/labels', s.owner, { order_ids: [a.id] }), 503, 'DOCUMENT_RENDER_FAILED');
    expect((await call('GET', `/api/documents/prints?order_ids=${a.id}`, s.owner)).json().items).toEqual([]);

    const again = await call('POST', '/api/documents/labels', s.owner, { order_ids: [a.id] });
    expect(again.statusCode, again.body).toBe(200);
    expect(rendererProcess().pid).not.toBe(renderer.pid);
    expect((await barcodesOnPage(again.rawPayload, 1)).map((x) => x.text)).toEqual(['JNE77', a.order_number]);
  });
});

describe('picking and packing lists', () => {
  it('groups lines by warehouse and SKU with the total to pick and the orders each serves, sorted by bin location', async () => {
    const s = await setup();
    const [first, second] = s.skus as [Setup['skus'][0], Setup['skus'][0]];
    const a = await order(s, [2, 1]);
    const b = await order(s, [3, 0]);
    const c = await order(s, [0, 4]);
    // The second SKU lies in an earlier bin: it comes first.
    expect(
      (await call('PUT', '/api/bin-locations', s.owner, { warehouse_id: s.wh, catalog_id: second.id, location: 'A-01-1' })).statusCode,
    ).toBe(200);
    await call('PUT', '/api/bin-locations', s.owner, { warehouse_id: s.wh, catalog_id: first.id, location: 'B-07-3' });
    // Listed by location, each with its SKU's code and name (the bin-location screen).
    expect(
      (await call('GET', `/api/bin-locations?warehouse_id=${s.wh}`, s.owner))
        .json()
        .items.map((b: Record<string, string>) => [b.location, b.sku]),
    ).toEqual([
      ['A-01-1', second.sku],
      ['B-07-3', first.sku],
    ]);

    const res = await call('POST', '/api/documents/picking-list', s.owner, { order_ids: [a.id, b.id, c.id] });
    expect(res.statusCode, res.body).toBe(200);
    // A long list of orders wraps onto a second line in the cell.
    const text = pdfText(res.rawPayload).replace(/, \n/gu, ', ');
    expect(text).toContain('Picking List');
    const lines = text.split('\n');
    const at = (needle: string) => lines.findIndex((l) => l === needle);
    // SKU, its bin, its total: 1 + 4 of the second, 2 + 3 of the first.
    expect(at(second.sku)).toBeGreaterThan(-1);
    expect(at(second.sku)).toBeLessThan(at(first.sku));
    expect(lines[at(second.sku) - 1]).toBe('A-01-1');
    expect(lines.slice(at(second.sku), at(second.sku) + 4)).toContain('5');
    expect(lines[at(first.sku) - 1]).toBe('B-07-3');
    expect(lines.slice(at(first.sku), at(first.sku) + 4)).toContain('5');
    expect(text).toContain(`${a.order_number}, ${c.order_number}`);
    expect(text).toContain(`${a.order_number}, ${b.order_number}`);

    // Clearing a bin location puts the SKU at the end.
    await call('PUT', '/api/bin-locations', s.owner, { warehouse_id: s.wh, catalog_id: second.id, location: '' });
    const after = pdfText((await call('POST', '/api/documents/picking-list', s.owner, { order_ids: [a.id, b.id, c.id] })).rawPayload).split(
      '\n',
    );
    expect(after.indexOf(first.sku)).toBeLessThan(after.indexOf(second.sku));

    const packing = await call('POST', '/api/documents/packing-lists', s.owner, { order_ids: [a.id, c.id] });
    expect(packing.statusCode).toBe(200);
    expect((await pageSizesMm(packing.rawPayload)).length).toBe(2);
    const packText = pdfText(packing.rawPayload);
    expect(packText).toContain(`No. Pesanan: ${a.order_number}`);
    expect(packText).toContain(`No. Pesanan: ${c.order_number}`);
    expect(packText).toContain('Total barang: 3');
    expect(packText).toContain('Total barang: 4');
  });

  it("shows each line's product thumbnail (the product's first image) beside its name", async () => {
    const s = await setup();
    const [first, second] = s.skus as [Setup['skus'][0], Setup['skus'][0]];
    // A 600 × 400 photo of the first SKU's product; its thumbnail is 300 × 200. The second product has no image.
    const photo = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#c0392b' } })
      .png()
      .toBuffer();
    const upload = await call('POST', `/api/products/${first.productId}/images`, s.owner, {
      file_name: 'kaos.png',
      content_base64: photo.toString('base64'),
    });
    expect(upload.statusCode, upload.body).toBe(201);
    const a = await order(s, [2, 1]);
    const b = await order(s, [1, 1]);
    const res = await call('POST', '/api/documents/picking-list', s.owner, { order_ids: [a.id, b.id] });
    expect(res.statusCode, res.body).toBe(200);
    // One picture on the page (one line of two has an image), the stored JPEG thumbnail.
    expect(pdfImages(res.rawPayload)).toEqual([{ page: 1, width: 300, height: 200, enc: 'jpeg' }]);
    const text = pdfText(res.rawPayload);
    expect(text).toContain(first.sku);
    expect(text).toContain(second.sku);
  });
});

describe('tenancy and bad input', () => {
  it("answers 404 for another workspace's orders and 400 with field errors for bad input", async () => {
    const s = await setup();
    const other = await setup();
    const mine = await order(s, [1, 0], { receipt: 'JNE7' });
    const theirs = await order(other, [1, 0], { receipt: 'JNE8' });
    for (const url of ['/api/documents/labels', '/api/documents/picking-list', '/api/documents/packing-lists']) {
      expectError(await call('POST', url, s.owner, { order_ids: [theirs.id] }), 404, 'ORDER_NOT_FOUND');
      expectError(await call('POST', url, s.owner, { order_ids: [mine.id, theirs.id] }), 404, 'ORDER_NOT_FOUND');
      expectFieldError(await call('POST', url, s.owner, { order_ids: [] }), 'order_ids');
      expectFieldError(await call('POST', url, s.owner, { order_ids: ['nope'] }), 'order_ids.0');
      expectFieldError(await call('POST', url, s.owner, {}), 'order_ids');
    }
    expectError(await call('GET', `/api/documents/prints?order_ids=${theirs.id}`, s.owner), 404, 'ORDER_NOT_FOUND');
    // Nothing was counted for the refused prints.
    expect((await call('GET', `/api/documents/prints?order_ids=${mine.id}`, s.owner)).json().items).toEqual([]);
    expectError(
      await call('PUT', '/api/bin-locations', s.owner, { warehouse_id: other.wh, catalog_id: s.skus[0]!.id, location: 'A' }),
      404,
      'WAREHOUSE_NOT_FOUND',
    );
    expectError(
      await call('PUT', '/api/bin-locations', s.owner, { warehouse_id: s.wh, catalog_id: other.skus[0]!.id, location: 'A' }),
      404,
      'CATALOG_NOT_FOUND',
    );
    expectFieldError(
      await call('PUT', '/api/bin-locations', s.owner, { warehouse_id: s.wh, catalog_id: s.skus[0]!.id, location: 'x'.repeat(41) }),
      'location',
    );
    // Without the fulfillment menu: 403.
    const clerk = await newMember(app, s.owner, { 'list-inventory': 'READ' });
    expectError(await call('POST', '/api/documents/labels', clerk, { order_ids: [mine.id] }), 403, 'FORBIDDEN');
  });

  it("bin locations are stock work: the inventory list's WRITE manages them, the warehouse settings' WRITE alone does not (ADR 0046)", async () => {
    const s = await setup();
    const sku = s.skus[0]!.id;
    const stocker = await newMember(app, s.owner, { 'list-inventory': 'WRITE' });
    const put = await call('PUT', '/api/bin-locations', stocker, { warehouse_id: s.wh, catalog_id: sku, location: 'C-02-4' });
    expect(put.statusCode, put.body).toBe(200);
    const listed = await call('GET', `/api/bin-locations?warehouse_id=${s.wh}`, stocker);
    expect(listed.json().items.map((b: Record<string, string>) => b.location)).toEqual(['C-02-4']);

    // Reading the inventory list shows the bins, not changing them.
    const viewer = await newMember(app, s.owner, { 'list-inventory': 'READ' });
    expect((await call('GET', `/api/bin-locations?warehouse_id=${s.wh}`, viewer)).statusCode).toBe(200);
    expectError(await call('PUT', '/api/bin-locations', viewer, { warehouse_id: s.wh, catalog_id: sku, location: 'X' }), 403, 'FORBIDDEN');

    // Managing the warehouse's settings alone is not stock work.
    const keeper = await newMember(app, s.owner, { warehouse: 'WRITE' });
    expectError(await call('PUT', '/api/bin-locations', keeper, { warehouse_id: s.wh, catalog_id: sku, location: 'X' }), 403, 'FORBIDDEN');
    expectError(await call('GET', `/api/bin-locations?warehouse_id=${s.wh}`, keeper), 403, 'FORBIDDEN');
    expect((await call('GET', `/api/bin-locations?warehouse_id=${s.wh}`, s.owner)).json().items[0].location).toBe('C-02-4');
  });
});
