import { AsyncLocalStorage } from 'node:async_hooks';

const current = new AsyncLocalStorage<{ open: boolean }>();

/**
 * Runs a request's handler inside its transaction, marked so that work needing a transaction of its own can refuse
 * (ADR 0050). The mark ends with the handler: a timer or a promise the handler left behind inherits it, closed.
 */
export async function inRequestTransaction<T>(fn: () => Promise<T>): Promise<T> {
  const mark = { open: true };
  try {
    return await current.run(mark, fn);
  } finally {
    mark.open = false;
  }
}

/**
 * Throws while a request's transaction is open: work that opens a transaction of its own (a job's helpers) would wait
 * for ever on the embedded database, whose one connection the request holds, and on PostgreSQL it would commit what
 * the request's rollback should undo. A programming error, hence a plain Error (500) that names the culprit.
 */
export function assertNoRequestTransaction(what: string): void {
  if (current.getStore()?.open)
    throw new Error(`${what} opens a transaction of its own and cannot run inside a request's; use the request's ctx (callNow)`);
}
