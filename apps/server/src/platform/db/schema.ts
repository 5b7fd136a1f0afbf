// The list drizzle-kit reads to generate migrations: every table of every module.
export * from '../audit/audit.schema.ts';
export * from '../exports/exports.schema.ts';
export * from '../outbox/outbox.schema.ts';
export * from '../../modules/areas/areas.schema.ts';
export * from '../../modules/businesses/businesses.schema.ts';
export * from '../../modules/catalog/catalog.schema.ts';
export * from '../../modules/catalog/channel-prices.schema.ts';
export * from '../../modules/channels/channels.schema.ts';
export * from '../../modules/identity/identity.schema.ts';
export * from '../../modules/inventory/inventory.schema.ts';
export * from '../../modules/pricing/pricing.schema.ts';
export * from '../../modules/warehouses/warehouses.schema.ts';
export * from '../../modules/workspaces/workspaces.schema.ts';
export { appRole } from './tenancy.ts';
export * from '../../modules/orders/orders.schema.ts';
export * from '../../modules/documents/documents.schema.ts';
