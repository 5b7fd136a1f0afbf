import type { Area } from '@kelola/contracts/areas';
import { COUNTRY_CODE } from '@kelola/contracts/areas';
import type { Warehouse, WarehouseInput } from '@kelola/contracts/warehouses';

/** What the warehouse form holds: every field of WarehouseInput, empty ones possibly undefined. */
export type WarehouseFormValues = {
  name?: string;
  code?: string;
  external_code?: string | null;
  category?: string | null;
  contact?: string | null;
  phone?: string | null;
  address_line_1?: string;
  address_line_2?: string | null;
  country_code?: string;
  province_code?: string | null;
  city_code?: string | null;
  district_code?: string | null;
  subdistrict_code?: string | null;
  postal_code?: string | null;
  business_id?: string | null;
};

export const EMPTY_WAREHOUSE: WarehouseFormValues = { country_code: COUNTRY_CODE };

/** The form's values of a saved warehouse. */
export function fromWarehouse(warehouse: Warehouse): WarehouseFormValues {
  return {
    name: warehouse.name,
    code: warehouse.code,
    external_code: warehouse.external_code,
    category: warehouse.category,
    contact: warehouse.contact,
    phone: warehouse.phone,
    address_line_1: warehouse.address_line_1,
    address_line_2: warehouse.address_line_2,
    country_code: warehouse.country_code,
    province_code: warehouse.province_code,
    city_code: warehouse.city_code,
    district_code: warehouse.district_code,
    subdistrict_code: warehouse.subdistrict_code,
    postal_code: warehouse.postal_code,
    business_id: warehouse.business_id,
  };
}

/** The saved areas with their names, so the selects show names before their lists load. */
export function knownAreas(warehouse: Warehouse): Area[] {
  const area = (level: Area['level'], code: string, name: string | null, parent: string): Area[] =>
    name ? [{ code, name, level, parent_code: parent, postal_code: null }] : [];
  return [
    ...area('province', warehouse.province_code, warehouse.province_name, warehouse.country_code),
    ...area('city', warehouse.city_code, warehouse.city_name, warehouse.province_code),
    ...area('district', warehouse.district_code, warehouse.district_name, warehouse.city_code),
    ...area('subdistrict', warehouse.subdistrict_code, warehouse.subdistrict_name, warehouse.district_code),
  ];
}

const text = (value: string | null | undefined) => (value === undefined || value === null ? null : value);

/** The request body: the whole form (PUT replaces every field), empty optional fields as null. */
export function toWarehouseInput(values: WarehouseFormValues): WarehouseInput {
  return {
    name: values.name ?? '',
    code: values.code ?? '',
    external_code: text(values.external_code),
    category: text(values.category),
    contact: text(values.contact),
    phone: text(values.phone),
    address_line_1: values.address_line_1 ?? '',
    address_line_2: text(values.address_line_2),
    country_code: COUNTRY_CODE,
    province_code: values.province_code ?? '',
    city_code: values.city_code ?? '',
    district_code: values.district_code ?? '',
    subdistrict_code: values.subdistrict_code ?? '',
    postal_code: text(values.postal_code),
    business_id: values.business_id || null,
  };
}
