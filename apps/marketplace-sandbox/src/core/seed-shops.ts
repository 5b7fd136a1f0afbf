import { SANDBOX_CREDENTIALS } from '../sandbox-credentials.ts';
import type { Rng } from './prng.ts';
import { createRng } from './prng.ts';
import type { Marketplace, SandboxAttribute, SandboxCategory, SandboxProduct, SandboxShop, SandboxWarehouse } from './sandbox-types.ts';

/** Builds the sandbox's shops with catalogue reference data and products, deterministically from the seed. */

const CATEGORY_TREE: { name: string; children: string[] }[] = [
  { name: 'Fashion Wanita', children: ['Atasan', 'Dress', 'Hijab'] },
  { name: 'Fashion Pria', children: ['Kaos', 'Kemeja', 'Celana'] },
  { name: 'Kesehatan & Kecantikan', children: ['Perawatan Wajah', 'Parfum'] },
  { name: 'Makanan & Minuman', children: ['Kopi', 'Makanan Ringan'] },
  { name: 'Rumah Tangga', children: ['Peralatan Dapur', 'Dekorasi'] },
];

const BRANDS = [
  'Kelola Basics',
  'Nusantara Wear',
  'Batik Sekar',
  'Kopi Kawi',
  'Dapur Bunda',
  'Serasi',
  'Rupa Rumah',
  'Wangi Melati',
  'Tenun Toba',
  'Langit Senja',
  'Sinar Jaya',
  'Arunika',
  'Bumi Hijau',
  'Cahaya Timur',
  'Lestari',
  'Merapi Outdoor',
];

const PRODUCT_WORDS = {
  first: ['Kaos', 'Kemeja', 'Hijab', 'Dress', 'Celana', 'Kopi', 'Keripik', 'Serum', 'Parfum', 'Panci', 'Vas'],
  second: ['Premium', 'Basic', 'Motif Batik', 'Organik', 'Polos', 'Linen', 'Arabika', 'Pedas', 'Keramik', 'Mini'],
};

const COLOURS = ['Hitam', 'Putih', 'Merah', 'Biru', 'Hijau'];
const SIZES = ['S', 'M', 'L', 'XL'];
const CITIES = [
  { city: 'Jakarta Selatan', address: 'Jl. Kemang Raya No. 12' },
  { city: 'Surabaya', address: 'Jl. Darmo No. 45' },
  { city: 'Bandung', address: 'Jl. Braga No. 8' },
];

type ShopSeed = Omit<SandboxShop, 'categories' | 'attributes' | 'brands' | 'warehouses' | 'products' | 'orders'>;

const SHOP_SEEDS: ShopSeed[] = [
  { marketplace: 'shopee', shopId: '60001001', name: 'Toko Kelola Sandbox', region: 'ID' },
  { marketplace: 'shopee', shopId: '60001002', name: 'Kelola Official Store', region: 'ID', mainAccountId: '70001' },
  {
    marketplace: 'tiktok',
    shopId: '7494000000000000001',
    name: 'Kelola Tokopedia & Shop',
    region: 'ID',
    cipher: 'ROW_kelolaSandboxCipher01',
    code: 'IDLCKELOLA1',
  },
  { marketplace: 'lazada', shopId: '1000001', name: 'Kelola Lazada Store', region: 'ID', code: 'ID1KELOLA' },
  {
    marketplace: 'blibli',
    shopId: SANDBOX_CREDENTIALS.blibli.storeCode,
    name: 'Kelola Blibli',
    region: 'ID',
    keys: {
      sellerKey: SANDBOX_CREDENTIALS.blibli.sellerKey,
      username: SANDBOX_CREDENTIALS.blibli.username,
      signatureKey: SANDBOX_CREDENTIALS.blibli.signatureKey,
    },
  },
  {
    marketplace: 'zalora',
    shopId: SANDBOX_CREDENTIALS.zalora.userId,
    name: 'Kelola Zalora',
    region: 'ID',
    keys: { apiKey: SANDBOX_CREDENTIALS.zalora.apiKey },
  },
];

/** Marketplace-flavoured numeric ids: a per-shop counter keeps them unique, the seed keeps them stable. */
export type IdMaker = (width?: number) => string;

export const createIdMaker = (rng: Rng, start: number): IdMaker => {
  let counter = start;
  return (width = 10) => {
    counter += rng.int(1, 97);
    return String(counter).padStart(width, '1');
  };
};

const seedCategories = (newId: IdMaker): { categories: SandboxCategory[]; attributes: Map<string, SandboxAttribute[]> } => {
  const categories: SandboxCategory[] = [];
  const attributes = new Map<string, SandboxAttribute[]>();
  for (const parent of CATEGORY_TREE) {
    const parentId = newId(6);
    categories.push({ id: parentId, name: parent.name, leaf: false });
    for (const child of parent.children) {
      const id = newId(6);
      categories.push({ id, parentId, name: child, leaf: true });
      attributes.set(id, [
        {
          id: newId(6),
          name: 'Bahan',
          mandatory: true,
          inputType: 'single_select',
          sales: false,
          values: ['Katun', 'Polyester', 'Linen', 'Lainnya'].map((name) => ({ id: newId(7), name })),
        },
        { id: newId(6), name: 'Masa Garansi', mandatory: false, inputType: 'text', sales: false, values: [] },
        {
          id: newId(6),
          name: 'Warna',
          mandatory: false,
          inputType: 'single_select',
          sales: true,
          values: COLOURS.map((name) => ({ id: newId(7), name })),
        },
        {
          id: newId(6),
          name: 'Ukuran',
          mandatory: false,
          inputType: 'single_select',
          sales: true,
          values: SIZES.map((name) => ({ id: newId(7), name })),
        },
      ]);
    }
  }
  return { categories, attributes };
};

const seedProducts = (
  rng: Rng,
  newId: IdMaker,
  categories: SandboxCategory[],
  warehouses: SandboxWarehouse[],
  brandIds: string[],
  now: number,
  prefix: string,
): Map<string, SandboxProduct> => {
  const products = new Map<string, SandboxProduct>();
  const leaves = categories.filter((category) => category.leaf);
  for (let index = 0; index < 12; index += 1) {
    const id = newId(10);
    const name = `${rng.pick(PRODUCT_WORDS.first)} ${rng.pick(PRODUCT_WORDS.second)} ${index + 1}`;
    const basePrice = rng.int(15, 400) * 1000;
    const variantCount = rng.int(1, 3);
    const warehouse = warehouses[0];
    if (!warehouse) throw new Error('a shop needs a warehouse');
    const createdAt = now - rng.int(2, 90) * 86_400_000;
    products.set(id, {
      id,
      name,
      description: `${name}: produk contoh dari sandbox Kelola.`,
      categoryId: rng.pick(leaves).id,
      brandId: rng.pick(brandIds),
      images: [`https://sandbox.kelola.test/img/${prefix}-${id}.jpg`],
      weightGrams: rng.int(1, 20) * 100,
      status: rng.next() < 0.85 ? 'active' : 'inactive',
      createdAt,
      updatedAt: createdAt + rng.int(0, 86_400_000),
      skus: Array.from({ length: variantCount }, (_, v) => ({
        id: newId(11),
        sellerSku: `${prefix.toUpperCase()}-${index + 1}${variantCount > 1 ? `-${COLOURS[v]}` : ''}`,
        price: basePrice + v * 5000,
        stock: rng.int(0, 150),
        warehouseId: warehouse.id,
        options: variantCount > 1 ? { Warna: COLOURS[v] ?? 'Hitam' } : ({} as Record<string, string>),
      })),
    });
  }
  return products;
};

export const seedShops = (seed: string | number, now: number): SandboxShop[] =>
  SHOP_SEEDS.map((base) => {
    const rng = createRng(`${seed}:${base.marketplace}:${base.shopId}`);
    const newId = createIdMaker(rng, 100000 + rng.int(0, 50000));
    const { categories, attributes } = seedCategories(newId);
    const brands = BRANDS.map((name) => ({ id: newId(7), name }));
    const warehouses: SandboxWarehouse[] = CITIES.slice(0, 2).map((place, index) => ({
      id: newId(8),
      name: `Gudang ${place.city}`,
      city: place.city,
      address: place.address,
      isDefault: index === 0,
    }));
    const prefix = shortPrefix(base.marketplace);
    return {
      ...base,
      categories,
      attributes,
      brands,
      warehouses,
      products: seedProducts(
        rng,
        newId,
        categories,
        warehouses,
        brands.map((brand) => brand.id),
        now,
        prefix,
      ),
      orders: new Map(),
    };
  });

const shortPrefix = (marketplace: Marketplace): string =>
  ({ shopee: 'shp', tiktok: 'tts', lazada: 'lzd', blibli: 'bli', zalora: 'zlr' })[marketplace];
