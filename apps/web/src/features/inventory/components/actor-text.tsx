import { useTranslation } from 'react-i18next';
import { useMe } from '../../../lib/me-queries.ts';
import { useWorkspaceId } from '../../../lib/workspace-query.ts';

type Props = {
  actorId: string | null;
  /** The actor's name when the API sends one. */
  actorName?: string | null;
};

/** Who wrote a ledger row: "System" for a job, the signed-in user as "(Anda)", anyone else by name (else a short id). */
export function ActorText({ actorId, actorName }: Props) {
  const { t } = useTranslation('inventory');
  const me = useMe(useWorkspaceId());
  if (!actorId) return <span>{t('movement.system')}</span>;
  if (me.data && (me.data.uuid === actorId || me.data.id === actorId)) return <span>{t('movement.you', { name: me.data.full_name })}</span>;
  if (actorName) return <span>{actorName}</span>;
  return <span title={actorId}>{t('movement.user', { id: actorId.slice(-6) })}</span>;
}
