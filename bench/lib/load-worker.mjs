// The load generator of bench/lib/load.ts, run in a worker thread: plain JavaScript so that no loader is needed.
//
// The clients speak HTTP/1.1 on raw keep-alive sockets (as autocannon and wrk do): each request's bytes are written
// once up front, and an answer is read by its status line, its content-length (or its chunks) and nothing more.
// Node's own http client costs more CPU per request than a small server does: on two cores it was the bottleneck,
// capping the bare floor server at about 7,000 req/s, and its queueing made up most of every measured p99.
import net from 'node:net';
import { parentPort, workerData } from 'node:worker_threads';

const CRLF2 = Buffer.from('\r\n\r\n');

/** The bytes of one GET, written as is on every request to that target. */
function requestBytes(url, headers) {
  const lines = [`GET ${url.pathname}${url.search} HTTP/1.1`, `Host: ${url.host}`, 'Connection: keep-alive'];
  for (const [name, value] of Object.entries(headers ?? {})) lines.push(`${name}: ${value}`);
  return Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1');
}

/**
 * Reads one HTTP/1.1 answer from the bytes received so far: `{ status, length }` (length = bytes of the whole answer)
 * once it is complete, null while more bytes are needed.
 */
function parseAnswer(buffer) {
  const headEnd = buffer.indexOf(CRLF2);
  if (headEnd < 0) return null;
  const head = buffer.toString('latin1', 0, headEnd);
  const status = Number(head.slice(9, 12));
  const bodyStart = headEnd + 4;
  const contentLength = /\r\ncontent-length:\s*(\d+)/iu.exec(head);
  if (contentLength) {
    const length = bodyStart + Number(contentLength[1]);
    return buffer.length >= length ? { status, length, close: /\r\nconnection:\s*close/iu.test(head) } : null;
  }
  if (!/\r\ntransfer-encoding:\s*chunked/iu.test(head)) throw new Error(`an answer with neither content-length nor chunks: ${head}`);
  let at = bodyStart;
  for (;;) {
    const lineEnd = buffer.indexOf('\r\n', at, 'latin1');
    if (lineEnd < 0) return null;
    const size = Number.parseInt(buffer.toString('latin1', at, lineEnd), 16);
    if (size === 0) {
      // the last chunk, then (no trailers are sent by the servers measured) the empty line
      const end = lineEnd + 4;
      return buffer.length >= end ? { status, length: end, close: /\r\nconnection:\s*close/iu.test(head) } : null;
    }
    at = lineEnd + 2 + size + 2;
    if (buffer.length < at) return null;
  }
}

/**
 * In the worker: N keep-alive connections each with one GET in flight, back to back; only the measured window counts.
 * With `urls`, the requests go to each of them in turn (request k to urls[k % length]), so a mix of pages is measured.
 */
async function generate(options) {
  const targets = (options.urls ?? [options.url]).map((url) => new URL(url));
  const requests = targets.map((url) => requestBytes(url, options.headers));
  const { hostname, port } = targets[0];
  let sent = 0;
  const latencies = [];
  let errors = 0;
  let firstError = null;
  let measuring = false;
  let stopping = false;

  const failed = (message) => {
    if (!measuring) return;
    errors += 1;
    firstError ??= message;
  };

  /** One client: resolves when it has stopped (after the window, its request in flight answered). */
  const client = () =>
    new Promise((resolve) => {
      let socket;
      let pending = Buffer.alloc(0);
      let started = 0;
      const send = () => {
        if (stopping) {
          socket.destroy();
          resolve();
          return;
        }
        started = performance.now();
        socket.write(requests[sent++ % requests.length]);
      };
      const connect = () => {
        pending = Buffer.alloc(0);
        socket = net.connect({ host: hostname, port: Number(port) });
        socket.setNoDelay(true);
        socket.on('connect', send);
        socket.on('data', (chunk) => {
          pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
          let answer;
          try {
            answer = parseAnswer(pending);
          } catch (error) {
            failed(error.message);
            socket.destroy();
            resolve();
            return;
          }
          if (!answer) return;
          if (measuring) {
            if (answer.status === 200) latencies.push(performance.now() - started);
            else failed(`HTTP ${answer.status}`);
          }
          pending = pending.subarray(answer.length);
          if (answer.close) {
            socket.removeAllListeners();
            socket.destroy();
            if (stopping) resolve();
            else connect();
          } else send();
        });
        socket.on('error', (error) => {
          failed(error.message);
          socket.removeAllListeners();
          socket.destroy();
          if (stopping) resolve();
          else setTimeout(connect, 10);
        });
      };
      connect();
    });

  const clients = Array.from({ length: options.connections }, client);
  await new Promise((resolve) => setTimeout(resolve, options.warmupMs));
  measuring = true;
  const start = performance.now();
  await new Promise((resolve) => setTimeout(resolve, options.durationMs));
  measuring = false;
  const elapsedMs = performance.now() - start;
  stopping = true;
  await Promise.all(clients);

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
