import type { QueryClient } from '@tanstack/react-query';
import { createContext } from 'react';

/**
 * Where the app's TanStack Query client lives once a screen wants it (app/query-provider.tsx): one per `Providers`,
 * created at the first screen that reads or writes server state. The sign-in page does neither (its request is a plain
 * call, features/auth/api/login-api.ts), so the first chunk holds this box and not the query library (ADR 0063).
 */
export type QueryScopeBox = { client?: QueryClient };
export const QueryScope = createContext<QueryScopeBox>({});
