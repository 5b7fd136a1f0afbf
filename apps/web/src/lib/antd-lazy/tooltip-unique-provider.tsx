import { lazy, Suspense, type ReactNode } from 'react';

/**
 * antd's tooltip `UniqueProvider` for `ConfigProvider` (vite.config.ts points its import here): ConfigProvider draws
 * it only with `tooltip.unique`, which the app does not set, but importing it statically brings rc-trigger into the
 * first chunk (ADR 0053).
 */
const UniqueProvider = lazy(() => import('antd/es/tooltip/UniqueProvider'));

export function LazyUniqueProvider({ children }: { children?: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <UniqueProvider>{children}</UniqueProvider>
    </Suspense>
  );
}
