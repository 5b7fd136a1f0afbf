import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Flex, Form, Table } from 'antd';
import type { TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** One row of a document's Form.List: `name` is its index in the list. */
export type DocumentLineField = { key: number; name: number };

/**
 * The shell both stock documents share for their lines (a goods receipt's `lines`, an adjustment's `items`): a
 * Form.List that must hold at least one line, a table with the line number first and a remove button last (the
 * last line stays), the list's own errors, and "Tambah baris" with `footer` beside it. `columns` are the document's
 * own columns, each rendering the Form.Items of one line.
 */
export function DocumentLinesTable({
  name,
  requiredMessage,
  columns,
  footer,
  'data-testid': testId,
}: {
  name: string;
  requiredMessage: string;
  columns: TableColumnsType<DocumentLineField>;
  footer?: ReactNode;
  'data-testid': string;
}) {
  const { t } = useTranslation('stock-documents');
  return (
    <Form.List
      name={name}
      rules={[
        {
          validator: async (_rule, value: unknown[] | undefined) => {
            if (!value || value.length === 0) throw new Error(requiredMessage);
          },
        },
      ]}
    >
      {(fields, { add, remove }, { errors }) => (
        <>
          <Table<DocumentLineField>
            size="small"
            rowKey="key"
            pagination={false}
            dataSource={fields}
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: t('form.noLines') }}
            data-testid={testId}
            columns={[
              { title: '#', key: 'index', width: 40, render: (_v, field) => field.name + 1 },
              ...columns,
              {
                title: '',
                key: 'remove',
                width: 56,
                render: (_v, field) => (
                  <Button
                    icon={<DeleteOutlined />}
                    aria-label={t('form.removeLine', { line: field.name + 1 })}
                    disabled={fields.length === 1}
                    onClick={() => remove(field.name)}
                  />
                ),
              },
            ]}
          />
          <Form.ErrorList errors={errors} />
          <Flex gap={12} align="center" wrap style={{ marginTop: 12 }}>
            <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({})}>
              {t('form.addLine')}
            </Button>
            {footer}
          </Flex>
        </>
      )}
    </Form.List>
  );
}
