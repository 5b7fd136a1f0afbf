import { ArrowLeftOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Card, Descriptions, Flex, Result, Space, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { errorText } from '../lib/error-text.ts';
import { withWorkspaceQuery } from '../lib/workspace-query.ts';
import { PageLoader } from './page-loader.tsx';

export type DetailItem = {
  key: string;
  label: ReactNode;
  /** Null or empty shows a dash. */
  value: ReactNode;
  /** Columns the item spans (default 1). */
  span?: number;
};

export type DetailPageProps = {
  title: ReactNode;
  description?: ReactNode;
  /** The list this record belongs to: the back arrow goes there (with the workspace query). */
  backTo?: string;
  /** Buttons at the top right (edit, print …), usually inside a PermissionGate. */
  actions?: ReactNode;
  loading?: boolean;
  error?: unknown;
  onRetry?: () => void;
  /** The record's fields, shown as label/value pairs. */
  items?: DetailItem[];
  /** Sections below the fields (tables, history …). */
  children?: ReactNode;
};

const isBlank = (value: ReactNode) => value === null || value === undefined || value === '';

/** The detail archetype (STYLE rule 8): a header with back and actions, the record's fields, then sections. */
export function DetailPage({ title, description, backTo, actions, loading, error, onRetry, items, children }: DetailPageProps) {
  const { t } = useTranslation('components');
  const navigate = useNavigate();
  const location = useLocation();

  let body: ReactNode;
  if (loading)
    body = (
      <Card>
        <PageLoader />
      </Card>
    );
  else if (error)
    body = (
      <Card>
        <Result
          status="warning"
          title={t('detail.loadFailed')}
          subTitle={errorText(error)}
          extra={
            onRetry && (
              <Button type="primary" icon={<ReloadOutlined />} onClick={onRetry}>
                {t('detail.retry')}
              </Button>
            )
          }
        />
      </Card>
    );
  else
    body = (
      <>
        {items && items.length > 0 && (
          <Card>
            <Descriptions
              bordered
              size="middle"
              column={{ xs: 1, sm: 1, md: 2, lg: 2, xl: 3, xxl: 3 }}
              items={items.map((item) => ({
                key: item.key,
                label: item.label,
                span: item.span,
                children: isBlank(item.value) ? '-' : item.value,
              }))}
            />
          </Card>
        )}
        {children}
      </>
    );

  return (
    <Flex vertical gap={16} data-testid="detail-page">
      <Flex justify="space-between" align="center" wrap gap={12}>
        <Flex align="center" gap={12}>
          {backTo && (
            <Button
              type="text"
              icon={<ArrowLeftOutlined />}
              aria-label={t('detail.back')}
              onClick={() => void navigate(withWorkspaceQuery(backTo, location.search))}
            />
          )}
          <div>
            <Typography.Title level={3} style={{ margin: 0 }}>
              {title}
            </Typography.Title>
            {description && <Typography.Text type="secondary">{description}</Typography.Text>}
          </div>
        </Flex>
        {actions && !loading && !error && <Space wrap>{actions}</Space>}
      </Flex>
      {body}
    </Flex>
  );
}
