import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { loadChunk } from './chunk-load.ts';

/**
 * A component of its own chunk, loaded when first drawn, by its export's name. A chunk that fails or takes longer
 * than 120 s becomes a ChunkLoadError, shown by the route's error screen (spec part 8).
 */
export const lazyNamed = <K extends string, P extends object>(
  load: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
): LazyExoticComponent<ComponentType<P>> => lazy(async () => ({ default: (await loadChunk(load))[name] }));
