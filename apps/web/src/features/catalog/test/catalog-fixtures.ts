import type { ProductList } from '@kelola/contracts/catalog';

export const WORKSPACE = 'w-1';
export const CATEGORY_ID = '01a20053-6220-743f-9efd-e20c8657b501';
export const BRAND_ID = '01a20053-6220-743f-9efd-e20c8657b601';

export const TREE = {
  items: [
    {
      id: '01a20053-6220-743f-9efd-e20c8657b500',
      name: 'Pakaian',
      parent_id: null,
      position: 0,
      level: 1,
      product_count: 0,
      children: [
        {
          id: CATEGORY_ID,
          name: 'Kaos',
          parent_id: '01a20053-6220-743f-9efd-e20c8657b500',
          position: 0,
          level: 2,
          product_count: 1,
          children: [],
        },
      ],
    },
  ],
};

export const BRANDS = {
  items: [{ id: BRAND_ID, name: 'Kelola Wear', product_count: 1, created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z' }],
  page: 1,
  size: 500,
  total_row: 1,
};

export const PRODUCTS: ProductList = {
  items: [
    {
      id: '01a20053-6220-743f-9efd-e20c8657b701',
      product_id: '01a20053-6220-743f-9efd-e20c8657b701',
      type: 'VARIANT',
      name: 'Kaos Polos',
      status: 'ACTIVE',
      is_valid: true,
      category_id: CATEGORY_ID,
      category_name: 'Kaos',
      brand_id: BRAND_ID,
      brand_name: 'Kelola Wear',
      price: { currency: 'IDR', min: 50_000, max: 65_000 },
      variant_count: 4,
      thumbnail_url: null,
      stock: { available: 12, state: 'IN_STOCK', limiting_sku: null },
      created_at: '2026-01-01T00:00:00Z',
      updated_at: '2026-01-02T00:00:00Z',
    },
    {
      id: '01a20053-6220-743f-9efd-e20c8657b702',
      product_id: '01a20053-6220-743f-9efd-e20c8657b702',
      type: 'BUNDLING',
      name: 'Paket Kaos Hemat',
      status: 'ACTIVE',
      is_valid: true,
      category_id: null,
      category_name: null,
      brand_id: null,
      brand_name: null,
      price: { currency: 'IDR', min: 99_000, max: 99_000 },
      variant_count: 0,
      thumbnail_url: null,
      stock: { available: 4, state: 'IN_STOCK', limiting_sku: 'KAOS-HM' },
      created_at: '2026-01-01T00:00:00Z',
      updated_at: '2026-01-02T00:00:00Z',
    },
    {
      id: '01a20053-6220-743f-9efd-e20c8657b703',
      product_id: '01a20053-6220-743f-9efd-e20c8657b703',
      type: 'SINGLE',
      name: 'Topi Minus',
      status: 'ACTIVE',
      is_valid: true,
      category_id: null,
      category_name: null,
      brand_id: null,
      brand_name: null,
      price: { currency: 'IDR', min: 35_000, max: 35_000 },
      variant_count: 0,
      thumbnail_url: null,
      stock: { available: -3, state: 'MINUS_STOCK', limiting_sku: null },
      created_at: '2026-01-01T00:00:00Z',
      updated_at: '2026-01-02T00:00:00Z',
    },
  ],
  page: 1,
  size: 10,
  total_row: 1,
  total_capped: false,
  counts: { active: 1, notActive: 2, draft: 3, all: 6 },
};
