import {
  Distributor,
  DistributorChannelParams,
  DistributorInput,
  DistributorList,
  DistributorListQuery,
  DistributorParams,
} from '@kelola/contracts';
import type { Router } from '../../http/route.ts';
import * as service from './distributors.service.ts';

/** The distributor channel's distributors (spec part 2 /distributor-channel/{id}/distributor-list, add-distributor; ADR 0071). */
export function registerDistributorRoutes({ route }: Router): void {
  const tags = ['distributors'];
  route(
    {
      method: 'GET',
      url: '/api/distributor-channels/:id/distributors',
      permission: ['distributor-channel', 'READ'],
      tags,
      summary: "The distributor channel's distributors, newest first, searched by code, name or phone",
      params: DistributorChannelParams,
      querystring: DistributorListQuery,
      response: DistributorList,
    },
    (ctx, { params, query }) => service.listDistributors(ctx, params.id, query),
  );
  route(
    {
      method: 'GET',
      url: '/api/distributor-channels/:id/distributors/:distributorId',
      permission: ['distributor-channel', 'READ'],
      tags,
      params: DistributorParams,
      response: Distributor,
    },
    (ctx, { params }) => service.getDistributor(ctx, params.id, params.distributorId),
  );
  route(
    {
      method: 'POST',
      url: '/api/distributor-channels/:id/distributors',
      permission: ['distributor-channel', 'WRITE'],
      tags,
      summary: 'Adds a distributor (409 DISTRIBUTOR_CODE_TAKEN on code)',
      params: DistributorChannelParams,
      body: DistributorInput,
      response: Distributor,
      status: 201,
    },
    (ctx, { params, body }) => service.createDistributor(ctx, params.id, body),
  );
  route(
    {
      method: 'PUT',
      url: '/api/distributor-channels/:id/distributors/:distributorId',
      permission: ['distributor-channel', 'WRITE'],
      tags,
      summary: 'Replaces every field of a distributor (the whole form)',
      params: DistributorParams,
      body: DistributorInput,
      response: Distributor,
    },
    (ctx, { params, body }) => service.updateDistributor(ctx, params.id, params.distributorId, body),
  );
  route(
    {
      method: 'DELETE',
      url: '/api/distributor-channels/:id/distributors/:distributorId',
      permission: ['distributor-channel', 'WRITE'],
      tags,
      params: DistributorParams,
    },
    (ctx, { params }) => service.deleteDistributor(ctx, params.id, params.distributorId),
  );
}
