import { ApiError, NETWORK_ERROR_CODE, type ApiErrorDetails } from './api-error.ts';
import { clearSession, getAccessToken, getStoredWorkspaceId, refreshAccessToken } from './auth-session.ts';
import { currentLanguage } from './i18n.ts';
import { notifyHttpError } from './notify.ts';

export const API_BASE = '/api';

type QueryValue = string | number | boolean | null | undefined;

export type ApiRequest = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, QueryValue | QueryValue[]>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Send the bearer token and retry once after a refresh (default true). */
  auth?: boolean;
  /** Overrides the Workspace-Id taken from the page query or the stored active workspace. */
  workspaceId?: string | null;
  /** Overrides the Business-Id taken from the page query. */
  businessId?: string | null;
  /** Show the failure as an error notification (spec part 8) besides throwing it. */
  notify?: boolean;
};

function pageQuery(): URLSearchParams {
  return new URLSearchParams(typeof window === 'undefined' ? '' : window.location.search);
}

function buildUrl(path: string, query: ApiRequest['query']): string {
  const url = `${API_BASE}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item !== undefined && item !== null && item !== '') params.append(key, String(item));
    }
  }
  const text = params.toString();
  return text ? `${url}${url.includes('?') ? '&' : '?'}${text}` : url;
}

function buildHeaders(request: ApiRequest, token: string | null): Headers {
  const headers = new Headers({ Accept: 'application/json', 'Accept-Language': currentLanguage() });
  if (request.body !== undefined && !(request.body instanceof FormData)) headers.set('Content-Type', 'application/json');
  if (token && request.auth !== false) headers.set('Authorization', `Bearer ${token}`);
  const query = pageQuery();
  const workspaceId = request.workspaceId !== undefined ? request.workspaceId : (query.get('workspace_id') ?? getStoredWorkspaceId());
  if (workspaceId) headers.set('Workspace-Id', workspaceId);
  const businessId = request.businessId !== undefined ? request.businessId : query.get('business_id');
  if (businessId) headers.set('Business-Id', businessId);
  for (const [key, value] of Object.entries(request.headers ?? {})) headers.set(key, value);
  return headers;
}

async function toApiError(response: Response): Promise<ApiError> {
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = null;
  }
  if (typeof body === 'object' && body !== null && 'code' in body && typeof body.code === 'string') {
    const message = 'message' in body && typeof body.message === 'string' ? body.message : response.statusText;
    const details =
      'details' in body && typeof body.details === 'object' && body.details !== null ? (body.details as ApiErrorDetails) : undefined;
    return new ApiError(response.status, body.code, message, details);
  }
  return new ApiError(response.status, response.status >= 500 ? 'INTERNAL' : `HTTP_${response.status}`, response.statusText);
}

async function send(path: string, request: ApiRequest, token: string | null): Promise<Response> {
  const body = request.body === undefined ? undefined : request.body instanceof FormData ? request.body : JSON.stringify(request.body);
  try {
    return await fetch(buildUrl(path, request.query), {
      method: request.method ?? (request.body === undefined ? 'GET' : 'POST'),
      headers: buildHeaders(request, token),
      body,
      credentials: 'include',
      signal: request.signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(0, NETWORK_ERROR_CODE, cause instanceof Error ? cause.message : 'Network error');
  }
}

async function parse<T>(response: Response): Promise<T> {
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/**
 * Calls the Kelola API. Adds the bearer token, Workspace-Id, Business-Id and Accept-Language headers;
 * on a 401 TOKEN_EXPIRED it refreshes the session once and repeats the call; failures throw ApiError.
 */
export async function apiFetch<T>(path: string, request: ApiRequest = {}): Promise<T> {
  if (!request.notify) return call<T>(path, request);
  try {
    return await call<T>(path, request);
  } catch (error) {
    if (!(error instanceof DOMException && error.name === 'AbortError')) notifyHttpError(error);
    throw error;
  }
}

async function call<T>(path: string, request: ApiRequest): Promise<T> {
  const useAuth = request.auth !== false;
  const response = await send(path, request, useAuth ? getAccessToken() : null);
  if (response.ok) return parse<T>(response);
  const error = await toApiError(response);
  if (!useAuth || response.status !== 401 || error.code !== 'TOKEN_EXPIRED') throw error;

  const token = await refreshAccessToken();
  if (!token) {
    clearSession();
    throw error;
  }
  const retried = await send(path, request, token);
  if (retried.ok) return parse<T>(retried);
  const retryError = await toApiError(retried);
  if (retried.status === 401) clearSession();
  throw retryError;
}
