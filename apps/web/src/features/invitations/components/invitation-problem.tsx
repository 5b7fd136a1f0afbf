import { Button, Result } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isApiError } from '../../../lib/api-error.ts';
import { errorText } from '../../../lib/error-text.ts';
import { formatDateTime } from '../../../lib/format.ts';

/** Invitation failures with their own page; anything else is shown with the generic translated error. */
const KNOWN = [
  'INVITATION_EXPIRED',
  'INVITATION_USED',
  'INVITATION_NOT_FOUND',
  'INVITATION_MISMATCH',
  'MEMBER_ALREADY_EXISTS',
  'USER_ALREADY_EXISTS',
] as const;
type Known = (typeof KNOWN)[number];

/** The invitation problem an error stands for; a malformed token (400) reads as a link that does not exist. */
export function invitationProblem(error: unknown): Known | null {
  if (!isApiError(error)) return null;
  if (error.code === 'VALIDATION_FAILED' || error.status === 404) return 'INVITATION_NOT_FOUND';
  return (KNOWN as readonly string[]).includes(error.code) ? (error.code as Known) : null;
}

type Props = { error: unknown; onRetry?: () => void; extra?: ReactNode };

/** A full-card explanation of why the invitation cannot be used, with the way forward. */
export function InvitationProblem({ error, onRetry, extra }: Props) {
  const { t } = useTranslation('invitations');
  const problem = invitationProblem(error);
  if (!problem) {
    return (
      <Result
        status="error"
        title={t('problems.generic.title')}
        subTitle={errorText(error)}
        extra={onRetry ? <Button onClick={onRetry}>{t('actions.retry')}</Button> : extra}
        data-testid="invitation-problem"
      />
    );
  }
  const expiredAt = isApiError(error) && typeof error.details?.expired_at === 'string' ? error.details.expired_at : null;
  const status = problem === 'INVITATION_EXPIRED' ? 'warning' : problem === 'MEMBER_ALREADY_EXISTS' ? 'info' : 'error';
  const goHome = problem === 'MEMBER_ALREADY_EXISTS' || problem === 'INVITATION_USED';
  return (
    <Result
      status={status}
      title={t(`problems.${problem}.title`)}
      subTitle={
        expiredAt ? t('problems.INVITATION_EXPIRED.bodyWithDate', { date: formatDateTime(expiredAt) }) : t(`problems.${problem}.body`)
      }
      extra={
        extra ?? (
          <Link to={goHome ? '/dashboard' : '/auth/login'}>
            <Button type="primary">{t(goHome ? 'actions.toDashboard' : 'actions.toLogin')}</Button>
          </Link>
        )
      }
      data-testid="invitation-problem"
    />
  );
}
