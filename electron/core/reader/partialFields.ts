/**
 * The string fields of a flat JSON object that have fully arrived, from a text
 * still streaming in. Lets the word panel fill field by field.
 */
export function partialFields<K extends string>(json: string, fields: readonly K[]): Partial<Record<K, string>> {
  const out: Partial<Record<K, string>> = {};
  for (const f of fields) {
    const m = new RegExp(`"${f}"\\s*:\\s*"((?:[^"\\\\]|\\\\.)*)"`).exec(json);
    if (!m) continue;
    try {
      out[f] = JSON.parse(`"${m[1]}"`) as string;
    } catch {
      // an escape sequence cut in half: wait for more text
    }
  }
  return out;
}
