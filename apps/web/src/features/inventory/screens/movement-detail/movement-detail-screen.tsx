import { HistoryOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { DateText } from '../../../../components/date-text.tsx';
import { DetailPage, type DetailItem } from '../../../../components/detail-page.tsx';
import { withWorkspaceQuery } from '../../../../lib/workspace-query.ts';
import { useMovement } from '../../api/movement-api.ts';
import { ActorText } from '../../components/actor-text.tsx';
import { signedQuantity } from '../../components/movement-quantity.ts';
import { MovementReference } from '../../components/movement-reference.tsx';
import { MovementTypeTag } from '../../components/movement-type-tag.tsx';
import { QuantityText } from '../../components/quantity-text.tsx';

const LIST = '/inventory/stock-movement';

/** /inventory/detail-stock-movement/:id: one ledger row with its document and the links back to the ledger. */
export function MovementDetailScreen() {
  const { t, i18n } = useTranslation('inventory');
  const { id } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const movement = useMovement(id);
  const m = movement.data;
  const go = (path: string) => void navigate(withWorkspaceQuery(path, location.search));

  const items: DetailItem[] | undefined = m && [
    { key: 'at', label: t('movement.fields.at'), value: <DateText value={m.at} /> },
    { key: 'type', label: t('movement.fields.type'), value: <MovementTypeTag type={m.type} /> },
    { key: 'warehouse', label: t('movement.fields.warehouse'), value: m.warehouse_name },
    { key: 'sku', label: t('movement.fields.sku'), value: m.sku },
    { key: 'product', label: t('movement.fields.product'), value: m.name, span: 2 },
    { key: 'quantity', label: t('movement.fields.quantity'), value: <QuantityText value={signedQuantity(m)} signed /> },
    { key: 'on_hand_before', label: t('movement.fields.onHandBefore'), value: <QuantityText value={m.on_hand_before} /> },
    { key: 'on_hand_after', label: t('movement.fields.onHandAfter'), value: <QuantityText value={m.on_hand_after} /> },
    { key: 'actor', label: t('movement.fields.actor'), value: <ActorText actorId={m.actor_id} actorName={m.actor_name} /> },
    { key: 'in_order_before', label: t('movement.fields.inOrderBefore'), value: <QuantityText value={m.in_order_before} /> },
    { key: 'in_order_after', label: t('movement.fields.inOrderAfter'), value: <QuantityText value={m.in_order_after} /> },
    ...(m.allocated_before !== null && m.allocated_after !== null
      ? [
          { key: 'channel', label: t('movement.fields.channel'), value: m.channel_name ?? '' },
          { key: 'allocated_before', label: t('movement.fields.allocatedBefore'), value: <QuantityText value={m.allocated_before} /> },
          { key: 'allocated_after', label: t('movement.fields.allocatedAfter'), value: <QuantityText value={m.allocated_after} /> },
        ]
      : []),
    {
      key: 'reference_type',
      label: t('movement.fields.referenceType'),
      value: i18n.exists(`inventory:referenceType.${m.reference_type}`) ? t(`referenceType.${m.reference_type}`) : m.reference_type,
    },
    { key: 'reference', label: t('movement.fields.reference'), value: <MovementReference movement={m} />, span: 2 },
    { key: 'id', label: t('movement.fields.id'), value: m.id, span: 3 },
  ];

  const actions = m && (
    <>
      <Button icon={<HistoryOutlined />} onClick={() => go(`${LIST}?catalog_id=${encodeURIComponent(m.catalog_id)}`)}>
        {t('movement.skuMovements')}
      </Button>
      <Button icon={<UnorderedListOutlined />} onClick={() => go(LIST)}>
        {t('movement.backToList')}
      </Button>
    </>
  );

  return (
    <DetailPage
      title={t('movement.detailTitle')}
      description={m ? `${m.sku} — ${m.name}` : undefined}
      backTo={LIST}
      actions={actions}
      loading={movement.isLoading}
      error={movement.error}
      onRetry={() => void movement.refetch()}
      items={items}
    />
  );
}
