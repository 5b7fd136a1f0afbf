import { parseIdentifier } from '@kelola/domain';
import { z } from 'zod';
import { registerAccountRoutes } from '../flows/account.routes.ts';
import { registerOrderFlowRoutes } from '../flows/orders.routes.ts';
import { registerAreaRoutes } from '../modules/areas/areas.routes.ts';
import { registerBusinessRoutes } from '../modules/businesses/businesses.routes.ts';
import { registerCatalogSearchRoute } from '../modules/catalog/catalog-search.ts';
import { registerCatalogRoutes } from '../modules/catalog/catalog.routes.ts';
import { provideStockView } from '../modules/catalog/index.ts';
import { registerChannelPriceRoutes } from '../modules/catalog/channel-prices.routes.ts';
import { registerChannelRoutes } from '../modules/channels/channels.routes.ts';
import { registerIdentityRoutes } from '../modules/identity/identity.routes.ts';
import { inventoryStockView } from '../modules/inventory/index.ts';
import { registerInventoryRoutes } from '../modules/inventory/inventory.routes.ts';
import { registerOrderRoutes } from '../modules/orders/orders.routes.ts';
import { registerProductUnitRoutes } from '../modules/inventory/product-units.ts';
import { registerPricingRoutes } from '../modules/pricing/pricing.routes.ts';
import { registerWarehouseRoutes } from '../modules/warehouses/warehouses.routes.ts';
import { registerWorkspaceRoutes } from '../modules/workspaces/workspaces.routes.ts';
import type { Platform } from '../platform/platform.ts';
import { listOutbox } from '../platform/outbox/outbox.ts';
import { listAudit } from '../platform/audit/audit.ts';
import type { TenantCtx } from './context.ts';
import type { Router } from './route.ts';

/** Every module's routes, in one place so the route table can be walked by a test. */
export function registerRoutes(router: Router, platform: Platform): void {
  const { route } = router;
  registerAccountRoutes(router);
  registerIdentityRoutes(router, platform.config);
  registerWorkspaceRoutes(router);
  registerAreaRoutes(router);
  registerBusinessRoutes(router);
  registerChannelRoutes(router);
  registerWarehouseRoutes(router);
  registerPricingRoutes(router);
  // The catalog sees stock through its port; the inventory module implements it (it depends on the catalog).
  provideStockView(inventoryStockView);
  registerCatalogRoutes(router);
  registerCatalogSearchRoute(router);
  registerChannelPriceRoutes(router);
  registerInventoryRoutes(router);
  registerProductUnitRoutes(router);
  registerOrderRoutes(router);
  registerOrderFlowRoutes(router);

  route(
    {
      method: 'GET',
      url: '/api/health',
      permission: 'public',
      transaction: false,
      tags: ['platform'],
      response: z.object({ status: z.literal('ok') }),
    },
    async () => ({
      status: 'ok' as const,
    }),
  );

  route(
    {
      method: 'GET',
      url: '/api/ready',
      permission: 'public',
      tags: ['platform'],
      response: z.object({ status: z.literal('ready'), database: z.string() }),
    },
    async (ctx) => {
      await ctx.db.execute('select 1');
      return { status: 'ready' as const, database: platform.database.kind };
    },
  );

  route(
    {
      method: 'GET',
      url: '/api/audit',
      permission: ['user-management', 'READ'],
      tags: ['platform'],
      summary: 'Audit log of the workspace: who changed what, newest first',
      querystring: z.object({
        entity: z.string().max(64).optional(),
        entity_id: z.string().max(64).optional(),
        before: z.uuid().optional(),
        limit: z.coerce.number().int().min(1).max(200).default(50),
      }),
    },
    async (ctx, { query }) => ({
      items: await listAudit(ctx as TenantCtx, {
        entity: query.entity,
        entityId: query.entity_id,
        before: query.before,
        limit: query.limit,
      }),
    }),
  );

  if (platform.config.devOutbox) {
    route(
      {
        method: 'GET',
        url: '/api/dev/outbox',
        permission: 'public',
        tags: ['dev'],
        summary: 'Embedded mode only: every e-mail and SMS the product sent, newest first',
        querystring: z.object({ to: z.string().max(200).optional() }),
      },
      async (ctx, { query }) => {
        const to = query.to?.trim();
        return { items: await listOutbox(ctx, to ? (parseIdentifier(to)?.value ?? to) : undefined) };
      },
    );
  }
}
