import type { TenantCtx } from '../http/context.ts';
import { createBrand, createCategory, createProduct } from '../modules/catalog/index.ts';
import { createGoodsReceipt } from '../modules/inventory/index.ts';

/** Products and stock of the demo workspace, so the catalog and inventory screens have something to show. */
export async function seedDemoCatalog(ctx: TenantCtx, warehouses: { jakarta: string; bandung: string }): Promise<void> {
  const fashion = await createCategory(ctx, { name: 'Fashion' });
  const kaos = await createCategory(ctx, { name: 'Kaos', parent_id: fashion.id });
  const pangan = await createCategory(ctx, { name: 'Makanan & Minuman' });
  const kopi = await createCategory(ctx, { name: 'Kopi', parent_id: pangan.id });
  const katunKita = await createBrand(ctx, { name: 'Katun Kita' });
  const gayo = await createBrand(ctx, { name: 'Kopi Gayo Nusantara' });

  const shirt = await createProduct(ctx, {
    type: 'VARIANT',
    name: 'Kaos Polos Katun Combed 30s',
    category_id: kaos.id,
    brand_id: katunKita.id,
    condition: 'NEW',
    short_description: 'Kaos polos katun combed 30s, adem dan tidak luntur',
    vat_mode: 'INCLUDE',
    status: 'ACTIVE',
    weight: 200,
    variant_tiers: [
      { name: 'Warna', options: ['Hitam', 'Putih'] },
      { name: 'Ukuran', options: ['M', 'L'] },
    ],
    catalogs: [
      { sku: 'KPK-HITAM-M', options: ['Hitam', 'M'], price: 59_000, cost_price: 31_500, weight: 200 },
      { sku: 'KPK-HITAM-L', options: ['Hitam', 'L'], price: 62_000, cost_price: 33_000, weight: 210 },
      { sku: 'KPK-PUTIH-M', options: ['Putih', 'M'], price: 59_000, cost_price: 31_500, weight: 200 },
      { sku: 'KPK-PUTIH-L', options: ['Putih', 'L'], price: 62_000, cost_price: 33_000, weight: 210 },
    ],
  });
  const coffee = await createProduct(ctx, {
    type: 'SINGLE',
    name: 'Kopi Gayo Arabika 250 g',
    category_id: kopi.id,
    brand_id: gayo.id,
    condition: 'NEW',
    short_description: 'Biji kopi arabika Gayo, sangrai medium',
    vat_mode: 'EXCLUDE',
    status: 'ACTIVE',
    weight: 250,
    catalogs: [{ sku: 'KOPI-GAYO-250', price: 85_000, cost_price: 52_000, barcode: '8991234567890', weight: 250 }],
  });
  await createProduct(ctx, {
    type: 'SINGLE',
    name: 'Kopi Toraja Robusta 500 g',
    category_id: kopi.id,
    condition: 'NEW',
    vat_mode: 'NONE',
    status: 'DRAFT',
    weight: 500,
    catalogs: [{ sku: 'KOPI-TORAJA-500', price: 120_000, cost_price: 78_000, weight: 500 }],
  });

  const today = new Date().toISOString().slice(0, 10);
  await createGoodsReceipt(ctx, {
    date: today,
    warehouse_id: warehouses.jakarta,
    supplier_reference: 'SJ-KATUN-0001',
    note: 'Stok awal demo',
    // The coffee is sold from Jakarta too (the demo's manual and distributor orders ship from there): enough for
    // all of them, so no demo order is stock-short and the ready-to-ship one has its goods issued.
    lines: [
      ...shirt.catalogs.map((c, i) => ({ catalog_id: c.id, quantity: 40 + i * 10 })),
      { catalog_id: coffee.catalogs[0]!.id, quantity: 150 },
    ],
    post: true,
  });
  // Bandung is the demo shops' warehouse (demo-shops.ts): it holds every SKU they sell, so their orders are not
  // stock-short; the demo tops it up to these levels while it runs.
  const bySku = new Map([...shirt.catalogs, ...coffee.catalogs].map((c) => [c.sku, c.id]));
  await createGoodsReceipt(ctx, {
    date: today,
    warehouse_id: warehouses.bandung,
    supplier_reference: 'SJ-GAYO-0001',
    note: 'Stok awal demo',
    lines: Object.entries(DEMO_SHOP_STOCK).map(([sku, quantity]) => ({ catalog_id: bySku.get(sku)!, quantity })),
    post: true,
  });
}

/** The stock of the demo shops' SKUs in Gudang Bandung, where their orders take it from. */
export const DEMO_SHOP_STOCK: Readonly<Record<string, number>> = {
  'KPK-HITAM-M': 150,
  'KPK-HITAM-L': 150,
  'KPK-PUTIH-M': 150,
  'KPK-PUTIH-L': 150,
  'KOPI-GAYO-250': 200,
};
