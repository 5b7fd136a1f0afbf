import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const src = join(import.meta.dirname, '..');
const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sources(join(dir, entry.name))
      : /\.tsx$/u.test(entry.name) && !entry.name.includes('.test.')
        ? [join(dir, entry.name)]
        : [],
  );

describe('text limits', () => {
  it('no field of the app cuts text with maxLength: limits are counters (textLimit) and the field says what is wrong', () => {
    const cutting = sources(src).filter((file) => /\bmaxLength=\{/u.test(readFileSync(file, 'utf8')));
    expect(cutting.map((file) => file.slice(src.length + 1))).toEqual([]);
  });
});
