import type { TenantCtx } from '../http/context.ts';
import { createDistributor } from '../modules/distributors/index.ts';

/**
 * The distributors of the demo's distributor channel (ADR 0071): a main distributor in Bandung shipped from the
 * Bandung warehouse, a sub-distributor in Surabaya shipped from Surabaya, and an agent in Bekasi shipped from
 * Jakarta. Real Kemendagri 2025 area codes of the demo's three provinces (the tests load only those).
 */
export async function seedDemoDistributors(
  ctx: TenantCtx,
  channelId: string,
  warehouses: { jakarta: string; bandung: string; surabaya: string },
): Promise<void> {
  // Kiaracondong, Kebon Jayanti (Kota Bandung).
  await createDistributor(ctx, channelId, {
    code: 'DIST-BDG-01',
    name: 'CV Maju Jaya Distribusi',
    phone: '0812-2045-7788',
    email: 'order@majujayadistribusi.co.id',
    category: 'MAIN',
    npwp_id: '02.345.678.9-424.000',
    npwp_name: 'CV Maju Jaya Distribusi',
    address: 'Jl. Kiaracondong No. 215, Kebon Jayanti',
    province_code: '32',
    city_code: '32.73',
    district_code: '32.73.16',
    subdistrict_code: '32.73.16.1002',
    postal_code: '40281',
    bank_code: '014',
    bank_account_number: '7310456789',
    bank_account_name: 'CV Maju Jaya Distribusi',
    warehouse_id: warehouses.bandung,
    coverage_area: 'Kota Bandung, Kab. Bandung, Kab. Bandung Barat, Kota Cimahi',
    status: 'ACTIVE',
  });
  // Genteng, Ketabang (Kota Surabaya).
  await createDistributor(ctx, channelId, {
    code: 'DIST-SBY-01',
    name: 'PT Sinar Niaga Surabaya',
    phone: '(031) 5470 2211',
    email: 'purchasing@sinarniaga.co.id',
    category: 'SUB',
    npwp_id: '0031456789615000',
    npwp_name: 'PT Sinar Niaga Surabaya',
    address: 'Jl. Jimerto No. 18, Ketabang',
    province_code: '35',
    city_code: '35.78',
    district_code: '35.78.07',
    subdistrict_code: '35.78.07.1004',
    postal_code: '60272',
    bank_code: '008',
    bank_account_number: '1420098765432',
    bank_account_name: 'PT Sinar Niaga Surabaya',
    warehouse_id: warehouses.surabaya,
    coverage_area: 'Kota Surabaya, Kab. Sidoarjo, Kab. Gresik',
    status: 'ACTIVE',
  });
  // Bekasi Selatan, Pekayonjaya (Kota Bekasi): a one-person agent, the NPWP in the owner's name.
  await createDistributor(ctx, channelId, {
    code: 'AGN-BKS-01',
    name: 'Agen Berkah Sentosa',
    phone: '0857-1122-9090',
    email: null,
    category: 'AGENT',
    npwp_id: '09.876.543.2-432.000',
    npwp_name: 'Slamet Riyadi',
    address: 'Jl. Pekayon Raya No. 45, Pekayonjaya',
    province_code: '32',
    city_code: '32.75',
    district_code: '32.75.04',
    subdistrict_code: '32.75.04.1001',
    postal_code: '17148',
    bank_code: '002',
    bank_account_number: '034501012345509',
    bank_account_name: 'Slamet Riyadi',
    warehouse_id: warehouses.jakarta,
    coverage_area: 'Kota Bekasi, Jakarta Timur',
    status: 'ACTIVE',
  });
}
