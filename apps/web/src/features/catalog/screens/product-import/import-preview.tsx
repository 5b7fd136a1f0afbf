import { Alert, Button, Flex, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ImportOutcome, ImportPreview, ImportPreviewItem } from '@kelola/contracts/catalog';

const COLOURS: Record<ImportOutcome, string> = {
  NEW: 'success',
  CHANGED: 'processing',
  UNCHANGED: 'default',
  ERROR: 'error',
  EXAMPLE: 'warning',
};
const SUMMARY: [keyof ImportPreview['summary'], ImportOutcome][] = [
  ['new', 'NEW'],
  ['changed', 'CHANGED'],
  ['unchanged', 'UNCHANGED'],
  ['errors', 'ERROR'],
  ['examples', 'EXAMPLE'],
];

type Props = {
  preview: ImportPreview;
  confirming: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

/** What an import would do, per product, before anything changes: the user confirms it or picks another file. */
export function ImportPreviewPanel({ preview, confirming, onConfirm, onCancel }: Props) {
  const { t } = useTranslation('catalog');
  const { summary } = preview;
  const toChange = summary.new + summary.changed;
  return (
    <Flex vertical gap={12} data-testid="import-preview">
      <Typography.Text strong>{t('import.preview.title')}</Typography.Text>
      <Flex wrap gap={8} data-testid="import-preview-summary">
        {SUMMARY.map(([key, outcome]) => (
          <Tag key={key} color={COLOURS[outcome]}>
            {t(`import.preview.count.${outcome}`, { count: summary[key] })}
          </Tag>
        ))}
      </Flex>
      {summary.examples > 0 && <Alert type="info" showIcon title={t('import.preview.examplesSkipped', { count: summary.examples })} />}
      {preview.truncated && <Alert type="warning" showIcon title={t('import.preview.truncated', { count: preview.items.length })} />}
      <Table<ImportPreviewItem>
        size="small"
        rowKey={(item) => item.rows.join('-')}
        dataSource={preview.items}
        pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false }}
        scroll={{ x: 'max-content' }}
        columns={[
          {
            title: t('import.preview.outcome'),
            dataIndex: 'outcome',
            render: (outcome: ImportOutcome) => <Tag color={COLOURS[outcome]}>{t(`import.preview.outcomes.${outcome}`)}</Tag>,
          },
          { title: t('import.preview.rows'), dataIndex: 'rows', render: (rows: number[]) => rows.join(', ') },
          { title: t('import.preview.name'), dataIndex: 'name' },
          { title: t('import.preview.skus'), dataIndex: 'skus', render: (skus: string[]) => skus.join(', ') },
          {
            title: t('import.preview.details'),
            key: 'details',
            render: (_: unknown, item) =>
              item.errors.length > 0 ? (
                <Flex vertical>
                  {item.errors.map((error) => (
                    <Typography.Text key={error} type="danger">
                      {error}
                    </Typography.Text>
                  ))}
                </Flex>
              ) : item.changes.length > 0 ? (
                <Flex vertical>
                  {item.changes.map((change) => (
                    <Typography.Text key={change.field}>
                      {t('import.preview.change', {
                        field: change.field,
                        before: change.before || t('import.preview.empty'),
                        after: change.after || t('import.preview.empty'),
                      })}
                    </Typography.Text>
                  ))}
                </Flex>
              ) : item.outcome === 'EXAMPLE' ? (
                <Typography.Text type="secondary">{t('import.preview.exampleRow')}</Typography.Text>
              ) : null,
          },
        ]}
      />
      <Flex gap={8} wrap align="center">
        <Button type="primary" onClick={onConfirm} loading={confirming} disabled={toChange === 0}>
          {t('import.preview.confirm', { count: toChange })}
        </Button>
        <Button onClick={onCancel}>{t('import.preview.cancel')}</Button>
        {toChange === 0 && <Typography.Text type="secondary">{t('import.preview.nothing')}</Typography.Text>}
      </Flex>
    </Flex>
  );
}
