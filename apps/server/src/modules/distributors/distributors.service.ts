import { bankName, DistributorInput, type Distributor, type DistributorList, type DistributorListQuery } from '@kelola/contracts';
import type { z } from 'zod';
import type { TenantCtx } from '../../http/context.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import { uuidv7 } from '../../platform/db/ids.ts';
import { uniqueOr } from '../../platform/db/pg-errors.ts';
import { DomainError, fieldError, parseOrFail, fieldIssue } from '../../platform/errors.ts';
import { areaNames, checkAreaPath } from '../areas/index.ts';
import { distributorChannelOr404 } from '../channels/index.ts';
import { listWarehouseOptions } from '../warehouses/index.ts';
import * as repo from './distributors.repository.ts';

type DistributorData = z.output<typeof DistributorInput>;

/** The HTTP schema already ran for API calls; seeds get the same rules and normalisation here. */
const parse = (input: DistributorInput): DistributorData => parseOrFail(DistributorInput, input);

const toValues = (d: DistributorData): repo.DistributorValues => ({
  code: d.code,
  name: d.name,
  phone: d.phone,
  email: d.email ?? null,
  category: d.category,
  npwpId: d.npwp_id,
  npwpName: d.npwp_name || null,
  address: d.address,
  provinceCode: d.province_code,
  cityCode: d.city_code,
  districtCode: d.district_code,
  subdistrictCode: d.subdistrict_code ?? null,
  postalCode: d.postal_code,
  bankCode: d.bank_code,
  bankAccountNumber: d.bank_account_number,
  bankAccountName: d.bank_account_name,
  warehouseId: d.warehouse_id,
  coverageArea: d.coverage_area,
  status: d.status,
});

/** The JSON answer for many rows, with area and warehouse names fetched in one query each. */
async function present(ctx: TenantCtx, rows: repo.DistributorRow[]): Promise<Distributor[]> {
  if (rows.length === 0) return [];
  const areas = await areaNames(
    ctx,
    rows.flatMap((r) => [r.cityCode, r.districtCode]),
  );
  // A distributor the member sees ships from a warehouse they see (repository scope), so its name is among these.
  const warehouses = new Map((await listWarehouseOptions(ctx)).map((w) => [w.id, w.name]));
  return rows.map((row) => ({
    id: row.id,
    channel_id: row.channelId,
    code: row.code,
    name: row.name,
    phone: row.phone,
    email: row.email,
    category: row.category,
    npwp_id: row.npwpId,
    npwp_name: row.npwpName,
    address: row.address,
    province_code: row.provinceCode,
    city_code: row.cityCode,
    district_code: row.districtCode,
    subdistrict_code: row.subdistrictCode,
    city_name: areas.get(row.cityCode) ?? null,
    district_name: areas.get(row.districtCode) ?? null,
    postal_code: row.postalCode,
    bank_code: row.bankCode,
    bank_name: bankName(row.bankCode),
    bank_account_number: row.bankAccountNumber,
    bank_account_name: row.bankAccountName,
    warehouse_id: row.warehouseId,
    warehouse_name: warehouses.get(row.warehouseId) ?? '',
    coverage_area: row.coverageArea,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  }));
}

const presentOne = async (ctx: TenantCtx, row: repo.DistributorRow) => (await present(ctx, [row]))[0]!;

const codeTaken = () => fieldError('DISTRIBUTOR_CODE_TAKEN', 'code', 'DISTRIBUTOR_CODE_TAKEN');

/**
 * Rules the schema cannot check: the area path exists and nests (the subdistrict only when one is given), the
 * warehouse is one the member may see, the code is free. Reference problems answer 400 with every field at once; a
 * taken code alone answers 409 DISTRIBUTOR_CODE_TAKEN, both on the field they concern.
 */
async function checkRules(ctx: TenantCtx, d: DistributorData, exceptId?: string): Promise<void> {
  const area = await checkAreaPath(ctx, {
    province_code: d.province_code,
    city_code: d.city_code,
    district_code: d.district_code,
    subdistrict_code: d.subdistrict_code ?? '',
  });
  const issues = d.subdistrict_code ? area : area.filter((i) => i.path !== 'subdistrict_code');
  if (!(await listWarehouseOptions(ctx)).some((w) => w.id === d.warehouse_id))
    issues.push(fieldIssue('warehouse_id', 'WAREHOUSE_NOT_FOUND'));
  const taken = await repo.isCodeTaken(ctx, d.code, exceptId);
  if (issues.length > 0) {
    if (taken) issues.push(fieldIssue('code', 'DISTRIBUTOR_CODE_TAKEN'));
    throw new DomainError('VALIDATION_FAILED', { fields: issues });
  }
  if (taken) throw codeTaken();
}

async function distributorOr404(ctx: TenantCtx, channelId: string, id: string, lock = false): Promise<repo.DistributorRow> {
  const row = await repo.findDistributor(ctx, channelId, id, lock);
  if (!row) throw new DomainError('DISTRIBUTOR_NOT_FOUND');
  return row;
}

/**
 * One distributor of the channel, or DISTRIBUTOR_NOT_FOUND (also for another workspace's or channel's id, or one
 * shipped from a warehouse the member may not see). A channel id that is not the workspace's distributor channel
 * answers CHANNEL_NOT_FOUND, as the channel's product routes do.
 */
export async function getDistributor(ctx: TenantCtx, channelId: string, id: string): Promise<Distributor> {
  await distributorChannelOr404(ctx, channelId);
  return presentOne(ctx, await distributorOr404(ctx, channelId, id));
}

/** Creates a distributor of the workspace's distributor channel. */
export async function createDistributor(ctx: TenantCtx, channelId: string, input: DistributorInput): Promise<Distributor> {
  await distributorChannelOr404(ctx, channelId);
  const data = parse(input);
  await checkRules(ctx, data);
  const row = await uniqueOr(() => repo.insertDistributor(ctx, uuidv7(), channelId, toValues(data)), codeTaken);
  await recordAudit(ctx, { entity: 'distributor', entityId: row.id, action: 'create', before: null, after: row });
  return presentOne(ctx, row);
}

/** Replaces every field of a distributor (PUT sends the whole form). */
export async function updateDistributor(ctx: TenantCtx, channelId: string, id: string, input: DistributorInput): Promise<Distributor> {
  await distributorChannelOr404(ctx, channelId);
  const before = await distributorOr404(ctx, channelId, id);
  const data = parse(input);
  await checkRules(ctx, data, id);
  const after = await uniqueOr(() => repo.updateDistributor(ctx, channelId, id, toValues(data)), codeTaken);
  if (!after) throw new DomainError('DISTRIBUTOR_NOT_FOUND');
  await recordAudit(ctx, { entity: 'distributor', entityId: id, action: 'update', before, after });
  return presentOne(ctx, after);
}

/** Deletes a distributor (nothing refers to one yet: ADR 0071 leaves its orders and wallet for later). */
export async function deleteDistributor(ctx: TenantCtx, channelId: string, id: string): Promise<void> {
  await distributorChannelOr404(ctx, channelId);
  const before = await distributorOr404(ctx, channelId, id, true);
  await repo.deleteDistributor(ctx, channelId, id);
  await recordAudit(ctx, { entity: 'distributor', entityId: id, action: 'delete', before, after: null });
}

/** A page of the channel's distributors, newest first, searched by code, name or phone, filtered by category and status. */
export async function listDistributors(
  ctx: TenantCtx,
  channelId: string,
  query: z.output<typeof DistributorListQuery>,
): Promise<DistributorList> {
  await distributorChannelOr404(ctx, channelId);
  const { rows, total } = await repo.listDistributors(ctx, channelId, query);
  return { items: await present(ctx, rows), page: query.page, size: query.size, total_row: total };
}
