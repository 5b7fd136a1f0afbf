import type { SQL } from 'drizzle-orm';
import type { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { Db } from './database.ts';

/**
 * `COPY (…) TO STDOUT` through the node-postgres connection of a transaction (ADR 0046): the CopyOut side of the
 * protocol as a submittable query, without a dependency (pg-copy-streams is not installed). The rows go into a
 * target as they arrive, in blocks of 256 KB; while the target is full (`write` answered false) the socket is paused,
 * so PostgreSQL waits instead of the process buffering the file.
 *
 * COPY takes no parameters: `copyStatement` inlines them as literals (escaped by the driver).
 */

/** Where the rows go: a Writable, or anything that answers false when full and says 'drain' when it can take more. */
export type CopyTarget = {
  write: (chunk: Buffer) => boolean;
  once: (event: 'drain', listener: () => void) => unknown;
  /**
   * The target reads each chunk before `write` returns and keeps nothing of it: it is handed each message as it
   * arrives (a row), without the copy into blocks a stream needs.
   */
  readsAtOnce?: boolean;
};

type Wire = { stream: { pause: () => void; resume: () => void }; query: (text: string) => void };

const BLOCK = 256 * 1024;
/** How often `sent` hears of the rows when each message is handed on by itself (about every 256 KB of rows). */
const MESSAGES_PER_REPORT = 1024;

/** The node-postgres client of a drizzle transaction on a PostgreSQL pool (undefined on PGlite). */
export function pgClientOf(tx: Db): pg.PoolClient | undefined {
  const client = (tx as unknown as { session?: { client?: unknown } }).session?.client;
  return client && typeof (client as { escapeLiteral?: unknown }).escapeLiteral === 'function' ? (client as pg.PoolClient) : undefined;
}

/** The statement's text with its parameters inlined as literals (COPY cannot take parameters). */
export function copyStatement(tx: Db, client: pg.PoolClient, query: SQL): string {
  const dialect = (tx as unknown as { dialect: PgDialect }).dialect;
  const built = dialect.sqlToQuery(query);
  const literal = (value: unknown): string => {
    if (value === null || value === undefined) return 'null';
    if (typeof value === 'number' || typeof value === 'bigint') return String(value);
    if (typeof value === 'boolean') return value ? 'true' : 'false';
    if (value instanceof Date) return client.escapeLiteral(value.toISOString());
    return client.escapeLiteral(String(value));
  };
  return built.sql.replace(/\$(\d+)\b/gu, (_, index: string) => literal(built.params[Number(index) - 1]));
}

/**
 * Runs `statement` (a `COPY … TO STDOUT`) on the client and writes what it sends into `target`, as sent (CSV text, or
 * COPY's binary format for the target to read: ADR 0060). Answers the number of rows PostgreSQL reports. `sent`, if
 * given, hears how many rows have arrived so far (PostgreSQL sends each row as one message; the binary format's
 * trailer counts as one more) each time a block is handed on: a single COPY can report its progress.
 */
export function copyOut(client: pg.PoolClient, statement: string, target: CopyTarget, sent?: (rows: number) => void): Promise<number> {
  return new Promise((resolve, reject) => {
    let failure: Error | undefined;
    let rows = 0;
    let messages = 0;
    let block = Buffer.allocUnsafe(BLOCK);
    let used = 0;
    let wire: Wire | undefined;
    let paused = false;
    const direct = target.readsAtOnce === true;
    const pause = () => {
      if (paused || !wire) return;
      paused = true;
      const socket = wire.stream;
      socket.pause();
      target.once('drain', () => {
        paused = false;
        socket.resume();
      });
    };
    const flush = () => {
      if (used === 0) return;
      const full = block.subarray(0, used);
      block = Buffer.allocUnsafe(BLOCK);
      used = 0;
      sent?.(messages);
      if (!target.write(full)) pause();
    };
    // The driver's parser reuses its buffer: each message's bytes are copied into the current block.
    const append = (bytes: Buffer) => {
      let at = 0;
      while (at < bytes.length) {
        const n = Math.min(BLOCK - used, bytes.length - at);
        bytes.copy(block, used, at, at + n);
        used += n;
        at += n;
        if (used === BLOCK) flush();
      }
    };
    const submittable = {
      submit(connection: Wire) {
        wire = connection;
        connection.query(statement);
      },
      handleCopyData(message: { chunk: Buffer }) {
        if (failure) return;
        messages += 1;
        // The target may throw (a binary COPY it cannot read): the COPY is let run out, then the error is answered.
        try {
          if (!direct) append(message.chunk);
          else {
            if (!target.write(message.chunk)) pause();
            if (messages % MESSAGES_PER_REPORT === 0) sent?.(messages);
          }
        } catch (error) {
          failure = error as Error;
        }
      },
      handleCommandComplete(message: { text?: string }) {
        rows = Number(message.text?.split(' ')[1] ?? 0);
        try {
          if (!failure) flush();
          if (!failure && direct) sent?.(messages);
        } catch (error) {
          failure = error as Error;
        }
      },
      handleError(error: Error) {
        failure = error;
      },
      handleReadyForQuery() {
        if (paused) wire?.stream.resume();
        if (failure) reject(failure);
        else resolve(rows);
      },
      handleRowDescription() {},
      handleDataRow() {},
      handleEmptyQuery() {},
      handlePortalSuspended() {},
      handleCopyInResponse() {},
    };
    (client as unknown as { query: (q: object) => unknown }).query(submittable);
  });
}
