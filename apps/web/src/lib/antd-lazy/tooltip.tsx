import type { TooltipProps } from 'antd';
import { lazy, Suspense, type ReactNode } from 'react';

/**
 * antd's `Tooltip` for `Segmented` (vite.config.ts points its import here): Segmented draws one only around an
 * option that has a `tooltip`, but importing it statically brings rc-trigger into the first chunk (ADR 0053). The
 * option shows as it is until the tooltip's chunk is there.
 */
const AntdTooltip = lazy(() => import('antd/es/tooltip'));

export function LazyTooltip(props: TooltipProps & { children?: ReactNode }) {
  return (
    <Suspense fallback={props.children}>
      <AntdTooltip {...props} />
    </Suspense>
  );
}
