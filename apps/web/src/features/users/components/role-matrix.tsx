import { Button, Radio, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { Access } from '@kelola/contracts/menu';
import { MATRIX_ROWS, setAccess, setAllAccess, type MatrixRow, type Permissions } from '../lib/role-permissions.ts';

type Level = Access | 'NONE';
const LEVELS: Level[] = ['NONE', 'READ', 'WRITE'];

const NO_GRANTS: Permissions = {};

type Props = {
  /** Optional so a Form.Item can pass it; none means no grant. */
  value?: Permissions;
  onChange?: (value: Permissions) => void;
  /** Built-in roles and users without WRITE see the grants without changing them. */
  readOnly?: boolean;
};

/** Menu keys × no access / READ / WRITE, grouped and indented like the menu (spec part 6). */
export function RoleMatrix({ value = NO_GRANTS, onChange, readOnly = false }: Props) {
  const { t } = useTranslation('users');
  const levelOf = (key: string): Level => value[key] ?? 'NONE';
  const choose = (key: string, level: Level) => onChange?.(setAccess(value, key, level === 'NONE' ? null : level));

  const columns: ColumnsType<MatrixRow> = [
    {
      key: 'menu',
      title: t('roles.matrix.menu'),
      render: (_, row) => (
        <Typography.Text strong={row.isGroup} style={{ paddingInlineStart: row.depth * 24 }}>
          {t(`menu:${row.key}`)}
        </Typography.Text>
      ),
    },
    ...LEVELS.map((level) => ({
      key: level,
      align: 'center' as const,
      width: 110,
      title: (
        <Space orientation="vertical" size={0}>
          <span>{t(`roles.levels.${level}`)}</span>
          {!readOnly && (
            <Button
              type="link"
              size="small"
              onClick={() => onChange?.(setAllAccess(level === 'NONE' ? null : level))}
              data-testid={`matrix-all-${level}`}
            >
              {t('roles.matrix.all')}
            </Button>
          )}
        </Space>
      ),
      render: (_: unknown, row: MatrixRow) => (
        <Radio
          checked={levelOf(row.key) === level}
          disabled={readOnly}
          onChange={() => choose(row.key, level)}
          aria-label={`${t(`menu:${row.key}`)}: ${t(`roles.levels.${level}`)}`}
          data-testid={`matrix-${row.key}-${level}`}
        />
      ),
    })),
  ];

  return (
    <Table<MatrixRow>
      rowKey="key"
      size="small"
      columns={columns}
      dataSource={[...MATRIX_ROWS]}
      pagination={false}
      scroll={{ y: 420 }}
      rowClassName={(row) => (row.isGroup ? 'role-matrix-group' : '')}
      data-testid="role-matrix"
    />
  );
}
