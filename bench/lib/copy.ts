import type pg from 'pg';

/** What node-postgres hands a submittable query: the wire connection (pg/lib/connection.js). */
type Wire = { query: (text: string) => void; sendCopyFromChunk: (chunk: Buffer) => void; endCopyFrom: () => void };

/**
 * `COPY … FROM STDIN` through a node-postgres client, the whole text sent in 64 KB chunks: what pg-copy-streams does,
 * as a submittable query (the protocol's CopyIn), without a dependency. Answers the row count the server reports.
 */
export function copyFrom(client: pg.PoolClient | pg.Client, statement: string, data: string): Promise<number> {
  return new Promise((resolve, reject) => {
    let failure: Error | undefined;
    let rows = 0;
    const submittable = {
      submit(connection: Wire) {
        connection.query(statement);
      },
      handleCopyInResponse(connection: Wire) {
        const buffer = Buffer.from(data, 'utf8');
        for (let at = 0; at < buffer.length; at += 65_536) connection.sendCopyFromChunk(buffer.subarray(at, at + 65_536));
        connection.endCopyFrom();
      },
      handleCommandComplete(message: { text?: string }) {
        rows = Number(message.text?.split(' ')[1] ?? 0);
      },
      handleError(error: Error) {
        failure = error;
      },
      handleReadyForQuery() {
        if (failure) reject(failure);
        else resolve(rows);
      },
      handleRowDescription() {},
      handleDataRow() {},
      handleEmptyQuery() {},
      handlePortalSuspended() {},
      handleCopyData() {},
    };
    (client as unknown as { query: (q: object) => unknown }).query(submittable);
  });
}

/** One value in COPY's text format: null as \N, backslash, tab and line breaks escaped, dates as ISO, booleans t/f. */
export function copyValue(value: unknown): string {
  if (value === null || value === undefined) return '\\N';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'boolean') return value ? 't' : 'f';
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value as string | number | bigint);
  return text.replace(/[\\\t\n\r]/gu, (c) => (c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r'));
}

/** Rows (objects keyed by column) as COPY text, in the order of `columns`. */
export const copyText = (columns: readonly string[], rows: readonly Record<string, unknown>[]): string =>
  rows.map((row) => `${columns.map((column) => copyValue(row[column])).join('\t')}\n`).join('');
