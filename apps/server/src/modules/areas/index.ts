import type { KelolaModule } from '../../http/context.ts';
import { registerAreaRoutes } from './areas.routes.ts';
export { areaNames, checkAreaPath, getArea, listAreas, type AreaPath } from './areas.service.ts';
export { loadAreas, type LoadAreasOptions, type LoadAreasResult } from './areas.loader.ts';

/** Indonesian administrative areas: reference data for address forms. */
export const areasModule: KelolaModule = { name: 'areas', routes: registerAreaRoutes };
