import { Result } from 'antd';
import { useTranslation } from 'react-i18next';

/** Placeholder for a route of routes.tsv whose screen is later work. */
export function ScreenNotBuilt({ route }: { route: string }) {
  const { t } = useTranslation('common');
  return (
    <div data-testid="screen-not-built" data-route={route}>
      <Result status="info" title={t('screenNotBuilt', { route })} subTitle={t('screenNotBuiltHint')} />
    </div>
  );
}
