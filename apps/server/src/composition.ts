import type { Config } from './config.ts';
import { channelProductFlows } from './flows/channel-products.ts';
import { distributorFlows } from './flows/distributor-products.ts';
import { fulfillmentFlows } from './flows/fulfillment.jobs.ts';
import { orderExportFlows } from './flows/order-export.routes.ts';
import { orderFlows } from './flows/orders.jobs.ts';
import { publishFlows } from './flows/publish-product.ts';
import type { KelolaModule, Ports } from './http/context.ts';
import type { Router } from './http/route.ts';
import { areasModule } from './modules/areas/index.ts';
import { businessesModule } from './modules/businesses/index.ts';
import { catalogModule } from './modules/catalog/index.ts';
import { channelsModule } from './modules/channels/index.ts';
import { fulfillmentModule } from './modules/fulfillment/index.ts';
import { documentsModule } from './modules/documents/index.ts';
import { identityModule } from './modules/identity/index.ts';
import { inventoryModule } from './modules/inventory/index.ts';
import { ordersModule } from './modules/orders/index.ts';
import { promotionsModule } from './modules/promotions/index.ts';
import { financeModule } from './modules/finance/index.ts';
import { pricingModule } from './modules/pricing/index.ts';
import { purchasingModule } from './modules/purchasing/index.ts';
import { distributorsModule } from './modules/distributors/index.ts';
import { warehousesModule } from './modules/warehouses/index.ts';
import { workspacesModule } from './modules/workspaces/index.ts';
import { createPlatform } from './platform/create-platform.ts';
import { registerOutboxWorker } from './platform/outbox/outbox.ts';
import type { Platform } from './platform/platform.ts';

/**
 * The composition root (ADR 0020): every module (and flow set), in the order their routes are registered. A new module adds its
 * `…Module` here; what it provides to others is wired below, and the HTTP server and `npm run worker` both use this.
 */
export const MODULES: readonly KelolaModule[] = [
  identityModule,
  workspacesModule,
  areasModule,
  businessesModule,
  channelsModule,
  warehousesModule,
  pricingModule,
  catalogModule,
  inventoryModule,
  ordersModule,
  fulfillmentModule,
  promotionsModule,
  financeModule,
  purchasingModule,
  distributorsModule,
  // Flows take part like modules: their routes, workers and the handlers they provide (they span several modules).
  orderFlows,
  channelProductFlows,
  publishFlows,
  distributorFlows,
  fulfillmentFlows,
  documentsModule,
  orderExportFlows,
];

/** The ports the modules provide: one provider for each single port, every provider's handlers for a list port. */
export function composePorts(modules: readonly KelolaModule[] = MODULES): Ports {
  const stock = modules.flatMap((m) => (m.provides?.stock ? [m.provides.stock] : []));
  if (stock.length !== 1) throw new Error(`exactly one module must provide the stock port; ${stock.length} do`);
  const single = <K extends 'channelStock' | 'channelStockDependents' | 'channelPrice'>(key: K): Ports[K] => {
    const found = modules.flatMap((m) => (m.provides?.[key] ? [m.provides[key]] : []));
    if (found.length !== 1) throw new Error(`exactly one module must provide the ${key} port; ${found.length} do`);
    return found[0] as Ports[K];
  };
  return {
    stock: stock[0]!,
    channelStock: single('channelStock'),
    channelStockDependents: single('channelStockDependents'),
    channelPrice: single('channelPrice'),
    channelEvents: modules.flatMap((m) => m.provides?.channelEvents ?? []),
    channelCallSettled: modules.flatMap((m) => m.provides?.channelCallSettled ?? []),
    stockArrived: modules.flatMap((m) => m.provides?.stockArrived ?? []),
  };
}

/** The platform with the modules' ports wired in: what main.ts, the test app and the benchmarks start from. */
export function openPlatform(config: Config, options: { inMemory?: boolean; snapshot?: Blob } = {}): Promise<Platform> {
  return createPlatform(config, { ...options, ports: composePorts() });
}

/** Every module's routes (the platform's own and the flows' routes are added by http/register-routes.ts). */
export function registerModuleRoutes(router: Router, platform: Platform): void {
  for (const module of MODULES) module.routes?.(router, platform);
}

/** Every job handler; the same code runs in `npm start` (embedded) and in `npm run worker`. */
export async function registerWorkers(platform: Platform): Promise<void> {
  await registerOutboxWorker(platform.database, platform.jobs, platform.mailer);
  for (const module of MODULES) await module.workers?.(platform);
}
