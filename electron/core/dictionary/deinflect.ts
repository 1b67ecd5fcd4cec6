/**
 * Deinflection by suffix rules (./inflectionRules.ts): rules chain from the text as written
 * (食べさせられなかった → 食べさせられない → 食べさせられる → 食べさせる → 食べる), each step
 * allowed only from a form of the class the rule needs, so a chain never ends on a word of the
 * wrong class. A candidate counts only if an entry of its class exists (./lookup.ts); the offline
 * analyzer's dictionary form is tried too, for what the rules do not cover.
 */
import type { InflectionReason } from '../../../shared/inflections';
import { RULES, type Rule } from './inflectionRules';
import { ANY_CLASS } from './wordClass';

export interface Candidate {
  /** The form to look up. */
  term: string;
  /** Classes the entry must have (any entry for the text as written, with no reasons). */
  classes: number;
  /** Steps undone, innermost first (causative › passive › past). */
  reasons: InflectionReason[];
}

/** The rules in a trie over their endings read backwards: a step walks the term's last characters once. */
interface Node {
  next: Map<string, Node>;
  rules: TrieRule[];
}

interface TrieRule extends Rule {
  /**
   * Whether the ending may be the whole term. A bare ending is no word (た is not the past of
   * る), unless what it stands for is one (した → する, 来た → 来る, よかった → いい).
   */
  whole: boolean;
}

function buildTrie(rules: readonly Rule[]): Node {
  const root: Node = { next: new Map(), rules: [] };
  for (const r of rules) {
    let node = root;
    for (let i = r.from.length - 1; i >= 0; i--) {
      const ch = r.from.charAt(i);
      let child = node.next.get(ch);
      if (!child) {
        child = { next: new Map(), rules: [] };
        node.next.set(ch, child);
      }
      node = child;
    }
    node.rules.push({ ...r, whole: r.to.length >= 2 || HAN.test(r.from) });
  }
  return root;
}

const HAN = /\p{Script=Han}/u;
const TRIE = buildTrie(RULES);
/** The longest chain the rules make (勉強させられていませんでした takes eight). */
const MAX_STEPS = 9;

/** Every form `text` may be an inflection of, starting with `text` itself; fewer steps first. */
export function deinflect(text: string): Candidate[] {
  const out: Candidate[] = [{ term: text, classes: ANY_CLASS, reasons: [] }];
  const seen = new Set<string>([`${text}\u0000${ANY_CLASS}`]);
  for (let i = 0; i < out.length; i++) {
    const c = out[i] as Candidate;
    if (c.reasons.length >= MAX_STEPS) continue;
    let node: Node | undefined = TRIE;
    for (let at = c.term.length - 1; at >= 0; at--) {
      node = node.next.get(c.term.charAt(at));
      if (!node) break;
      for (const r of node.rules) apply(c, r, at, out, seen);
    }
  }
  return out;
}

/** `at`: where the rule's ending starts in the candidate's term. */
function apply(c: Candidate, r: TrieRule, at: number, out: Candidate[], seen: Set<string>): void {
  if ((c.classes & r.in) === 0) return;
  if (at === 0 && !r.whole) return;
  if (r.afterKanji && (at === 0 || !HAN.test(c.term.charAt(at - 1)))) return;
  const term = c.term.slice(0, at) + r.to;
  const key = `${term}\u0000${r.out}`;
  if (seen.has(key)) return;
  seen.add(key);
  out.push({ term, classes: r.out, reasons: c.reasons.length ? [...r.reasons, ...c.reasons] : [...r.reasons] });
}
