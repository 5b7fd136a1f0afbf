import { useSyncExternalStore } from 'react';

/**
 * Work during which the page must stay open (spec part 2, Shell): a warehouse stock sync or a channel save.
 * While any is running the top bar shows a warning banner and closing or reloading the page asks first.
 */
export type BusyReason = 'stock-sync' | 'channel-save';

type Listener = () => void;

const running = new Map<string, BusyReason>();
const listeners = new Set<Listener>();
let snapshot: readonly BusyReason[] = [];
let counter = 0;

function emit(): void {
  snapshot = [...new Set(running.values())];
  syncUnloadGuard();
  for (const listener of listeners) listener();
}

function onBeforeUnload(event: BeforeUnloadEvent): void {
  event.preventDefault();
  // Older browsers show the prompt only when returnValue is set.
  event.returnValue = '';
}

let guarded = false;
function syncUnloadGuard(): void {
  if (typeof window === 'undefined') return;
  const shouldGuard = running.size > 0;
  if (shouldGuard === guarded) return;
  guarded = shouldGuard;
  if (shouldGuard) window.addEventListener('beforeunload', onBeforeUnload);
  else window.removeEventListener('beforeunload', onBeforeUnload);
}

/** Starts a busy period; call the returned function (or `stopBusy` with the id) when the work ends. */
export function startBusy(reason: BusyReason): () => void {
  counter += 1;
  const id = `${reason}:${counter}`;
  running.set(id, reason);
  emit();
  return () => stopBusy(id);
}

/** Ends one busy period; stopping twice is harmless. */
export function stopBusy(id: string): void {
  if (running.delete(id)) emit();
}

/** Runs `work` as a busy period that ends however the work ends. */
export async function whileBusy<T>(reason: BusyReason, work: () => Promise<T>): Promise<T> {
  const stop = startBusy(reason);
  try {
    return await work();
  } finally {
    stop();
  }
}

/** The reasons currently running, without duplicates (empty when nothing runs). */
export function busyReasons(): readonly BusyReason[] {
  return snapshot;
}

export function subscribeBusy(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useBusyReasons(): readonly BusyReason[] {
  return useSyncExternalStore(subscribeBusy, busyReasons, busyReasons);
}

/** Test helper: forgets every running period. */
export function resetBusy(): void {
  running.clear();
  emit();
}
