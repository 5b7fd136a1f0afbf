import type { KelolaModule } from '../../http/context.ts';
import { registerPromotionRoutes } from './promotions.routes.ts';
export {
  actOnDiscount,
  applyPromotions,
  areaChain,
  createDiscount,
  discountImpact,
  previewSalePrices,
  releaseQuota,
  useQuota,
  type SaleContext,
  type SaleLine,
} from './discounts.service.ts';
export { createWebVouchers, redeemWebVoucher } from './vouchers.service.ts';
export {
  actOnAdminVoucher,
  applyAdminVoucherCode,
  checkAdminVoucherCode,
  createAdminVoucher,
  redeemAdminVoucher,
  releaseAdminVouchers,
} from './admin-vouchers.service.ts';
export { createShopeePromotion, syncShopeePromotions } from './shopee-promotions.service.ts';

/** Discount programmes with maker-checker approval, their sale price and quota, web-store and admin vouchers, Shopee promotions (issue 16). */
export const promotionsModule: KelolaModule = { name: 'promotions', routes: registerPromotionRoutes };
