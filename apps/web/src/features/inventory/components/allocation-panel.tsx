import { ReloadOutlined } from '@ant-design/icons';
import { App, Button, Card, Empty, Flex, Form, Result, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader.tsx';
import { SkuPicker } from '../../../components/sku-picker.tsx';
import { useCan } from '../../../components/use-can.ts';
import { useUpdateSearchParams } from '../../../components/use-list-query.ts';
import { errorText } from '../../../lib/error-text.ts';
import { useAllocation } from '../api/allocation-api.ts';
import { useCatalogStock } from '../api/inventory-api.ts';
import { AllocationRulesForm } from './allocation-rules-form.tsx';
import { SetAsideTable } from './set-aside-table.tsx';
import { DocumentWarehouseSelect } from './document-warehouse-select.tsx';
import { WAREHOUSE_FILTER, useWarehouseScope } from '../../../components/warehouse-filter.tsx';

type Props = { title: ReactNode };

/**
 * Stock allocation per channel (/inventory/stock-alocation and /product/allocation): a warehouse (`warehouse` of the
 * URL, else the top bar's `warehouse_id`, else the first one) and optionally a SKU (`catalog_id`), then the rules.
 */
export function AllocationPanel({ title }: Props) {
  const { t } = useTranslation('stock-documents');
  const { modal } = App.useApp();
  const [params] = useSearchParams();
  const updateSearch = useUpdateSearchParams();
  const [dirty, setDirty] = useState(false);
  const canListWarehouses = useCan('warehouse', 'READ');
  const canReadStock = useCan('list-inventory', 'READ');
  const scope = useWarehouseScope(params.get(WAREHOUSE_FILTER) || undefined);
  const warehouseId = scope.warehouseId ?? scope.options[0]?.value;
  const catalogId = params.get('catalog_id') || undefined;
  const allocation = useAllocation(warehouseId, catalogId);
  // The SKU of a link (`?catalog_id=`) is labelled from its stock, when the user may read the inventory.
  const catalog = useCatalogStock(canReadStock ? catalogId : undefined);
  const skuText = catalog.data ? `${catalog.data.sku} — ${catalog.data.name}` : undefined;

  // Another warehouse or SKU shows other rules: unsaved edits would be lost, so ask first.
  const change = (key: typeof WAREHOUSE_FILTER | 'catalog_id', value: string | undefined) => {
    const apply = () =>
      updateSearch((next) => {
        if (value) next.set(key, value);
        else next.delete(key);
      });
    if (!dirty) return apply();
    modal.confirm({
      title: t('allocation.leaveTitle'),
      content: t('allocation.leaveBody'),
      okText: t('allocation.leave'),
      cancelText: t('allocation.stay'),
      okButtonProps: { danger: true },
      onOk: apply,
    });
  };

  let body: ReactNode;
  if (!warehouseId) {
    body = scope.loading ? (
      <PageLoader />
    ) : (
      <Empty
        description={canListWarehouses ? t('allocation.noWarehouses') : t('allocation.chooseWarehouse')}
        data-testid="allocation-no-warehouse"
      />
    );
  } else if (allocation.isLoading) {
    body = <PageLoader />;
  } else if (allocation.error || !allocation.data) {
    body = (
      <Result
        status="warning"
        title={t('allocation.loadFailed')}
        subTitle={errorText(allocation.error)}
        extra={
          <Button type="primary" icon={<ReloadOutlined />} onClick={() => void allocation.refetch()}>
            {t('actions.retry')}
          </Button>
        }
        data-testid="allocation-load-error"
      />
    );
  } else {
    body = (
      <AllocationRulesForm
        key={`${warehouseId}:${catalogId ?? ''}`}
        view={allocation.data}
        warehouseId={warehouseId}
        catalogId={catalogId}
        onDirtyChange={setDirty}
      />
    );
  }

  return (
    <Flex vertical gap={16} data-testid="allocation-panel">
      <div>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
        <Typography.Text type="secondary">{t('allocation.description')}</Typography.Text>
      </div>
      <Card styles={{ body: { paddingBottom: 0 } }}>
        <Form layout="vertical" component="div">
          <Flex gap={16} wrap>
            <Form.Item label={t('fields.warehouse')} htmlFor="allocation-warehouse">
              <DocumentWarehouseSelect
                id="allocation-warehouse"
                data-testid="allocation-warehouse"
                value={warehouseId}
                onChange={(value) => change(WAREHOUSE_FILTER, value)}
                style={{ width: 260 }}
              />
            </Form.Item>
            <Form.Item label={t('allocation.sku')} htmlFor="allocation-sku" extra={t('allocation.skuHint')}>
              <SkuPicker
                id="allocation-sku"
                data-testid="allocation-sku"
                stockedOnly
                value={catalogId}
                selectedLabel={skuText}
                placeholder={t('allocation.skuPlaceholder')}
                onChange={(value) => change('catalog_id', value)}
                style={{ width: 340 }}
              />
            </Form.Item>
          </Flex>
        </Form>
      </Card>
      <Card title={t('allocation.rulesTitle')}>{body}</Card>
      {warehouseId && allocation.data && (
        <Card title={t('allocation.setAside.title')}>
          {catalogId ? (
            <SetAsideTable key={`${warehouseId}:${catalogId}`} view={allocation.data} warehouseId={warehouseId} catalogId={catalogId} />
          ) : (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={t('allocation.setAside.chooseSku')}
              data-testid="set-aside-choose-sku"
            />
          )}
        </Card>
      )}
    </Flex>
  );
}
