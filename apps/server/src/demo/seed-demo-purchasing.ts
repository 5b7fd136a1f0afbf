import type { TenantCtx } from '../http/context.ts';
import { catalogRefsBySku } from '../modules/catalog/index.ts';
import { createPurchaseOrder, createSupplier, receivePurchaseOrder } from '../modules/purchasing/index.ts';

/**
 * The purchasing area of the demo workspace (ADR 0070): three suppliers and a purchase order in each of the states a
 * merchant meets most, made through the real services so numbers, goods receipts and stock agree. One waits for its
 * goods next week (Bandung's coffee), one had a first delivery of shirts in Jakarta, one of coffee arrived in full.
 */
export async function seedDemoPurchasing(ctx: TenantCtx, warehouses: { jakarta: string; bandung: string }): Promise<void> {
  const sku = new Map(
    (await catalogRefsBySku(ctx, ['KPK-HITAM-M', 'KPK-PUTIH-M', 'KPK-HITAM-L', 'KOPI-GAYO-250'])).map((c) => [c.sku, c.id]),
  );
  const [hitamM, putihM, hitamL, kopi] = ['KPK-HITAM-M', 'KPK-PUTIH-M', 'KPK-HITAM-L', 'KOPI-GAYO-250'].map((s) => sku.get(s));
  if (!hitamM || !putihM || !hitamL || !kopi) return;

  const kain = await createSupplier(ctx, {
    name: 'CV Sumber Kain Bandung',
    code: 'SUP-KAIN',
    contact_name: 'Hendra Gunawan',
    phone: '0813-2211-4455',
    email: 'penjualan@sumberkainbandung.co.id',
    npwp: '01.234.567.8-428.000',
    address: 'Jl. Cigondewah Kaler No. 88, Bandung Kulon, Kota Bandung 40214',
    payment_term_days: 30,
    notes: 'Kain dan kaos polos; kirim tiap Senin dan Kamis.',
  });
  const kopiNusantara = await createSupplier(ctx, {
    name: 'PT Kopi Nusantara',
    code: 'SUP-KOPI',
    contact_name: 'Rudi Hartono',
    phone: '(021) 5550 1234',
    email: 'order@kopinusantara.co.id',
    address: 'Jl. Daan Mogot Km. 12 No. 5, Cengkareng, Jakarta Barat 11730',
    payment_term_days: 14,
    notes: 'Biji kopi Gayo sangrai; minimal pesan 20 bungkus.',
  });
  await createSupplier(ctx, {
    name: 'UD Kemasan Jaya',
    code: 'SUP-KMS',
    contact_name: 'Wati Susanti',
    phone: '0857-3344-6677',
    address: 'Jl. Kapasan No. 112, Simokerto, Surabaya 60141',
    payment_term_days: 0,
    notes: 'Kardus, plastik dan lakban; bayar tunai.',
  });

  // Dates around today in Jakarta.
  const day = (offset: number) => new Date(ctx.platform.now().getTime() + 7 * 3_600_000 + offset * 86_400_000).toISOString().slice(0, 10);

  await createPurchaseOrder(ctx, {
    supplier_id: kopiNusantara.id,
    warehouse_id: warehouses.bandung,
    order_date: day(-1),
    expected_date: day(7),
    notes: 'Stok kopi untuk toko online',
    lines: [{ catalog_id: kopi, quantity: 100, unit_cost: 52_000 }],
  });

  const shirts = await createPurchaseOrder(ctx, {
    supplier_id: kain.id,
    warehouse_id: warehouses.jakarta,
    order_date: day(-10),
    expected_date: day(-3),
    notes: 'Restok kaos polos',
    lines: [
      { catalog_id: hitamM, quantity: 60, unit_cost: 31_500 },
      { catalog_id: putihM, quantity: 60, unit_cost: 31_500 },
      { catalog_id: hitamL, quantity: 40, unit_cost: 33_000 },
    ],
  });
  await receivePurchaseOrder(ctx, shirts.id, {
    date: day(-4),
    supplier_reference: 'SJ-SKB-2611-017',
    lines: shirts.lines.map((l) => ({ line_id: l.id, quantity: l.catalog_id === hitamL ? 0 : l.catalog_id === putihM ? 30 : 60 })),
  });

  const coffee = await createPurchaseOrder(ctx, {
    supplier_id: kopiNusantara.id,
    warehouse_id: warehouses.jakarta,
    order_date: day(-20),
    expected_date: day(-14),
    lines: [{ catalog_id: kopi, quantity: 50, unit_cost: 51_000 }],
  });
  await receivePurchaseOrder(ctx, coffee.id, {
    date: day(-14),
    supplier_reference: 'SJ-KN-000389',
    lines: coffee.lines.map((l) => ({ line_id: l.id, quantity: l.quantity })),
  });
}
