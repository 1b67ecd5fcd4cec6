/**
 * Anki search terms for `findNotes`: each term in double quotes, its text taken literally (Anki
 * reads `*` and `_` as wildcards and `\` as an escape inside a term).
 */
const literal = (s: string) => s.replace(/[\\"*_]/g, (c) => `\\${c}`);

export function ankiTerm(key: string, value: string): string {
  return `"${literal(key)}:${literal(value)}"`;
}

/** Notes of `model` in `deck` whose `field` is exactly `value`. */
export function duplicateQuery(deck: string, model: string, field: string, value: string): string {
  return [ankiTerm('deck', deck), ankiTerm('note', model), ankiTerm(field, value)].join(' ');
}
