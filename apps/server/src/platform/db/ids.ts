import { randomFillSync } from 'node:crypto';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/iu;
/** A UUID of any version, in either case. */
export const isUuid = (value: unknown): boolean => UUID.test(String(value));

let lastMs = 0;
let seq = 0;

// Random bytes drawn 4 KiB at a time: one call to the generator per 256 ids instead of two per id.
const pool = Buffer.alloc(4096);
let poolAt = pool.length;
function random(size: number): Buffer {
  if (poolAt + size > pool.length) {
    randomFillSync(pool);
    poolAt = 0;
  }
  poolAt += size;
  return pool.subarray(poolAt - size, poolAt);
}

/** UUID version 7 (RFC 9562): time-ordered, so primary-key indexes stay append-mostly. */
export function uuidv7(now = Date.now()): string {
  // A 12-bit counter in rand_a keeps ids made in the same millisecond ordered.
  if (now === lastMs) seq = (seq + 1) & 0xfff;
  else {
    lastMs = now;
    seq = random(2).readUInt16BE(0) & 0x7ff;
  }
  const bytes = Buffer.from(random(16));
  bytes.writeUIntBE(now, 0, 6);
  bytes[6] = 0x70 | (seq >> 8);
  bytes[7] = seq & 0xff;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
