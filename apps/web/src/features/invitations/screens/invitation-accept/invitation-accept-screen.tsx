import { Alert, Button, Flex, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { PageLoader } from '../../../../components/page-loader.tsx';
import { isTokenValid, useAccessToken } from '../../../../lib/auth-session.ts';
import { errorText } from '../../../../lib/error-text.ts';
import { loginPathFor } from '../../../../lib/redirect.ts';
import { signOut } from '../../../../lib/sign-out.ts';
import { useMe } from '../../../../lib/me-queries.ts';
import { useAcceptInvitation, useInvitationPreview, workspaceHome } from '../../api/invitations-api.ts';
import { InvitationProblem, invitationProblem } from '../../components/invitation-problem.tsx';
import { InvitationSummary, invitedAddress } from '../../components/invitation-summary.tsx';

/**
 * /auth/confirmation/registered/invite-user|invite-owner/:uuid — the invitee already has an account:
 * sign in (coming back to this page), then accept and land in the workspace.
 */
export function InvitationAcceptScreen() {
  const { t } = useTranslation('invitations');
  const { uuid: token = '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const accessToken = useAccessToken();
  const signedIn = isTokenValid(accessToken);
  const preview = useInvitationPreview(token);
  const me = useMe(null, signedIn);
  const accept = useAcceptInvitation(token, {
    onSuccess: (result) => void navigate(workspaceHome(result.workspace.workspace_id), { replace: true }),
  });

  const switchAccount = async () => {
    await signOut(queryClient);
    await navigate(loginPathFor(location), { replace: true });
  };

  if (preview.isPending) return <PageLoader />;
  if (preview.isError) return <InvitationProblem error={preview.error} onRetry={() => void preview.refetch()} />;
  const invitation = preview.data;
  // The invitee has no account (any more): the sign-up variant of the link is the one that works.
  if (!invitation.registered) return <Navigate to={`/auth/confirmation/invite-${invitation.kind}/${encodeURIComponent(token)}`} replace />;

  const problem = invitationProblem(accept.error);
  if (problem && problem !== 'INVITATION_MISMATCH') return <InvitationProblem error={accept.error} />;

  const address = invitedAddress(invitation);
  return (
    <>
      <InvitationSummary preview={invitation} />
      {problem === 'INVITATION_MISMATCH' ? (
        <Alert
          type="error"
          showIcon
          title={t('problems.INVITATION_MISMATCH.title')}
          description={t('problems.INVITATION_MISMATCH.bodyWithAddress', { address })}
          style={{ marginBottom: 16 }}
          data-testid="invitation-mismatch"
        />
      ) : (
        accept.error && (
          <Alert type="error" showIcon title={errorText(accept.error)} style={{ marginBottom: 16 }} data-testid="form-error" />
        )
      )}
      {signedIn ? (
        <Flex vertical gap={12}>
          {me.data && (
            <Typography.Text type="secondary" data-testid="signed-in-as">
              {t('accept.signedInAs', { name: me.data.full_name, contact: me.data.email ?? me.data.phone ?? '' })}
            </Typography.Text>
          )}
          <Button
            type="primary"
            size="large"
            block
            loading={accept.isPending}
            onClick={() => accept.mutate()}
            data-testid="accept-invitation"
          >
            {t('accept.submit')}
          </Button>
          <Button type="link" onClick={() => void switchAccount()}>
            {t('actions.switchAccount')}
          </Button>
        </Flex>
      ) : (
        <Flex vertical gap={12}>
          <Typography.Text>{t('accept.signInHint', { address })}</Typography.Text>
          <Link to={loginPathFor(location)}>
            <Button type="primary" size="large" block data-testid="sign-in-to-accept">
              {t('accept.signIn')}
            </Button>
          </Link>
        </Flex>
      )}
    </>
  );
}
