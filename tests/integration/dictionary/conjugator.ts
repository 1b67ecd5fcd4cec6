/**
 * A forward conjugator for the inflection-coverage measurement: from a dictionary form and its
 * JMdict class, the forms a reader of fiction meets. Written independently of the deinflection
 * rules (forward, from the five vowel rows), so a gap in one is not mirrored by the other.
 */

export type ConjugationClass = 'v1' | 'v5' | 'v5k-s' | 'v5u-s' | 'v5aru' | 'v5r-i' | 'vk' | 'vs-i' | 'vz' | 'adj-i' | 'adj-ix';

export interface InflectedForm {
  form: string;
  /** What the form is ("causative passive past"), for the report of misses. */
  label: string;
}

const ROWS = ['あいうえお', 'かきくけこ', 'がぎぐげご', 'さしすせそ', 'たちつてと', 'なにぬねの', 'ばびぶべぼ', 'まみむめも', 'らりるれろ', 'わいうえお'];

/** The kana of `u` (a u-row kana) moved to vowel `v` (0 a … 4 o); う's a-row is わ. */
function shift(u: string, v: number): string {
  if (u === 'う') return v === 0 ? 'わ' : (ROWS[0]?.[v] ?? '');
  const row = ROWS.find((r) => r[2] === u);
  if (!row) throw new Error(`not a u-row kana: ${u}`);
  return row[v] ?? '';
}

/** The godan te/ta sound change of a final kana (書く → 書い-, 読む → 読ん-, 待つ → 待っ-). */
function onbin(u: string): { stem: string; voiced: boolean } {
  if (u === 'く') return { stem: 'い', voiced: false };
  if (u === 'ぐ') return { stem: 'い', voiced: true };
  if (u === 'す') return { stem: 'し', voiced: false };
  if ('ぬぶむ'.includes(u)) return { stem: 'ん', voiced: true };
  return { stem: 'っ', voiced: false };
}

interface Stems {
  /** Irrealis before ない (書か, 食べ, し, こ). */
  nai: string;
  /** Irrealis before ず / ぬ / ん (書か, 食べ, せ, こ). */
  zu: string;
  /** Continuative (書き, 食べ, し, き). */
  renyou: string;
  /** te-form and past (書いて / 書いた). */
  te: string;
  ta: string;
  /** Hypothetical (書け, 食べれ, すれ, くれ). */
  izen: string;
  volitional: string;
  imperative: string;
  potential: string | null;
  passive: string;
  causative: string;
  /** The short causative (書かす, 食べさす), null when there is none in use. */
  shortCausative: string | null;
  /** The causative passive as used (書かされる, 食べさせられる). */
  causativePassive: string;
  dict: string;
}

function verbStems(word: string, cls: ConjugationClass): Stems {
  const last = word.slice(-1);
  const base = word.slice(0, -1);
  if (cls === 'v1') {
    return {
      dict: word, nai: base, zu: base, renyou: base, te: `${base}て`, ta: `${base}た`, izen: `${base}れ`,
      volitional: `${base}よう`, imperative: `${base}ろ`, potential: `${base}られる`, passive: `${base}られる`,
      causative: `${base}させる`, shortCausative: `${base}さす`, causativePassive: `${base}させられる`,
    };
  }
  if (cls === 'vk') {
    // 来る, 來る or くる, alone or ending a compound (やって来る): the kanji stays, the kana changes.
    const kanji = word.endsWith('くる') ? null : word.slice(-2, -1);
    const k = (kana: string) => (kanji ? `${kanji}${kana.slice(1)}` : kana);
    const stem = word.slice(0, -2);
    return {
      dict: word, nai: stem + k('こ'), zu: stem + k('こ'), renyou: stem + k('き'), te: stem + k('きて'), ta: stem + k('きた'),
      izen: stem + k('くれ'), volitional: stem + k('こよう'), imperative: stem + k('こい'), potential: stem + k('こられる'), passive: stem + k('こられる'),
      causative: stem + k('こさせる'), shortCausative: null, causativePassive: stem + k('こさせられる'),
    };
  }
  if (cls === 'vs-i') {
    const stem = word.slice(0, -2);
    if (word.endsWith('為る')) {
      return {
        dict: word, nai: `${stem}為`, zu: `${stem}為`, renyou: `${stem}為`, te: `${stem}為て`, ta: `${stem}為た`, izen: `${stem}為れ`,
        volitional: `${stem}為よう`, imperative: `${stem}為ろ`, potential: null, passive: `${stem}為れる`, causative: `${stem}為せる`, shortCausative: null, causativePassive: `${stem}為せられる`,
      };
    }
    return {
      dict: word, nai: `${stem}し`, zu: `${stem}せ`, renyou: `${stem}し`, te: `${stem}して`, ta: `${stem}した`, izen: `${stem}すれ`,
      volitional: `${stem}しよう`, imperative: `${stem}しろ`, potential: null, passive: `${stem}される`, causative: `${stem}させる`, shortCausative: null, causativePassive: `${stem}させられる`,
    };
  }
  if (cls === 'vz') {
    const stem = word.slice(0, -2);
    return {
      dict: word, nai: `${stem}じ`, zu: `${stem}ぜ`, renyou: `${stem}じ`, te: `${stem}じて`, ta: `${stem}じた`, izen: `${stem}ずれ`,
      volitional: `${stem}じよう`, imperative: `${stem}じろ`, potential: null, passive: `${stem}ぜられる`, causative: `${stem}じさせる`, shortCausative: null, causativePassive: `${stem}じさせられる`,
    };
  }
  // Godan, with the special classes' exceptions.
  const a = base + shift(last, 0);
  const { stem: ob, voiced } = onbin(last);
  let te = `${base}${ob}${voiced ? 'で' : 'て'}`;
  let ta = `${base}${ob}${voiced ? 'だ' : 'た'}`;
  if (cls === 'v5k-s') {
    te = `${base}って`;
    ta = `${base}った`;
  }
  if (cls === 'v5u-s') {
    te = `${word}て`;
    ta = `${word}た`;
  }
  const renyou = cls === 'v5aru' ? `${base}い` : base + shift(last, 1);
  return {
    dict: word,
    nai: a,
    zu: a,
    renyou,
    te,
    ta,
    izen: base + shift(last, 3),
    volitional: `${base}${shift(last, 4)}う`,
    imperative: cls === 'v5aru' ? `${base}い` : base + shift(last, 3),
    potential: cls === 'v5aru' || cls === 'v5r-i' ? null : `${base}${shift(last, 3)}る`,
    passive: `${a}れる`,
    causative: `${a}せる`,
    shortCausative: last === 'す' ? null : `${a}す`,
    causativePassive: last === 'す' ? `${a}せられる` : `${a}される`,
  };
}

/** The hypothetical's last kana contracted with ば (書け → 書きゃ, 食べれ → 食べりゃ, すれ → すりゃ). */
function contractBa(e: string): string {
  if (e === 'え') return 'や';
  const row = ROWS.find((r) => r[3] === e);
  if (!row) throw new Error(`not an e-row kana: ${e}`);
  return `${row[1]}ゃ`;
}

/** Ichidan forms of a derived ichidan verb (potential, passive, causative). */
function ichidanChain(v1: string, label: string): InflectedForm[] {
  const b = v1.slice(0, -1);
  return [
    { form: v1, label },
    { form: `${b}た`, label: `${label} past` },
    { form: `${b}ない`, label: `${label} negative` },
    { form: `${b}なかった`, label: `${label} negative past` },
    { form: `${b}ます`, label: `${label} polite` },
    { form: `${b}て`, label: `${label} te` },
  ];
}

export function conjugateVerb(word: string, cls: ConjugationClass): InflectedForm[] {
  const s = verbStems(word, cls);
  const r = s.renyou;
  const out: InflectedForm[] = [
    { form: s.ta, label: 'past' },
    { form: s.te, label: 'te' },
    { form: `${s.nai}ない`, label: 'negative' },
    { form: `${s.nai}なかった`, label: 'negative past' },
    { form: `${s.nai}なくて`, label: 'negative te' },
    { form: `${s.nai}ないで`, label: 'negative naide' },
    { form: `${s.nai}なければ`, label: 'negative conditional' },
    { form: `${s.nai}なきゃ`, label: 'negative conditional contracted' },
    { form: `${s.nai}なくちゃ`, label: 'negative nakucha' },
    { form: `${r}ます`, label: 'polite' },
    { form: `${r}ました`, label: 'polite past' },
    { form: `${r}ません`, label: 'polite negative' },
    { form: `${r}ませんでした`, label: 'polite negative past' },
    { form: `${r}ましょう`, label: 'polite volitional' },
    { form: `${r}まして`, label: 'polite te' },
    { form: `${r}たい`, label: 'desire' },
    { form: `${r}たくない`, label: 'desire negative' },
    { form: `${r}たかった`, label: 'desire past' },
    { form: `${r}そう`, label: 'looks like' },
    { form: `${r}すぎる`, label: 'too much' },
    { form: `${r}ながら`, label: 'while' },
    { form: `${r}なさい`, label: 'polite imperative' },
    { form: `${r}やがった`, label: 'derogatory past' },
    { form: `${s.ta}ら`, label: 'conditional tara' },
    { form: `${s.ta}り`, label: 'tari' },
    { form: `${s.izen}ば`, label: 'conditional ba' },
    { form: s.volitional, label: 'volitional' },
    { form: s.imperative, label: 'imperative' },
    { form: `${s.zu}ず`, label: 'classical negative zu' },
    { form: `${s.zu}ずに`, label: 'without' },
    { form: `${s.zu}ぬ`, label: 'classical negative nu' },
    { form: `${s.zu}ん`, label: 'colloquial negative n' },
    { form: `${s.zu}んかった`, label: 'colloquial negative past' },
    { form: `${s.te}いる`, label: 'te iru' },
    { form: `${s.te}いた`, label: 'te iru past' },
    { form: `${s.te}る`, label: 'te ru (contracted)' },
    { form: `${s.te}た`, label: 'te ta (contracted)' },
    { form: `${s.te}しまった`, label: 'te shimau past' },
    { form: `${s.te.slice(0, -1)}${s.te.endsWith('で') ? 'じゃった' : 'ちゃった'}`, label: 'chau past' },
    { form: `${s.te.slice(0, -1)}${s.te.endsWith('で') ? 'じゃ' : 'ちゃ'}`, label: 'cha (te wa)' },
    { form: `${s.te.slice(0, -1)}${s.te.endsWith('で') ? 'どく' : 'とく'}`, label: 'toku (te oku)' },
    { form: `${s.te.slice(0, -1)}${s.te.endsWith('で') ? 'どる' : 'とる'}`, label: 'toru (te oru)' },
    { form: `${s.te}おく`, label: 'te oku' },
    { form: `${s.te.slice(0, -1)}${s.te.endsWith('で') ? 'じゃう' : 'ちゃう'}`, label: 'chau' },
    { form: `${s.te}く`, label: 'te ku (te iku contracted)' },
    { form: `${s.dict}べき`, label: 'should (beki)' },
    { form: `${s.dict}まい`, label: 'negative volitional (mai)' },
    { form: `${s.zu}ねば`, label: 'must (neba)' },
    { form: `${s.zu}ざる`, label: 'classical negative attributive (zaru)' },
    { form: `${s.zu}んばかり`, label: 'as if about to (nbakari)' },
    { form: `${s.zu}んとする`, label: 'about to (ntosuru)' },
    { form: `${s.izen.slice(0, -1)}${contractBa(s.izen.slice(-1))}`, label: 'conditional contracted' },
    ...ichidanChain(s.passive, 'passive'),
    ...ichidanChain(s.causative, 'causative'),
    ...ichidanChain(s.causativePassive, 'causative passive'),
  ];
  if (cls === 'v1' || cls === 'v5') out.push({ form: `${s.nai}へん`, label: 'Kansai negative' }, { form: `${s.nai}へんかった`, label: 'Kansai negative past' }, { form: `${s.nai}はる`, label: 'Kansai honorific' });
  if (s.potential) out.push(...ichidanChain(s.potential, 'potential'));
  if (s.shortCausative) out.push({ form: s.shortCausative, label: 'short causative' }, { form: `${s.shortCausative.slice(0, -1)}した`, label: 'short causative past' });
  return out;
}

/** The colloquial long-e of an adjective (すごい → すげえ, やばい → やべえ, さむい → さみい); none after an i-row kana. */
function slangE(stem: string): InflectedForm[] {
  const last = stem.slice(-1);
  const row = ROWS.find((r) => r.includes(last));
  if (!row || /\p{Script=Han}/u.test(last)) return [];
  const v = row.indexOf(last);
  if (v === 0 || v === 4) return [{ form: `${stem.slice(0, -1)}${row[3]}え`, label: 'slang e' }];
  if (v === 2) return [{ form: `${stem.slice(0, -1)}${row[1]}い`, label: 'slang ii' }];
  return [];
}

export function conjugateAdjective(word: string, cls: 'adj-i' | 'adj-ix'): InflectedForm[] {
  // いい conjugates from よい.
  const stem = cls === 'adj-ix' ? `${word.slice(0, -2)}よ` : word.slice(0, -1);
  return [
    { form: `${stem}かった`, label: 'past' },
    { form: `${stem}くない`, label: 'negative' },
    { form: `${stem}くなかった`, label: 'negative past' },
    { form: `${stem}くて`, label: 'te' },
    { form: `${stem}く`, label: 'adverbial' },
    { form: `${stem}ければ`, label: 'conditional' },
    { form: `${stem}かったら`, label: 'conditional tara' },
    { form: `${stem}さ`, label: 'noun' },
    // いい looks good: よさそう.
    { form: `${stem}${cls === 'adj-ix' ? 'さ' : ''}そう`, label: 'looks like' },
    { form: `${stem}すぎる`, label: 'too' },
    { form: `${stem}くありません`, label: 'polite negative' },
    { form: `${stem}くありませんでした`, label: 'polite negative past' },
    { form: `${stem}くないです`, label: 'polite negative (desu)' },
    { form: `${stem}かったです`, label: 'polite past (desu)' },
    { form: `${stem}き`, label: 'classical attributive' },
    { form: `${stem}かろう`, label: 'presumptive' },
    ...slangE(stem),
  ];
}

export function conjugate(word: string, cls: ConjugationClass): InflectedForm[] {
  return cls === 'adj-i' || cls === 'adj-ix' ? conjugateAdjective(word, cls) : conjugateVerb(word, cls);
}
