import { allocateToChannel } from '@kelola/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { TenantCtx } from '../../http/context.ts';
import { catalogRefs } from '../catalog/index.ts';
import type { ChannelValue } from '../channels/index.ts';
import { listWarehouseOptions } from '../warehouses/index.ts';
import { channelAllocations, stockBalances, stockSetAsides } from './inventory.schema.ts';
import { availableOf } from './stock-balances.repository.ts';

// The `channelStock` port (ADR 0030): what a shop is told a SKU's stock is. Every warehouse holding the SKU gives the
// channel its share by the warehouse's rule for that channel (ADR 0011), or all of its available stock when the
// warehouse has no rule for the channel, plus the stock set aside for the channel there. Bundles are not pushed yet.

const NO_RULE = { mode: 'PERCENTAGE', value: 100, buffer: 0 } as const;

export async function channelStockOf(ctx: TenantCtx, channelId: string, catalogIds: readonly string[]): Promise<Map<string, ChannelValue>> {
  const out = new Map<string, ChannelValue>();
  // Bundles hold no stock of their own: they are left out (not pushed) rather than told 0, until their availability
  // from the components is pushed too. SKUs gone from the catalog are left out as well.
  const ids = (await catalogRefs(ctx, [...new Set(catalogIds)])).filter((r) => r.productType !== 'BUNDLING').map((r) => r.id);
  if (ids.length === 0) return out;
  const ws = ctx.workspaceId;
  const [balances, rules, asides, warehouses] = await Promise.all([
    ctx.db
      .select()
      .from(stockBalances)
      .where(and(eq(stockBalances.workspaceId, ws), inArray(stockBalances.catalogId, ids))),
    ctx.db
      .select()
      .from(channelAllocations)
      .where(and(eq(channelAllocations.workspaceId, ws), eq(channelAllocations.channelId, channelId))),
    ctx.db
      .select()
      .from(stockSetAsides)
      .where(and(eq(stockSetAsides.workspaceId, ws), eq(stockSetAsides.channelId, channelId), inArray(stockSetAsides.catalogId, ids))),
    listWarehouseOptions(ctx),
  ]);
  const ruleOf = new Map(rules.map((r) => [r.warehouseId, r]));
  const asideOf = new Map(asides.map((a) => [`${a.warehouseId}|${a.catalogId}`, a.quantity]));
  const nameOf = new Map(warehouses.map((w) => [w.id, w.name]));
  for (const id of ids) {
    const parts = balances
      .filter((b) => b.catalogId === id)
      .sort((a, b) => (nameOf.get(a.warehouseId) ?? a.warehouseId).localeCompare(nameOf.get(b.warehouseId) ?? b.warehouseId))
      .map((b) => {
        const rule = ruleOf.get(b.warehouseId) ?? NO_RULE;
        const share = allocateToChannel(availableOf(b), rule, asideOf.get(`${b.warehouseId}|${id}`) ?? 0);
        return { name: nameOf.get(b.warehouseId) ?? '', ...share };
      });
    if (parts.length === 0) {
      out.set(id, { value: 0, explanation: { id: '0 (belum ada stok di gudang mana pun)', en: '0 (no stock in any warehouse yet)' } });
      continue;
    }
    const total = parts.reduce((sum, p) => sum + p.quantity, 0);
    if (parts.length === 1) {
      const [only] = parts;
      out.set(id, {
        value: total,
        explanation: { id: `${only!.explanation.id} (${only!.name})`, en: `${only!.explanation.en} (${only!.name})` },
      });
      continue;
    }
    out.set(id, {
      value: total,
      explanation: {
        id: `${total} = ${parts.map((p) => `${p.quantity} dari ${p.name} (${p.explanation.id})`).join(' + ')}`,
        en: `${total} = ${parts.map((p) => `${p.quantity} from ${p.name} (${p.explanation.en})`).join(' + ')}`,
      },
    });
  }
  return out;
}
