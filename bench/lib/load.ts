import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
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
  /** Hand back every measured latency (sorted, ms), to pool several rounds. */
  keepLatencies?: boolean;
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
  /** Every measured latency, sorted (ms), when `keepLatencies` was set. */
  latencies?: number[];
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

/** The statistics of several rounds of one target, their latencies pooled. */
export function poolRounds(rounds: readonly LoadStats[]): LoadStats {
  const latencies = rounds.flatMap((r) => r.latencies ?? []).sort((a, b) => a - b);
  const elapsedMs = rounds.reduce((sum, r) => sum + r.elapsedMs, 0);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? Number.NaN;
  return {
    requests: latencies.length,
    errors: rounds.reduce((sum, r) => sum + r.errors, 0),
    firstError: rounds.find((r) => r.firstError)?.firstError ?? null,
    elapsedMs,
    requestsPerSecond: (latencies.length / elapsedMs) * 1000,
    p50Ms: at(0.5),
    p99Ms: at(0.99),
    maxMs: latencies.at(-1) ?? Number.NaN,
  };
}

export const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

export type InterleavedStats = {
  /** Each target's rounds pooled (requests, latencies). */
  floor: LoadStats;
  app: LoadStats;
  /** app ÷ floor requests per second of each round pair, in the order run. */
  ratios: number[];
};

/**
 * Floor and app measured in alternating rounds (floor then app, then app then floor, …), so that a change of the
 * machine's load during the run moves both alike: the throughput ratio to judge is the median of the rounds' ratios.
 * Each round has its own short warm-up (fresh keep-alive connections); each target is warmed up once first.
 */
/**
 * BENCH_CPU_PROFILE=<file>: a CPU profile of this process's main thread (the app and the floor; not the load worker)
 * over the measured rounds, written to <file> as a `.cpuprofile` (Chrome's DevTools, or any reader of that format).
 * Returns the function that stops it and writes the file; null when the knob is unset.
 */
async function startCpuProfile(): Promise<(() => Promise<void>) | null> {
  const file = process.env.BENCH_CPU_PROFILE;
  if (!file) return null;
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return async () => {
    const { profile } = await session.post('Profiler.stop');
    writeFileSync(file, JSON.stringify(profile));
    session.disconnect();
  };
}

export async function runInterleaved(options: {
  floor: Omit<LoadOptions, 'warmupMs' | 'durationMs'>;
  app: Omit<LoadOptions, 'warmupMs' | 'durationMs'>;
  warmupMs: number;
  /** Warm each target until at least this many requests answered (in slices of `warmupMs`, at most 20 of them). */
  warmupRequests?: number;
  rounds: number;
  roundMs: number;
  roundWarmupMs: number;
  onRound?: (round: number, floor: LoadStats, app: LoadStats) => void;
}): Promise<InterleavedStats> {
  const { rounds, roundMs, roundWarmupMs } = options;
  // Warm each target by requests, not only by time: on a loaded machine a few seconds are a few dozen requests,
  // too few for the JIT to compile the app's paths (the first rounds then measure its warm-up, not the app).
  for (const target of [options.floor, options.app]) {
    let done = 0;
    for (let tries = 0; done < (options.warmupRequests ?? 0) && tries < 20; tries++)
      done += (await runLoad({ ...target, warmupMs: 0, durationMs: options.warmupMs })).requests;
    if (!options.warmupRequests) await runLoad({ ...target, warmupMs: 0, durationMs: options.warmupMs });
  }
  const floors: LoadStats[] = [];
  const apps: LoadStats[] = [];
  const ratios: number[] = [];
  const profile = await startCpuProfile();
  for (let round = 0; round < rounds; round++) {
    const one = (target: 'floor' | 'app') =>
      runLoad({ ...options[target], warmupMs: roundWarmupMs, durationMs: roundMs, keepLatencies: true });
    let floor: LoadStats;
    let app: LoadStats;
    if (round % 2 === 0) {
      floor = await one('floor');
      app = await one('app');
    } else {
      app = await one('app');
      floor = await one('floor');
    }
    floors.push(floor);
    apps.push(app);
    ratios.push(app.requestsPerSecond / floor.requestsPerSecond);
    options.onRound?.(round, floor, app);
  }
  await profile?.();
  return { floor: poolRounds(floors), app: poolRounds(apps), ratios };
}
