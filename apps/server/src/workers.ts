import { registerCatalogWorkers } from './modules/catalog/index.ts';
import { registerChannelWorkers } from './modules/channels/index.ts';
import { registerInventoryWorkers } from './modules/inventory/index.ts';
import { registerOrderWorkers } from './flows/orders.jobs.ts';
import { registerOutboxWorker } from './platform/outbox/outbox.ts';
import type { Platform } from './platform/platform.ts';

/** Every job handler; the same code runs in `npm start` (embedded) and in `npm run worker`. */
export async function registerWorkers(platform: Platform): Promise<void> {
  await registerOutboxWorker(platform.database, platform.jobs, platform.mailer);
  await registerChannelWorkers(platform);
  await registerCatalogWorkers(platform);
  await registerInventoryWorkers(platform);
  await registerOrderWorkers(platform);
}
