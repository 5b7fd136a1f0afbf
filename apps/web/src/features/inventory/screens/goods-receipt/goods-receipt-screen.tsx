import { useSearchParams } from 'react-router';
import { GoodsReceiptDetail } from './goods-receipt-detail.tsx';
import { GoodsReceiptList } from './goods-receipt-list.tsx';

/** /inventory/goods-receipt: the receipts list, or one receipt with `?id=<uuid>`. */
export function GoodsReceiptScreen() {
  const [params] = useSearchParams();
  const id = params.get('id');
  return id ? <GoodsReceiptDetail key={id} id={id} /> : <GoodsReceiptList />;
}
