import { SupplierInput, type Supplier, type SupplierList } from '@kelola/contracts';
import type { z } from 'zod';
import type { TenantCtx } from '../../http/context.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import { uuidv7 } from '../../platform/db/ids.ts';
import { pgCode, uniqueOr } from '../../platform/db/pg-errors.ts';
import { DomainError, fieldError, parseOrFail } from '../../platform/errors.ts';
import * as repo from './purchasing.repository.ts';

type SupplierData = z.output<typeof SupplierInput>;

/** The HTTP schema already ran for API calls; seeds get the same rules and normalisation here. */
const parse = (input: SupplierInput): SupplierData => parseOrFail(SupplierInput, input);

const toValues = (d: SupplierData): repo.SupplierValues => ({
  name: d.name,
  code: d.code || null,
  contactName: d.contact_name || null,
  phone: d.phone ?? null,
  email: d.email ?? null,
  npwp: d.npwp ?? null,
  address: d.address || null,
  paymentTermDays: d.payment_term_days,
  notes: d.notes || null,
});

function present({ supplier: row, orders }: repo.SupplierWithCount): Supplier {
  return {
    id: row.id,
    name: row.name,
    code: row.code,
    contact_name: row.contactName,
    phone: row.phone,
    email: row.email,
    npwp: row.npwp,
    address: row.address,
    payment_term_days: row.paymentTermDays,
    notes: row.notes,
    purchase_order_count: orders,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

const codeTaken = () => fieldError('SUPPLIER_CODE_TAKEN', 'code', 'SUPPLIER_CODE_TAKEN');

/** A code already used by another supplier of the workspace answers 409 SUPPLIER_CODE_TAKEN on `code`. */
async function checkCode(ctx: TenantCtx, code: string | null, exceptId?: string): Promise<void> {
  if (code && (await repo.isSupplierCodeTaken(ctx, code, exceptId))) throw codeTaken();
}

async function supplierOr404(ctx: TenantCtx, id: string, lock = false): Promise<repo.SupplierRow> {
  const row = await repo.findSupplier(ctx, id, lock);
  if (!row) throw new DomainError('SUPPLIER_NOT_FOUND');
  return row;
}

/** One supplier of the workspace, or SUPPLIER_NOT_FOUND (also for another workspace's id). */
export async function getSupplier(ctx: TenantCtx, id: string): Promise<Supplier> {
  const row = await repo.findSupplierWithCount(ctx, id);
  if (!row) throw new DomainError('SUPPLIER_NOT_FOUND');
  return present(row);
}

/** Creates a supplier of the workspace. */
export async function createSupplier(ctx: TenantCtx, input: SupplierInput): Promise<Supplier> {
  const values = toValues(parse(input));
  await checkCode(ctx, values.code ?? null);
  const row = await uniqueOr(() => repo.insertSupplier(ctx, uuidv7(), values), codeTaken);
  await recordAudit(ctx, { entity: 'supplier', entityId: row.id, action: 'create', before: null, after: row });
  return present({ supplier: row, orders: 0 });
}

/** Replaces every field of a supplier (PUT sends the whole form). */
export async function updateSupplier(ctx: TenantCtx, id: string, input: SupplierInput): Promise<Supplier> {
  const before = await supplierOr404(ctx, id);
  const values = toValues(parse(input));
  await checkCode(ctx, values.code ?? null, id);
  const after = await uniqueOr(() => repo.updateSupplier(ctx, id, values), codeTaken);
  if (!after) throw new DomainError('SUPPLIER_NOT_FOUND');
  await recordAudit(ctx, { entity: 'supplier', entityId: id, action: 'update', before, after });
  return getSupplier(ctx, id);
}

/**
 * Deletes a supplier no purchase order names (409 SUPPLIER_IN_USE otherwise). The row is locked first, so an order
 * being created for it meanwhile waits, then finds it gone; the foreign key is the backstop.
 */
export async function deleteSupplier(ctx: TenantCtx, id: string): Promise<void> {
  const before = await supplierOr404(ctx, id, true);
  if (await repo.supplierHasOrders(ctx, id)) throw new DomainError('SUPPLIER_IN_USE');
  try {
    await repo.deleteSupplier(ctx, id);
  } catch (error) {
    if (pgCode(error) === '23503') throw new DomainError('SUPPLIER_IN_USE');
    throw error;
  }
  await recordAudit(ctx, { entity: 'supplier', entityId: id, action: 'delete', before, after: null });
}

/** A page of the workspace's suppliers, newest first, searched by name, code, contact or phone. */
export async function listSuppliers(ctx: TenantCtx, query: { page: number; size: number; q?: string | undefined }): Promise<SupplierList> {
  const { rows, total } = await repo.listSuppliers(ctx, query);
  return { items: rows.map(present), page: query.page, size: query.size, total_row: total };
}
