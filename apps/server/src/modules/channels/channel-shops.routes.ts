import {
  AddStoreResult,
  AuthorizeBody,
  AuthUrl,
  AuthUrlBody,
  ChannelHealth,
  ConfirmStoreBody,
  EditMappingBody,
  FailedCall,
  FailedCallParams,
  Integration,
  IntegrationParams,
  MappingParams,
  MapWarehouseBody,
  MultiMapBody,
  ShopWarehouses,
  Store,
  StoreData,
  StoreForm,
  StoreQuery,
  WarehouseMapping,
} from '@kelola/contracts/channel-shops';
import { ChannelParams } from '@kelola/contracts/channels';
import { z } from 'zod';
import type { Router } from '../../http/route.ts';
import * as shops from './channel-shops.service.ts';

const tags = ['channels'];
const READ = ['store-list', 'READ'] as const;
const WRITE = ['store-list', 'WRITE'] as const;

/** Shops in the app: /integration, the OAuth return pages' authorize call, /store, /add-store, /admin-store, mapping, health. */
export function registerShopRoutes({ route }: Router): void {
  route(
    {
      method: 'GET',
      url: '/api/integrations',
      permission: READ,
      tags,
      summary: 'Spec /integration/list: every marketplace with its state',
      response: z.object({ items: z.array(Integration) }),
    },
    (ctx) => shops.listIntegrations(ctx),
  );
  route(
    {
      method: 'POST',
      url: '/api/integrations/:code/auth-url',
      permission: WRITE,
      tags,
      summary: 'Spec POST …/integration/cmd/auth-url (Shopee, Lazada) and GET …/auth/authorized-url (TikTok Shop, Tokopedia)',
      params: IntegrationParams,
      body: AuthUrlBody,
      response: AuthUrl,
    },
    async (ctx, { params, body }) => shops.authorizationUrl(ctx, params.code, body.redirect_url),
  );
  route(
    {
      method: 'POST',
      url: '/api/integrations/:code/authorize',
      permission: WRITE,
      tags,
      summary: 'Spec POST …/integration/cmd/authorize: the OAuth return page hands over the code; 202, 409 when confirmed already',
      params: IntegrationParams,
      body: AuthorizeBody,
      response: AddStoreResult,
      status: 202,
    },
    (ctx, { params, body }) => shops.authorize(ctx, params.code, body),
  );
  route(
    {
      method: 'GET',
      url: '/api/stores',
      permission: READ,
      tags,
      summary: 'Spec /store: shops with status connected, disconnected or inactive',
      querystring: StoreQuery,
      response: z.object({ items: z.array(Store) }),
    },
    (ctx, { query }) => shops.listStores(ctx, query),
  );
  route(
    {
      method: 'POST',
      url: '/api/stores',
      permission: WRITE,
      tags,
      summary: 'Spec /add-store: a Blibli or Zalora shop from its keys; 202, 409 when connected already',
      body: StoreForm,
      response: AddStoreResult,
      status: 202,
    },
    (ctx, { body }) => shops.addStore(ctx, body),
  );
  route({ method: 'GET', url: '/api/stores/:id', permission: READ, tags, params: ChannelParams, response: Store }, (ctx, { params }) =>
    shops.getStore(ctx, params.id),
  );
  route(
    {
      method: 'POST',
      url: '/api/stores/:id/confirm',
      permission: WRITE,
      tags,
      summary: 'Spec /admin-store, POST …/cmd/{channelId}/confirm',
      params: ChannelParams,
      body: ConfirmStoreBody,
      response: Store,
    },
    (ctx, { params, body }) => shops.confirmStore(ctx, params.id, body),
  );
  route(
    {
      method: 'PUT',
      url: '/api/stores/:id/data',
      permission: WRITE,
      tags,
      summary: 'Spec PUT /integration/{channel_id}/data, /integration/cmd/{channel_id}/data, Blibli PUT cmd/data: name, settings, keys',
      params: ChannelParams,
      body: StoreData,
      response: Store,
    },
    (ctx, { params, body }) => shops.updateStoreData(ctx, params.id, body),
  );
  route(
    {
      method: 'PUT',
      url: '/api/stores/:id/disconnect',
      permission: WRITE,
      tags,
      summary: 'Spec PUT /channel/{code}/integration/cmd/disconnect',
      params: ChannelParams,
      response: Store,
    },
    (ctx, { params }) => shops.disconnectStore(ctx, params.id),
  );
  route(
    {
      method: 'PUT',
      url: '/api/stores/:id/reconnect',
      permission: WRITE,
      tags,
      summary: 'Spec PUT /channel/{code}/integration/cmd/reconnect; 409 CHANNEL_REAUTHORIZE_REQUIRED when revoked',
      params: ChannelParams,
      response: Store,
    },
    (ctx, { params }) => shops.reconnectStore(ctx, params.id),
  );
  route(
    {
      method: 'GET',
      url: '/api/stores/:id/warehouses',
      permission: READ,
      tags,
      summary: "Spec warehouse mapping lists: the marketplace's warehouses of the shop with their mapping",
      params: ChannelParams,
      response: ShopWarehouses,
    },
    (ctx, { params }) => shops.listShopWarehouses(ctx, params.id),
  );
  route(
    {
      method: 'POST',
      url: '/api/stores/:id/warehouse-mappings',
      permission: WRITE,
      tags,
      summary: 'Spec POST channel/{code}/shop/cmd/warehouse/map',
      params: ChannelParams,
      body: MapWarehouseBody,
      response: WarehouseMapping,
      status: 201,
    },
    (ctx, { params, body }) => shops.mapWarehouse(ctx, params.id, body),
  );
  route(
    {
      method: 'POST',
      url: '/api/stores/:id/warehouse-mappings/multi',
      permission: WRITE,
      tags,
      summary: 'Spec POST …/warehouse/map/multi',
      params: ChannelParams,
      body: MultiMapBody,
      response: z.object({ items: z.array(WarehouseMapping) }),
    },
    (ctx, { params, body }) => shops.multiMapWarehouses(ctx, params.id, body.items),
  );
  route(
    {
      method: 'PUT',
      url: '/api/stores/:id/warehouse-mappings/:mappingId',
      permission: WRITE,
      tags,
      summary: 'Spec PUT …/warehouse/map/{mapping_id}',
      params: MappingParams,
      body: EditMappingBody,
      response: WarehouseMapping,
    },
    (ctx, { params, body }) => shops.editMapping(ctx, params.id, params.mappingId, body.warehouse_id),
  );
  route(
    {
      method: 'DELETE',
      url: '/api/stores/:id/warehouse-mappings/:mappingId',
      permission: WRITE,
      tags,
      summary: 'Spec DELETE integration/cmd/warehouse/map',
      params: MappingParams,
    },
    (ctx, { params }) => shops.unmapWarehouse(ctx, params.id, params.mappingId),
  );
  route(
    {
      method: 'GET',
      url: '/api/stores/:id/health',
      permission: READ,
      tags,
      summary: 'Channel health: token expiry, last order sync, last stock push, failed calls',
      params: ChannelParams,
      response: ChannelHealth,
    },
    (ctx, { params }) => shops.channelHealth(ctx, params.id),
  );
  route(
    {
      method: 'POST',
      url: '/api/stores/:id/failed-calls/:callId/retry',
      permission: WRITE,
      tags,
      summary: 'Queues a failed marketplace call again',
      params: FailedCallParams,
      response: FailedCall,
      status: 202,
    },
    (ctx, { params }) => shops.retryFailedCall(ctx, params.id, params.callId),
  );
}
