import { CaretRightOutlined, CloseOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Flex, Input, Select, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FormulaPreview } from '@kelola/contracts/pricing';
import type { RoundingMode } from '@kelola/domain';
import { MoneyText } from '../../../components/money-text.tsx';
import { errorText, validationText } from '../../../lib/error-text.ts';
import { fetchProduct, useProducts } from '../api/product-api.ts';
import { usePreviewFormula } from '../api/formula-api.ts';
import { useDebounced } from '../../../lib/use-debounced.ts';

type Sample = { id: string; sku: string; name: string };
type Row = FormulaPreview['rows'][number];
type Step = Row['trace'][number];

const MAX_SAMPLES = 10;

function TraceList({ trace }: { trace: Step[] }) {
  const { t } = useTranslation('pricing');
  return (
    <ol style={{ margin: 0, paddingLeft: 20 }} data-testid="preview-trace">
      {trace.map((step, index) => (
        <li key={index} style={{ fontFamily: 'monospace', fontSize: 13 }}>
          {step.kind === 'variable' && t('preview.stepVariable', { name: step.name, value: step.value })}
          {step.kind === 'operation' &&
            t(step.exact ? 'preview.stepOperation' : 'preview.stepOperationApprox', {
              expression: step.expression,
              left: step.left,
              operator: step.operator,
              right: step.right,
              result: step.result,
            })}
          {step.kind === 'rounding' &&
            t('preview.stepRounding', { mode: t(`rounding.${step.mode}`), step: step.step, before: step.before, result: step.result })}
        </li>
      ))}
    </ol>
  );
}

type Props = { expression: string; roundingMode: RoundingMode; roundingStep: number; valid: boolean };

/** Preview of the formula being edited on up to 10 sample SKUs, each with the server's step-by-step trace. */
export function FormulaPreviewPanel({ expression, roundingMode, roundingStep, valid }: Props) {
  const { t } = useTranslation('pricing');
  const [search, setSearch] = useState('');
  const [samples, setSamples] = useState<Sample[]>([]);
  const [listPrice, setListPrice] = useState('');
  const [adding, setAdding] = useState(false);
  const debounced = useDebounced(search, 300);
  const products = useProducts({ page: 1, size: 20, ...(debounced ? { q: debounced } : {}) });
  const preview = usePreviewFormula();

  const addProduct = async (id: string) => {
    setAdding(true);
    try {
      const product = await fetchProduct(id);
      setSamples((current) => {
        const next = [...current];
        for (const catalog of product.catalogs)
          if (!next.some((s) => s.id === catalog.id)) next.push({ id: catalog.id, sku: catalog.sku, name: catalog.name });
        return next.slice(0, MAX_SAMPLES);
      });
    } finally {
      setAdding(false);
    }
  };

  const run = () =>
    preview.mutate({
      expression,
      rounding_mode: roundingMode,
      rounding_step: roundingStep,
      catalog_ids: samples.map((s) => s.id),
      values: samples.length === 0 && listPrice.trim() ? { list_price: listPrice.trim() } : {},
    });

  const rows = preview.data?.rows ?? [];
  // In a row, an "unknown" variable is one with no value there (list_price without a SKU): name it.
  const problemText = (e: Row['errors'][number]) =>
    e.code === 'FORMULA_UNKNOWN_VARIABLE' && e.token
      ? t('preview.noValue', { token: e.token })
      : validationText({ code: e.code, message: e.code });
  return (
    <Card size="small" title={t('preview.title')} data-testid="formula-preview">
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">{t('preview.hint')}</Typography.Text>
        <Select
          showSearch={{ filterOption: false, onSearch: setSearch }}
          value={null}
          placeholder={t('preview.pickProduct')}
          aria-label={t('preview.pickProduct')}
          loading={products.isFetching || adding}
          disabled={samples.length >= MAX_SAMPLES}
          options={(products.data?.items ?? []).map((p) => ({ value: p.id, label: p.name }))}
          onChange={(id: string | null) => {
            if (id) void addProduct(id);
          }}
          notFoundContent={t('preview.noProducts')}
          style={{ maxWidth: 420 }}
        />
        {samples.length > 0 ? (
          <Flex wrap gap={6}>
            {samples.map((sample) => (
              <Tag
                key={sample.id}
                closable
                closeIcon={<CloseOutlined />}
                onClose={() => setSamples((current) => current.filter((s) => s.id !== sample.id))}
              >
                {sample.sku} · {sample.name}
              </Tag>
            ))}
          </Flex>
        ) : (
          <Space>
            <Typography.Text>{t('preview.tryListPrice')}</Typography.Text>
            <Input
              value={listPrice}
              onChange={(e) => setListPrice(e.target.value)}
              inputMode="numeric"
              placeholder="100000"
              style={{ width: 160 }}
              aria-label={t('preview.tryListPrice')}
            />
          </Space>
        )}
        <div>
          <Button type="primary" ghost icon={<CaretRightOutlined />} onClick={run} loading={preview.isPending} disabled={!valid}>
            {t('preview.run')}
          </Button>
          {!valid && (
            <Typography.Text type="secondary" style={{ marginLeft: 12 }}>
              {t('preview.fixFirst')}
            </Typography.Text>
          )}
        </div>
        {preview.error && <Alert type="error" showIcon title={errorText(preview.error)} />}
        {preview.data && (
          <>
            <Typography.Text>
              {t('preview.evaluated', {
                expression: preview.data.expression,
                mode: t(`rounding.${preview.data.rounding_mode}`),
                step: preview.data.rounding_step,
              })}
            </Typography.Text>
            <Table<Row>
              size="small"
              rowKey={(row) => row.catalog_id ?? 'sample'}
              pagination={false}
              dataSource={rows}
              expandable={{
                defaultExpandAllRows: true,
                expandedRowRender: (row) => <TraceList trace={row.trace} />,
                rowExpandable: (row) => row.trace.length > 0,
              }}
              columns={[
                {
                  title: t('preview.sku'),
                  dataIndex: 'sku',
                  render: (sku: string | null, row) => (sku ? `${sku} · ${row.name ?? ''}` : t('preview.noSku')),
                },
                {
                  title: t('preview.listPrice'),
                  dataIndex: 'list_price',
                  align: 'right',
                  render: (value: number | null) => <MoneyText value={value} />,
                },
                {
                  title: t('preview.result'),
                  dataIndex: 'price',
                  align: 'right',
                  render: (value: number | null, row) =>
                    row.errors.length > 0 ? (
                      <Typography.Text type="danger">{row.errors.map((e) => problemText(e)).join(' ')}</Typography.Text>
                    ) : (
                      <Typography.Text strong>
                        <MoneyText value={value} />
                      </Typography.Text>
                    ),
                },
              ]}
            />
          </>
        )}
      </Flex>
    </Card>
  );
}
