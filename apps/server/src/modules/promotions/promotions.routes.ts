import {
  AdminVoucher,
  AdminVoucherInput,
  AdminVoucherList,
  AdminVoucherListQuery,
  AdminVoucherUse,
  AdminVoucherUseInput,
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
  ShopeeItemsAvailable,
  ShopeeItemsAvailableInput,
  ShopeePromotion,
  ShopeePromotionInput,
  ShopeePromotionList,
  ShopeePromotionQuery,
  ShopeePromotionSyncInput,
  ShopeePromotionSyncStatus,
  ShopeePromotionUpdateInput,
  UsedVoucherList,
  UsedVoucherQuery,
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
import * as admin from './admin-vouchers.service.ts';
import * as discounts from './discounts.service.ts';
import * as shopee from './shopee-promotions.service.ts';
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

  route(
    {
      method: 'GET',
      url: '/api/web-vouchers/used',
      permission: ['web-store', 'READ'],
      tags: vtags,
      summary: 'The spec GET /channel/store/promotions/query/vouchers/used: who redeemed which voucher on which order',
      querystring: UsedVoucherQuery,
      response: UsedVoucherList,
    },
    (ctx, { query }) => admin.listUsedWebVouchers(t(ctx), query),
  );

  const atags = ['admin-vouchers'];
  route(
    {
      method: 'GET',
      url: '/api/vouchers',
      permission: ['promotion-channel', 'READ'],
      tags: atags,
      summary: 'Admin vouchers (/promotion-channel/:id/voucher; page 1, limit 20; search needs its parameter)',
      querystring: AdminVoucherListQuery,
      response: AdminVoucherList,
    },
    (ctx, { query }) => admin.listAdminVouchers(t(ctx), query),
  );
  route(
    {
      method: 'GET',
      url: '/api/vouchers/used',
      permission: ['promotion-channel', 'READ'],
      tags: atags,
      summary: 'Who used which admin voucher on which order, newest first',
      querystring: UsedVoucherQuery,
      response: UsedVoucherList,
    },
    (ctx, { query }) => admin.listAdminVoucherUses(t(ctx), query),
  );
  route(
    {
      method: 'POST',
      url: '/api/vouchers',
      permission: ['promotion-channel', 'WRITE'],
      tags: atags,
      summary: "Saves an admin voucher, waiting for approval; 409 VOUCHER_CODE_EXISTS ('Voucher code already exist') on code",
      body: AdminVoucherInput,
      response: AdminVoucher,
      status: 201,
    },
    (ctx, { body }) => admin.createAdminVoucher(t(ctx), body),
  );
  route(
    {
      method: 'GET',
      url: '/api/vouchers/:id',
      permission: ['promotion-channel', 'READ'],
      tags: atags,
      params: PromotionIdParams,
      response: AdminVoucher,
    },
    (ctx, { params }) => admin.getAdminVoucher(t(ctx), params.id),
  );
  route(
    {
      method: 'PUT',
      url: '/api/vouchers/:id',
      permission: ['promotion-channel', 'WRITE'],
      tags: atags,
      summary: 'Edits an admin voucher still waiting',
      params: PromotionIdParams,
      body: AdminVoucherInput,
      response: AdminVoucher,
    },
    (ctx, { params, body }) => admin.updateAdminVoucher(t(ctx), params.id, body),
  );
  route(
    {
      method: 'POST',
      url: '/api/vouchers/:id/approve',
      permission: ['promotion-approval', 'WRITE'],
      tags: atags,
      summary: "Waiting → active, by a checker who is not the voucher's maker (403 DISCOUNT_SELF_APPROVAL)",
      params: PromotionIdParams,
      response: AdminVoucher,
    },
    (ctx, { params }) => admin.actOnAdminVoucher(t(ctx), params.id, 'APPROVE'),
  );
  route(
    {
      method: 'POST',
      url: '/api/vouchers/:id/cancel',
      permission: ['promotion-channel', 'WRITE'],
      tags: atags,
      summary: 'Waiting or active → canceled (final)',
      params: PromotionIdParams,
      response: AdminVoucher,
    },
    (ctx, { params }) => admin.actOnAdminVoucher(t(ctx), params.id, 'CANCEL'),
  );
  route(
    {
      method: 'POST',
      url: '/api/vouchers/:id/use',
      permission: ['promotion-channel', 'WRITE'],
      tags: atags,
      summary: 'An order uses the voucher: quota and per-customer limit used atomically (409 VOUCHER_SOLD_OUT, VOUCHER_CUSTOMER_LIMIT)',
      params: PromotionIdParams,
      body: AdminVoucherUseInput,
      response: AdminVoucherUse,
      status: 201,
    },
    (ctx, { params, body }) => admin.redeemAdminVoucher(t(ctx), params.id, body),
  );

  const stags = ['shopee-promotions'];
  route(
    {
      method: 'GET',
      url: '/api/shopee-promotions',
      permission: ['promotion-channel', 'READ'],
      tags: stags,
      summary: "Spec part 7 Shopee promotions 'list': a shop's discounts as last synced, with clashes against our programmes",
      querystring: ShopeePromotionQuery,
      response: ShopeePromotionList,
    },
    (ctx, { query }) => shopee.listShopeePromotions(t(ctx), query),
  );
  route(
    {
      method: 'GET',
      url: '/api/shopee-promotions/sync-status',
      permission: ['promotion-channel', 'READ'],
      tags: stags,
      summary: "Spec part 7 'sync status'",
      querystring: ShopeeItemsAvailableInput,
      response: ShopeePromotionSyncStatus,
    },
    (ctx, { query }) => shopee.syncStatus(t(ctx), query.shop_id),
  );
  route(
    {
      method: 'POST',
      url: '/api/shopee-promotions/sync',
      permission: ['promotion-channel', 'WRITE'],
      tags: stags,
      summary: "Spec part 7 'sync all or one' (discount_id for one)",
      body: ShopeePromotionSyncInput,
      response: ShopeePromotionSyncStatus,
    },
    (ctx, { body }) => shopee.syncShopeePromotions(t(ctx), body),
  );
  route(
    {
      method: 'POST',
      url: '/api/shopee-promotions/items-available',
      permission: ['promotion-channel', 'READ'],
      tags: stags,
      summary: "Spec part 7 'items_available': active items in no running or upcoming discount",
      body: ShopeeItemsAvailableInput,
      response: ShopeeItemsAvailable,
    },
    (ctx, { body }) => shopee.shopeeItemsAvailable(t(ctx), body.shop_id),
  );
  route(
    {
      method: 'POST',
      url: '/api/shopee-promotions',
      permission: ['promotion-channel', 'WRITE'],
      tags: stags,
      summary: "Spec part 7 'create discount' with its items; Shopee's refusal is 422 SHOPEE_PROMOTION_REFUSED",
      body: ShopeePromotionInput,
      response: ShopeePromotion,
      status: 201,
    },
    (ctx, { body }) => shopee.createShopeePromotion(t(ctx), body),
  );
  route(
    {
      method: 'GET',
      url: '/api/shopee-promotions/:id',
      permission: ['promotion-channel', 'READ'],
      tags: stags,
      summary: "Spec part 7 'detail', with items, refused items and clashes",
      params: PromotionIdParams,
      response: ShopeePromotion,
    },
    (ctx, { params }) => shopee.getShopeePromotion(t(ctx), params.id),
  );
  route(
    {
      method: 'PUT',
      url: '/api/shopee-promotions/:id',
      permission: ['promotion-channel', 'WRITE'],
      tags: stags,
      summary: "Spec part 7 'update': name, period and more items",
      params: PromotionIdParams,
      body: ShopeePromotionUpdateInput,
      response: ShopeePromotion,
    },
    (ctx, { params, body }) => shopee.updateShopeePromotion(t(ctx), params.id, body),
  );
  route(
    {
      method: 'POST',
      url: '/api/shopee-promotions/:id/end',
      permission: ['promotion-channel', 'WRITE'],
      tags: stags,
      summary: "Spec part 7 'end': an ongoing discount ends now",
      params: PromotionIdParams,
      response: ShopeePromotion,
    },
    (ctx, { params }) => shopee.endShopeePromotion(t(ctx), params.id),
  );
  route(
    {
      method: 'DELETE',
      url: '/api/shopee-promotions/:id',
      permission: ['promotion-channel', 'WRITE'],
      tags: stags,
      summary: "Spec part 7 'delete discount': only an upcoming one",
      params: PromotionIdParams,
    },
    async (ctx, { params }) => shopee.deleteShopeePromotion(t(ctx), params.id),
  );
}
