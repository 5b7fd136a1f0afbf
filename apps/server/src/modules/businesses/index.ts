import type { KelolaModule } from '../../http/context.ts';
import { registerBusinessRoutes } from './businesses.routes.ts';
export {
  businessNames,
  createBusiness,
  getBusiness,
  isVisibleBusiness,
  listBusinesses,
  updateBusiness,
  type BusinessRow,
  type NewBusiness,
} from './businesses.service.ts';

export { businessOptionsJsonSql } from './businesses.service.ts';

/** Businesses of a workspace. */
export const businessesModule: KelolaModule = { name: 'businesses', routes: registerBusinessRoutes };
