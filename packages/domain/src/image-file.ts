/**
 * Image rules (spec part 5 and 9): JPG, JPEG, PNG, BMP, GIF; at most 15 MB for master products, 1 MB for channel
 * products; the first image is "show", the second "thumb", the others have no tag. The format is taken from the
 * file's first bytes, not from its name.
 */
export const IMAGE_FORMATS = ['jpeg', 'png', 'bmp', 'gif'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];
export const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'bmp', 'gif'] as const;
export const MASTER_IMAGE_MAX_BYTES = 15 * 1024 * 1024;
export const CHANNEL_IMAGE_MAX_BYTES = 1024 * 1024;
export const VIDEO_MAX_BYTES = 30 * 1024 * 1024;

export const MIME_TYPES: Record<ImageFormat, string> = { jpeg: 'image/jpeg', png: 'image/png', bmp: 'image/bmp', gif: 'image/gif' };

/** The image format of a file by its magic bytes, or null. */
export function sniffImageFormat(bytes: Uint8Array): ImageFormat | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => bytes[i] === b)) return 'png';
  if (bytes.length >= 6 && bytes[0] === 0x47 && bytes[1] === 0x49 && bytes[2] === 0x46 && bytes[3] === 0x38) return 'gif';
  if (bytes.length >= 2 && bytes[0] === 0x42 && bytes[1] === 0x4d) return 'bmp';
  return null;
}

export type ImageTag = 'show' | 'thumb' | 'none';

/** The tag of the image at a 0-based position. */
export const imageTag = (position: number): ImageTag => (position === 0 ? 'show' : position === 1 ? 'thumb' : 'none');

export type ImageProblem = 'IMAGE_FORMAT' | 'IMAGE_TOO_LARGE' | 'IMAGE_EXTENSION';

/** Problems of an upload: the extension of its name, its real format, its size. */
export function imageProblems(name: string, bytes: Uint8Array, maxBytes = MASTER_IMAGE_MAX_BYTES): ImageProblem[] {
  const problems: ImageProblem[] = [];
  const extension = name.split('.').pop()?.toLowerCase() ?? '';
  if (!(IMAGE_EXTENSIONS as readonly string[]).includes(extension)) problems.push('IMAGE_EXTENSION');
  if (sniffImageFormat(bytes) === null) problems.push('IMAGE_FORMAT');
  if (bytes.length > maxBytes) problems.push('IMAGE_TOO_LARGE');
  return problems;
}

/** A YouTube link (watch, short, embed or youtu.be). */
export const YOUTUBE_URL = /^https:\/\/(?:www\.|m\.)?(?:youtube\.com\/(?:watch\?v=|shorts\/|embed\/)|youtu\.be\/)[\w-]{6,}/u;
