import { Button, Result } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { allows } from '@kelola/contracts/menu';
import { usePermissions } from '../../../components/use-can.ts';
import { withWorkspaceQuery } from '../../../lib/workspace-query.ts';

/** The add and edit screens need WRITE on 'warehouse'; a user with READ only gets a 403 page, not a form that fails. */
export function WarehouseWriteGuard({ children }: { children: ReactNode }) {
  const { t } = useTranslation('warehouse');
  const location = useLocation();
  const navigate = useNavigate();
  const permissions = usePermissions();
  if (permissions && !allows(permissions, 'warehouse', 'WRITE')) {
    return (
      <Result
        status="403"
        title={t('forbidden.title')}
        subTitle={t('forbidden.body')}
        extra={
          <Button type="primary" onClick={() => void navigate(withWorkspaceQuery('/warehouse', location.search))}>
            {t('forbidden.back')}
          </Button>
        }
      />
    );
  }
  return <>{children}</>;
}
