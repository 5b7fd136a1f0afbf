import {
  DiscountActionInput,
  DiscountDecisionInput,
  DiscountImpact,
  DiscountListQuery,
  DiscountProgram,
  DiscountProgramInput,
  DiscountProgramList,
  PricePreview,
  PricePreviewInput,
  PromotionIdParams,
  VoucherRedeemInput,
  VoucherRedemption,
  VoucherStatusInput,
  WebVoucher,
  WebVoucherDeleteInput,
  WebVoucherList,
  WebVoucherListQuery,
  WebVoucherSaved,
  WebVoucherSaveInput,
  WebVoucherUpdateInput,
} from '@kelola/contracts';
import type { Ctx, TenantCtx } from '../../http/context.ts';
import type { Router } from '../../http/route.ts';
import * as discounts from './discounts.service.ts';
import * as vouchers from './vouchers.service.ts';

const t = (ctx: Ctx) => ctx as TenantCtx;
const tags = ['promotions'];

/** Discount programmes with approval (/promotion-channel/:id/…) and web-store vouchers (/web-voucher/:id/…). */
export function registerPromotionRoutes({ route }: Router): void {
  route(
    {
      method: 'GET',
      url: '/api/promotions/discounts',
      permission: ['promotion-channel', 'READ'],
      tags,
      summary: 'Discount programmes (filters: status, period, tier, channel; search needs its parameter)',
      querystring: DiscountListQuery,
      response: DiscountProgramList,
    },
    (ctx, { query }) => discounts.listDiscounts(t(ctx), query),
  );
  route(
    {
      method: 'GET',
      url: '/api/promotions/approvals',
      permission: ['promotion-approval', 'READ'],
      tags,
      summary: 'The approval list: the same programmes, read with the checker menu',
      querystring: DiscountListQuery,
      response: DiscountProgramList,
    },
    (ctx, { query }) => discounts.listDiscounts(t(ctx), query),
  );
  route(
    {
      method: 'POST',
      url: '/api/promotions/discounts',
      permission: ['promotion-channel', 'WRITE'],
      tags,
      summary: 'The maker creates a programme; it waits for approval',
      body: DiscountProgramInput,
      response: DiscountProgram,
      status: 201,
    },
    (ctx, { body }) => discounts.createDiscount(t(ctx), body),
  );
  route(
    {
      method: 'GET',
      url: '/api/promotions/discounts/:id',
      permission: ['promotion-channel', 'READ'],
      tags,
      params: PromotionIdParams,
      response: DiscountProgram,
    },
    (ctx, { params }) => discounts.getDiscount(t(ctx), params.id),
  );
  route(
    {
      method: 'PUT',
      url: '/api/promotions/discounts/:id',
      permission: ['promotion-channel', 'WRITE'],
      tags,
      summary: 'Edits a programme still waiting for approval',
      params: PromotionIdParams,
      body: DiscountProgramInput,
      response: DiscountProgram,
    },
    (ctx, { params, body }) => discounts.updateDiscount(t(ctx), params.id, body),
  );
  route(
    {
      method: 'GET',
      url: '/api/promotions/discounts/:id/impact',
      permission: ['promotion-approval', 'READ'],
      tags,
      summary: 'Margin impact per SKU, below-cost flag, quota budget and overlaps, for the checker',
      params: PromotionIdParams,
      response: DiscountImpact,
    },
    (ctx, { params }) => discounts.discountImpact(t(ctx), params.id),
  );
  route(
    {
      method: 'POST',
      url: '/api/promotions/discounts/:id/approve',
      permission: ['promotion-approval', 'WRITE'],
      tags,
      summary: "The checker approves (never the programme's maker: 403 DISCOUNT_SELF_APPROVAL)",
      params: PromotionIdParams,
      body: DiscountDecisionInput,
      response: DiscountProgram,
    },
    (ctx, { params, body }) => discounts.actOnDiscount(t(ctx), params.id, 'APPROVE', body.note ?? null),
  );
  route(
    {
      method: 'POST',
      url: '/api/promotions/discounts/:id/reject',
      permission: ['promotion-approval', 'WRITE'],
      tags,
      summary: 'The checker rejects with a note',
      params: PromotionIdParams,
      body: DiscountDecisionInput,
      response: DiscountProgram,
    },
    (ctx, { params, body }) => discounts.actOnDiscount(t(ctx), params.id, 'REJECT', body.note ?? null),
  );
  route(
    {
      method: 'POST',
      url: '/api/promotions/discounts/:id/action',
      permission: ['promotion-channel', 'WRITE'],
      tags,
      summary: 'Pause, resume, end or cancel a programme',
      params: PromotionIdParams,
      body: DiscountActionInput,
      response: DiscountProgram,
    },
    (ctx, { params, body }) => discounts.actOnDiscount(t(ctx), params.id, body.action, body.note ?? null),
  );
  route(
    {
      method: 'POST',
      url: '/api/promotions/price-preview',
      permission: ['promotion-channel', 'READ'],
      tags,
      summary: 'The sale price of SKUs for a customer, channel and date (no quota used)',
      body: PricePreviewInput,
      response: PricePreview,
    },
    (ctx, { body }) => discounts.pricePreview(t(ctx), body),
  );

  const vtags = ['web-vouchers'];
  route(
    {
      method: 'GET',
      url: '/api/web-vouchers',
      permission: ['web-store', 'READ'],
      tags: vtags,
      summary: 'The spec GET /channel/store/promotions/query/vouchers (page 1, limit 20)',
      querystring: WebVoucherListQuery,
      response: WebVoucherList,
    },
    (ctx, { query }) => vouchers.listWebVouchers(t(ctx), query),
  );
  route(
    {
      method: 'GET',
      url: '/api/web-vouchers/:id',
      permission: ['web-store', 'READ'],
      tags: vtags,
      summary: 'The spec GET /channel/store/promotions/query/voucher/{uuid}',
      params: PromotionIdParams,
      response: WebVoucher,
    },
    (ctx, { params }) => vouchers.getWebVoucher(t(ctx), params.id),
  );
  route(
    {
      method: 'POST',
      url: '/api/web-vouchers',
      permission: ['web-store', 'WRITE'],
      tags: vtags,
      summary: "The spec POST /channel/store/promotions/cmd/vouchers; 409 VOUCHER_CODE_EXISTS ('Voucher code already exist')",
      body: WebVoucherSaveInput,
      response: WebVoucherSaved,
      status: 201,
    },
    (ctx, { body }) => vouchers.createWebVouchers(t(ctx), body),
  );
  route(
    {
      method: 'PUT',
      url: '/api/web-vouchers',
      permission: ['web-store', 'WRITE'],
      tags: vtags,
      summary: 'The spec PUT /channel/store/promotions/cmd/vouchers',
      body: WebVoucherUpdateInput,
      response: WebVoucherSaved,
    },
    (ctx, { body }) => vouchers.updateWebVouchers(t(ctx), body),
  );
  route(
    {
      method: 'DELETE',
      url: '/api/web-vouchers',
      permission: ['web-store', 'WRITE'],
      tags: vtags,
      summary: 'The spec DELETE /channel/store/promotions/cmd/vouchers {channel_id, voucher_ids}',
      body: WebVoucherDeleteInput,
    },
    async (ctx, { body }) => vouchers.deleteWebVouchers(t(ctx), body),
  );
  route(
    {
      method: 'PUT',
      url: '/api/web-vouchers/:id/status',
      permission: ['web-store', 'WRITE'],
      tags: vtags,
      params: PromotionIdParams,
      body: VoucherStatusInput,
      response: WebVoucher,
    },
    (ctx, { params, body }) => vouchers.setWebVoucherStatus(t(ctx), params.id, body.status),
  );
  route(
    {
      method: 'POST',
      url: '/api/web-vouchers/:id/redeem',
      permission: ['web-store', 'WRITE'],
      tags: vtags,
      summary: 'A checkout books one voucher atomically (409 VOUCHER_SOLD_OUT when none is left)',
      params: PromotionIdParams,
      body: VoucherRedeemInput,
      response: VoucherRedemption,
      status: 201,
    },
    (ctx, { params, body }) => vouchers.redeemWebVoucher(t(ctx), params.id, body),
  );
}
