import { Business, BusinessInput, BusinessList, BusinessParams } from '@kelola/contracts';
import type { Router } from '../../http/route.ts';
import { fromBusinessInput, toBusinessJson } from './businesses.mapper.ts';
import * as businesses from './businesses.service.ts';

const tags = ['businesses'];

/**
 * Client businesses (spec part 3). Guarded by the store-list menu key, the settings entry where the spec checks
 * "WRITE on store-list"; every member still gets the businesses of the selector through GET /api/me.
 */
export function registerBusinessRoutes({ route }: Router): void {
  route(
    {
      method: 'GET',
      url: '/api/businesses',
      permission: ['store-list', 'READ'],
      tags,
      summary: 'Businesses the member may see',
      response: BusinessList,
    },
    async (ctx) => {
      const items = (await businesses.listBusinesses(ctx)).map(toBusinessJson);
      return { items, total_row: items.length };
    },
  );
  route(
    { method: 'GET', url: '/api/businesses/:id', permission: ['store-list', 'READ'], tags, params: BusinessParams, response: Business },
    async (ctx, { params }) => toBusinessJson(await businesses.getBusiness(ctx, params.id)),
  );
  route(
    {
      method: 'POST',
      url: '/api/businesses',
      permission: ['store-list', 'WRITE'],
      tags,
      body: BusinessInput,
      response: Business,
      status: 201,
    },
    async (ctx, { body }) => toBusinessJson(await businesses.createBusiness(ctx, fromBusinessInput(body))),
  );
  route(
    {
      method: 'PUT',
      url: '/api/businesses/:id',
      permission: ['store-list', 'WRITE'],
      tags,
      params: BusinessParams,
      body: BusinessInput,
      response: Business,
    },
    async (ctx, { params, body }) => toBusinessJson(await businesses.updateBusiness(ctx, params.id, fromBusinessInput(body))),
  );
}
