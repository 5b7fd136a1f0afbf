import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import type { Formula } from '@kelola/contracts/pricing';
import { ListPage, type ListColumn } from '../../../../components/list-page.tsx';
import { PermissionGate } from '../../../../components/permission-gate.tsx';
import { useCan } from '../../../../components/use-can.ts';
import { useListQuery } from '../../../../components/use-list-query.ts';
import { errorText } from '../../../../lib/error-text.ts';
import { withWorkspaceQuery } from '../../../../lib/workspace-query.ts';
import { useDeleteFormula, useFormulas } from '../../api/formula-api.ts';
import { FetchFailed } from '../../components/fetch-failed.tsx';

const FILTERS = ['q'] as const;

/** /price-formula: the workspace's price formulas with their expression and rounding rule. */
export function FormulaListScreen() {
  const { t } = useTranslation('pricing');
  const { modal, notification } = App.useApp();
  const location = useLocation();
  const navigate = useNavigate();
  const query = useListQuery({ filterKeys: FILTERS });
  const list = useFormulas(query.params);
  const canWrite = useCan('price-formula', 'WRITE');
  const remove = useDeleteFormula();
  const link = (path: string) => withWorkspaceQuery(path, location.search);

  const askDelete = (formula: Formula) =>
    modal.confirm({
      title: t('formulas.deleteTitle'),
      content: t('formulas.deleteBody', { name: formula.name }),
      okText: t('delete'),
      okButtonProps: { danger: true },
      cancelText: t('cancel'),
      onOk: async () => {
        try {
          await remove.mutateAsync(formula.id);
          notification.success({ title: t('formulas.deleted', { name: formula.name }), placement: 'topRight' });
        } catch (error) {
          notification.error({ title: t('variables.cannotDelete'), description: errorText(error), placement: 'topRight' });
        }
      },
    });

  const addButton = (
    <PermissionGate menuKey="price-formula" action="WRITE">
      <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate(link('/price-formula/add'))}>
        {t('formulas.add')}
      </Button>
    </PermissionGate>
  );

  const columns: ListColumn<Formula>[] = [
    {
      title: t('formulas.columns.name'),
      dataIndex: 'name',
      render: (name: string, row) => (canWrite ? <Link to={link(`/price-formula/edit/${row.id}`)}>{name}</Link> : name),
    },
    {
      title: t('formulas.columns.expression'),
      dataIndex: 'expression',
      render: (text: string) => <Typography.Text code>{text}</Typography.Text>,
    },
    {
      title: t('formulas.columns.rounding'),
      key: 'rounding',
      render: (_v, row) =>
        row.rounding_mode === 'NONE'
          ? t('rounding.NONE')
          : `${t(`rounding.${row.rounding_mode}`)} · ${t('rounding.step', { step: row.rounding_step.toLocaleString('id-ID') })}`,
    },
    { title: t('formulas.columns.description'), dataIndex: 'short_description', render: (text: string | null) => text || '-' },
  ];
  if (canWrite) {
    columns.push({
      title: t('variables.columns.action'),
      key: 'action',
      fixed: 'right',
      width: 170,
      render: (_v, row) => (
        <Space size={4}>
          <Link to={link(`/price-formula/edit/${row.id}`)} aria-label={`${t('edit')} ${row.name}`}>
            <EditOutlined /> {t('edit')}
          </Link>
          <Button
            type="link"
            danger
            size="small"
            icon={<DeleteOutlined />}
            aria-label={`${t('delete')} ${row.name}`}
            onClick={() => askDelete(row)}
          >
            {t('delete')}
          </Button>
        </Space>
      ),
    });
  }

  if (list.error && !list.isFetching)
    return <FetchFailed title={t('formulas.title')} error={list.error} onRetry={() => void list.refetch()} />;

  return (
    <ListPage<Formula, (typeof FILTERS)[number]>
      title={t('formulas.title')}
      actions={addButton}
      query={query}
      columns={columns}
      rowKey="id"
      data={list.data}
      loading={list.isFetching}
      error={null}
      onRetry={() => void list.refetch()}
      search={{ filter: 'q', placeholder: t('formulas.search') }}
      empty={{ description: t('formulas.empty'), action: addButton }}
      minWidth={800}
    />
  );
}
