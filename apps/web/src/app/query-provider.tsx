import { QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { useContext, type ReactNode } from 'react';
import { createQueryClient } from '../lib/query-client.ts';
import { QueryScope } from '../lib/query-scope.ts';

/**
 * The app's query client around a layout or a screen that uses server state (ADR 0063): the signed-in layout, and
 * every open screen but the sign-in page (route-screen.tsx). One client per `Providers` (its `QueryScope`), made at
 * the first use, so the cache outlives the layouts as it did when `Providers` held it. Under a client already
 * given (an outer layout, the tests' own), it adds nothing.
 */
export function AppQueryProvider({ children }: { children: ReactNode }) {
  const outer = useContext(QueryClientContext);
  const scope = useContext(QueryScope);
  if (outer) return children;
  scope.client ??= createQueryClient();
  return <QueryClientProvider client={scope.client}>{children}</QueryClientProvider>;
}
