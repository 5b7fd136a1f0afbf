import type { PaginationProps } from 'antd';
import { lazy, Suspense } from 'react';

/**
 * antd's `Pagination` for `List` (vite.config.ts points its import here): List draws one only with a `pagination`
 * prop, which no list of the app sets, but importing it statically brought Pagination onto the dashboard's first load
 * with the setup checklist (ADR 0058). A list with `pagination` would show it a chunk later.
 */
const AntdPagination = lazy(() => import('antd/es/pagination'));

export function LazyPagination(props: PaginationProps) {
  return (
    <Suspense fallback={null}>
      <AntdPagination {...props} />
    </Suspense>
  );
}
