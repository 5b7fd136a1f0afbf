import { AreaDetail, AreaList, AreaListQuery, AreaParams } from '@kelola/contracts';
import type { FastifyReply } from 'fastify';
import type { Router } from '../../http/route.ts';
import * as areas from './areas.service.ts';

const tags = ['areas'];

// Reference data that changes once in years: let browsers keep it for an hour.
const cacheable = <T>(reply: FastifyReply, value: T): T => {
  void reply.header('cache-control', 'private, max-age=3600');
  return value;
};

/** Indonesian administrative areas for address forms (country → province → city → district → subdistrict). */
export function registerAreaRoutes({ route }: Router): void {
  route(
    {
      method: 'GET',
      url: '/api/areas',
      permission: 'authenticated',
      tags,
      summary: 'Children of an area; the provinces without parent',
      querystring: AreaListQuery,
      response: AreaList,
    },
    async (ctx, { query, reply }) => cacheable(reply, await areas.listAreas(ctx, query.parent)),
  );
  route(
    {
      method: 'GET',
      url: '/api/areas/:code',
      permission: 'authenticated',
      tags,
      summary: 'One area with its ancestors',
      params: AreaParams,
      response: AreaDetail,
    },
    async (ctx, { params, reply }) => cacheable(reply, await areas.getArea(ctx, params.code)),
  );
}
