import { Worker } from 'node:worker_threads';

/** Memory while a sampler ran: the values when it started and the highest seen. */
export type MemoryPeak = {
  /** At start. */
  rss: number;
  heapUsed: number;
  /** Highest RSS of the process, sampled from a worker thread (so also while the main thread is busy). */
  peakRss: number;
  /** Highest heapUsed and external + arrayBuffers of the main thread, sampled on its own event loop. */
  peakHeapUsed: number;
  peakExternal: number;
  rssSamples: number;
  heapSamples: number;
};

export const MB = 1024 * 1024;

/** Posts the process's highest RSS (process-wide, whichever thread asks) when told to stop. */
const RSS_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
let peak = process.memoryUsage.rss();
let samples = 1;
parentPort.postMessage({ ready: peak });
const timer = setInterval(() => { peak = Math.max(peak, process.memoryUsage.rss()); samples += 1; }, workerData.everyMs);
parentPort.on('message', () => {
  clearInterval(timer);
  peak = Math.max(peak, process.memoryUsage.rss());
  parentPort.postMessage({ peak, samples: samples + 1 });
});
`;

/**
 * Samples memory every `everyMs` (default 20 ms) until `stop()`, which returns the peaks. RSS is sampled from a worker
 * thread, so a long synchronous stretch of the main thread (PGlite runs its WebAssembly there) cannot hide a peak; the
 * heap is sampled on the main thread's timer, so its peak is a lower bound. The starting RSS is taken once the worker
 * runs, so the worker's own memory is not counted as growth.
 */
export async function sampleMemory(everyMs = 20): Promise<{ stop: () => Promise<MemoryPeak> }> {
  const worker = new Worker(RSS_WORKER, { eval: true, workerData: { everyMs } });
  const ready = await new Promise<number>((resolve, reject) => {
    worker.once('message', (message: { ready: number }) => resolve(message.ready));
    worker.once('error', reject);
  });
  const start = process.memoryUsage();
  let peakHeapUsed = start.heapUsed;
  let peakExternal = start.external + start.arrayBuffers;
  let heapSamples = 1;
  const take = () => {
    const now = process.memoryUsage();
    peakHeapUsed = Math.max(peakHeapUsed, now.heapUsed);
    peakExternal = Math.max(peakExternal, now.external + now.arrayBuffers);
    heapSamples += 1;
  };
  const timer = setInterval(take, everyMs);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      take();
      const fromWorker = await new Promise<{ peak: number; samples: number }>((resolve, reject) => {
        worker.once('message', resolve);
        worker.once('error', reject);
        worker.postMessage('stop');
      });
      await worker.terminate();
      const rss = Math.max(ready, start.rss);
      return {
        rss,
        heapUsed: start.heapUsed,
        peakRss: Math.max(fromWorker.peak, rss),
        peakHeapUsed,
        peakExternal,
        rssSamples: fromWorker.samples,
        heapSamples,
      };
    },
  };
}
