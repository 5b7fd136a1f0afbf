import type { Area } from '@kelola/contracts/areas';
import type { Warehouse } from '@kelola/contracts/warehouses';

export const WORKSPACE = 'w-1';

export const BANDUNG: Warehouse = {
  id: '01a20053-6220-743f-9efd-e20c8657b538',
  warehouse_id: '01a20053-6220-743f-9efd-e20c8657b538',
  name: 'Gudang Bandung',
  code: 'BDG-01',
  external_code: null,
  category: 'Gudang Cabang',
  contact: 'Siti Rahmawati',
  phone: '+6281234500002',
  address_line_1: 'Jl. Pasteur No. 12',
  address_line_2: null,
  country_code: 'ID',
  country_name: 'Indonesia',
  province_code: '32',
  province_name: 'Jawa Barat',
  city_code: '32.73',
  city_name: 'Kota Bandung',
  district_code: '32.73.07',
  district_name: 'Sukajadi',
  subdistrict_code: '32.73.07.1001',
  subdistrict_name: 'Pasteur',
  postal_code: '40161',
  business_id: '01a20053-61c8-71e0-b767-c9df1f87a7c4',
  business_name: 'Demo Pangan',
  is_default: false,
  created_at: '2026-11-21T22:56:34.137Z',
  updated_at: '2026-11-21T22:56:34.137Z',
};

export const JAKARTA: Warehouse = {
  ...BANDUNG,
  id: '01a20053-61ff-71fa-902a-a828eba29a02',
  warehouse_id: '01a20053-61ff-71fa-902a-a828eba29a02',
  name: 'Gudang Jakarta Barat',
  code: 'JKT-01',
  category: null,
  city_name: 'Kota Administrasi Jakarta Barat',
  business_id: null,
  business_name: null,
  is_default: true,
};

const area = (code: string, name: string, level: Area['level'], parent: string): Area => ({
  code,
  name,
  level,
  parent_code: parent,
  postal_code: null,
});

/** GET /api/areas?parent=… answers by parent code. */
export const AREAS: Record<string, Area[]> = {
  ID: [area('31', 'DKI Jakarta', 'province', 'ID'), area('32', 'Jawa Barat', 'province', 'ID')],
  '32': [area('32.73', 'Kota Bandung', 'city', '32'), area('32.04', 'Kabupaten Bandung', 'city', '32')],
  '32.73': [area('32.73.07', 'Sukajadi', 'district', '32.73')],
  '32.73.07': [{ ...area('32.73.07.1001', 'Pasteur', 'subdistrict', '32.73.07'), postal_code: '40161' }],
};

export const BUSINESSES = {
  items: [
    { id: '01a20053-61b1-7179-9d4b-2fdc20530e4a', business_id: '01a20053-61b1-7179-9d4b-2fdc20530e4a', name: 'Demo Fashion' },
    { id: '01a20053-61c8-71e0-b767-c9df1f87a7c4', business_id: '01a20053-61c8-71e0-b767-c9df1f87a7c4', name: 'Demo Pangan' },
  ],
  total_row: 2,
};
