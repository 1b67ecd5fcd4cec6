import { describe, expect, it } from 'vitest';
import { jsonObjectOf } from '../../../electron/core/reader/detailStream';

describe('jsonObjectOf (a model answer read as a detail)', () => {
  it('finds the object inside a fence or a sentence', () => {
    expect(jsonObjectOf('```json\n{"pos":"名詞"}\n```')).toEqual({ pos: '名詞' });
    expect(jsonObjectOf('Here you are: {"a":"b"} — enjoy.')).toEqual({ a: 'b' });
  });

  it('is undefined for no object or broken JSON', () => {
    expect(jsonObjectOf('no json here')).toBeUndefined();
    expect(jsonObjectOf('[1, 2]')).toBeUndefined();
    expect(jsonObjectOf('{"a": }')).toBeUndefined();
  });
});
