/** Spec parts 8 and 9: a screen chunk that does not arrive within 120 s is a load error. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const CHUNK_LOAD_FAILED = 'CHUNK_LOAD_FAILED';
export const CSS_CHUNK_LOAD_FAILED = 'CSS_CHUNK_LOAD_FAILED';

/** A screen's code or style sheet could not be loaded (new release deployed, network lost, timeout). */
export class ChunkLoadError extends Error {
  readonly code: typeof CHUNK_LOAD_FAILED | typeof CSS_CHUNK_LOAD_FAILED;

  constructor(code: typeof CHUNK_LOAD_FAILED | typeof CSS_CHUNK_LOAD_FAILED, message: string) {
    super(message);
    this.name = 'ChunkLoadError';
    this.code = code;
  }
}

/** A failed dynamic import: CSS preload failures (Vite's "Unable to preload CSS") get CSS_CHUNK_LOAD_FAILED. */
export function toChunkLoadError(cause: unknown): ChunkLoadError {
  if (cause instanceof ChunkLoadError) return cause;
  const message = cause instanceof Error ? cause.message : String(cause);
  const css = /\bCSS\b|\.css\b/iu.test(message);
  return new ChunkLoadError(css ? CSS_CHUNK_LOAD_FAILED : CHUNK_LOAD_FAILED, message);
}

export function isChunkLoadError(value: unknown): value is ChunkLoadError {
  return value instanceof ChunkLoadError;
}

/** Loads a chunk, failing with a ChunkLoadError when it fails or takes longer than the timeout. */
export function loadChunk<T>(load: () => Promise<T>, timeoutMs = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(CHUNK_LOAD_FAILED, `Chunk not loaded after ${timeoutMs} ms`)), timeoutMs);
    load().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (cause: unknown) => {
        clearTimeout(timer);
        reject(toChunkLoadError(cause));
      },
    );
  });
}
