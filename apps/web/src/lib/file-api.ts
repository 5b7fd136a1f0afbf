import { API_BASE } from './api-client.ts';
import { ApiError } from './api-error.ts';
import { getAccessToken, getStoredWorkspaceId } from './auth-session.ts';

/** Files (images, XLSX) need the bearer token, which an <img> or <a href> cannot send: fetched as a blob instead. */
export async function fetchFile(path: string): Promise<Blob> {
  const url = path.startsWith(API_BASE) ? path : `${API_BASE}${path}`;
  const headers = new Headers();
  const token = getAccessToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const workspaceId = new URLSearchParams(window.location.search).get('workspace_id') ?? getStoredWorkspaceId();
  if (workspaceId) headers.set('Workspace-Id', workspaceId);
  const response = await fetch(url, { headers, credentials: 'include' });
  if (!response.ok) {
    let code = `HTTP_${response.status}`;
    let message = response.statusText;
    try {
      const body = (await response.json()) as { code?: string; message?: string };
      code = body.code ?? code;
      message = body.message ?? message;
    } catch {
      // Not JSON: the status says enough.
    }
    throw new ApiError(response.status, code, message);
  }
  return response.blob();
}

/** Saves a fetched file under a name (the browser's download). */
export async function downloadFile(path: string, fileName: string): Promise<void> {
  const blob = await fetchFile(path);
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

/** A file as base64 without the data-URL prefix (the API's JSON uploads). */
export function fileToBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const text = String(reader.result);
      resolve(text.slice(text.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}
