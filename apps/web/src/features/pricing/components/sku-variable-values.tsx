import { ClearOutlined } from '@ant-design/icons';
import { Alert, App, Button, Empty, Flex, Form, Input, Skeleton, Table, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { decimalValue, type Variable } from '@kelola/contracts/pricing';
import { useCan } from '../../../components/use-can.ts';
import { isApiError } from '../../../lib/api-error.ts';
import { errorText, validationText } from '../../../lib/error-text.ts';
import { useCatalogVariables, useSaveCatalogVariables, type CatalogVariableChange } from '../api/catalog-variable-api.ts';
import { useVariables } from '../api/variable-api.ts';

/** At most this many product variables are listed (the variable API's largest page). */
const MAX_VARIABLES = 200;

type Values = { values: Record<string, string | undefined> };

/** Empty: the formula uses the variable's own value; anything else follows the server's rule for a value. */
const skuValueRule = {
  validator: async (_rule: unknown, value: string | undefined) => {
    if (value === undefined || value.trim() === '') return;
    const issue = decimalValue.safeParse(value).error?.issues[0];
    if (issue) throw new Error(validationText(issue));
  },
};

type Props = { catalogId: string; sku: string };

/**
 * A SKU's own values of product variables: each product variable with its own value and the SKU's value, which a
 * formula uses instead when set. Clearing a value goes back to the variable's. Only changed rows are sent.
 */
export function SkuVariableValues({ catalogId, sku }: Props) {
  const { t } = useTranslation('pricing');
  const { notification } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [failure, setFailure] = useState<unknown>(null);
  const canWrite = useCan('product-variable', 'WRITE');
  const variables = useVariables('PRODUCT', { page: 1, size: MAX_VARIABLES });
  const own = useCatalogVariables(catalogId);
  const save = useSaveCatalogVariables(catalogId);

  const loaded = useMemo(() => Object.fromEntries((own.data?.items ?? []).map((v) => [v.variable_id, v.value])), [own.data]);
  useEffect(() => {
    form.setFieldsValue({ values: loaded });
    setFailure(null);
  }, [loaded, form]);

  if (variables.error || own.error)
    return <Alert type="warning" showIcon title={t('fetchFailed')} description={errorText(variables.error ?? own.error)} />;
  if (!variables.data || !own.data) return <Skeleton active />;
  const items = variables.data.items;
  if (items.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('skuValues.noVariables')} />;

  const submit = async () => {
    const values = (await form.validateFields()).values ?? {};
    const changes: CatalogVariableChange[] = items.flatMap((v) => {
      const typed = (values[v.id] ?? '').trim();
      return typed === (loaded[v.id] ?? '') ? [] : [{ variable_id: v.id, value: typed === '' ? null : typed }];
    });
    setFailure(null);
    if (changes.length === 0) {
      notification.info({ title: t('skuValues.nothingChanged'), placement: 'topRight' });
      return;
    }
    try {
      await save.mutateAsync(changes);
      notification.success({ title: t('skuValues.saved', { sku }), placement: 'topRight' });
    } catch (error) {
      // The server names fields by position in what was sent (values.N.value): put each on its variable's row.
      const placed = isApiError(error)
        ? error.fieldIssues.flatMap((issue) => {
            const index = /^values\.(\d+)\./u.exec(issue.path)?.[1];
            const change = index === undefined ? undefined : changes[Number(index)];
            return change ? [{ name: ['values', change.variable_id] as ['values', string], errors: [validationText(issue)] }] : [];
          })
        : [];
      if (placed.length > 0) form.setFields(placed);
      else setFailure(error);
    }
  };

  return (
    <Form<Values> form={form} component={false} name={`sku-values-${catalogId}`}>
      <Flex vertical gap={12} data-testid="sku-variable-values">
        <Typography.Text type="secondary">{t('skuValues.hint')}</Typography.Text>
        {failure !== null && <Alert type="error" showIcon title={errorText(failure)} data-testid="sku-values-error" />}
        <Table<Variable>
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={items}
          scroll={{ x: 'max-content' }}
          columns={[
            {
              title: t('variables.columns.name'),
              dataIndex: 'name',
              render: (name: string) => <Typography.Text code>{name}</Typography.Text>,
            },
            { title: t('variables.columns.description'), dataIndex: 'short_description', render: (text: string | null) => text || '-' },
            {
              title: t('skuValues.variableValue'),
              dataIndex: 'value',
              align: 'right',
              render: (value: string) => <span style={{ fontVariantNumeric: 'tabular-nums' }}>{value}</span>,
            },
            {
              title: t('skuValues.skuValue', { sku }),
              key: 'sku',
              width: 260,
              render: (_v, variable) => (
                <Flex gap={4} align="flex-start">
                  <Form.Item name={['values', variable.id]} rules={[skuValueRule]} style={{ margin: 0, flex: 1 }}>
                    <Input
                      inputMode="decimal"
                      placeholder={t('skuValues.placeholder', { value: variable.value })}
                      aria-label={t('skuValues.valueLabel', { name: variable.name })}
                      disabled={!canWrite}
                      autoComplete="off"
                    />
                  </Form.Item>
                  {canWrite && (
                    <Button
                      type="text"
                      icon={<ClearOutlined />}
                      aria-label={t('skuValues.clearLabel', { name: variable.name })}
                      title={t('skuValues.clear')}
                      onClick={() => form.setFields([{ name: ['values', variable.id], value: '', errors: [] }])}
                    />
                  )}
                </Flex>
              ),
            },
          ]}
        />
        {canWrite && (
          <Flex justify="flex-end">
            <Button type="primary" onClick={() => void submit().catch(() => undefined)} loading={save.isPending}>
              {t('skuValues.save')}
            </Button>
          </Flex>
        )}
      </Flex>
    </Form>
  );
}
