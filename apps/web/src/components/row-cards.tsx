import { Card, Flex, Spin, Typography } from 'antd';
import { Fragment, type Key, type ReactNode } from 'react';
import type { ListColumn } from './list-page.tsx';

type Props<T extends object> = {
  columns: ListColumn<T>[];
  rows: T[];
  rowKey: keyof T & string;
  loading: boolean;
  empty: ReactNode;
};

/** What a column shows for a row: its render, or the raw value of its dataIndex. */
function cellOf<T extends object>(column: ListColumn<T>, row: T, index: number): ReactNode {
  const field = typeof column.dataIndex === 'string' ? column.dataIndex : undefined;
  const value = field ? (row as Record<string, unknown>)[field] : undefined;
  if (column.render) return column.render(value, row, index) as ReactNode;
  return value === null || value === undefined ? '-' : String(value as string | number);
}

const titleOf = <T,>(column: ListColumn<T>): ReactNode => (typeof column.title === 'function' ? null : column.title);

/**
 * A list on a phone: one card per row instead of a table that hides columns off screen. The first column is the
 * card's title, the column with key `action` its footer, every other column a label and value, unless it says
 * `card: false` (secondary figures a phone user can open in the detail).
 */
export function RowCards<T extends object>({ columns, rows, rowKey, loading, empty }: Props<T>) {
  const [first, ...rest] = columns.filter((column) => column.card !== false);
  const action = rest.find((column) => column.key === 'action');
  const fields = rest.filter((column) => column !== action);
  if (rows.length === 0) return loading ? <Spin style={{ display: 'block', margin: '24px auto' }} /> : <>{empty}</>;
  return (
    <Flex vertical gap={12} data-testid="row-cards">
      {rows.map((row, index) => (
        <Card
          key={String(row[rowKey] as Key)}
          size="small"
          title={first ? cellOf(first, row, index) : undefined}
          extra={action ? cellOf(action, row, index) : undefined}
          data-testid="row-card"
        >
          <dl style={{ display: 'grid', gridTemplateColumns: 'auto 1fr', gap: '4px 12px', margin: 0 }}>
            {fields.map((column, position) => (
              <Fragment key={String(column.key ?? column.dataIndex ?? position)}>
                <dt style={{ whiteSpace: 'nowrap' }}>
                  <Typography.Text type="secondary">{titleOf(column)}</Typography.Text>
                </dt>
                <dd style={{ margin: 0, textAlign: 'right', minWidth: 0, overflowWrap: 'anywhere' }}>{cellOf(column, row, index)}</dd>
              </Fragment>
            ))}
          </dl>
        </Card>
      ))}
    </Flex>
  );
}
