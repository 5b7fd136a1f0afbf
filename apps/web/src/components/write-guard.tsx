import { Button, Result } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { allows, type MenuKey } from '@kelola/contracts/menu';
import { withWorkspaceQuery } from '../lib/workspace-query.ts';
import { usePermissions } from './use-can.ts';

type Props = {
  menuKey: MenuKey;
  /** The list the "back" button leads to. */
  backTo: string;
  /** The feature's namespace, whose `forbidden.title`, `forbidden.body` and `forbidden.back` say why. */
  ns: string;
  children: ReactNode;
};

/** Add and edit screens need WRITE on their menu key: a READ-only user gets a 403 page, not a form that fails on save. */
export function WriteGuard({ menuKey, backTo, ns, children }: Props) {
  const { t } = useTranslation(ns);
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
