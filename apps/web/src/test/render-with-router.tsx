import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render } from '@testing-library/react';
import { App as AntApp } from 'antd';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import type { Me } from '@kelola/contracts/me';
import '../lib/i18n.ts';
import { queryKeys } from '../lib/query-keys.ts';

// antd screens in jsdom settle slowly while the whole suite runs in parallel: wait longer than the 1 s default.
configure({ asyncUtilTimeout: 8_000 });

type Options = {
  /** Where the router starts (default `/`). */
  path?: string;
  /** The route pattern the element is mounted on (default: the pathname of `path`). */
  pattern?: string;
  /** Other routes, e.g. the list a form goes back to. */
  routes?: RouteObject[];
  /** The signed-in user placed in the query cache, as the shell does (permissions for useCan). */
  me?: Me;
};

/** Renders an element inside a data router (useBlocker works), a fresh query client and antd's App context. */
export function renderWithRouter(element: ReactNode, options: Options = {}) {
  const path = options.path ?? '/';
  const pathname = path.split('?')[0] ?? '/';
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } } });
  if (options.me) {
    const workspaceId = new URLSearchParams(path.split('?')[1] ?? '').get('workspace_id');
    queryClient.setQueryData(queryKeys.me.detail(workspaceId), options.me);
  }
  const router = createMemoryRouter([{ path: options.pattern ?? pathname, element }, ...(options.routes ?? [])], {
    initialEntries: [path],
  });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <AntApp>
        <RouterProvider router={router} />
      </AntApp>
    </QueryClientProvider>,
  );
  return { ...result, router, queryClient };
}

/** A fetch stub answering by method and path prefix; records every call. */
export function stubFetch(handler: (method: string, url: URL, body: unknown) => { status?: number; body: unknown }) {
  const calls: { method: string; url: URL; body: unknown }[] = [];
  const fetchStub = async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://localhost');
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    calls.push({ method, url, body });
    const answer = handler(method, url, body);
    return new Response(answer.status === 204 ? null : JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  };
  return { fetchStub, calls };
}
