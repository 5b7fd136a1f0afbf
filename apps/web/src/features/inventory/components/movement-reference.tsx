import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { withWorkspaceQuery } from '../../../lib/workspace-query.ts';
import type { StockMovement } from '../api/movement-api.ts';
import { WAREHOUSE_FILTER } from '../../../components/warehouse-filter.tsx';

/** Screens of the documents that write the ledger; the reference key is `<kind>:<document id>`. */
const DOCUMENT_SCREENS: Record<string, (id: string) => string> = {
  'goods-receipt': (id) => `/inventory/goods-receipt?id=${encodeURIComponent(id)}`,
  'stock-adjustment': (id) => `/inventory/stock-adjustment/create?id=${encodeURIComponent(id)}`,
};

type Reference = Pick<StockMovement, 'reference_key' | 'reference_id' | 'reference_type' | 'warehouse_id' | 'catalog_id' | 'channel_name'>;

/**
 * The in-app path of the document a movement came from (goods receipt, stock adjustment), or of the allocation of its
 * SKU and warehouse for a change of set-aside stock; null when there is none.
 */
export function documentPath(movement: Omit<Reference, 'reference_id' | 'channel_name'>): string | null {
  if (movement.reference_type === 'ALLOCATION')
    return `/inventory/stock-alocation?${WAREHOUSE_FILTER}=${encodeURIComponent(movement.warehouse_id)}&catalog_id=${encodeURIComponent(movement.catalog_id)}`;
  const [kind, id] = movement.reference_key.split(':', 2);
  const screen = kind ? DOCUMENT_SCREENS[kind] : undefined;
  return screen && id ? screen(id) : null;
}

/** The reference of a movement: its document number, linked to the document's screen when there is one. */
export function MovementReference({ movement }: { movement: Reference }) {
  const { t, i18n } = useTranslation('inventory');
  const location = useLocation();
  const path = documentPath(movement);
  const typeKey = `inventory:referenceType.${movement.reference_type}`;
  const typeText = i18n.exists(typeKey) ? t(typeKey) : movement.reference_type;
  // A change of set-aside stock names its channel; a document its number.
  const number = (movement.reference_type === 'ALLOCATION' && movement.channel_name) || (movement.reference_id ?? movement.reference_key);
  return (
    <span>
      {path ? (
        <Link to={withWorkspaceQuery(path, location.search)} aria-label={t('movement.openDocument', { number })}>
          {number}
        </Link>
      ) : (
        <Typography.Text>{number}</Typography.Text>
      )}
      <br />
      <Typography.Text type="secondary">{typeText}</Typography.Text>
    </span>
  );
}
