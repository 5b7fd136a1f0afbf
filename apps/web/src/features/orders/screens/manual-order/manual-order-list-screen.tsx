import { SalesScreen } from '../sales/sales-screen.tsx';

/** /manual-order/:id: the manual orders (drafts included) with the same tabs, filters and drawer as /sales. */
export function ManualOrderListScreen() {
  return <SalesScreen manual />;
}
