import { Alert, List, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Publication } from '@kelola/contracts/channel-publish';
import { useProductPublications } from '../api/product-api.ts';

const STATUS_COLOR: Record<Publication['status'], string> = {
  PENDING: 'default',
  IMAGES: 'processing',
  DRAFT: 'processing',
  ON_PROGRESS: 'processing',
  FINISHED: 'success',
  FAILED: 'error',
};

/** "Dipublikasikan ke": the shops this product was published to, the newest publication of each shop and target. */
export function ProductPublications({ productId }: { productId: string }) {
  const { t } = useTranslation(['catalog', 'publish']);
  const publications = useProductPublications(productId);
  if (publications.error) return <Alert type="warning" showIcon title={t('catalog:publications.loadError')} />;
  // Newest first from the server: the first row of a shop and target is its current state.
  const latest = (publications.data?.items ?? []).filter(
    (p, i, all) => all.findIndex((q) => q.channel_id === p.channel_id && q.target === p.target) === i,
  );
  return (
    <List
      size="small"
      data-testid="product-publications"
      loading={publications.isPending}
      locale={{ emptyText: t('catalog:publications.empty') }}
      dataSource={latest}
      rowKey="id"
      renderItem={(p) => (
        <List.Item>
          <Space wrap>
            <Typography.Text strong>{p.channel_name}</Typography.Text>
            <Tag>{t(`publish:target.${p.target}`)}</Tag>
            <Tag color={STATUS_COLOR[p.status]}>{t(`publish:status.${p.status}`)}</Tag>
            {p.status === 'FAILED' && p.errors.length > 0 && <Typography.Text type="danger">{p.errors.at(-1)}</Typography.Text>}
          </Space>
        </List.Item>
      )}
    />
  );
}
