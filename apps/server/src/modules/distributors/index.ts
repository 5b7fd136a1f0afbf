import type { KelolaModule } from '../../http/context.ts';
import { registerDistributorRoutes } from './distributors.routes.ts';
export { createDistributor, deleteDistributor, getDistributor, listDistributors, updateDistributor } from './distributors.service.ts';

/** The distributors of the workspace's distributor channel (ADR 0071). */
export const distributorsModule: KelolaModule = { name: 'distributors', routes: registerDistributorRoutes };
