import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { acquireDirLock } from './lock.ts';

const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'kelola-lock-'));

describe('data directory lock', () => {
  it('refuses a directory held by another live process, with a clear message', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'kelola.lock'), String(process.ppid));
    expect(() => acquireDirLock(dir)).toThrow(/in use by another Kelola process/u);
  });

  it('takes over the lock of a process that is gone, and releases it', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'kelola.lock'), '999999999');
    const release = acquireDirLock(dir);
    expect(fs.readFileSync(path.join(dir, 'kelola.lock'), 'utf8')).toBe(String(process.pid));
    release();
    expect(fs.existsSync(path.join(dir, 'kelola.lock'))).toBe(false);
  });
});
