import type { Publication, PublicationStatus } from '@kelola/contracts/channel-publish';
import { publishMessage } from '@kelola/domain';
import { Alert, Space, Steps, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

const STEP: Record<PublicationStatus, number> = { PENDING: 0, IMAGES: 1, DRAFT: 2, ON_PROGRESS: 3, FINISHED: 4, FAILED: 4 };
const COLOR: Record<PublicationStatus, string> = {
  PENDING: 'default',
  IMAGES: 'processing',
  DRAFT: 'processing',
  ON_PROGRESS: 'processing',
  FINISHED: 'success',
  FAILED: 'error',
};

/** The channel's outcome in the spec's words: '<channel> Berhasil di simpan' / 'Gagal di simpan', Tokopedia's errors joined. */
export function usePublicationMessage() {
  const { t } = useTranslation('publish');
  return (p: Publication) =>
    publishMessage(p.target === 'tokopedia' ? 'Tokopedia' : p.channel_name, p.status === 'FINISHED', p.target, p.errors, {
      success: t('message.success'),
      failure: t('message.failure'),
      saved: '', // the translated phrases are whole ('Berhasil di simpan')
    });
}

/** The add-product-to-channel progress: each channel's step (images, draft, review) and its outcome. */
export function PublishProgress({ items }: { items: Publication[] }) {
  const { t } = useTranslation('publish');
  const message = usePublicationMessage();
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="publish-progress">
      {items.map((p) => (
        <div key={p.id} data-testid={`publication-${p.target}`} data-status={p.status}>
          <Space style={{ marginBottom: 8 }}>
            <Typography.Text strong>{p.channel_name}</Typography.Text>
            <Tag>{t(`target.${p.target}`)}</Tag>
            <Tag color={COLOR[p.status]}>{t(`status.${p.status}`)}</Tag>
          </Space>
          <Steps
            size="small"
            current={STEP[p.status]}
            status={p.status === 'FAILED' ? 'error' : p.status === 'FINISHED' ? 'finish' : 'process'}
            items={[
              { title: t('step.queued') },
              { title: t('step.images') },
              { title: t('step.draft') },
              { title: t('step.review') },
              { title: t('step.done') },
            ]}
          />
          {p.status === 'FINISHED' || p.status === 'FAILED' ? (
            <Alert
              style={{ marginTop: 8 }}
              type={p.status === 'FINISHED' ? 'success' : 'error'}
              showIcon
              message={message(p)}
              description={p.status === 'FAILED' && p.target !== 'tokopedia' && p.errors.length > 0 ? p.errors.join('; ') : undefined}
            />
          ) : null}
        </div>
      ))}
    </Space>
  );
}
