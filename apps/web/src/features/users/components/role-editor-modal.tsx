import { applyFieldErrors } from '../../../lib/form-errors.ts';
import { Alert, App, Form, Input, Modal } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { RoleInput as RoleSchema, type Role } from '@kelola/contracts/workspaces';
import { zodField } from '../../../components/zod-rules.ts';
import { isApiError } from '../../../lib/api-error.ts';
import { errorText, validationText } from '../../../lib/error-text.ts';
import { useCreateRole, useUpdateRole } from '../api/users-api.ts';
import type { Permissions } from '../lib/role-permissions.ts';
import { RoleMatrix } from './role-matrix.tsx';
import { textLimit } from '../../../components/text-limit.ts';

type Props = {
  open: boolean;
  /** The role to show or edit; null creates a new custom role. */
  role: Role | null;
  canWrite: boolean;
  onClose: () => void;
};

type Values = { name: string; permissions: Permissions };

/** A role opens at least one menu (the server refuses it too, ROLE_NO_MENU on `permissions`). */
const someMenu = {
  validator: async (_rule: unknown, value: Permissions | undefined) => {
    if (Object.keys(value ?? {}).length === 0) throw new Error(validationText({ code: 'ROLE_NO_MENU' }));
  },
};

/** Creates or edits a custom role; built-in roles open read-only. */
export function RoleEditorModal({ open, role, canWrite, onClose }: Props) {
  const { t } = useTranslation('users');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const readOnly = !canWrite || Boolean(role?.is_system);
  const done = () => {
    void message.success(t(role ? 'roles.updated' : 'roles.created'));
    onClose();
  };
  const create = useCreateRole({ onSuccess: done });
  const update = useUpdateRole({ onSuccess: done });
  const saving = create.isPending || update.isPending;
  const error = create.error ?? update.error;

  useEffect(() => {
    if (!open) return;
    form.setFieldsValue({ name: role?.name ?? '', permissions: role?.permissions ?? {} });
    create.reset();
    update.reset();
    // Reset only when the dialog opens for another role; the mutations are stable enough to leave out.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, role, form]);

  const onFinish = (values: Values) => {
    const body = { name: values.name.trim(), permissions: values.permissions };
    const onError = (failure: unknown) => applyFieldErrors(form, failure);
    if (role) update.mutate({ id: role.id, body }, { onError });
    else create.mutate(body, { onError });
  };

  const title = role
    ? readOnly
      ? t('roles.viewTitle', { name: role.name })
      : t('roles.editTitle', { name: role.name })
    : t('roles.createTitle');
  return (
    <Modal
      open={open}
      title={title}
      width={760}
      onCancel={onClose}
      okText={t('roles.save')}
      cancelText={t(readOnly ? 'common.close' : 'common.cancel')}
      onOk={() => form.submit()}
      okButtonProps={{ loading: saving, style: readOnly ? { display: 'none' } : undefined }}
      destroyOnHidden
      data-testid="role-editor"
    >
      {role?.is_system && <Alert type="info" showIcon title={t('roles.systemReadOnly')} style={{ marginBottom: 16 }} />}
      {error && !showsOnField(error) && (
        <Alert type="error" showIcon title={errorText(error)} style={{ marginBottom: 16 }} data-testid="role-error" />
      )}
      <Form form={form} layout="vertical" onFinish={onFinish} disabled={readOnly || saving} name="role-editor">
        <Form.Item name="name" label={t('roles.name')} {...zodField(RoleSchema, 'name')}>
          <Input count={textLimit(60)} placeholder={t('roles.namePlaceholder')} />
        </Form.Item>
        <Form.Item
          name="permissions"
          label={t('roles.permissions')}
          extra={readOnly ? undefined : t('roles.permissionsHint')}
          rules={[someMenu]}
        >
          <RoleMatrix readOnly={readOnly} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** ROLE_NAME_TAKEN, bad names and ROLE_NO_MENU are shown on their fields, not above the form. */
function showsOnField(error: unknown): boolean {
  return isApiError(error) && error.fieldIssues.some((issue) => issue.path === 'name' || issue.path === 'permissions');
}
