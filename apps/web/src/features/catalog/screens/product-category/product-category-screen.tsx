import { DeleteOutlined, DragOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import {
  App,
  Button,
  Card,
  Empty,
  Flex,
  Form,
  Input,
  Modal,
  Space,
  Spin,
  Tree,
  TreeSelect,
  Typography,
  type InputProps,
  type InputRef,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CategoryInput, type CategoryNode } from '@kelola/contracts/catalog';
import { useCan } from '../../../../components/use-can.ts';
import { zodField } from '../../../../components/zod-rules.ts';
import { errorText } from '../../../../lib/error-text.ts';
import { applyFieldErrors } from '../../../../lib/form-errors.ts';
import { useCategoryTree, useCreateCategory, useDeleteCategory, useMoveCategory, useRenameCategory } from '../../api/category-api.ts';
import { subtreeIds, toTreeData, type CategoryOption } from '../../components/category-options.ts';
import { textLimit } from '../../../../components/text-limit.ts';
import { useDialogFocus } from '../../../../components/use-dialog-focus.ts';

type Dialog =
  { kind: 'add'; parent: CategoryNode | null } | { kind: 'rename'; node: CategoryNode } | { kind: 'move'; node: CategoryNode } | null;
type DialogValues = { name?: string; parent_id?: string | null };
const ROOT = '__root__';

type TreeItem = { key: string; node: CategoryNode; children: TreeItem[] };
const toTree = (nodes: CategoryNode[]): TreeItem[] => nodes.map((node) => ({ key: node.id, node, children: toTree(node.children) }));

const withoutIds = (options: CategoryOption[], ids: Set<string>): CategoryOption[] =>
  options.filter((o) => !ids.has(o.value)).map((o) => ({ ...o, ...(o.children ? { children: withoutIds(o.children, ids) } : {}) }));

/** /product-category: the category tree; add a child, rename, move a subtree or delete (in-use and children errors shown as they come). */
export function ProductCategoryScreen() {
  const { t } = useTranslation('catalog');
  const { modal, notification } = App.useApp();
  const tree = useCategoryTree();
  const canWrite = useCan('product-category', 'WRITE');
  const [dialog, setDialog] = useState<Dialog>(null);
  const [form] = Form.useForm<DialogValues>();
  const [dialogError, setDialogError] = useState<string | null>(null);
  const saved = () => {
    notification.success({ title: t('category.saved'), placement: 'topRight' });
    setDialog(null);
  };
  const create = useCreateCategory({ onSuccess: saved });
  const rename = useRenameCategory({ onSuccess: saved });
  const move = useMoveCategory({ onSuccess: saved });
  const remove = useDeleteCategory({ onSuccess: () => notification.success({ title: t('category.deleted'), placement: 'topRight' }) });
  const items = tree.data?.items ?? [];

  const open = (next: Dialog) => {
    setDialogError(null);
    form.resetFields();
    if (next?.kind === 'rename') form.setFieldsValue({ name: next.node.name });
    if (next?.kind === 'move') form.setFieldsValue({ parent_id: next.node.parent_id ?? ROOT });
    setDialog(next);
  };

  const submit = async (values: DialogValues) => {
    setDialogError(null);
    try {
      if (dialog?.kind === 'add') await create.mutateAsync({ name: values.name ?? '', parent_id: dialog.parent?.id ?? null });
      if (dialog?.kind === 'rename')
        await rename.mutateAsync({ id: dialog.node.id, input: { name: values.name ?? '', parent_id: dialog.node.parent_id } });
      if (dialog?.kind === 'move')
        await move.mutateAsync({ id: dialog.node.id, parentId: values.parent_id === ROOT ? null : (values.parent_id ?? null) });
    } catch (error) {
      if (!applyFieldErrors(form, error)) setDialogError(errorText(error));
    }
  };

  const confirmDelete = (node: CategoryNode) =>
    modal.confirm({
      title: t('category.deleteTitle', { name: node.name }),
      content: t('category.deleteBody'),
      okText: t('category.delete'),
      cancelText: t('category.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await remove.mutateAsync(node.id);
        } catch (error) {
          // CATEGORY_IN_USE / CATEGORY_HAS_CHILDREN come translated from the errors namespace.
          modal.error({ title: t('category.deleteTitle', { name: node.name }), content: errorText(error) });
        }
      },
    });

  const title =
    dialog?.kind === 'add'
      ? dialog.parent
        ? t('category.addChildTitle', { name: dialog.parent.name })
        : t('category.addTitle')
      : dialog?.kind === 'rename'
        ? t('category.renameTitle', { name: dialog.node.name })
        : dialog?.kind === 'move'
          ? t('category.moveTitle', { name: dialog.node.name })
          : '';

  return (
    <Flex vertical gap={16} data-testid="category-page">
      <Flex justify="space-between" align="center" wrap gap={12}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('category.title')}
        </Typography.Title>
        {canWrite && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => open({ kind: 'add', parent: null })}>
            {t('category.addRoot')}
          </Button>
        )}
      </Flex>
      <Card>
        {tree.isPending ? (
          <Spin />
        ) : tree.error ? (
          <Typography.Text type="danger">{errorText(tree.error)}</Typography.Text>
        ) : items.length === 0 ? (
          <Empty description={t('category.empty')} />
        ) : (
          <Tree
            // A new category shows at once: the tree remounts expanded when the set of categories changes.
            key={JSON.stringify(items.flatMap(subtreeIds))}
            blockNode
            defaultExpandAll
            selectable={false}
            treeData={toTree(items)}
            titleRender={(data) => {
              const { node } = data as unknown as { node: CategoryNode };
              return (
                <Flex justify="space-between" align="center" gap={12} style={{ padding: '2px 0' }} data-testid={`category-${node.name}`}>
                  {/* A long name wraps or shrinks; the count never breaks inside ("0 prod uk"). */}
                  <Flex gap={8} align="baseline" style={{ minWidth: 0 }}>
                    <Typography.Text strong={node.level === 1} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                      {node.name}
                    </Typography.Text>
                    <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap', flexShrink: 0 }} data-testid="category-count">
                      {t('category.products', { count: node.product_count })}
                    </Typography.Text>
                  </Flex>
                  {canWrite && (
                    <Space size={0}>
                      <Button size="small" type="link" icon={<PlusOutlined />} onClick={() => open({ kind: 'add', parent: node })}>
                        {t('category.addChild')}
                      </Button>
                      <Button size="small" type="link" icon={<EditOutlined />} onClick={() => open({ kind: 'rename', node })}>
                        {t('category.rename')}
                      </Button>
                      <Button size="small" type="link" icon={<DragOutlined />} onClick={() => open({ kind: 'move', node })}>
                        {t('category.move')}
                      </Button>
                      <Button size="small" type="link" danger icon={<DeleteOutlined />} onClick={() => confirmDelete(node)}>
                        {t('category.delete')}
                      </Button>
                    </Space>
                  )}
                </Flex>
              );
            }}
          />
        )}
      </Card>
      <Modal
        open={dialog !== null}
        title={title}
        okText={t('category.save')}
        cancelText={t('category.cancel')}
        confirmLoading={create.isPending || rename.isPending || move.isPending}
        onOk={() => form.submit()}
        onCancel={() => setDialog(null)}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" onFinish={(values) => void submit(values)} preserve={false}>
          {dialogError && <Typography.Text type="danger">{dialogError}</Typography.Text>}
          {dialog?.kind === 'move' ? (
            <Form.Item name="parent_id" label={t('category.parent')}>
              <TreeSelect
                treeDefaultExpandAll
                treeData={[{ value: ROOT, title: t('category.root') }, ...withoutIds(toTreeData(items), new Set(subtreeIds(dialog.node)))]}
              />
            </Form.Item>
          ) : (
            <Form.Item name="name" label={t('category.name')} {...zodField(CategoryInput, 'name', t('category.name'))}>
              <CategoryNameInput />
            </Form.Item>
          )}
        </Form>
      </Modal>
    </Flex>
  );
}

/** The dialog's name field, with the focus when the dialog opens (Form.Item passes its value and handlers). */
function CategoryNameInput(props: InputProps) {
  const ref = useDialogFocus<InputRef>();
  return <Input {...props} ref={ref} count={textLimit(100)} />;
}
