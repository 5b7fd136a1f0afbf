import {
  BatchParams,
  CategoryAttributesParams,
  CategoryQuery,
  MarketplaceAttributeList,
  MarketplaceBrandList,
  MarketplaceCategoryList,
  PublishBatch,
} from '@kelola/contracts/channel-publish';
import { ChannelParams } from '@kelola/contracts/channels';
import type { TenantCtx } from '../../http/context.ts';
import type { Router } from '../../http/route.ts';
import { getPublishBatch, shopAttributes, shopBrands, shopCategories } from './channel-publish.service.ts';

const tags = ['channels'];
const tenant = (ctx: unknown) => ctx as TenantCtx;

/** What the create and edit screens read from the marketplace, and a publish batch's progress (ADR 0038). */
export function registerPublishRoutes({ route }: Router): void {
  route(
    {
      method: 'GET',
      url: '/api/channels/:id/categories',
      permission: ['product', 'READ'],
      tags,
      summary: "Spec GET …/product/query/{channel_id}/categories: the shop's marketplace category tree (publish to the deepest)",
      params: ChannelParams,
      response: MarketplaceCategoryList,
    },
    (ctx, { params }) => shopCategories(tenant(ctx), params.id),
  );
  route(
    {
      method: 'GET',
      url: '/api/channels/:id/categories/:categoryId/attributes',
      permission: ['product', 'READ'],
      tags,
      summary: "A marketplace category's attributes (Shopee attributes, TikTok and Lazada category attributes)",
      params: CategoryAttributesParams,
      response: MarketplaceAttributeList,
    },
    (ctx, { params }) => shopAttributes(tenant(ctx), params.id, params.categoryId),
  );
  route(
    {
      method: 'GET',
      url: '/api/channels/:id/brands',
      permission: ['product', 'READ'],
      tags,
      summary: "Spec: the marketplace's brand list (of a category when given)",
      params: ChannelParams,
      querystring: CategoryQuery,
      response: MarketplaceBrandList,
    },
    (ctx, { params, query }) => shopBrands(tenant(ctx), params.id, query.category_id),
  );
  route(
    {
      method: 'GET',
      url: '/api/publish-batches/:id',
      permission: ['product', 'READ'],
      tags,
      summary: 'Spec add-product-to-channel progress: each channel of a publish run with its step, product id and errors',
      params: BatchParams,
      response: PublishBatch,
    },
    (ctx, { params }) => getPublishBatch(tenant(ctx), params.id),
  );
}
