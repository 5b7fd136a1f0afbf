// The load generator of bench/lib/load.ts, run in a worker thread: plain JavaScript so that no loader is needed.
import http from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

/**
 * In the worker: N keep-alive clients issuing GETs back to back; only the measured window counts. With `urls`, the
 * requests go to each of them in turn (request k to urls[k % length]), so a mix of pages is measured.
 */
async function generate(options) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections, maxFreeSockets: options.connections });
  const targets = (options.urls ?? [options.url]).map((url) => new URL(url));
  let sent = 0;
  const latencies = [];
  let errors = 0;
  let firstError = null;
  let measuring = false;
  let stopping = false;

  const once = () =>
    new Promise((resolve) => {
      const target = targets[sent++ % targets.length];
      const started = performance.now();
      const request = http.request(
        {
          host: target.hostname,
          port: target.port,
          path: `${target.pathname}${target.search}`,
          method: 'GET',
          agent,
          headers: options.headers,
        },
        (response) => {
          response.on('data', () => {});
          response.on('end', () => {
            if (measuring) {
              if (response.statusCode === 200) latencies.push(performance.now() - started);
              else {
                errors += 1;
                firstError ??= `HTTP ${response.statusCode}`;
              }
            }
            resolve();
          });
        },
      );
      request.on('error', (error) => {
        if (measuring) {
          errors += 1;
          firstError ??= error.message;
        }
        resolve();
      });
      request.end();
    });

  const client = async () => {
    while (!stopping) await once();
  };
  const clients = Array.from({ length: options.connections }, client);
  await new Promise((resolve) => setTimeout(resolve, options.warmupMs));
  measuring = true;
  const start = performance.now();
  await new Promise((resolve) => setTimeout(resolve, options.durationMs));
  measuring = false;
  const elapsedMs = performance.now() - start;
  stopping = true;
  await Promise.all(clients);
  agent.destroy();

  latencies.sort((a, b) => a - b);
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? Number.NaN;
  return {
    requests: latencies.length,
    errors,
    firstError,
    elapsedMs,
    requestsPerSecond: (latencies.length / elapsedMs) * 1000,
    p50Ms: at(0.5),
    p99Ms: at(0.99),
    maxMs: latencies.at(-1) ?? Number.NaN,
    ...(options.keepLatencies ? { latencies } : {}),
  };
}

parentPort?.postMessage(await generate(workerData));
