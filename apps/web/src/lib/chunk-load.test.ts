import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_LOAD_TIMEOUT_MS, loadChunk, toChunkLoadError } from './chunk-load.ts';

describe('chunk loading (spec part 8)', () => {
  afterEach(() => vi.useRealTimers());

  it('fails with a load error after 120 s', async () => {
    vi.useFakeTimers();
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
    const loading = loadChunk(() => new Promise<never>(() => undefined));
    const outcome = loading.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(119_999);
    let settled = false;
    void loading.catch(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toMatchObject({ name: 'ChunkLoadError', code: 'CHUNK_LOAD_FAILED' });
  });

  it('gives CSS_CHUNK_LOAD_FAILED when a style sheet fails', async () => {
    await expect(loadChunk(() => Promise.reject(new Error('Unable to preload CSS for /assets/screen-1a2b.css')))).rejects.toMatchObject({
      code: 'CSS_CHUNK_LOAD_FAILED',
    });
    expect(toChunkLoadError(new TypeError('Failed to fetch dynamically imported module')).code).toBe('CHUNK_LOAD_FAILED');
  });

  it('passes a loaded chunk through', async () => {
    await expect(loadChunk(async () => ({ Screen: 1 }))).resolves.toEqual({ Screen: 1 });
  });
});
