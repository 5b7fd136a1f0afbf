import { DeleteOutlined, PlusOutlined, SaveOutlined } from '@ant-design/icons';
import { Alert, App, Button, Flex, Form, InputNumber, Modal, Radio, Select, Table, Tag, Typography } from 'antd';
import type { FormRule } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import { allocateToChannel, type AllocationMode } from '@kelola/domain';
import { AllocationRuleInput, type AllocationInput, type AllocationView } from '@kelola/contracts/inventory';
import { useCan } from '../../../components/use-can.ts';
import { errorText, validationText } from '../../../lib/error-text.ts';
import { applyFieldErrors } from '../../../lib/form-errors.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { useChannelOptions, useSaveAllocation } from '../api/allocation-api.ts';
import { DocumentQuantity } from './document-quantity.tsx';
import { quantityRule } from './document-rules.tsx';

export type AllocationRuleValues = { channel_id?: string; mode: AllocationMode; value?: number | null; buffer?: number | null };
export type AllocationFormValues = { safety_stock?: number | null; rules: AllocationRuleValues[] };

type Field = { key: number; name: number };
type Share = { quantity: number; explanation: string; preview: boolean };

const valueSchema = AllocationRuleInput.shape.value;
const bufferSchema = AllocationRuleInput.shape.buffer;
const MAX_PERCENT = 100;

const isInteger = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0;

/** The request body: the warehouse's whole rule set (POST replaces it) and, with a SKU, its safety stock. */
export function toAllocationInput(values: AllocationFormValues, warehouseId: string, catalogId: string | undefined): AllocationInput {
  return {
    warehouse_id: warehouseId,
    ...(catalogId ? { catalog_id: catalogId, safety_stock: Number(values.safety_stock ?? 0) } : {}),
    rules: (values.rules ?? []).map((rule) => ({
      channel_id: rule.channel_id ?? '',
      mode: rule.mode,
      value: Number(rule.value),
      buffer: Number(rule.buffer ?? 0),
    })),
  };
}

const fromView = (view: AllocationView): AllocationFormValues => ({
  safety_stock: view.safety_stock,
  rules: view.rules.map((rule) => ({ channel_id: rule.channel_id, mode: rule.mode, value: rule.value, buffer: rule.buffer })),
});

type Props = {
  view: AllocationView;
  warehouseId: string;
  catalogId: string | undefined;
  /** Told when the form has unsaved edits, so the page can ask before switching warehouse or SKU. */
  onDirtyChange?: (dirty: boolean) => void;
};

/**
 * The channel rules of one warehouse: per channel a percentage or a fixed quantity, and a buffer held back; with a
 * SKU, its safety stock and each channel's quantity. Saved rules show the server's explanation; edited ones a preview
 * from the same domain rule, until saved. READ-only users see the rules without inputs to change them.
 */
export function AllocationRulesForm({ view, warehouseId, catalogId, onDirtyChange }: Props) {
  const { t } = useTranslation('stock-documents');
  const { notification } = App.useApp();
  const [form] = Form.useForm<AllocationFormValues>();
  const canWrite = useCan('stock-allocation', 'WRITE');
  const canListChannels = useCan('store-list', 'READ');
  const channels = useChannelOptions(canListChannels);
  const [submitError, setSubmitError] = useState<unknown>(null);
  const [dirty, setDirtyState] = useState(false);
  const dirtyRef = useRef(false);
  const save = useSaveAllocation();
  const rules = (Form.useWatch('rules', form) ?? []) as AllocationRuleValues[];
  const safetyStock = Form.useWatch('safety_stock', form) as number | null | undefined;

  const setDirty = (value: boolean) => {
    dirtyRef.current = value;
    setDirtyState(value);
    onDirtyChange?.(value);
  };
  useEffect(() => () => onDirtyChange?.(false), [onDirtyChange]);
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the dialog only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirtyRef.current && currentLocation.pathname !== nextLocation.pathname);

  // Channel names: the saved rules name theirs even without READ on store-list.
  const names = new Map<string, string>(view.rules.map((rule) => [rule.channel_id, rule.channel_name]));
  for (const channel of channels.data ?? []) names.set(channel.id, channel.name);
  const chosen = rules.map((rule) => rule.channel_id);
  const channelOptions = (index: number) =>
    [...names.entries()].filter(([id]) => id === chosen[index] || !chosen.includes(id)).map(([value, label]) => ({ value, label }));

  // The stock shares are taken from: the server's available, moved by an edited safety stock.
  const base =
    view.available === null || !catalogId
      ? null
      : view.available + (view.safety_stock ?? 0) - (isInteger(safetyStock) ? safetyStock : (view.safety_stock ?? 0));
  const safetyChanged = catalogId !== undefined && isInteger(safetyStock) && safetyStock !== (view.safety_stock ?? 0);

  const shareOf = (rule: AllocationRuleValues | undefined): Share | null => {
    if (!rule?.channel_id || base === null) return null;
    const saved = view.rules.find((r) => r.channel_id === rule.channel_id);
    if (
      saved &&
      !safetyChanged &&
      saved.mode === rule.mode &&
      saved.value === rule.value &&
      saved.buffer === (rule.buffer ?? 0) &&
      saved.quantity !== null
    ) {
      return { quantity: saved.quantity, explanation: saved.explanation ?? '', preview: false };
    }
    if (!isInteger(rule.value) || !isInteger(rule.buffer ?? 0) || (rule.mode === 'PERCENTAGE' && rule.value > MAX_PERCENT)) return null;
    const setAside = view.set_asides.find((a) => a.channel_id === rule.channel_id)?.quantity ?? 0;
    const share = allocateToChannel(base, { mode: rule.mode, value: rule.value, buffer: rule.buffer ?? 0 }, setAside);
    return { quantity: share.quantity, explanation: share.explanation[currentLanguage()], preview: true };
  };

  const percentTotal = rules.reduce((sum, rule) => sum + (rule.mode === 'PERCENTAGE' && isInteger(rule.value) ? rule.value : 0), 0);

  const valueRules = (index: number): FormRule[] => [
    quantityRule(valueSchema, t('allocation.valueInvalid')),
    {
      validator: async (_rule, value: unknown) => {
        const mode = form.getFieldValue(['rules', index, 'mode']) as AllocationMode | undefined;
        if (mode === 'PERCENTAGE' && typeof value === 'number' && value > MAX_PERCENT)
          throw new Error(validationText({ code: 'TOO_BIG' }, { maximum: MAX_PERCENT }));
      },
    },
  ];
  const bufferRule = quantityRule(bufferSchema, t('allocation.valueInvalid'));
  const channelRules = (index: number): FormRule[] => [
    { required: true, message: t('allocation.channelRequired') },
    {
      validator: async (_rule, value: unknown) => {
        const all = (form.getFieldValue('rules') ?? []) as AllocationRuleValues[];
        if (value && all.some((rule, i) => i !== index && rule.channel_id === value))
          throw new Error(validationText({ code: 'DUPLICATE_VALUE' }));
      },
    },
  ];

  const finish = async (values: AllocationFormValues) => {
    setSubmitError(null);
    try {
      const saved = await save.mutateAsync(toAllocationInput(values, warehouseId, catalogId));
      setDirty(false);
      form.setFieldsValue(fromView(saved));
      notification.success({ title: t('allocation.saved'), placement: 'topRight' });
    } catch (error) {
      setSubmitError(error);
      applyFieldErrors(form, error);
    }
  };

  return (
    <>
      <Form<AllocationFormValues>
        form={form}
        name="stock-allocation"
        layout="vertical"
        initialValues={fromView(view)}
        disabled={!canWrite || save.isPending}
        onValuesChange={() => {
          if (!dirtyRef.current) setDirty(true);
        }}
        onFinish={(values) => void finish(values)}
      >
        {submitError !== null && (
          <Alert type="error" showIcon title={errorText(submitError)} style={{ marginBottom: 16 }} data-testid="allocation-error" />
        )}
        {catalogId && (
          <Flex gap={24} wrap align="flex-end" style={{ marginBottom: 8 }}>
            <Form.Item label={t('allocation.available')} extra={t('allocation.availableHint')}>
              <Typography.Text strong data-testid="allocation-available">
                <DocumentQuantity value={base} />
              </Typography.Text>
            </Form.Item>
            <Form.Item name="safety_stock" label={t('allocation.safetyStock')} extra={t('allocation.safetyStockHint')} rules={[bufferRule]}>
              <InputNumber precision={0} style={{ width: 160 }} />
            </Form.Item>
          </Flex>
        )}
        <Form.List name="rules">
          {(fields, { add, remove }) => (
            <>
              <Table<Field>
                size="middle"
                rowKey="key"
                pagination={false}
                dataSource={fields}
                scroll={{ x: 'max-content' }}
                data-testid="allocation-rules"
                locale={{ emptyText: t('allocation.noRules') }}
                // The explanation on a line of its own under each rule: as a column it sat past the right edge of a
                // 1366 px screen, behind the table's horizontal scroll.
                expandable={{
                  expandedRowKeys: fields.map((field) => field.key),
                  showExpandColumn: false,
                  expandedRowRender: (field) => (
                    <RuleExplanation index={field.name} share={catalogId ? shareOf(rules[field.name]) : undefined} />
                  ),
                }}
                columns={[
                  {
                    title: t('allocation.channel'),
                    key: 'channel',
                    render: (_v, field) => (
                      <Form.Item name={[field.name, 'channel_id']} rules={channelRules(field.name)} style={{ margin: 0 }}>
                        <Select
                          showSearch={{ optionFilterProp: 'label' }}
                          style={{ width: 220 }}
                          placeholder={t('allocation.channelPlaceholder')}
                          aria-label={t('allocation.ruleChannel', { line: field.name + 1 })}
                          data-testid={`rule-${field.name}-channel`}
                          options={channelOptions(field.name)}
                          notFoundContent={canListChannels ? t('allocation.noChannels') : t('allocation.noChannelAccess')}
                        />
                      </Form.Item>
                    ),
                  },
                  {
                    title: t('allocation.mode'),
                    key: 'mode',
                    render: (_v, field) => (
                      <Form.Item name={[field.name, 'mode']} style={{ margin: 0 }}>
                        <Radio.Group
                          optionType="button"
                          aria-label={t('allocation.ruleMode', { line: field.name + 1 })}
                          options={[
                            { value: 'PERCENTAGE', label: t('allocation.modes.PERCENTAGE') },
                            { value: 'QUANTITY', label: t('allocation.modes.QUANTITY') },
                          ]}
                        />
                      </Form.Item>
                    ),
                  },
                  {
                    title: t('allocation.value'),
                    key: 'value',
                    render: (_v, field) => (
                      <Form.Item
                        name={[field.name, 'value']}
                        rules={valueRules(field.name)}
                        dependencies={[['rules', field.name, 'mode']]}
                        style={{ margin: 0 }}
                      >
                        <InputNumber
                          precision={0}
                          suffix={rules[field.name]?.mode === 'PERCENTAGE' ? '%' : t('allocation.units')}
                          aria-label={t('allocation.ruleValue', { line: field.name + 1 })}
                          style={{ width: 140 }}
                        />
                      </Form.Item>
                    ),
                  },
                  {
                    title: t('allocation.buffer'),
                    key: 'buffer',
                    render: (_v, field) => (
                      <Form.Item name={[field.name, 'buffer']} rules={[bufferRule]} style={{ margin: 0 }}>
                        <InputNumber
                          precision={0}
                          aria-label={t('allocation.ruleBuffer', { line: field.name + 1 })}
                          style={{ width: 120 }}
                        />
                      </Form.Item>
                    ),
                  },
                  {
                    title: t('allocation.quantity'),
                    key: 'quantity',
                    align: 'right',
                    render: (_v, field) => (
                      <DocumentQuantity value={shareOf(rules[field.name])?.quantity} data-testid={`rule-${field.name}-quantity`} />
                    ),
                  },
                  ...(canWrite
                    ? [
                        {
                          title: '',
                          key: 'remove',
                          width: 56,
                          render: (_v: unknown, field: Field) => (
                            <Button
                              icon={<DeleteOutlined />}
                              aria-label={t('allocation.removeRule', { line: field.name + 1 })}
                              onClick={() => remove(field.name)}
                            />
                          ),
                        },
                      ]
                    : []),
                ]}
              />
              <Flex justify="space-between" align="center" wrap gap={12} style={{ marginTop: 12 }}>
                <Flex gap={12} align="center" wrap>
                  {canWrite && (
                    <Button
                      type="dashed"
                      icon={<PlusOutlined />}
                      onClick={() => add({ mode: 'PERCENTAGE', buffer: 0 })}
                      disabled={save.isPending}
                    >
                      {t('allocation.addRule')}
                    </Button>
                  )}
                  <Typography.Text type={percentTotal > MAX_PERCENT ? 'warning' : 'secondary'} data-testid="allocation-percent-total">
                    {t('allocation.percentTotal', { total: percentTotal })}
                  </Typography.Text>
                </Flex>
                {canWrite && (
                  <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={save.isPending}>
                    {t('allocation.save')}
                  </Button>
                )}
              </Flex>
              {percentTotal > MAX_PERCENT && (
                <Alert
                  type="warning"
                  showIcon
                  style={{ marginTop: 12 }}
                  title={t('allocation.percentOver', { total: percentTotal })}
                  data-testid="allocation-percent-over"
                />
              )}
              {!canListChannels && canWrite && (
                <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
                  {t('allocation.noChannelAccess')}
                </Typography.Paragraph>
              )}
            </>
          )}
        </Form.List>
      </Form>
      <Modal
        open={blocker.state === 'blocked'}
        title={t('allocation.leaveTitle')}
        okText={t('allocation.leave')}
        cancelText={t('allocation.stay')}
        okButtonProps={{ danger: true }}
        onOk={() => blocker.proceed?.()}
        onCancel={() => blocker.reset?.()}
      >
        {t('allocation.leaveBody')}
      </Modal>
    </>
  );
}

/** Under a rule: how its quantity was found (the server's text, or the preview of an edit), or why there is none. */
function RuleExplanation({ index, share }: { index: number; share: Share | null | undefined }) {
  const { t } = useTranslation('stock-documents');
  return (
    <Flex gap={8} align="center" wrap>
      <Typography.Text type="secondary">{t('allocation.explanation')}</Typography.Text>
      {share === undefined ? (
        <Typography.Text type="secondary">{t('allocation.chooseSku')}</Typography.Text>
      ) : share === null ? (
        '-'
      ) : (
        <>
          <Typography.Text data-testid={`rule-${index}-explanation`}>{share.explanation}</Typography.Text>
          {share.preview && <Tag color="gold">{t('allocation.preview')}</Tag>}
        </>
      )}
    </Flex>
  );
}
