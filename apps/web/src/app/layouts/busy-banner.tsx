import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { useBusyReasons } from '../../lib/busy-banner.ts';

/** Spec part 2: while a warehouse stock sync runs or a channel is saved, asks the user to keep the page open. */
export function BusyBanner() {
  const { t } = useTranslation('shell');
  const reasons = useBusyReasons();
  if (reasons.length === 0) return null;
  return (
    <Alert
      banner
      type="warning"
      showIcon
      data-testid="busy-banner"
      role="status"
      title={reasons.map((reason) => t(`busy.${reason}`)).join(' · ')}
      description={t('busy.keepOpen')}
    />
  );
}
