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
};

type Wire = { stream: { pause: () => void; resume: () => void }; query: (text: string) => void };

const BLOCK = 256 * 1024;

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
 * Reads COPY's binary format and hands on the bytes of each row's single field, back to back: the rows' own text
 * (e.g. a sheet's XML), with no escaping to undo. A message may end anywhere in the stream.
 */
class BinarySingleField {
  private skip = 15; // the signature (11 bytes) and the flags (4)
  private need = 0; // bytes of the current field still to copy
  private readonly fixed = Buffer.alloc(4);
  private fixedHave = 0;
  private state: 'signature' | 'extension-length' | 'extension' | 'count' | 'length' | 'data' | 'end' = 'signature';

  constructor(private readonly emit: (bytes: Buffer) => void) {}

  /** Collects `size` bytes of a fixed field; answers the new position, or -1 when the chunk ended first. */
  private take(chunk: Buffer, at: number, size: number): number {
    const n = Math.min(size - this.fixedHave, chunk.length - at);
    chunk.copy(this.fixed, this.fixedHave, at, at + n);
    this.fixedHave += n;
    if (this.fixedHave < size) return -1;
    this.fixedHave = 0;
    return at + n;
  }

  push(chunk: Buffer): void {
    let at = 0;
    while (at < chunk.length) {
      if (this.state === 'signature' || this.state === 'extension') {
        const n = Math.min(this.skip, chunk.length - at);
        this.skip -= n;
        at += n;
        if (this.skip === 0) this.state = this.state === 'signature' ? 'extension-length' : 'count';
      } else if (this.state === 'extension-length') {
        const next = this.take(chunk, at, 4);
        if (next < 0) return;
        at = next;
        this.skip = this.fixed.readInt32BE(0);
        this.state = this.skip > 0 ? 'extension' : 'count';
      } else if (this.state === 'count') {
        const next = this.take(chunk, at, 2);
        if (next < 0) return;
        at = next;
        const count = this.fixed.readInt16BE(0);
        if (count === -1) this.state = 'end';
        else if (count !== 1) throw new Error(`COPY row with ${count} fields (one expected)`);
        else this.state = 'length';
      } else if (this.state === 'length') {
        const next = this.take(chunk, at, 4);
        if (next < 0) return;
        at = next;
        const length = this.fixed.readInt32BE(0);
        this.need = Math.max(length, 0);
        this.state = this.need > 0 ? 'data' : 'count';
      } else if (this.state === 'data') {
        const n = Math.min(this.need, chunk.length - at);
        this.emit(chunk.subarray(at, at + n));
        this.need -= n;
        at += n;
        if (this.need === 0) this.state = 'count';
      } else return;
    }
  }
}

/**
 * Runs `statement` (a `COPY … TO STDOUT`) on the client and writes what it sends into `target`: as sent for the text
 * and CSV formats, or the single field of each row for `binary`. Answers the number of rows PostgreSQL reports.
 * `sent`, if given, hears how many rows have arrived so far (PostgreSQL sends each row as one message; the binary
 * format's trailer counts as one more) each time a block is handed on: a single COPY can report its progress.
 */
export function copyOut(
  client: pg.PoolClient,
  statement: string,
  target: CopyTarget,
  format: 'text' | 'binary',
  sent?: (rows: number) => void,
): Promise<number> {
  return new Promise((resolve, reject) => {
    let failure: Error | undefined;
    let rows = 0;
    let messages = 0;
    let block = Buffer.allocUnsafe(BLOCK);
    let used = 0;
    let wire: Wire | undefined;
    let paused = false;
    const flush = () => {
      if (used === 0) return;
      const full = block.subarray(0, used);
      block = Buffer.allocUnsafe(BLOCK);
      used = 0;
      sent?.(messages);
      if (!target.write(full) && !paused && wire) {
        paused = true;
        const socket = wire.stream;
        socket.pause();
        target.once('drain', () => {
          paused = false;
          socket.resume();
        });
      }
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
    const binary = format === 'binary' ? new BinarySingleField(append) : undefined;
    const submittable = {
      submit(connection: Wire) {
        wire = connection;
        connection.query(statement);
      },
      handleCopyData(message: { chunk: Buffer }) {
        if (failure) return;
        messages += 1;
        try {
          if (binary) binary.push(message.chunk);
          else append(message.chunk);
        } catch (error) {
          failure = error as Error;
        }
      },
      handleCommandComplete(message: { text?: string }) {
        rows = Number(message.text?.split(' ')[1] ?? 0);
        if (!failure) flush();
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
