/**
 * Several dictionaries as the one source the lookup reads: each hit carries its dictionary's
 * place in the lookup order, and its entry id is made unique across dictionaries (JMdict's own
 * numbers as they are; an imported dictionary's rows above 2^34, in a block of its own).
 */
import type { FormHit, StoredEntry } from './dictionaryStore';

export interface TermSource {
  id: string;
  title: string;
  reader: { hits(form: string): FormHit[]; entry(id: number): StoredEntry | null } & BatchReads;
}

/** Reads a lookup makes in one statement per dictionary ahead of its hits() and entry() calls, which then come from cache. */
export interface BatchReads {
  prefetch?(forms: readonly string[]): void;
  prefetchEntries?(ids: readonly number[]): void;
}

export interface LookupSource extends BatchReads {
  hits(form: string): FormHit[];
  entry(id: number): StoredEntry | null;
  /** The title of the dictionary an entry id belongs to. */
  titleOf(id: number): string;
  /** Its id (`jmdict`, `y-…`): what `dictionary.image` is asked with. */
  idOf?(id: number): string;
}

const BLOCK = 2 ** 34;
/** Forms whose merged hits are kept (most forms a lookup tries have none: those are answered by the hashes again, into one shared empty array). */
const MERGED_CACHE = 5_000;
const NONE: FormHit[] = [];
const BLOCKS = 2 ** 18;

/** A stable block for a dictionary id: 0 for JMdict, a hash of the id for the others. */
function blockOf(id: string, taken: Set<number>): number {
  if (id === 'jmdict') return 0;
  let h = 0;
  for (let i = 0; i < id.length; i++) h = (Math.imul(h, 31) + id.charCodeAt(i)) >>> 0;
  let block = 1 + (h % (BLOCKS - 1));
  while (taken.has(block)) block = 1 + (block % (BLOCKS - 1));
  return block;
}

export function mergedSources(sources: readonly TermSource[]): LookupSource {
  const taken = new Set<number>();
  const byBlock = new Map<number, TermSource & { base: number }>();
  const ranked = sources.map((s, rank) => {
    const block = blockOf(s.id, taken);
    taken.add(block);
    const entry = { ...s, base: block * BLOCK, rank };
    byBlock.set(block, entry);
    return entry;
  });
  const sourceOf = (id: number) => byBlock.get(Math.floor(id / BLOCK));
  // Each form's hits renumbered once: a lookup asks every prefix of the text again from the next character.
  const merged = new Map<string, FormHit[]>();
  // Forms already asked ahead, with hits or none: a repeated lookup then skips each dictionary's hash check ahead of its hits() calls.
  const asked = new Set<string>();
  return {
    hits(form) {
      if (ranked.length === 1 && ranked[0]!.base === 0) return ranked[0]!.reader.hits(form);
      const known = merged.get(form);
      if (known) return known;
      let out: FormHit[] = NONE;
      for (const s of ranked) {
        const found = s.reader.hits(form);
        if (found.length === 0) continue;
        if (out === NONE) out = [];
        // Written out rather than spread: one object shape for every hit, built without a copy loop.
        for (const h of found) {
          out.push({ entryId: s.base + h.entryId, formScore: h.formScore, isKanji: h.isKanji, entryScore: h.entryScore, classes: h.classes, common: h.common, readingsJson: h.readingsJson, rank: s.rank });
        }
      }
      if (out === NONE) return out;
      if (merged.size >= MERGED_CACHE) merged.clear();
      merged.set(form, out);
      return out;
    },
    prefetch(forms) {
      if (ranked.length === 1 && ranked[0]!.base === 0) return ranked[0]!.reader.prefetch?.(forms);
      const unknown = forms.filter((f) => !asked.has(f) && !merged.has(f));
      if (unknown.length === 0) return;
      if (asked.size + unknown.length > MERGED_CACHE * 4) asked.clear();
      for (const f of unknown) asked.add(f);
      if (unknown.length < 2) return;
      for (const s of ranked) s.reader.prefetch?.(unknown);
    },
    prefetchEntries(ids) {
      const bySource = new Map<TermSource['reader'], number[]>();
      for (const id of ids) {
        const s = sourceOf(id);
        if (!s) continue;
        const local = bySource.get(s.reader);
        if (local) local.push(id - s.base);
        else bySource.set(s.reader, [id - s.base]);
      }
      for (const [reader, local] of bySource) reader.prefetchEntries?.(local);
    },
    entry(id) {
      const s = sourceOf(id);
      const e = s?.reader.entry(id - s.base);
      return e ? { ...e, id } : null;
    },
    titleOf: (id) => sourceOf(id)?.title ?? '',
    idOf: (id) => sourceOf(id)?.id ?? '',
  };
}
