export { areaNames, checkAreaPath, getArea, listAreas, type AreaPath } from './areas.service.ts';
export { loadAreas, type LoadAreasOptions, type LoadAreasResult } from './areas.loader.ts';
