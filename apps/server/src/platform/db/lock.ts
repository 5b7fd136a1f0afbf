import fs from 'node:fs';
import path from 'node:path';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Only one process may open a PGlite data directory: a second one loses writes silently (ARCHITECTURE §11).
 * Returns the release function; throws with a clear message when another live process holds the lock.
 */
export function acquireDirLock(dataDir: string): () => void {
  const file = path.join(dataDir, 'kelola.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        try {
          if (fs.readFileSync(file, 'utf8') === String(process.pid)) fs.unlinkSync(file);
        } catch {
          /* already gone */
        }
      };
      process.once('exit', release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(fs.readFileSync(file, 'utf8'));
      if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && alive(holder)) {
        throw new Error(
          `The data directory ${dataDir} is in use by another Kelola process (pid ${holder}). ` +
            'Stop that process first, or set DATA_DIR to another folder, or use DATABASE_URL for a PostgreSQL server.',
          { cause: error },
        );
      }
      fs.unlinkSync(file); // stale lock of a process that is gone
    }
  }
  throw new Error(`Could not lock ${dataDir}`);
}
