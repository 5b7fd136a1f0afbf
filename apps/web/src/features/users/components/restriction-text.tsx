import { Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RestrictionBase } from '@kelola/contracts/me';

type Props = { base: RestrictionBase; list: string[]; names: ReadonlyMap<string, string> };

/** "Business: Demo Fashion, Demo Pangan" or "Warehouse: all warehouses". */
export function RestrictionText({ base, list, names }: Props) {
  const { t } = useTranslation('users');
  return (
    <Space size={4} wrap>
      <Tag color={base === 'WAREHOUSE' ? 'purple' : 'blue'}>{t(`restriction.bases.${base}`)}</Tag>
      <Typography.Text type={list.length === 0 ? 'secondary' : undefined}>
        {list.length === 0 ? t(`restriction.all.${base}`) : list.map((id) => names.get(id) ?? t('restriction.unknown')).join(', ')}
      </Typography.Text>
    </Space>
  );
}
