/**
 * A JMdict XML file written by a test: just the entries it needs, in JMdict's own shape
 * (DOCTYPE entities for the codes it uses), so a real DictionaryService imports it.
 */
export interface JmdictWord {
  id: number;
  kanji?: string[];
  readings: string[];
  /** Priority tags on every form (ichi1, news1…): makes the entry common. */
  pri?: string[];
  pos: string[];
  misc?: string[];
  glosses: string[];
}

const ENTITIES: Record<string, string> = {
  n: 'noun (common) (futsuumeishi)',
  num: 'numeric',
  ctr: 'counter',
  pn: 'pronoun',
  v1: 'Ichidan verb',
  v5k: "Godan verb with 'ku' ending",
  'v5k-s': 'Godan verb - Iku/Yuku special class',
  v5m: "Godan verb with 'mu' ending",
  vk: 'Kuru verb - special class',
  vs: 'noun or participle which takes the aux. verb suru',
  'vs-i': 'suru verb - included',
  'adj-i': 'adjective (keiyoushi)',
  'adj-na': 'adjectival nouns or quasi-adjectives (keiyodoshi)',
  uk: 'word usually written using kana alone',
};

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

export function jmdictXml(words: readonly JmdictWord[]): string {
  const entity = (code: string) => {
    if (!(code in ENTITIES)) throw new Error(`jmdictXml: no entity for ${code}`);
    return `&${code};`;
  };
  const entries = words.map((w) => {
    const pri = (w.pri ?? []).map((p) => `<ke_pri>${p}</ke_pri>`).join('');
    const rpri = (w.pri ?? []).map((p) => `<re_pri>${p}</re_pri>`).join('');
    return [
      '<entry>',
      `<ent_seq>${w.id}</ent_seq>`,
      ...(w.kanji ?? []).map((k) => `<k_ele><keb>${esc(k)}</keb>${pri}</k_ele>`),
      ...w.readings.map((r) => `<r_ele><reb>${esc(r)}</reb>${rpri}</r_ele>`),
      '<sense>',
      ...w.pos.map((p) => `<pos>${entity(p)}</pos>`),
      ...(w.misc ?? []).map((m) => `<misc>${entity(m)}</misc>`),
      ...w.glosses.map((g) => `<gloss>${esc(g)}</gloss>`),
      '</sense>',
      '</entry>',
    ].join('\n');
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<!DOCTYPE JMdict [',
    ...Object.entries(ENTITIES).map(([k, v]) => `<!ENTITY ${k} "${v}">`),
    ']>',
    '<!-- JMdict created: 2026-11-01 -->',
    '<JMdict>',
    ...entries,
    '</JMdict>',
  ].join('\n');
}
