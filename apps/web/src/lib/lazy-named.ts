import { createElement, lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { loadChunk } from './chunk-load.ts';

/** How long a failed chunk stays failed: React's own retry of the failed render shows the error, not a new load. */
const RETRY_AFTER_MS = 1_000;

/**
 * A component of its own chunk, loaded when first drawn, by its export's name. A chunk that fails or takes longer
 * than 120 s becomes a ChunkLoadError, shown by the route's error screen (spec part 8). A failed load is not kept
 * for good, as React's `lazy` alone would keep it for the rest of the page's life: when the component is drawn again
 * a second or more later (the user comes back to the screen), its chunk is asked for again.
 */
export function lazyNamed<K extends string, P extends object>(load: () => Promise<Record<K, ComponentType<P>>>, name: K): ComponentType<P> {
  let failedAt: number | null = null;
  const attempt = (): LazyExoticComponent<ComponentType<P>> =>
    lazy(async () => {
      try {
        return { default: (await loadChunk(load))[name] };
      } catch (error) {
        failedAt = Date.now();
        throw error;
      }
    });
  let current = attempt();
  const Loaded = (props: P) => {
    if (failedAt !== null && Date.now() - failedAt >= RETRY_AFTER_MS) {
      failedAt = null;
      current = attempt();
    }
    return createElement(current, props);
  };
  Loaded.displayName = `Lazy(${name})`;
  return Loaded;
}
