import { Card, Empty, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SkuPicker } from '../../../components/sku-picker.tsx';
import type { CatalogSearchItem } from '../../../lib/catalog-search.ts';
import { SkuVariableValues } from './sku-variable-values.tsx';

/** /product-variable?view=sku: pick a SKU, then see, set or clear its own values of every product variable. */
export function SkuValuesPanel({ headerExtra }: { headerExtra: ReactNode }) {
  const { t } = useTranslation('pricing');
  const [picked, setPicked] = useState<CatalogSearchItem | null>(null);
  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={12}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('variables.product.title')}
        </Typography.Title>
        {headerExtra}
      </Flex>
      <Card styles={{ body: { padding: 16 } }}>
        <Flex vertical gap={16}>
          <Typography.Text type="secondary">{t('skuValues.intro')}</Typography.Text>
          <SkuPicker
            value={picked?.id}
            onChange={(_id, item) => setPicked(item ?? null)}
            placeholder={t('skuValues.pickSku')}
            style={{ width: '100%', maxWidth: 480 }}
          />
          {picked ? (
            <SkuVariableValues key={picked.id} catalogId={picked.id} sku={picked.sku} />
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('skuValues.pickFirst')} />
          )}
        </Flex>
      </Card>
    </Flex>
  );
}
