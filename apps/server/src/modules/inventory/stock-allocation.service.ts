import { AllocationInput, SetAsideInput, type AllocationView } from '@kelola/contracts';
import { allocateToChannel } from '@kelola/domain';
import type { TenantCtx } from '../../http/context.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import { uuidv7 } from '../../platform/db/ids.ts';
import { DomainError, fieldError } from '../../platform/errors.ts';
import { catalogRefs } from '../catalog/index.ts';
import { listChannels } from '../channels/index.ts';
import { getWarehouse } from '../warehouses/index.ts';
import { channelOrFieldError, checkCatalogs, listedWarehouses, parse, warehouseOrFieldError } from './inventory-checks.ts';
import { allocationRules, replaceAllocationRules, setAsidesOf } from './stock-allocation.repository.ts';
import { availableOf, balancesOf, setSafetyStock } from './stock-balances.repository.ts';
import { setAside } from './stock-ledger.repository.ts';

// Allocation per channel: each channel's share of a warehouse's stock (rules), and stock set aside for a channel.

export async function getAllocation(ctx: TenantCtx, query: { warehouse_id: string; catalog_id?: string }): Promise<AllocationView> {
  await getWarehouse(ctx, query.warehouse_id);
  // The warehouse select follows the top bar's business; a warehouse of another business is not on this screen.
  const listed = await listedWarehouses(ctx);
  if (listed && !listed.includes(query.warehouse_id)) throw new DomainError('WAREHOUSE_NOT_FOUND');
  let available: number | null = null;
  let safety: number | null = null;
  let setAsides = new Map<string, number>();
  if (query.catalog_id) {
    const [ref] = await catalogRefs(ctx, [query.catalog_id]);
    if (!ref) throw new DomainError('CATALOG_NOT_FOUND');
    const [bal] = await balancesOf(ctx, [{ warehouseId: query.warehouse_id, catalogId: query.catalog_id }]);
    available = bal ? availableOf(bal) : 0;
    safety = bal?.safetyStock ?? 0;
    setAsides = new Map((await setAsidesOf(ctx, query.warehouse_id, query.catalog_id)).map((r) => [r.channelId, r.quantity]));
  }
  const rules = await allocationRules(ctx, query.warehouse_id);
  const channels = (await listChannels(ctx)).items;
  const channelName = new Map(channels.map((c) => [c.id, c.name]));
  return {
    warehouse_id: query.warehouse_id,
    catalog_id: query.catalog_id ?? null,
    available,
    safety_stock: safety,
    rules: rules.map((r) => {
      const share =
        available === null
          ? null
          : allocateToChannel(available, { mode: r.mode, value: r.value, buffer: r.buffer }, setAsides.get(r.channelId) ?? 0);
      return {
        channel_id: r.channelId,
        channel_name: channelName.get(r.channelId) ?? '',
        mode: r.mode,
        value: r.value,
        buffer: r.buffer,
        quantity: share?.quantity ?? null,
        explanation: share ? share.explanation[ctx.locale === 'en' ? 'en' : 'id'] : null,
      };
    }),
    set_asides: query.catalog_id
      ? channels.map((c) => ({ channel_id: c.id, channel_name: c.name, quantity: setAsides.get(c.id) ?? 0 }))
      : [],
  };
}

/**
 * Sets the stock of a SKU in a warehouse set aside for a channel (an ALLOCATION row of the ledger records the
 * change). Setting more aside takes it from available stock: 409 INSUFFICIENT_STOCK on `quantity` otherwise.
 */
export async function saveSetAside(ctx: TenantCtx, input: SetAsideInput): Promise<AllocationView> {
  const data = parse(SetAsideInput, input);
  await warehouseOrFieldError(ctx, data.warehouse_id);
  await checkCatalogs(ctx, [data.catalog_id], 'catalog_id');
  await channelOrFieldError(ctx, data.channel_id);
  const ref = { type: 'ALLOCATION', id: null, key: `allocation:${uuidv7()}` };
  const line = { warehouseId: data.warehouse_id, catalogId: data.catalog_id };
  const delta = await setAside(ctx, line, data.channel_id, data.quantity, ref);
  if (delta === null) throw fieldError('INSUFFICIENT_STOCK', 'quantity', 'INSUFFICIENT_STOCK');
  if (delta !== 0)
    await recordAudit(ctx, {
      entity: 'stock_set_aside',
      entityId: `${data.warehouse_id}:${data.catalog_id}:${data.channel_id}`,
      action: 'update',
      before: { quantity: data.quantity - delta },
      after: { quantity: data.quantity },
    });
  return getAllocation(ctx, { warehouse_id: data.warehouse_id, catalog_id: data.catalog_id });
}

/** Replaces the warehouse's channel rules (and a SKU's safety stock), then answers with the resulting shares. */
export async function saveAllocation(ctx: TenantCtx, input: AllocationInput): Promise<AllocationView> {
  const data = parse(AllocationInput, input);
  await warehouseOrFieldError(ctx, data.warehouse_id);
  for (const [i, rule] of data.rules.entries()) await channelOrFieldError(ctx, rule.channel_id, `rules.${i}.channel_id`);
  if (data.safety_stock !== undefined) {
    if (!data.catalog_id)
      throw new DomainError('VALIDATION_FAILED', { fields: [{ path: 'catalog_id', code: 'REQUIRED', message: 'REQUIRED' }] });
    await checkCatalogs(ctx, [data.catalog_id], 'catalog_id');
    await setSafetyStock(ctx, data.warehouse_id, data.catalog_id, data.safety_stock);
  }
  await replaceAllocationRules(
    ctx,
    data.warehouse_id,
    data.rules.map((r) => ({ channelId: r.channel_id, mode: r.mode, value: r.value, buffer: r.buffer })),
  );
  await recordAudit(ctx, { entity: 'stock_allocation', entityId: data.warehouse_id, action: 'update', before: null, after: data });
  return getAllocation(ctx, { warehouse_id: data.warehouse_id, catalog_id: data.catalog_id });
}
