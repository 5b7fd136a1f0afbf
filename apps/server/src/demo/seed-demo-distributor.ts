import { and, asc, eq } from 'drizzle-orm';
import type { TenantCtx } from '../http/context.ts';
import { getProduct } from '../modules/catalog/index.ts';
import { products } from '../modules/catalog/catalog.schema.ts';
import type { DistributorChannel } from '@kelola/contracts/distributor-channel';
import { createDistributorChannel, saveDistributorProduct } from '../modules/channels/index.ts';

/**
 * The demo's distributor channel (ADR 0047): three master products at 80 % of their price, one with a price rise.
 * Answers the channel (its distributors are seeded by seed-demo-distributors.ts).
 */
export async function seedDemoDistributor(ctx: TenantCtx): Promise<DistributorChannel> {
  const channel = await createDistributorChannel(ctx, { name: 'Kanal Distributor' });
  const rows = await ctx.db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.workspaceId, ctx.workspaceId)))
    .orderBy(asc(products.name))
    .limit(3);
  for (const [index, row] of rows.entries()) {
    const product = await getProduct(ctx, row.id);
    if (product.catalogs.length === 0) continue;
    const master = { id: product.id, name: product.name, catalogs: product.catalogs.map((c) => ({ id: c.id, sku: c.sku, name: c.name })) };
    const skus = product.catalogs.map((c) => ({
      catalog_id: c.id,
      price: Math.max(1, Math.round((c.price * 0.8) / 100) * 100),
      effective_date: '2026-01-01',
    }));
    await saveDistributorProduct(ctx, channel.id, master, { status: index === 2 ? 'inactive' : 'active', min_order: 12, skus }, 'CREATE');
    if (index === 0)
      await saveDistributorProduct(
        ctx,
        channel.id,
        master,
        {
          status: 'active',
          min_order: 12,
          skus: skus.map((s) => ({ ...s, price: Math.round((s.price * 1.05) / 100) * 100, effective_date: '2026-07-01' })),
        },
        'UPDATE',
      );
  }
  return channel;
}
