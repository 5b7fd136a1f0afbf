import { describe, expect, it } from 'vitest';
import { unstorableTextPaths } from './unstorable-text.ts';

describe('unstorableTextPaths', () => {
  it('names NUL bytes and lone surrogates wherever they are, keys included', () => {
    const body = {
      name: 'a\u0000b',
      lines: [{ note: 'ok' }, { note: 'x\ud800' }, { note: '\udc00y' }],
      values: { ['k\u0000']: 1 },
      nested: { deep: ['fine', '\u0000'] },
    };
    expect(unstorableTextPaths(body)).toEqual(['name', 'lines.1.note', 'lines.2.note', 'values.k\u0000', 'nested.deep.1']);
    expect(unstorableTextPaths({ id: 'a\u0000' }, 'params')).toEqual(['params.id']);
  });

  it('lets ordinary text through, emoji (surrogate pairs) included', () => {
    expect(unstorableTextPaths({ name: 'Kopi \u{1F600} Gayo', tags: ['ü', '日本', '\ud83d\ude00'], n: 1, b: true, z: null })).toEqual([]);
    expect(unstorableTextPaths(undefined)).toEqual([]);
  });
});
