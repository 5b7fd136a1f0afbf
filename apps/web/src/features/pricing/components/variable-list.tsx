import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, Space, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import type { Variable } from '@kelola/contracts/pricing';
import { ListPage, type ListColumn } from '../../../components/list-page.tsx';
import { PermissionGate } from '../../../components/permission-gate.tsx';
import { useCan } from '../../../components/use-can.ts';
import { useListQuery } from '../../../components/use-list-query.ts';
import { errorText } from '../../../lib/error-text.ts';
import { withWorkspaceQuery } from '../../../lib/workspace-query.ts';
import { useDeleteVariable, useVariables } from '../api/variable-api.ts';
import { formulasBlockingDelete } from './cannot-delete.ts';
import { FetchFailed } from './fetch-failed.tsx';
import type { VariableKindConfig } from './variable-kinds.ts';

const FILTERS = ['q'] as const;

/**
 * A variable list (global, formula or product): search, edit, and delete with confirmation or 'Cannot Delete'.
 * `headerExtra` goes next to the add button (the product variables' view switch).
 */
export function VariableList({ config, headerExtra }: { config: VariableKindConfig; headerExtra?: ReactNode }) {
  const { t } = useTranslation('pricing');
  const { modal, notification } = App.useApp();
  const location = useLocation();
  const navigate = useNavigate();
  const query = useListQuery({ filterKeys: FILTERS });
  const list = useVariables(config.kind, query.params);
  const canWrite = useCan(config.menuKey, 'WRITE');
  const remove = useDeleteVariable(config.kind);
  const link = (path: string) => withWorkspaceQuery(path, location.search);
  const title = t(`variables.${config.textKey}.title`);

  const showCannotDelete = (variable: Variable, formulas: string[]) =>
    modal.error({
      title: t('variables.cannotDelete'),
      content: (
        <div data-testid="cannot-delete">
          <Typography.Paragraph>{t('variables.cannotDeleteBody', { name: variable.name })}</Typography.Paragraph>
          <ul style={{ margin: 0, paddingLeft: 20 }}>
            {formulas.map((name) => (
              <li key={name}>{name}</li>
            ))}
          </ul>
        </div>
      ),
      okText: t('ok'),
    });

  const askDelete = (variable: Variable) =>
    modal.confirm({
      title: t('variables.deleteTitle'),
      content: t('variables.deleteBody', { name: variable.name }),
      okText: t('delete'),
      okButtonProps: { danger: true },
      cancelText: t('cancel'),
      onOk: async () => {
        try {
          await remove.mutateAsync(variable.id);
          notification.success({ title: t('variables.deleted', { name: variable.name }), placement: 'topRight' });
        } catch (error) {
          const formulas = formulasBlockingDelete(error);
          if (formulas) showCannotDelete(variable, formulas);
          else notification.error({ title: t('variables.deleteFailed'), description: errorText(error), placement: 'topRight' });
        }
      },
    });

  const addButton = (
    <PermissionGate menuKey={config.menuKey} action="WRITE">
      <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate(link(`${config.path}/add`))}>
        {t(`variables.${config.textKey}.add`)}
      </Button>
    </PermissionGate>
  );

  const columns: ListColumn<Variable>[] = [
    {
      title: t('variables.columns.name'),
      dataIndex: 'name',
      render: (name: string, row) =>
        canWrite ? (
          <Link to={link(`${config.path}/edit/${row.id}`)}>
            <Typography.Text code>{name}</Typography.Text>
          </Link>
        ) : (
          <Typography.Text code>{name}</Typography.Text>
        ),
    },
    {
      title: t('variables.columns.value'),
      dataIndex: 'value',
      align: 'right',
      render: (value: string) => <span style={{ fontVariantNumeric: 'tabular-nums' }}>{value}</span>,
    },
    { title: t('variables.columns.description'), dataIndex: 'short_description', render: (text: string | null) => text || '-' },
    {
      title: t('variables.columns.usedBy'),
      dataIndex: 'used_by',
      render: (count: number) =>
        count > 0 ? (
          <Tag color="blue">{t('variables.usedBy', { count })}</Tag>
        ) : (
          <Typography.Text type="secondary">{t('variables.unused')}</Typography.Text>
        ),
    },
  ];
  if (canWrite) {
    columns.push({
      title: t('variables.columns.action'),
      key: 'action',
      fixed: 'right',
      width: 170,
      render: (_value, row) => (
        <Space size={4}>
          <Link to={link(`${config.path}/edit/${row.id}`)} aria-label={`${t('edit')} ${row.name}`}>
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

  if (list.error && !list.isFetching) return <FetchFailed title={title} error={list.error} onRetry={() => void list.refetch()} />;

  return (
    <ListPage<Variable, (typeof FILTERS)[number]>
      title={title}
      actions={
        <>
          {headerExtra}
          {addButton}
        </>
      }
      query={query}
      columns={columns}
      rowKey="id"
      data={list.data}
      loading={list.isFetching}
      error={null}
      onRetry={() => void list.refetch()}
      search={{ filter: 'q', placeholder: t('variables.search') }}
      empty={{ description: t(`variables.${config.textKey}.empty`), action: addButton }}
      minWidth={720}
    />
  );
}
