import { Spin } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { returnTarget } from '../../integration-storage.ts';

/**
 * /integration/shopee, /integration/tiktok and /integration/lazada/callback (spec part 2): the code and the other
 * return values are merged into the saved return path, and the user goes there (/dashboard when nothing is saved).
 */
export function IntegrationReturnScreen() {
  const { t } = useTranslation('shops');
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    void navigate(returnTarget(location.search), { replace: true });
  }, [location.search, navigate]);
  return <Spin tip={t('integration.returning')} fullscreen />;
}
