import { Button, Result } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { allows, type MenuKey } from '@kelola/contracts/menu';
import { usePermissions } from '../../../components/use-can.ts';
import { withWorkspaceQuery } from '../../../lib/workspace-query.ts';

type Props = { menuKey: MenuKey; backTo: string; children: ReactNode };

/** Create screens need WRITE on their menu key; a READ-only user gets a 403 page, not a form that fails on save. */
export function DocumentWriteGuard({ menuKey, backTo, children }: Props) {
  const { t } = useTranslation('stock-documents');
  const location = useLocation();
  const navigate = useNavigate();
  const permissions = usePermissions();
  if (permissions && !allows(permissions, menuKey, 'WRITE')) {
    return (
      <Result
        status="403"
        title={t('forbidden.title')}
        subTitle={t('forbidden.body')}
        extra={
          <Button type="primary" onClick={() => void navigate(withWorkspaceQuery(backTo, location.search))}>
            {t('forbidden.back')}
          </Button>
        }
      />
    );
  }
  return <>{children}</>;
}
