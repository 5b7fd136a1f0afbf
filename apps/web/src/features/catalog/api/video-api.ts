import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProductVideo } from '@kelola/contracts/catalog';
import { VIDEO_FORMATS, VIDEO_MIME_TYPES, videoExtension, type VideoFormat } from '@kelola/domain/video-file';
import { API_BASE, apiFetch } from '../../../lib/api-client.ts';
import { ApiError, NETWORK_ERROR_CODE, type ApiErrorDetails } from '../../../lib/api-error.ts';
import { clearSession, getAccessToken, getStoredWorkspaceId, refreshAccessToken } from '../../../lib/auth-session.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { productKeys } from './catalog-keys.ts';

export type UploadProgress = (percent: number) => void;

const videoPath = (productId: string) => `/products/${encodeURIComponent(productId)}/video`;

function toError(xhr: XMLHttpRequest): ApiError {
  let body: unknown = null;
  try {
    body = JSON.parse(xhr.responseText) as unknown;
  } catch {
    // Not JSON: the status says enough.
  }
  if (typeof body === 'object' && body !== null && 'code' in body && typeof body.code === 'string') {
    const message = 'message' in body && typeof body.message === 'string' ? body.message : xhr.statusText;
    const details =
      'details' in body && typeof body.details === 'object' && body.details !== null ? (body.details as ApiErrorDetails) : undefined;
    return new ApiError(xhr.status, body.code, message, details);
  }
  return new ApiError(xhr.status, xhr.status >= 500 ? 'INTERNAL' : `HTTP_${xhr.status}`, xhr.statusText);
}

/** One PUT of the file as the raw body: XMLHttpRequest because fetch reports no upload progress. */
function send(
  productId: string,
  file: File,
  token: string | null,
  onProgress: UploadProgress | undefined,
  signal: AbortSignal | undefined,
): Promise<ProductVideo> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', `${API_BASE}${videoPath(productId)}?file_name=${encodeURIComponent(file.name)}`);
    // The server knows the format by the bytes; the type only routes the body to the streaming parser.
    const extension = videoExtension(file.name);
    const known = (VIDEO_FORMATS as readonly string[]).includes(extension);
    xhr.setRequestHeader('Content-Type', known ? VIDEO_MIME_TYPES[extension as VideoFormat] : 'application/octet-stream');
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Accept-Language', currentLanguage());
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    const workspaceId = new URLSearchParams(window.location.search).get('workspace_id') ?? getStoredWorkspaceId();
    if (workspaceId) xhr.setRequestHeader('Workspace-Id', workspaceId);
    xhr.withCredentials = true;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) resolve(JSON.parse(xhr.responseText) as ProductVideo);
      else reject(toError(xhr));
    };
    xhr.onerror = () => reject(new ApiError(0, NETWORK_ERROR_CODE, 'Network error'));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(file);
  });
}

/**
 * Uploads a product's video (streamed by the browser from the file, never read into memory here), reporting the
 * percentage sent; an expired token is refreshed once, as apiFetch does.
 */
export async function uploadVideo(
  productId: string,
  file: File,
  options: { onProgress?: UploadProgress; signal?: AbortSignal } = {},
): Promise<ProductVideo> {
  try {
    return await send(productId, file, getAccessToken(), options.onProgress, options.signal);
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 401 || error.code !== 'TOKEN_EXPIRED') throw error;
    const token = await refreshAccessToken();
    if (!token) {
      clearSession();
      throw error;
    }
    return send(productId, file, token, options.onProgress, options.signal);
  }
}

export const deleteVideo = (productId: string) => apiFetch<void>(videoPath(productId), { method: 'DELETE' });

type Options<R> = { onSuccess?: (result: R) => void };

/** STYLE rule 9: invalidate the product keys, then the caller's onSuccess. */
export function useUploadVideo(productId: string, options: Options<ProductVideo> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, onProgress, signal }: { file: File; onProgress?: UploadProgress; signal?: AbortSignal }) =>
      uploadVideo(productId, file, { onProgress, signal }),
    onSuccess: async (video: ProductVideo) => {
      await queryClient.invalidateQueries({ queryKey: productKeys.all });
      options.onSuccess?.(video);
    },
  });
}

export function useDeleteVideo(productId: string, options: Options<void> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteVideo(productId),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: productKeys.all });
      options.onSuccess?.();
    },
  });
}
