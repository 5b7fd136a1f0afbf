import type { ProductVideo } from '@kelola/contracts';
import { VIDEO_FORMATS, VIDEO_MIME_TYPES, type VideoFormat } from '@kelola/domain/video-file';

/**
 * Where a product's uploaded video is stored: `…/products/{product}/video-{id}-{bytes}.{format}`. The products row
 * keeps only the key (`video_file_key`), so the key carries what serving the file needs: its size (Content-Length,
 * Range answers) and its format (Content-Type). A new upload gets a new id, so its URL changes and caches stay right.
 */
export const videoKey = (workspaceId: string, productId: string, id: string, size: number, format: VideoFormat) =>
  `workspaces/${workspaceId}/products/${productId}/video-${id}-${size}.${format}`;

const KEY = /\/video-([0-9a-f-]{36})-(\d+)\.([a-z0-9]+)$/u;

export function parseVideoKey(key: string): { id: string; size: number; format: VideoFormat } | null {
  const match = KEY.exec(key);
  if (!match || !(VIDEO_FORMATS as readonly string[]).includes(match[3]!)) return null;
  return { id: match[1]!, size: Number(match[2]), format: match[3] as VideoFormat };
}

export const videoUrl = (productId: string, id: string) => `/api/products/${productId}/video?v=${id}`;

/** The API's view of a stored video, or null when there is none (or the key is not one of ours). */
export function presentVideo(productId: string, key: string | null): ProductVideo | null {
  const parsed = key ? parseVideoKey(key) : null;
  if (!parsed) return null;
  return { format: parsed.format, content_type: VIDEO_MIME_TYPES[parsed.format], size: parsed.size, url: videoUrl(productId, parsed.id) };
}
