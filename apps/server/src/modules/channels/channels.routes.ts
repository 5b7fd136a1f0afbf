import { Channel, ChannelCallList, ChannelCallQuery, ChannelParams, PushParams } from '@kelola/contracts/channels';
import { z } from 'zod';
import type { Router } from '../../http/route.ts';
import * as channels from './channels.service.ts';

const tags = ['channels'];

/** Connected shops, their call log, and the marketplaces' push endpoint. */
export function registerChannelRoutes({ route }: Router): void {
  route(
    {
      method: 'GET',
      url: '/api/channels',
      permission: ['store-list', 'READ'],
      tags,
      summary: 'Connected shops of the workspace',
      response: z.object({ items: z.array(Channel) }),
    },
    (ctx) => channels.listChannels(ctx),
  );
  route(
    { method: 'GET', url: '/api/channels/:id', permission: ['store-list', 'READ'], tags, params: ChannelParams, response: Channel },
    (ctx, { params }) => channels.getChannel(ctx, params.id),
  );
  route(
    {
      method: 'GET',
      url: '/api/channels/:id/calls',
      permission: ['store-list', 'READ'],
      tags,
      summary: 'Every call Kelola made to the marketplace for this shop, newest first',
      params: ChannelParams,
      querystring: ChannelCallQuery,
      response: ChannelCallList,
    },
    (ctx, { params, query }) => channels.listChannelCalls(ctx, params.id, query),
  );
  route(
    {
      method: 'POST',
      url: '/api/channels/push/:marketplace',
      // The marketplace's signature is the authentication, checked by its adapter over the raw body.
      permission: 'public',
      rawBody: true,
      tags,
      summary: 'Marketplace push notifications (webhooks); answers 204 with an empty body',
      params: PushParams,
    },
    (ctx, { params, request, rawBody }) =>
      channels.receivePush(ctx, params.marketplace, {
        url: `${ctx.config.publicUrl.replace(/\/$/u, '')}${request.url}`,
        headers: Object.fromEntries(
          Object.entries(request.headers).map(([key, value]) => [key, Array.isArray(value) ? value.join(',') : value]),
        ),
        rawBody: rawBody ?? '',
      }),
  );
}
