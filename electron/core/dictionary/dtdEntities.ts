/**
 * The internal DTD's `<!ENTITY name "text">` declarations. JMdict declares every part
 * of speech and tag this way (`<!ENTITY v1 "Ichidan verb">`) and writes `&v1;` in the
 * body: we keep the code and look its text up here. External entities are refused
 * (nothing is ever read from a path or URL named by the file) and expansion is capped,
 * so an XML bomb ends the import with a clear error instead of filling memory.
 */
import { DictionaryInputError } from './errors';

/** No real JMdict entity comes near these; a bomb goes past them at once. */
export const MAX_ENTITY_CHARS = 2_000;
const MAX_ENTITIES = 2_000;
const MAX_DEPTH = 4;

const DECL = /<!ENTITY\s+(%\s+)?([^\s"']+)\s+([^>]*?)\s*>/g;
const QUOTED = /^(?:"([^"]*)"|'([^']*)')$/;

/** The entities declared in a DOCTYPE's internal subset, fully expanded, by name. */
export function parseDtdEntities(doctype: string): Map<string, string> {
  const raw = new Map<string, string>();
  for (const m of doctype.matchAll(DECL)) {
    const [, percent, name = '', body = ''] = m;
    if (/^(SYSTEM|PUBLIC)\b/.test(body)) throw new DictionaryInputError('external_entity', `The file declares an external entity (${name}); external entities are refused.`);
    if (percent) throw new DictionaryInputError('external_entity', `The file declares a parameter entity (${name}); only plain text entities are accepted.`);
    const q = QUOTED.exec(body);
    if (!q) throw new DictionaryInputError('not_dictionary', `The entity ${name} is not a quoted text.`);
    raw.set(name, q[1] ?? q[2] ?? '');
    if (raw.size > MAX_ENTITIES) throw bomb();
  }
  const expanded = new Map<string, string>();
  const expand = (name: string, depth: number): string => {
    const done = expanded.get(name);
    if (done !== undefined) return done;
    const value = raw.get(name);
    if (value === undefined) throw new DictionaryInputError('not_dictionary', `The entity &${name}; is used but never declared.`);
    if (depth > MAX_DEPTH) throw bomb();
    let out = '';
    for (const part of value.split(/(&[^;\s&]+;)/)) {
      if (/^&[^;\s&]+;$/.test(part)) {
        const inner = part.slice(1, -1);
        out += PREDEFINED[inner] ?? expand(inner, depth + 1);
      } else out += part;
      if (out.length > MAX_ENTITY_CHARS) throw bomb();
    }
    expanded.set(name, out);
    return out;
  };
  for (const name of raw.keys()) expand(name, 0);
  return expanded;
}

const PREDEFINED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

const bomb = () =>
  new DictionaryInputError('entity_limit', 'The file declares entities that expand beyond the limit (an XML bomb?); it was not imported.');
