import { uniqueOr } from '../../platform/db/pg-errors.ts';
import { WarehouseInput, type Warehouse, type WarehouseData, type WarehouseListQuery } from '@kelola/contracts';
import type { TenantCtx } from '../../http/context.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import { uuidv7 } from '../../platform/db/ids.ts';
import { DomainError, fieldError, parseOrFail } from '../../platform/errors.ts';
import { areaNames, checkAreaPath } from '../areas/index.ts';
import { businessNames, isVisibleBusiness } from '../businesses/index.ts';
import * as repo from './warehouses.repository.ts';

/** A warehouse as the form sends it (snake_case, the spec's names); country defaults to Indonesia. */
export type NewWarehouse = Omit<WarehouseData, 'country_code'> & { country_code?: 'ID' };

/** The HTTP schema already ran for API calls; seeds and flows get the same rules and normalisation here. */
const parse = (input: NewWarehouse): WarehouseData => parseOrFail(WarehouseInput, input);

const toValues = (data: WarehouseData): repo.WarehouseValues => ({
  businessId: data.business_id ?? null,
  name: data.name,
  code: data.code,
  externalCode: data.external_code || null,
  category: data.category || null,
  contact: data.contact || null,
  phone: data.phone ?? null,
  addressLine1: data.address_line_1,
  addressLine2: data.address_line_2 || null,
  countryCode: data.country_code,
  provinceCode: data.province_code,
  cityCode: data.city_code,
  districtCode: data.district_code,
  subdistrictCode: data.subdistrict_code,
  postalCode: data.postal_code ?? null,
});

/**
 * Rules the schema cannot check: the area path exists and nests, the business belongs to the workspace (and to
 * the member's restriction), the code is free. Reference problems answer 400 with every field at once; a taken
 * code alone answers 409 WAREHOUSE_CODE_TAKEN, both on the field they concern.
 */
async function checkRules(ctx: TenantCtx, data: WarehouseData, exceptId?: string): Promise<void> {
  const issues = await checkAreaPath(ctx, data);
  if (data.business_id && !(await isVisibleBusiness(ctx, data.business_id)))
    issues.push({ path: 'business_id', code: 'BUSINESS_NOT_FOUND', message: 'BUSINESS_NOT_FOUND' });
  const taken = await repo.isCodeTaken(ctx, data.code, exceptId);
  if (issues.length > 0) {
    if (taken) issues.push({ path: 'code', code: 'WAREHOUSE_CODE_TAKEN', message: 'WAREHOUSE_CODE_TAKEN' });
    throw new DomainError('VALIDATION_FAILED', { fields: issues });
  }
  if (taken) throw codeTaken();
}

const codeTaken = () => fieldError('WAREHOUSE_CODE_TAKEN', 'code', 'WAREHOUSE_CODE_TAKEN');

/** The JSON answer for many rows, with area and business names fetched in one query each. */
async function present(ctx: TenantCtx, rows: repo.WarehouseRow[]): Promise<Warehouse[]> {
  const areas = await areaNames(
    ctx,
    rows.flatMap((r) => [r.provinceCode, r.cityCode, r.districtCode, r.subdistrictCode]),
  );
  const businesses = await businessNames(
    ctx,
    rows.flatMap((r) => (r.businessId ? [r.businessId] : [])),
  );
  return rows.map((row) => ({
    id: row.id,
    warehouse_id: row.id,
    name: row.name,
    code: row.code,
    external_code: row.externalCode,
    category: row.category,
    contact: row.contact,
    phone: row.phone,
    address_line_1: row.addressLine1,
    address_line_2: row.addressLine2,
    country_code: row.countryCode,
    country_name: areas.get(row.countryCode) ?? row.countryCode,
    province_code: row.provinceCode,
    province_name: areas.get(row.provinceCode) ?? null,
    city_code: row.cityCode,
    city_name: areas.get(row.cityCode) ?? null,
    district_code: row.districtCode,
    district_name: areas.get(row.districtCode) ?? null,
    subdistrict_code: row.subdistrictCode,
    subdistrict_name: areas.get(row.subdistrictCode) ?? null,
    postal_code: row.postalCode,
    business_id: row.businessId,
    business_name: row.businessId ? (businesses.get(row.businessId) ?? null) : null,
    is_default: row.isDefault,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  }));
}

const presentOne = async (ctx: TenantCtx, row: repo.WarehouseRow) => (await present(ctx, [row]))[0]!;

async function findVisible(ctx: TenantCtx, id: string): Promise<repo.WarehouseRow> {
  const row = await repo.findWarehouse(ctx, id);
  if (!row) throw new DomainError('WAREHOUSE_NOT_FOUND');
  return row;
}

/** Creates a warehouse of the workspace. */
export async function createWarehouse(ctx: TenantCtx, input: NewWarehouse): Promise<Warehouse> {
  // A warehouse-restricted member could not see what they create: only unrestricted members add warehouses.
  if (ctx.restriction.base === 'WAREHOUSE' && ctx.restriction.ids.length > 0) throw new DomainError('BUSINESS_FORBIDDEN');
  const data = parse(input);
  await checkRules(ctx, data);
  const row = await uniqueOr(() => repo.insertWarehouse(ctx, uuidv7(), toValues(data)), codeTaken);
  await recordAudit(ctx, { entity: 'warehouse', entityId: row.id, action: 'create', before: null, after: row });
  return presentOne(ctx, row);
}

/** Replaces every field of a visible warehouse (PUT sends the whole form). */
export async function updateWarehouse(ctx: TenantCtx, id: string, input: NewWarehouse): Promise<Warehouse> {
  const before = await findVisible(ctx, id);
  const data = parse(input);
  await checkRules(ctx, data, id);
  const after = await uniqueOr(() => repo.updateWarehouse(ctx, id, toValues(data)), codeTaken);
  if (!after) throw new DomainError('WAREHOUSE_NOT_FOUND');
  await recordAudit(ctx, { entity: 'warehouse', entityId: id, action: 'update', before, after });
  return presentOne(ctx, after);
}

/** One visible warehouse, or WAREHOUSE_NOT_FOUND (also for another workspace's id or one outside the restriction). */
export async function getWarehouse(ctx: TenantCtx, id: string): Promise<Warehouse> {
  return presentOne(ctx, await findVisible(ctx, id));
}

/** A page of visible warehouses with the spec's total_row. */
export async function listWarehouses(ctx: TenantCtx, query: WarehouseListQuery) {
  const { rows, total } = await repo.listWarehouses(ctx, {
    q: query.q,
    businessId: query.business_id,
    page: query.page,
    size: query.size,
    sort: query.sort,
  });
  return { items: await present(ctx, rows), page: query.page, size: query.size, total_row: total };
}

/** Which warehouses a member may see (options, a SQL condition, ids): the rule other modules filter stock by. */
export { listWarehouseOptions, visibleWarehouseCondition, visibleWarehouseIds, warehouseOptionsJsonSql } from './warehouses.repository.ts';
