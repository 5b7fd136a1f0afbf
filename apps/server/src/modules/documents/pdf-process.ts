import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DomainError } from '../../platform/errors.ts';
import type { RendererName } from './pdf-child.ts';
import type * as render from './pdf-render.ts';

/**
 * Documents are drawn in a child process of their own (ADR 0046), started on the first print and kept: the server
 * (every module, loaded through tsx, about 300 MB) does not grow with a bulk print of 500 labels, and the renderer's
 * process holds only the PDF libraries and the document being drawn. One request at a time per renderer; requests
 * queue in order. If the child dies, the requests waiting on it fail with DOCUMENT_RENDER_FAILED (503: print again;
 * nothing of the failed print is counted) and the next print starts a new one.
 */

const here = path.dirname(fileURLToPath(import.meta.url));
type Pending = { resolve: (pdf: Buffer) => void; reject: (error: Error) => void };
let child: ChildProcess | undefined;
let nextId = 1;
const pending = new Map<number, Pending>();
let peakRss = 0;
let ready: Promise<void> = Promise.resolve();

function renderer(): ChildProcess {
  if (child && child.connected) return child;
  const started = fork(path.join(here, 'pdf-child.ts'), [], {
    cwd: here,
    // The child runs the TypeScript source as the server does (tsx), with nothing else of the app.
    execArgv: ['--import', 'tsx'],
    serialization: 'advanced',
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let loaded = () => {};
  ready = new Promise<void>((resolve) => (loaded = resolve));
  started.on('message', (message: { id: number; pdf?: Uint8Array; error?: string; maxRss?: number; ready?: boolean }) => {
    if (message.ready) loaded();
    const waiting = pending.get(message.id);
    if (!waiting) return;
    pending.delete(message.id);
    if (message.maxRss) peakRss = Math.max(peakRss, message.maxRss);
    if (message.error !== undefined || !message.pdf) waiting.reject(new Error(message.error ?? 'renderer gave no PDF'));
    else waiting.resolve(Buffer.from(message.pdf.buffer, message.pdf.byteOffset, message.pdf.byteLength));
  });
  const fail = (cause: string) => {
    if (child === started) child = undefined;
    loaded();
    if (pending.size > 0) console.error(`document renderer failed: ${cause}`);
    for (const [id, waiting] of pending) {
      pending.delete(id);
      waiting.reject(new DomainError('DOCUMENT_RENDER_FAILED'));
    }
  };
  started.on('error', (error) => fail(error.message));
  started.on('exit', (code, signal) => fail(`exited (${code ?? signal})`));
  // The renderer never keeps the server alive.
  started.unref();
  started.channel?.unref();
  child = started;
  return started;
}

function call<N extends RendererName>(name: N, input: Parameters<(typeof render)[N]>[0]): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const id = nextId++;
    const target = renderer();
    pending.set(id, {
      resolve: (pdf) => {
        if (pending.size === 0) target.channel?.unref();
        resolve(pdf);
      },
      reject,
    });
    target.channel?.ref();
    target.send({ id, name, input }, (error) => {
      if (error && pending.delete(id)) reject(new DomainError('DOCUMENT_RENDER_FAILED'));
    });
  });
}

export const renderLabels = (labels: Parameters<typeof render.renderLabels>[0]) => call('renderLabels', labels);
export const mergeLabels = (pages: Parameters<typeof render.mergeLabels>[0]) => call('mergeLabels', pages);
export const renderPickingList = (input: Parameters<typeof render.renderPickingList>[0]) => call('renderPickingList', input);
export const renderPackingLists = (orders: Parameters<typeof render.renderPackingLists>[0]) => call('renderPackingLists', orders);

/** Starts the renderer and waits until its libraries are loaded (at server start: the first print does not wait). */
export async function warmRenderer(): Promise<void> {
  renderer();
  await ready;
}

/** The renderer's process, started when there is none (tests kill it mid-print). */
export const rendererProcess = (): ChildProcess => renderer();

/** The highest RSS the renderer's process has reported (bytes), for the bulk-label benchmark. */
export const rendererPeakRss = () => peakRss;

/** Stops the renderer (tests, shutdown); the next print starts a new one. */
export function stopRenderer(): void {
  child?.kill();
  child = undefined;
}
