import type { ReactNode } from 'react';
import type { Access, MenuKey } from '@kelola/contracts/menu';
import { useCan } from './use-can.ts';

type Props = {
  menuKey: MenuKey;
  action?: Access;
  children: ReactNode;
  /** Shown instead when the permission is missing (nothing by default). */
  fallback?: ReactNode;
};

/** Renders its children only with the permission (spec part 6: a check looks up a menu key and an action). */
export function PermissionGate({ menuKey, action = 'WRITE', children, fallback = null }: Props) {
  return <>{useCan(menuKey, action) ? children : fallback}</>;
}
