import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';

/** Where uploaded and generated files live: a local folder by default, an S3-compatible bucket in production. */
export type FileStorage = {
  put: (key: string, body: Readable | Buffer) => Promise<{ key: string; size: number }>;
  get: (key: string) => Promise<Readable | null>;
  remove: (key: string) => Promise<void>;
};

function safePath(root: string, key: string): string {
  const full = path.resolve(root, key);
  if (!full.startsWith(path.resolve(root) + path.sep)) throw new Error(`File key escapes the storage folder: ${key}`);
  return full;
}

export function createLocalFileStorage(root: string): FileStorage {
  return {
    async put(key, body) {
      const full = safePath(root, key);
      await fs.promises.mkdir(path.dirname(full), { recursive: true });
      if (Buffer.isBuffer(body)) await fs.promises.writeFile(full, body);
      else await pipeline(body, fs.createWriteStream(full));
      const { size } = await fs.promises.stat(full);
      return { key, size };
    },
    async get(key) {
      const full = safePath(root, key);
      return fs.existsSync(full) ? fs.createReadStream(full) : null;
    },
    async remove(key) {
      await fs.promises.rm(safePath(root, key), { force: true });
    },
  };
}
