import { Worker } from 'node:worker_threads';

export type LoadOptions = {
  url: string;
  /** Several pages measured together: request k goes to urls[k % urls.length] (url is then ignored). */
  urls?: string[];
  headers?: Record<string, string>;
  /** Concurrent keep-alive connections, each with one request in flight. */
  connections: number;
  warmupMs: number;
  durationMs: number;
};

export type LoadStats = {
  requests: number;
  errors: number;
  firstError: string | null;
  elapsedMs: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
};

/**
 * Drives the load from a worker thread (load-worker.mjs, plain JavaScript) so that the clients do not share
 * the server's event loop.
 */
export function runLoad(options: LoadOptions): Promise<LoadStats> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./load-worker.mjs', import.meta.url), { workerData: options });
    worker.once('message', (stats: LoadStats) => resolve(stats));
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`load worker exited with ${code}`));
    });
  });
}
