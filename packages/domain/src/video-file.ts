/**
 * Video rules of a master product (spec parts 3, 5 and 9): a YouTube link or an uploaded file of at most 30 MB.
 * Accepted files are MP4, WebM and MOV (QuickTime), the formats browsers play and marketplaces take; the format is
 * taken from the file's first bytes, not from its name, like the images' rule.
 */
import { VIDEO_MAX_BYTES } from './image-file.ts';

export { VIDEO_MAX_BYTES };

export const VIDEO_FORMATS = ['mp4', 'webm', 'mov'] as const;
export type VideoFormat = (typeof VIDEO_FORMATS)[number];
export const VIDEO_EXTENSIONS = ['mp4', 'webm', 'mov'] as const;
export const VIDEO_MIME_TYPES: Record<VideoFormat, string> = { mp4: 'video/mp4', webm: 'video/webm', mov: 'video/quicktime' };
/** Enough of a file's start to tell its format (a WebM names its DocType within its EBML header). */
export const VIDEO_SNIFF_BYTES = 64;

const ascii = (bytes: Uint8Array, from: number, length: number) => String.fromCharCode(...bytes.subarray(from, from + length));

/** QuickTime files written before the `ftyp` atom existed start with one of these atoms. */
const QUICKTIME_ATOMS = new Set(['moov', 'wide', 'pnot']);

/** The video format of a file by its magic bytes (ISO base media `ftyp` box, QuickTime atoms, WebM EBML header), or null. */
export function sniffVideoFormat(bytes: Uint8Array): VideoFormat | null {
  if (bytes.length >= 12 && ascii(bytes, 4, 4) === 'ftyp') return ascii(bytes, 8, 4) === 'qt  ' ? 'mov' : 'mp4';
  if (bytes.length >= 8 && QUICKTIME_ATOMS.has(ascii(bytes, 4, 4))) return 'mov';
  if (bytes.length >= 4 && bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3) {
    return ascii(bytes, 0, Math.min(bytes.length, VIDEO_SNIFF_BYTES)).includes('webm') ? 'webm' : null;
  }
  return null;
}

export type VideoProblem = 'VIDEO_EXTENSION' | 'VIDEO_FORMAT' | 'VIDEO_TOO_LARGE';

/** The format's extension from a file name, lower case ('' without one). */
export const videoExtension = (name: string) => (name.includes('.') ? (name.split('.').pop()?.toLowerCase() ?? '') : '');

/** Problems of an upload by its name, its first bytes and its size (known up front or counted while it streams). */
export function videoProblems(name: string, head: Uint8Array, size: number, maxBytes = VIDEO_MAX_BYTES): VideoProblem[] {
  const problems: VideoProblem[] = [];
  if (!(VIDEO_EXTENSIONS as readonly string[]).includes(videoExtension(name))) problems.push('VIDEO_EXTENSION');
  if (sniffVideoFormat(head) === null) problems.push('VIDEO_FORMAT');
  if (size > maxBytes) problems.push('VIDEO_TOO_LARGE');
  return problems;
}
