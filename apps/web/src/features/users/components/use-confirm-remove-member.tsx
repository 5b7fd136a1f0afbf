import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Member } from '@kelola/contracts/workspaces';
import { errorText } from '../../../lib/error-text.ts';
import { useRemoveMember } from '../api/users-api.ts';

/** Asks before removing a member, naming the person; server refusals (LAST_OWNER, OWNER_ONLY …) are shown translated. */
export function useConfirmRemoveMember(onRemoved?: (member: Member) => void): (member: Member) => void {
  const { t } = useTranslation('users');
  const { modal, message } = App.useApp();
  const remove = useRemoveMember({
    onSuccess: (_, member) => {
      void message.success(t('members.removed', { name: member.full_name }));
      onRemoved?.(member);
    },
  });
  return (member) => {
    modal.confirm({
      title: t('members.removeTitle', { name: member.full_name }),
      content: t('members.removeBody', { name: member.full_name, contact: member.email ?? member.phone ?? '' }),
      okText: t('members.remove'),
      okButtonProps: { danger: true, 'data-testid': 'confirm-remove' },
      cancelText: t('common.cancel'),
      onOk: () =>
        remove.mutateAsync(member).then(
          () => undefined,
          (error: unknown) => {
            void message.error(errorText(error));
          },
        ),
    });
  };
}
