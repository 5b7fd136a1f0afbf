import type { Customer, CustomerData, CustomerInput } from '@kelola/contracts';
import { CustomerCategoryInput, CustomerInput as CustomerSchema } from '@kelola/contracts';
import { and, asc, count, eq, ilike, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { TenantCtx } from '../../http/context.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import { uuidv7 } from '../../platform/db/ids.ts';
import { DomainError, fieldError } from '../../platform/errors.ts';
import { customerCategories, customers } from './orders.schema.ts';

type CustomerRow = typeof customers.$inferSelect;

function parse<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const r = schema.safeParse(input);
  if (r.success) return r.data;
  throw new DomainError('VALIDATION_FAILED', {
    fields: r.error.issues.map((i) => ({ path: i.path.join('.'), code: i.message, message: i.message })),
  });
}

const scope = (ctx: TenantCtx) => eq(customers.workspaceId, ctx.workspaceId);

function present(row: CustomerRow, categoryName: string | null): Customer {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    category_id: row.categoryId,
    category_name: categoryName,
    phone: row.phone,
    email: row.email,
    address: row.address,
    province_code: row.provinceCode,
    city_code: row.cityCode,
    district_code: row.districtCode,
    subdistrict_code: row.subdistrictCode,
    postal_code: row.postalCode,
    tax_id: row.taxId,
    credit_limit: row.creditLimit,
    transaction_limit: row.transactionLimit,
    payment_limit_days: row.paymentLimitDays,
    shop_code: row.shopCode,
    sales_code: row.salesCode,
    store_type: row.storeType as Customer['store_type'],
    coin_usage: row.coinUsage,
    created_at: row.createdAt.toISOString(),
  };
}

const values = (d: CustomerData) => ({
  code: d.code,
  name: d.name,
  categoryId: d.category_id ?? null,
  phone: d.phone ?? null,
  email: d.email ?? null,
  address: d.address ?? null,
  provinceCode: d.province_code ?? null,
  cityCode: d.city_code ?? null,
  districtCode: d.district_code ?? null,
  subdistrictCode: d.subdistrict_code ?? null,
  postalCode: d.postal_code ?? null,
  taxId: d.tax_id ?? null,
  creditLimit: d.credit_limit,
  transactionLimit: d.transaction_limit,
  paymentLimitDays: d.payment_limit_days,
  shopCode: d.shop_code ?? null,
  salesCode: d.sales_code ?? null,
  storeType: d.store_type ?? null,
  coinUsage: d.coin_usage,
});

async function categoryName(ctx: TenantCtx, id: string | null): Promise<string | null> {
  if (!id) return null;
  const [row] = await ctx.db
    .select({ name: customerCategories.name })
    .from(customerCategories)
    .where(and(eq(customerCategories.workspaceId, ctx.workspaceId), eq(customerCategories.id, id)));
  return row?.name ?? null;
}

async function checkRefs(ctx: TenantCtx, d: CustomerData, exceptId?: string) {
  if (d.category_id && (await categoryName(ctx, d.category_id)) === null)
    throw fieldError('VALIDATION_FAILED', 'category_id', 'CUSTOMER_CATEGORY_NOT_FOUND');
  const [taken] = await ctx.db
    .select({ id: customers.id })
    .from(customers)
    .where(and(scope(ctx), eq(customers.code, d.code), exceptId ? sql`${customers.id} <> ${exceptId}` : undefined));
  if (taken) throw fieldError('CUSTOMER_CODE_TAKEN', 'code', 'CUSTOMER_CODE_TAKEN');
}

export async function findCustomer(ctx: TenantCtx, id: string): Promise<CustomerRow> {
  const [row] = await ctx.db
    .select()
    .from(customers)
    .where(and(scope(ctx), eq(customers.id, id)));
  if (!row) throw new DomainError('CUSTOMER_NOT_FOUND');
  return row;
}

export async function getCustomer(ctx: TenantCtx, id: string): Promise<Customer> {
  const row = await findCustomer(ctx, id);
  return present(row, await categoryName(ctx, row.categoryId));
}

export async function createCustomer(ctx: TenantCtx, input: CustomerInput): Promise<Customer> {
  const d = parse(CustomerSchema, input);
  await checkRefs(ctx, d);
  const now = ctx.platform.now();
  const [row] = await ctx.db
    .insert(customers)
    .values({ ...values(d), id: uuidv7(), workspaceId: ctx.workspaceId, createdAt: now, updatedAt: now })
    .returning();
  await recordAudit(ctx, { entity: 'customer', entityId: row!.id, action: 'create', before: null, after: row! });
  return present(row!, await categoryName(ctx, row!.categoryId));
}

export async function updateCustomer(ctx: TenantCtx, id: string, input: CustomerInput): Promise<Customer> {
  const before = await findCustomer(ctx, id);
  const d = parse(CustomerSchema, input);
  await checkRefs(ctx, d, id);
  const [row] = await ctx.db
    .update(customers)
    .set({ ...values(d), updatedAt: ctx.platform.now() })
    .where(and(scope(ctx), eq(customers.id, id)))
    .returning();
  await recordAudit(ctx, { entity: 'customer', entityId: id, action: 'update', before, after: row! });
  return present(row!, await categoryName(ctx, row!.categoryId));
}

export async function deleteCustomer(ctx: TenantCtx, id: string): Promise<void> {
  const before = await findCustomer(ctx, id);
  await ctx.db.delete(customers).where(and(scope(ctx), eq(customers.id, id)));
  await recordAudit(ctx, { entity: 'customer', entityId: id, action: 'delete', before, after: null });
}

/** Customers by name, code, phone or e-mail (the search of the customer list and the manual order form). */
export async function listCustomers(
  ctx: TenantCtx,
  query: { page: number; size: number; q?: string | undefined; category_id?: string | undefined },
) {
  const like = query.q ? `%${query.q.replace(/[\\%_]/gu, (m) => `\\${m}`)}%` : null;
  const where = and(
    scope(ctx),
    query.category_id ? eq(customers.categoryId, query.category_id) : undefined,
    like
      ? or(ilike(customers.name, like), ilike(customers.code, like), ilike(customers.phone, like), ilike(customers.email, like))
      : undefined,
  );
  const rows = await ctx.db
    .select({ c: customers, category: customerCategories.name })
    .from(customers)
    .leftJoin(customerCategories, eq(customerCategories.id, customers.categoryId))
    .where(where)
    .orderBy(asc(customers.name), asc(customers.id))
    .limit(query.size)
    .offset((query.page - 1) * query.size);
  const [total] = await ctx.db.select({ n: count() }).from(customers).where(where);
  return { items: rows.map((r) => present(r.c, r.category)), page: query.page, size: query.size, total_row: total?.n ?? 0 };
}

// Categories

export async function listCategories(ctx: TenantCtx) {
  const rows = await ctx.db
    .select()
    .from(customerCategories)
    .where(eq(customerCategories.workspaceId, ctx.workspaceId))
    .orderBy(asc(customerCategories.name));
  const counts = await ctx.db
    .select({ id: customers.categoryId, n: count() })
    .from(customers)
    .where(scope(ctx))
    .groupBy(customers.categoryId);
  const byId = new Map(counts.map((c) => [c.id, c.n]));
  return { items: rows.map((r) => ({ id: r.id, name: r.name, description: r.description, customer_count: byId.get(r.id) ?? 0 })) };
}

async function categoryOr404(ctx: TenantCtx, id: string) {
  const [row] = await ctx.db
    .select()
    .from(customerCategories)
    .where(and(eq(customerCategories.workspaceId, ctx.workspaceId), eq(customerCategories.id, id)));
  if (!row) throw new DomainError('CUSTOMER_CATEGORY_NOT_FOUND');
  return row;
}

async function nameTaken(ctx: TenantCtx, name: string, exceptId?: string) {
  const [row] = await ctx.db
    .select({ id: customerCategories.id })
    .from(customerCategories)
    .where(
      and(
        eq(customerCategories.workspaceId, ctx.workspaceId),
        sql`lower(${customerCategories.name}) = lower(${name})`,
        exceptId ? sql`${customerCategories.id} <> ${exceptId}` : undefined,
      ),
    );
  if (row) throw fieldError('CONFLICT', 'name', 'CUSTOMER_CATEGORY_NAME_TAKEN');
}

export async function createCategory(ctx: TenantCtx, input: unknown) {
  const d = parse(CustomerCategoryInput, input);
  await nameTaken(ctx, d.name);
  const [row] = await ctx.db
    .insert(customerCategories)
    .values({ id: uuidv7(), workspaceId: ctx.workspaceId, name: d.name, description: d.description ?? null })
    .returning();
  return { id: row!.id, name: row!.name, description: row!.description, customer_count: 0 };
}

export async function updateCategory(ctx: TenantCtx, id: string, input: unknown) {
  await categoryOr404(ctx, id);
  const d = parse(CustomerCategoryInput, input);
  await nameTaken(ctx, d.name, id);
  await ctx.db
    .update(customerCategories)
    .set({ name: d.name, description: d.description ?? null })
    .where(and(eq(customerCategories.workspaceId, ctx.workspaceId), eq(customerCategories.id, id)));
  return (await listCategories(ctx)).items.find((c) => c.id === id)!;
}

export async function deleteCategory(ctx: TenantCtx, id: string) {
  await categoryOr404(ctx, id);
  const [used] = await ctx.db
    .select({ id: customers.id })
    .from(customers)
    .where(and(scope(ctx), eq(customers.categoryId, id)))
    .limit(1);
  if (used) throw new DomainError('CUSTOMER_CATEGORY_IN_USE');
  await ctx.db.delete(customerCategories).where(and(eq(customerCategories.workspaceId, ctx.workspaceId), eq(customerCategories.id, id)));
}
