import type { Area } from '@kelola/contracts/areas';
import type { Distributor, DistributorCategory, DistributorInput } from '@kelola/contracts/distributors';

type Status = Distributor['status'];

/** What the distributor form holds: every field of DistributorInput, empty ones possibly undefined. */
export type DistributorFormValues = {
  code?: string;
  name?: string;
  category?: DistributorCategory;
  phone?: string;
  email?: string | null;
  status?: Status;
  npwp_id?: string;
  npwp_name?: string | null;
  address?: string;
  province_code?: string | null;
  city_code?: string | null;
  district_code?: string | null;
  subdistrict_code?: string | null;
  postal_code?: string;
  bank_code?: string;
  bank_account_number?: string;
  bank_account_name?: string;
  warehouse_id?: string;
  coverage_area?: string;
};

/** A new distributor starts active. */
export const EMPTY_DISTRIBUTOR: DistributorFormValues = { status: 'ACTIVE' };

/** The form's values of a saved distributor. */
export function fromDistributor(distributor: Distributor): DistributorFormValues {
  return {
    code: distributor.code,
    name: distributor.name,
    category: distributor.category,
    phone: distributor.phone,
    email: distributor.email,
    status: distributor.status,
    npwp_id: distributor.npwp_id,
    npwp_name: distributor.npwp_name,
    address: distributor.address,
    province_code: distributor.province_code,
    city_code: distributor.city_code,
    district_code: distributor.district_code,
    subdistrict_code: distributor.subdistrict_code,
    postal_code: distributor.postal_code,
    bank_code: distributor.bank_code,
    bank_account_number: distributor.bank_account_number,
    bank_account_name: distributor.bank_account_name,
    warehouse_id: distributor.warehouse_id,
    coverage_area: distributor.coverage_area,
  };
}

/** The saved city and district with their names, so their selects show names before their lists load. */
export function knownAreas(distributor: Distributor): Area[] {
  const area = (level: Area['level'], code: string, name: string | null, parent: string): Area[] =>
    name ? [{ code, name, level, parent_code: parent, postal_code: null }] : [];
  return [
    ...area('city', distributor.city_code, distributor.city_name, distributor.province_code),
    ...area('district', distributor.district_code, distributor.district_name, distributor.city_code),
  ];
}

const text = (value: string | null | undefined) => value?.trim() ?? '';
const blankToNull = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);

/**
 * The request body: the whole form (PUT replaces every field). Texts are trimmed, empty optional ones are null; the
 * phone and the NPWP go as typed (the server keeps them as +62… and 16 digits).
 */
export function toDistributorInput(values: DistributorFormValues): DistributorInput {
  return {
    code: text(values.code),
    name: text(values.name),
    category: values.category as DistributorCategory,
    phone: text(values.phone),
    email: blankToNull(values.email),
    status: values.status ?? 'ACTIVE',
    npwp_id: text(values.npwp_id),
    npwp_name: blankToNull(values.npwp_name),
    address: text(values.address),
    province_code: values.province_code ?? '',
    city_code: values.city_code ?? '',
    district_code: values.district_code ?? '',
    subdistrict_code: values.subdistrict_code || null,
    postal_code: text(values.postal_code),
    bank_code: values.bank_code ?? '',
    bank_account_number: text(values.bank_account_number),
    bank_account_name: text(values.bank_account_name),
    warehouse_id: values.warehouse_id ?? '',
    coverage_area: text(values.coverage_area),
  };
}
