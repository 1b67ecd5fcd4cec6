import type { Token } from '../../../shared/domain';

/**
 * Keys for tokens that did not come from the analyzer (a model's analysis, a cache): each
 * token takes the key of the first keyed offline token that starts inside it, so 食べた from a
 * model takes 食べる/たべる from the analyzer's 食べ|た. `start` is where `tokens` begin in the
 * text the offline tokens cover. Keys the tokens carried are dropped: only the analyzer keys.
 * `each` finishes every token in the same walk (its reading, electron/core/readings).
 */
export function alignKeys(tokens: readonly Token[], offline: readonly Token[], start = 0, each?: (t: Token, i: number, all: readonly Token[]) => Token): Token[] {
  const starts: number[] = [];
  let at = 0;
  for (const t of offline) {
    starts.push(at);
    at += t.word.length;
  }
  let i = 0;
  let pos = start;
  return tokens.map((given, index) => {
    const t = each ? each(given, index, tokens) : given;
    const end = pos + t.word.length;
    while (i < offline.length && starts[i]! < pos) i++;
    let key;
    for (let j = i; j < offline.length && starts[j]! < end; j++) {
      key = offline[j]!.key;
      if (key) break;
    }
    pos = end;
    const { key: _stale, ...rest } = t;
    return key ? { ...rest, key } : rest;
  });
}
