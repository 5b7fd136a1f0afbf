import { allocateToChannel } from '@kelola/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { TenantCtx } from '../../http/context.ts';
import { bundleCatalogsContaining, bundleComponentsOf, catalogRefs } from '../catalog/index.ts';
import { stockWarehousesOfShop, type ChannelStockDependents, type ChannelValue } from '../channels/index.ts';
import { listWarehouseOptions } from '../warehouses/index.ts';
import { channelAllocations, stockBalances, stockSetAsides } from './inventory.schema.ts';
import { availableOf } from './stock-balances.repository.ts';

// The `channelStock` port (ADR 0030, ADR 0039): what a shop is told a SKU's stock is. Only the shop's warehouses count:
// the ones its marketplace warehouses are mapped to, else the one its orders fall back to. Each of them gives the
// channel its share by the warehouse's rule for that channel (ADR 0011), or all of its available stock when the
// warehouse has no rule for the channel, plus the stock set aside for the channel there. A bundle gets the number of
// whole bundles its components' channel stock makes: min over components of ⌊component stock / quantity per bundle⌋.

const NO_RULE = { mode: 'PERCENTAGE', value: 100, buffer: 0 } as const;

type Text = { id: string; en: string };

/** Which warehouses were counted, said after every number. */
function countedText(rule: 'mapped' | 'fallback', names: readonly string[]): Text {
  if (names.length === 0) return { id: 'toko ini belum punya gudang', en: 'the shop has no warehouse' };
  const list = names.join(', ');
  return rule === 'mapped'
    ? { id: `dihitung dari gudang yang dipetakan ke toko: ${list}`, en: `counted from the warehouses mapped to the shop: ${list}` }
    : {
        id: `dihitung dari ${list}, gudang pesanan toko (belum ada gudang yang dipetakan)`,
        en: `counted from ${list}, the shop's order warehouse (no warehouse mapped yet)`,
      };
}

export async function channelStockOf(ctx: TenantCtx, channelId: string, catalogIds: readonly string[]): Promise<Map<string, ChannelValue>> {
  const out = new Map<string, ChannelValue>();
  // SKUs gone from the catalog are left out (nothing is pushed for them).
  const refs = await catalogRefs(ctx, [...new Set(catalogIds)]);
  if (refs.length === 0) return out;
  const bundles = refs.filter((r) => r.productType === 'BUNDLING');
  const components = new Map(await Promise.all(bundles.map(async (b) => [b.id, await bundleComponentsOf(ctx, b.productId)] as const)));
  const singleIds = [
    ...new Set([
      ...refs.filter((r) => r.productType !== 'BUNDLING').map((r) => r.id),
      ...[...components.values()].flat().map((c) => c.catalogId),
    ]),
  ];
  const shop = await stockWarehousesOfShop(ctx, channelId);
  const warehouses = await listWarehouseOptions(ctx);
  const nameOf = new Map(warehouses.map((w) => [w.id, w.name]));
  const countedNames = shop.warehouseIds.map((id) => nameOf.get(id) ?? id).sort((a, b) => a.localeCompare(b));
  const counted = countedText(shop.rule, countedNames);
  const singles = await singleValues(ctx, channelId, singleIds, shop.warehouseIds, nameOf);
  const withCounted = (value: ChannelValue): ChannelValue => ({
    value: value.value,
    explanation: { id: `${value.explanation.id}; ${counted.id}`, en: `${value.explanation.en}; ${counted.en}` },
  });

  for (const ref of refs) {
    if (ref.productType !== 'BUNDLING') {
      out.set(ref.id, withCounted(singles.get(ref.id)!));
      continue;
    }
    const parts = (components.get(ref.id) ?? []).map((c) => {
      const stock = singles.get(c.catalogId)?.value ?? 0;
      return { sku: c.sku, stock, quantity: c.quantity, bundles: Math.max(0, Math.floor(stock / c.quantity)) };
    });
    if (parts.length === 0) {
      out.set(ref.id, withCounted({ value: 0, explanation: { id: '0 (paket tanpa komponen)', en: '0 (a bundle without components)' } }));
      continue;
    }
    const value = Math.min(...parts.map((p) => p.bundles));
    const each = (word: string) => parts.map((p) => `${p.sku} ⌊${p.stock} ${word} ${p.quantity}⌋ = ${p.bundles}`).join(', ');
    out.set(
      ref.id,
      withCounted({
        value,
        explanation: {
          id: `${value} paket = terkecil dari stok kanal komponen dibagi jumlah per paket: ${each('÷')}`,
          en: `${value} bundles = the least of the components' channel stock divided by the quantity per bundle: ${each('÷')}`,
        },
      }),
    );
  }
  return out;
}

/** The channel stock of single SKUs, from the counted warehouses only. */
async function singleValues(
  ctx: TenantCtx,
  channelId: string,
  ids: readonly string[],
  warehouseIds: readonly string[],
  nameOf: ReadonlyMap<string, string>,
): Promise<Map<string, ChannelValue>> {
  const out = new Map<string, ChannelValue>();
  if (ids.length === 0) return out;
  const ws = ctx.workspaceId;
  const [balances, rules, asides] =
    warehouseIds.length === 0
      ? [[], [], []]
      : await Promise.all([
          ctx.db
            .select()
            .from(stockBalances)
            .where(
              and(
                eq(stockBalances.workspaceId, ws),
                inArray(stockBalances.catalogId, [...ids]),
                inArray(stockBalances.warehouseId, [...warehouseIds]),
              ),
            ),
          ctx.db
            .select()
            .from(channelAllocations)
            .where(and(eq(channelAllocations.workspaceId, ws), eq(channelAllocations.channelId, channelId))),
          ctx.db
            .select()
            .from(stockSetAsides)
            .where(
              and(
                eq(stockSetAsides.workspaceId, ws),
                eq(stockSetAsides.channelId, channelId),
                inArray(stockSetAsides.catalogId, [...ids]),
                inArray(stockSetAsides.warehouseId, [...warehouseIds]),
              ),
            ),
        ]);
  const ruleOf = new Map(rules.map((r) => [r.warehouseId, r]));
  const asideOf = new Map(asides.map((a) => [`${a.warehouseId}|${a.catalogId}`, a.quantity]));
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
      out.set(id, { value: 0, explanation: { id: '0 (belum ada stok di gudang toko)', en: "0 (no stock in the shop's warehouses yet)" } });
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

/** The `channelStockDependents` port: a component's movement re-pushes the bundles that contain it. */
export const channelStockDependents: ChannelStockDependents = (ctx, catalogIds) => bundleCatalogsContaining(ctx, catalogIds);
