import type { Area } from '@kelola/contracts/areas';
import type { Distributor, DistributorList } from '@kelola/contracts/distributors';
import { BANDUNG, JAKARTA } from '../../../test/document-fixtures.ts';

/** Test data of the distributor screens, shaped as the API answers. */
export const CHANNEL = '01a20047-0000-7000-8000-000000000001';
/** The side menu's query of the "Kanal Distributor" shop's links. */
export const CHANNEL_QUERY = 'sales_channel_id=18&channel_code=distributor';

export const MAJU: Distributor = {
  id: '01a200d0-0000-7000-8000-000000000001',
  channel_id: CHANNEL,
  code: 'DIST-BDG-01',
  name: 'CV Maju Jaya',
  phone: '+6281234567890',
  email: 'admin@majujaya.co.id',
  category: 'MAIN',
  npwp_id: '0123456789012345',
  npwp_name: null,
  address: 'Jl. Pasteur No. 12',
  province_code: '32',
  city_code: '32.73',
  district_code: '32.73.07',
  subdistrict_code: '32.73.07.1001',
  city_name: 'Kota Bandung',
  district_name: 'Sukajadi',
  postal_code: '40161',
  bank_code: '014',
  bank_name: 'BCA',
  bank_account_number: '1234567890',
  bank_account_name: 'CV Maju Jaya',
  warehouse_id: BANDUNG.id,
  warehouse_name: BANDUNG.name,
  coverage_area: 'Kota Bandung, Kab. Bandung Barat',
  status: 'ACTIVE',
  created_at: '2026-11-20T03:00:00.000Z',
  updated_at: '2026-11-20T03:00:00.000Z',
};

/** An inactive agent whose city is not in the area data (no name). */
export const SINAR: Distributor = {
  ...MAJU,
  id: '01a200d0-0000-7000-8000-000000000002',
  code: 'AGN-JKT-07',
  name: 'Toko Sinar',
  phone: '+62215551234',
  email: null,
  category: 'AGENT',
  province_code: '31',
  city_code: '31.73',
  district_code: '31.73.01',
  subdistrict_code: null,
  city_name: null,
  district_name: null,
  warehouse_id: JAKARTA.id,
  warehouse_name: JAKARTA.name,
  coverage_area: 'Jakarta Barat',
  status: 'INACTIVE',
};

export const DISTRIBUTORS: DistributorList = { items: [MAJU, SINAR], page: 1, size: 10, total_row: 2 };
export const NO_DISTRIBUTORS: DistributorList = { items: [], page: 1, size: 10, total_row: 0 };

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
