import { CatalogPushQuery, ChannelPushList } from '@kelola/contracts/channel-products';
import { ChannelParams } from '@kelola/contracts/channels';
import type { Router } from '../../http/route.ts';
import { lastPushes, pushesOfCatalog } from './stock-push.service.ts';

const tags = ['channels'];

/** What each shop was last told about stock and prices, and why (ADR 0030). */
export function registerChannelProductRoutes({ route }: Router): void {
  route(
    {
      method: 'GET',
      url: '/api/channels/:id/pushes',
      permission: ['store-list', 'READ'],
      tags,
      summary: 'The stock and price numbers last pushed to this shop, with their explanations, newest first',
      params: ChannelParams,
      response: ChannelPushList,
    },
    (ctx, { params }) => lastPushes(ctx, params.id),
  );
  route(
    {
      method: 'GET',
      url: '/api/channel-pushes',
      permission: ['product', 'READ'],
      tags,
      summary: "What every shop was last told about one SKU's stock and price",
      querystring: CatalogPushQuery,
      response: ChannelPushList,
    },
    (ctx, { query }) => pushesOfCatalog(ctx, query.catalog_id),
  );
}
