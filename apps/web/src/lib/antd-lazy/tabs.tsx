import type { TabsProps } from 'antd';
import { lazy, Suspense } from 'react';

/**
 * antd's `Tabs` for `Card` (vite.config.ts points its import here): Card draws tabs only with a `tabList` prop, which
 * no card of the app sets, but importing them statically brought Tabs, rc-tabs and their overflow menu onto the
 * dashboard's first load with its cards (ADR 0059). A card with `tabList` would show its tabs a chunk later.
 */
const AntdTabs = lazy(() => import('antd/es/tabs'));

export function LazyTabs(props: TabsProps) {
  return (
    <Suspense fallback={null}>
      <AntdTabs {...props} />
    </Suspense>
  );
}
