import { QueryClient, QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { QueryScope, type QueryScopeBox } from '../lib/query-scope.ts';
import { AppQueryProvider } from './query-provider.tsx';

function Probe({ seen }: { seen: QueryClient[] }) {
  seen.push(useQueryClient());
  return null;
}

describe('the app query provider', () => {
  it('makes one client per scope, kept when the layout that asked for it is replaced', () => {
    const scope: QueryScopeBox = {};
    const seen: QueryClient[] = [];
    const { rerender } = render(
      <QueryScope.Provider value={scope}>
        <AppQueryProvider key="a">
          <Probe seen={seen} />
        </AppQueryProvider>
      </QueryScope.Provider>,
    );
    rerender(
      <QueryScope.Provider value={scope}>
        <AppQueryProvider key="b">
          <Probe seen={seen} />
        </AppQueryProvider>
      </QueryScope.Provider>,
    );
    expect(seen.length).toBeGreaterThan(1);
    expect(new Set(seen).size).toBe(1);
    expect(scope.client).toBe(seen[0]);
  });

  it('keeps a client given from outside', () => {
    const outer = new QueryClient();
    const seen: QueryClient[] = [];
    render(
      <QueryClientProvider client={outer}>
        <AppQueryProvider>
          <Probe seen={seen} />
        </AppQueryProvider>
      </QueryClientProvider>,
    );
    expect(seen.every((client) => client === outer)).toBe(true);
  });
});
