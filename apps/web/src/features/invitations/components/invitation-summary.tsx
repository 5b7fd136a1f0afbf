import { Descriptions, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { InvitationPreview } from '@kelola/contracts/workspaces';
import { formatDateTime } from '../../../lib/format.ts';

/** The invitee's address as it was invited: e-mail or phone. */
export const invitedAddress = (preview: InvitationPreview) =>
  (preview.invited_via === 'email' ? preview.email : preview.phone_number) ?? '';

/** Title, workspace, role, invited address and validity of an invitation. */
export function InvitationSummary({ preview }: { preview: InvitationPreview }) {
  const { t } = useTranslation('invitations');
  return (
    <Flex vertical gap={16} style={{ marginBottom: 24 }} data-testid="invitation-summary">
      <Flex vertical gap={4}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t(`title.${preview.kind}`)}
        </Typography.Title>
        <Typography.Text type="secondary">{t('subtitle', { workspace: preview.workspace_name })}</Typography.Text>
      </Flex>
      <Descriptions
        column={1}
        size="small"
        bordered
        items={[
          { key: 'workspace', label: t('summary.workspace'), children: <Typography.Text strong>{preview.workspace_name}</Typography.Text> },
          { key: 'role', label: t('summary.role'), children: preview.role_name },
          { key: 'address', label: t(`summary.invited.${preview.invited_via}`), children: invitedAddress(preview) },
          { key: 'valid', label: t('summary.validUntil'), children: formatDateTime(preview.expired_at) },
        ]}
      />
    </Flex>
  );
}
