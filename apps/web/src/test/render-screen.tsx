import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { App as AntApp } from 'antd';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import '../lib/i18n.ts';

export type ApiCall = { method: string; path: string; body: unknown };
export type ApiReply = { status?: number; body?: unknown };
type Handler = (call: ApiCall) => ApiReply | undefined;

/**
 * Stubs fetch with `METHOD /api/path` handlers (the query string is ignored) and records every call.
 * An unknown call answers 404 NOT_FOUND, so a test sees it fail instead of hanging.
 */
export function mockApi(handlers: Record<string, Handler | ApiReply>): ApiCall[] {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const path = new URL(input, 'http://localhost').pathname;
      const call = { method, path, body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined };
      calls.push(call);
      const handler = handlers[`${method} ${path}`];
      const reply = (typeof handler === 'function' ? handler(call) : handler) ?? {
        status: 404,
        body: { code: 'NOT_FOUND', message: 'Not found' },
      };
      const status = reply.status ?? 200;
      return new Response(status === 204 ? null : JSON.stringify(reply.body ?? {}), {
        status,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return calls;
}

/** Renders one screen at `path` (matched by `pattern`) with a fresh query client, antd's App and a memory router. */
export function renderScreen(screen: ReactElement, path: string, pattern = path.split('?')[0] ?? path) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: pattern, element: screen },
      { path: '*', element: <div data-testid="elsewhere" /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <AntApp>
        <RouterProvider router={router} />
      </AntApp>
    </QueryClientProvider>,
  );
  return router;
}
