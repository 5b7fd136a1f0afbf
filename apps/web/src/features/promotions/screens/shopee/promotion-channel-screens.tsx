import { useParams } from 'react-router';
import { PageLoader } from '../../../../components/page-loader.tsx';
import { useShopeeSyncStatus } from '../../api/promotions-api.ts';
import { DiscountFormScreen } from '../discount-form/discount-form-screen.tsx';
import { DiscountListScreen } from '../discount-list/discount-list-screen.tsx';
import { ShopeePromotionFormScreen } from './shopee-promotion-form-screen.tsx';
import { ShopeePromotionListScreen } from './shopee-promotion-list-screen.tsx';

/** Whether /promotion-channel/:id names a Shopee shop of this workspace (its promotion sync status answers). */
function useIsShopee(): boolean | null {
  const { id = '' } = useParams();
  const status = useShopeeSyncStatus(id);
  if (!/^[0-9a-f-]{36}$/iu.test(id)) return false;
  if (status.isLoading) return null;
  return status.isSuccess;
}

/** /promotion-channel/:id/list: a Shopee shop's promotions ("Discount entry for Shopee"), otherwise our discount programmes. */
export function PromotionChannelListScreen() {
  const shopee = useIsShopee();
  if (shopee === null) return <PageLoader />;
  return shopee ? <ShopeePromotionListScreen /> : <DiscountListScreen />;
}

/** /promotion-channel/:id/create and /edit/:promotionId: a Shopee discount on a Shopee shop, otherwise a discount programme. */
export function PromotionChannelFormScreen() {
  const shopee = useIsShopee();
  const { promotionId } = useParams();
  if (shopee === null) return <PageLoader />;
  // keyed: after a create the same route element shows the saved discount, with a fresh form (no items to add again)
  return shopee ? <ShopeePromotionFormScreen key={promotionId ?? 'new'} /> : <DiscountFormScreen />;
}
