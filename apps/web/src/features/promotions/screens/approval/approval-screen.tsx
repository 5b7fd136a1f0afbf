import type { DiscountImpact } from '@kelola/contracts/promotions';
import { DISCOUNT_STATUSES } from '@kelola/domain';
import { Alert, Button, Card, Descriptions, Empty, Input, Select, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPage, type ListColumn } from '../../../../components/list-page.tsx';
import { MoneyText } from '../../../../components/money-text.tsx';
import { StatusTag } from '../../../../components/status-tag.tsx';
import { useCan } from '../../../../components/use-can.ts';
import { useListQuery } from '../../../../components/use-list-query.ts';
import { notifyHttpError, notifySuccess } from '../../../../lib/notify.ts';
import { useDiscount, useDiscountDecision, useDiscountImpact, useDiscounts, type DiscountSummary } from '../../api/promotions-api.ts';
import { statusTone } from '../../components/status-tone.ts';
import { textLimit } from '../../../../components/text-limit.ts';

const FILTERS = ['status', 'tier'] as const;
type Filter = (typeof FILTERS)[number];
type Line = DiscountImpact['lines'][number];

const percent = (m: { rupiah: number; percent: number | null } | null) =>
  m === null ? (
    '-'
  ) : (
    <span>
      <MoneyText value={m.rupiah} /> ({m.percent === null ? '-' : `${m.percent} %`})
    </span>
  );

/** The checker's view of one programme: margin impact per SKU, below-cost flag, quota budget, overlaps; approve or reject. */
function Review({ id }: { id: string }) {
  const { t } = useTranslation('promotions');
  const program = useDiscount(id);
  const impact = useDiscountImpact(id);
  const decide = useDiscountDecision();
  const [note, setNote] = useState('');
  const canApprove = useCan('promotion-approval', 'WRITE');
  const p = program.data;
  if (!p || !impact.data) return <Card loading />;
  const own = p.actions.includes('APPROVE') === false && p.status === 'WAITING_APPROVAL' && canApprove;
  const act = (action: 'APPROVE' | 'REJECT') =>
    decide.mutate(
      { id, action, note },
      {
        onSuccess: () => notifySuccess(t(action === 'APPROVE' ? 'approval.approved' : 'approval.rejected')),
        onError: notifyHttpError,
      },
    );
  const columns = [
    { title: t('impact.sku'), dataIndex: 'sku', render: (sku: string, l: Line) => `${sku} — ${l.name}` },
    { title: t('impact.normal_price'), dataIndex: 'normal_price', align: 'right' as const, render: (v: number) => <MoneyText value={v} /> },
    { title: t('impact.promo_price'), dataIndex: 'promo_price', align: 'right' as const, render: (v: number) => <MoneyText value={v} /> },
    {
      title: t('impact.cost_price'),
      dataIndex: 'cost_price',
      align: 'right' as const,
      render: (v: number | null) => (v === null ? '-' : <MoneyText value={v} />),
    },
    {
      title: t('impact.marketplace_fee'),
      dataIndex: 'marketplace_fee',
      align: 'right' as const,
      render: (v: number | null) => (v === null ? '-' : <MoneyText value={v} />),
    },
    { title: t('impact.margin_before'), dataIndex: 'margin_before', render: percent },
    { title: t('impact.margin_after'), dataIndex: 'margin_after', render: percent },
    {
      title: t('impact.max_budget'),
      dataIndex: 'max_budget',
      align: 'right' as const,
      render: (v: number | null) => (v === null ? t('unlimited') : <MoneyText value={v} />),
    },
    { title: '', dataIndex: 'below_cost', render: (v: boolean) => (v ? <Tag color="red">{t('impact.below_cost')}</Tag> : null) },
  ];
  return (
    <Card
      title={p.program_name}
      data-testid="approval-review"
      extra={<StatusTag status={p.status} tone={statusTone(p.status)} label={t(`status.${p.status}`)} />}
    >
      <Descriptions size="small" column={{ xs: 1, md: 3 }} style={{ marginBottom: 16 }}>
        <Descriptions.Item label={t('discount.fields.tier')}>{t(`tier.${p.tier}`)}</Descriptions.Item>
        <Descriptions.Item label={t('discount.fields.period')}>{`${p.start_date} – ${p.end_date}`}</Descriptions.Item>
        <Descriptions.Item label={t('discount.fields.quota')}>{p.quota ?? t('unlimited')}</Descriptions.Item>
      </Descriptions>
      {impact.data.below_cost && (
        <Alert type="error" showIcon title={t('impact.belowCostWarning')} style={{ marginBottom: 12 }} data-testid="below-cost" />
      )}
      <Table<Line>
        data-testid="impact-table"
        rowKey="catalog_id"
        size="small"
        pagination={false}
        columns={columns}
        dataSource={impact.data.lines}
        scroll={{ x: 1000 }}
      />
      <Typography.Paragraph style={{ marginTop: 12 }}>
        {t('impact.total_budget')}: {impact.data.max_budget === null ? t('unlimited') : <MoneyText value={impact.data.max_budget} />}
      </Typography.Paragraph>
      {impact.data.overlaps.length > 0 && (
        <Alert
          type="warning"
          showIcon
          data-testid="overlaps"
          title={t('impact.overlaps')}
          description={
            <ul style={{ margin: 0 }}>
              {impact.data.overlaps.map((o) => (
                <li key={`${o.catalog_id}-${o.other_id}`}>
                  {t('impact.overlapLine', {
                    sku: o.sku,
                    other: o.other_source === 'SHOPEE' ? `Shopee "${o.other_name}"` : o.other_name,
                    winner: o.winner_id === p.id ? p.program_name : o.winner_id === o.other_id ? o.other_name : '-',
                  })}
                </li>
              ))}
            </ul>
          }
        />
      )}
      {own && (
        <Alert type="info" showIcon title={t('errors:DISCOUNT_SELF_APPROVAL')} style={{ marginTop: 12 }} data-testid="own-programme" />
      )}
      {p.actions.includes('APPROVE') && (
        <Space direction="vertical" style={{ width: '100%', marginTop: 16 }}>
          <Input.TextArea
            data-testid="decision-note"
            rows={2}
            count={textLimit(500)}
            placeholder={t('approval.note')}
            aria-label={t('approval.note')}
            value={note}
            onChange={(e) => setNote(e.target.value)}
          />
          <Space>
            <Button type="primary" data-testid="approve" loading={decide.isPending} onClick={() => act('APPROVE')}>
              {t('approval.approve')}
            </Button>
            <Button danger data-testid="reject" loading={decide.isPending} onClick={() => act('REJECT')}>
              {t('approval.reject')}
            </Button>
          </Space>
        </Space>
      )}
      {p.history.length > 0 && (
        <>
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            {t('approval.history')}
          </Typography.Title>
          <ul data-testid="history">
            {p.history.map((h) => (
              <li key={`${h.at}-${h.event}`}>
                {new Date(h.at).toLocaleString()} — {t(`event.${h.event}`)}
                {h.note ? `: ${h.note}` : ''}
              </li>
            ))}
          </ul>
        </>
      )}
    </Card>
  );
}

/** /promotion-channel/:id/approval: programmes waiting for a checker; one opened shows its margin impact and the decision. */
export function ApprovalScreen() {
  const { t } = useTranslation('promotions');
  const query = useListQuery<Filter>({ filterKeys: FILTERS, defaultSize: 20 });
  const params = { status: 'WAITING_APPROVAL', ...query.params };
  const list = useDiscounts(params, true);
  const [selected, setSelected] = useState<string | null>(null);
  const columns: ListColumn<DiscountSummary>[] = [
    {
      title: t('discount.fields.program_name'),
      dataIndex: 'program_name',
      render: (name: string, row) => (
        <Button type="link" data-testid={`review-${row.id}`} onClick={() => setSelected(row.id)} style={{ padding: 0 }}>
          {name}
        </Button>
      ),
    },
    { title: t('discount.fields.tier'), dataIndex: 'tier', render: (v: string) => t(`tier.${v}`) },
    { title: t('discount.fields.period'), key: 'period', render: (_v, row) => `${row.start_date} – ${row.end_date}` },
    { title: t('discount.fields.items'), dataIndex: 'item_count' },
    {
      title: t('discount.fields.status'),
      dataIndex: 'status',
      render: (s: string) => <StatusTag status={s} tone={statusTone(s)} label={t(`status.${s}`)} />,
    },
  ];
  return (
    <Space direction="vertical" style={{ width: '100%' }} size="large">
      <ListPage<DiscountSummary, Filter>
        title={t('approval.title')}
        query={query}
        columns={columns}
        rowKey="id"
        data={list.data}
        loading={list.isFetching}
        error={list.error}
        onRetry={() => void list.refetch()}
        filters={
          <Select
            data-testid="filter-status"
            style={{ minWidth: 170 }}
            aria-label={t('discount.fields.status')}
            value={query.filters.status ?? 'WAITING_APPROVAL'}
            options={DISCOUNT_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
            onChange={(value?: string) => query.setFilters({ status: value })}
          />
        }
        empty={{ description: t('approval.empty') }}
        minWidth={700}
      />
      {selected ? <Review id={selected} /> : <Empty description={t('approval.pick')} />}
    </Space>
  );
}
