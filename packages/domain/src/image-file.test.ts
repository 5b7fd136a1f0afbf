import { describe, expect, it } from 'vitest';
import { imageProblems, imageTag, MASTER_IMAGE_MAX_BYTES, sniffImageFormat, YOUTUBE_URL } from './image-file.ts';
import { slugify } from './slug.ts';

const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]);

describe('image rules', () => {
  it('knows the formats by their bytes', () => {
    expect(sniffImageFormat(png)).toBe('png');
    expect(sniffImageFormat(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpeg');
    expect(sniffImageFormat(new TextEncoder().encode('GIF89a'))).toBe('gif');
    expect(sniffImageFormat(new TextEncoder().encode('BM....'))).toBe('bmp');
    expect(sniffImageFormat(new TextEncoder().encode('%PDF-1.7'))).toBeNull();
  });
  it('checks extension, content and size', () => {
    expect(imageProblems('foto.PNG', png)).toEqual([]);
    expect(imageProblems('foto.webp', png)).toEqual(['IMAGE_EXTENSION']);
    expect(imageProblems('foto.jpg', new TextEncoder().encode('hello'))).toEqual(['IMAGE_FORMAT']);
    const big = new Uint8Array(MASTER_IMAGE_MAX_BYTES + 1);
    big.set(png);
    expect(imageProblems('big.png', big)).toEqual(['IMAGE_TOO_LARGE']);
  });
  it('tags the first image show and the second thumb', () => {
    expect([0, 1, 2, 3].map(imageTag)).toEqual(['show', 'thumb', 'none', 'none']);
  });
  it('accepts YouTube links only', () => {
    expect(YOUTUBE_URL.test('https://www.youtube.com/watch?v=dQw4w9WgXcQ')).toBe(true);
    expect(YOUTUBE_URL.test('https://youtu.be/dQw4w9WgXcQ')).toBe(true);
    expect(YOUTUBE_URL.test('https://vimeo.com/123456')).toBe(false);
  });
  it('makes slugs', () => {
    expect(slugify('Kaos Polos Katun  Combed 30s — Hitam!')).toBe('kaos-polos-katun-combed-30s-hitam');
    expect(slugify('Café Déjà')).toBe('cafe-deja');
  });
});
