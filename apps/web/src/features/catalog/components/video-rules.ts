import { VIDEO_EXTENSIONS, VIDEO_MAX_BYTES, videoExtension } from '@kelola/domain/video-file';

/** What the file picker offers: the accepted extensions and their types. */
export const VIDEO_ACCEPT = [...VIDEO_EXTENSIONS.map((e) => `.${e}`), 'video/mp4', 'video/webm', 'video/quicktime'].join(',');

export type VideoProblem = 'VIDEO_EXTENSION' | 'VIDEO_TOO_LARGE' | null;

/** Spec parts 5 and 9: MP4, WebM or MOV up to 30 MB, checked before the upload starts (the server checks the bytes too). */
export function videoProblem(file: { name: string; size: number }): VideoProblem {
  if (!(VIDEO_EXTENSIONS as readonly string[]).includes(videoExtension(file.name))) return 'VIDEO_EXTENSION';
  if (file.size > VIDEO_MAX_BYTES) return 'VIDEO_TOO_LARGE';
  return null;
}
