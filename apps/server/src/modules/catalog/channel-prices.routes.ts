import {
  CatalogChannelPrices,
  ChannelPrice,
  ChannelPriceInput,
  ChannelPriceList,
  ChannelPriceListQuery,
  ChannelPriceParams,
  IdParams,
} from '@kelola/contracts';
import type { Router } from '../../http/route.ts';
import * as prices from './channel-prices.service.ts';

const tags = ['prices'];

/** /price: SKU prices per channel, derived from the product's formula or set by hand (spec part 3 price_list). */
export function registerChannelPriceRoutes({ route }: Router): void {
  route(
    {
      method: 'GET',
      url: '/api/channel-prices',
      permission: ['price', 'READ'],
      tags,
      summary:
        'SKUs by SKU code with their base price and effective price per channel (FORMULA or MANUAL); q, channel_id, mode, page, size',
      querystring: ChannelPriceListQuery,
      response: ChannelPriceList,
    },
    (ctx, { query }) => prices.listChannelPrices(ctx, query),
  );
  route(
    {
      method: 'GET',
      url: '/api/catalogs/:id/channel-prices',
      permission: ['price', 'READ'],
      tags,
      summary: "One SKU's price on every channel of the workspace",
      params: IdParams,
      response: CatalogChannelPrices,
    },
    (ctx, { params }) => prices.getCatalogChannelPrices(ctx, params.id),
  );
  route(
    {
      method: 'PUT',
      url: '/api/catalogs/:id/channel-prices/:channelId',
      permission: ['price', 'WRITE'],
      tags,
      summary: 'Sets a manual price (whole rupiah; price_sales ≤ price_msrp) of a SKU on a channel',
      params: ChannelPriceParams,
      body: ChannelPriceInput,
      response: ChannelPrice,
    },
    (ctx, { params, body }) => prices.setManualChannelPrice(ctx, params.id, params.channelId, body),
  );
  route(
    {
      method: 'DELETE',
      url: '/api/catalogs/:id/channel-prices/:channelId',
      permission: ['price', 'WRITE'],
      tags,
      summary: 'Puts the price of a SKU on a channel back on the formula',
      params: ChannelPriceParams,
    },
    (ctx, { params }) => prices.useFormulaChannelPrice(ctx, params.id, params.channelId),
  );
}
