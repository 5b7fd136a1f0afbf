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
