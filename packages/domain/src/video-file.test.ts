import { describe, expect, it } from 'vitest';
import { sniffVideoFormat, VIDEO_MAX_BYTES, videoExtension, videoProblems } from './video-file.ts';

const box = (type: string, brand: string) =>
  Uint8Array.from([0, 0, 0, 0x20, ...new TextEncoder().encode(type), ...new TextEncoder().encode(brand), 0, 0, 0, 0]);
const mp4 = box('ftyp', 'isom');
const mov = box('ftyp', 'qt  ');
const webm = Uint8Array.from([
  0x1a,
  0x45,
  0xdf,
  0xa3,
  0x9f,
  0x42,
  0x86,
  0x81,
  0x01,
  0x42,
  0x82,
  0x84,
  ...new TextEncoder().encode('webm'),
  0x42,
  0x87,
]);
const mkv = Uint8Array.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x88, ...new TextEncoder().encode('matroska')]);

describe('video rules', () => {
  it('knows MP4, MOV and WebM by their bytes, and nothing else', () => {
    expect(sniffVideoFormat(mp4)).toBe('mp4');
    expect(sniffVideoFormat(box('ftyp', 'mp42'))).toBe('mp4');
    expect(sniffVideoFormat(mov)).toBe('mov');
    expect(sniffVideoFormat(box('moov', 'mvhd'))).toBe('mov');
    expect(sniffVideoFormat(webm)).toBe('webm');
    expect(sniffVideoFormat(mkv)).toBeNull();
    expect(sniffVideoFormat(new TextEncoder().encode('GIF89a......'))).toBeNull();
    expect(sniffVideoFormat(new Uint8Array(0))).toBeNull();
  });

  it('checks the extension, the content and the 30 MB limit', () => {
    expect(VIDEO_MAX_BYTES).toBe(30 * 1024 * 1024);
    expect(videoProblems('promo.MP4', mp4, 1000)).toEqual([]);
    expect(videoProblems('promo.mov', mov, VIDEO_MAX_BYTES)).toEqual([]);
    expect(videoProblems('promo.avi', mp4, 1000)).toEqual(['VIDEO_EXTENSION']);
    expect(videoProblems('promo', mp4, 1000)).toEqual(['VIDEO_EXTENSION']);
    expect(videoProblems('promo.mp4', new TextEncoder().encode('not a video at all'), 1000)).toEqual(['VIDEO_FORMAT']);
    expect(videoProblems('promo.webm', webm, VIDEO_MAX_BYTES + 1)).toEqual(['VIDEO_TOO_LARGE']);
    expect(videoExtension('a.b.WebM')).toBe('webm');
  });
});
