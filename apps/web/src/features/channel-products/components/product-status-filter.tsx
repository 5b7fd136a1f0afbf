import { Segmented, Space, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';

export type ProductStatusFilter = 'all' | 'active' | 'inactive';

/** A channel's product counts (all, active, not active) and the status filter of its list. */
export function ProductStatusBar({
  counts,
  status,
  onChange,
}: {
  counts: Record<ProductStatusFilter, number> | undefined;
  status: ProductStatusFilter;
  onChange: (status: ProductStatusFilter) => void;
}) {
  const { t } = useTranslation('channel-products');
  return (
    <>
      <Space size="large">
        <Statistic title={t('counts.all')} value={counts?.all ?? 0} />
        <Statistic title={t('counts.active')} value={counts?.active ?? 0} />
        <Statistic title={t('counts.inactive')} value={counts?.inactive ?? 0} />
      </Space>
      <Segmented
        value={status}
        onChange={(value) => onChange(value as ProductStatusFilter)}
        options={[
          { value: 'all', label: t('counts.all') },
          { value: 'active', label: t('counts.active') },
          { value: 'inactive', label: t('counts.inactive') },
        ]}
      />
    </>
  );
}
