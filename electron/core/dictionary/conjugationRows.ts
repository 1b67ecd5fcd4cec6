/**
 * How each kind of verb conjugates, as rows: a dictionary-form ending (く, る, する, 来る…) and
 * the ending it takes in each form the deinflection rules undo (書く: negative stem か, te-form
 * いて, potential ける…). The rules (./inflectionRules.ts) are built from these rows, so a form
 * is described once for every verb kind, irregular spellings included (為る, 來る, 論ずる).
 */
import { WordClass as C } from './wordClass';

/** The forms a row gives endings for; each is the whole inflected ending, not a stem plus suffix. */
export type Form =
  /** Before ない (書か, 食べ, し, こ). */
  | 'nai'
  /** Before ず, ぬ, ん, ざる, ねば (書か, 食べ, せ, こ, 論ぜ). */
  | 'zu'
  /** The continuative, before ます, たい, そう… (書き, 食べ, し, き). */
  | 'renyou'
  | 'te'
  | 'ta'
  /** The hypothetical stem, before ば (書け, 食べれ, すれ, くれ). */
  | 'izen'
  | 'imperative'
  | 'volitional'
  /** The volitional cut short (行こ, 食べよ), before っか and alone. */
  | 'volitionalShort'
  /** The dictionary form's ending, before べし, な, まい (literary する is す). */
  | 'shuushi'
  /** Before まい: the dictionary form, or the negative stem for ichidan verbs and する/来る. */
  | 'mai'
  | 'causative'
  | 'shortCausative'
  | 'passive'
  | 'potential'
  | 'potentialOrPassive'
  | 'causativePassive'
  /** The Kansai negative (書かへん, 食べへん, せえへん, けえへん). */
  | 'kansaiNegative'
  /** The Kansai honorific はる (書かはる, 書きはる, 食べはる, しはる). */
  | 'kansaiHonorific';

export interface Row {
  /** Class of the dictionary form. */
  cls: number;
  /** The dictionary form's ending that the inflected endings replace. */
  dict: string;
  forms: Partial<Record<Form, readonly string[]>>;
}

/** The godan kana rows: dictionary ending, a, i, e, o, and the te/ta sound change. */
const GODAN: readonly { u: string; a: string; i: string; e: string; o: string; te: string; ta: string }[] = [
  { u: 'う', a: 'わ', i: 'い', e: 'え', o: 'お', te: 'って', ta: 'った' },
  { u: 'く', a: 'か', i: 'き', e: 'け', o: 'こ', te: 'いて', ta: 'いた' },
  { u: 'ぐ', a: 'が', i: 'ぎ', e: 'げ', o: 'ご', te: 'いで', ta: 'いだ' },
  { u: 'す', a: 'さ', i: 'し', e: 'せ', o: 'そ', te: 'して', ta: 'した' },
  { u: 'つ', a: 'た', i: 'ち', e: 'て', o: 'と', te: 'って', ta: 'った' },
  { u: 'ぬ', a: 'な', i: 'に', e: 'ね', o: 'の', te: 'んで', ta: 'んだ' },
  { u: 'ぶ', a: 'ば', i: 'び', e: 'べ', o: 'ぼ', te: 'んで', ta: 'んだ' },
  { u: 'む', a: 'ま', i: 'み', e: 'め', o: 'も', te: 'んで', ta: 'んだ' },
  { u: 'る', a: 'ら', i: 'り', e: 'れ', o: 'ろ', te: 'って', ta: 'った' },
];

function godanRow(g: (typeof GODAN)[number]): Row {
  return {
    cls: C.v5,
    dict: g.u,
    forms: {
      nai: [g.a],
      zu: [g.a],
      renyou: [g.i],
      te: [g.te],
      ta: [g.ta],
      izen: [g.e],
      imperative: [g.e],
      volitional: [`${g.o}う`],
      volitionalShort: [g.o],
      shuushi: [g.u],
      mai: [g.u],
      causative: [`${g.a}せる`],
      shortCausative: [`${g.a}す`],
      passive: [`${g.a}れる`],
      potential: [`${g.e}る`],
      // 話させられる has no short form (話さされる).
      causativePassive: g.u === 'す' ? [] : [`${g.a}される`],
      // 書けへん is 書ける's (the potential, often meant so): the potential row gives it.
      kansaiNegative: [`${g.a}へん`],
      kansaiHonorific: [`${g.a}はる`, `${g.i}はる`],
    },
  };
}

/** The vowel rows of kana, for the sound changes below. */
const A_ROW = 'かがさざただなはばぱまやらわ';
const O_ROW = 'こごそぞとどのほぼぽもよろお';

/**
 * Godan verbs whose te- and past forms differ from their row: 行く (行って), the う-verbs kept
 * in writing (問うた, 請うて), and the Kansai and classical long o (買うた → こうた, 宣う → のたもうた,
 * 言う → ゆうた).
 */
function specialGodanRows(): Row[] {
  const rows: Row[] = [];
  for (const iku of ['行く', '逝く', '往く', 'いく']) rows.push({ cls: C.v5, dict: iku, forms: { te: [`${iku.slice(0, -1)}って`], ta: [`${iku.slice(0, -1)}った`] } });
  rows.push({ cls: C.v5, dict: 'う', forms: { te: ['うて'], ta: ['うた'] } });
  for (let k = 0; k < A_ROW.length; k++) {
    const a = A_ROW[k] as string;
    const o = O_ROW[k] as string;
    rows.push({ cls: C.v5, dict: `${a}う`, forms: { te: [`${o}うて`], ta: [`${o}うた`] } });
  }
  rows.push({ cls: C.v5, dict: 'いう', forms: { te: ['ゆうて'], ta: ['ゆうた'] } });
  return rows;
}

const ICHIDAN: Row = {
  cls: C.v1,
  dict: 'る',
  forms: {
    nai: [''],
    zu: [''],
    renyou: [''],
    te: ['て'],
    ta: ['た'],
    izen: ['れ'],
    imperative: ['ろ', 'よ'],
    volitional: ['よう'],
    volitionalShort: ['よ'],
    shuushi: ['る'],
    mai: ['', 'る'],
    causative: ['させる'],
    shortCausative: ['さす'],
    // The potential without ら (食べれる), as spoken.
    potential: ['れる'],
    potentialOrPassive: ['られる'],
    // 見いひん, 寝えへん: a one-kana stem is lengthened.
    kansaiNegative: ['へん', 'ひん', 'いひん', 'えへん'],
    kansaiHonorific: ['はる'],
  },
};

/** する in kana; `stem` for its kanji spelling 為る, which keeps the kanji in every form. */
const SURU: Row = {
  cls: C.vs,
  dict: 'する',
  forms: {
    nai: ['し'],
    zu: ['せ'],
    renyou: ['し'],
    te: ['して'],
    ta: ['した'],
    izen: ['すれ'],
    imperative: ['しろ', 'せよ', 'せい'],
    volitional: ['しよう'],
    volitionalShort: ['しよ'],
    shuushi: ['する', 'す'],
    mai: ['する', 'す', 'し'],
    causative: ['させる'],
    shortCausative: ['さす'],
    passive: ['される'],
    potential: ['できる', '出来る'],
    potentialOrPassive: ['せられる'],
    kansaiNegative: ['せえへん', 'せーへん', 'せへん', 'しいひん', 'しーひん', 'しやへん'],
    kansaiHonorific: ['しはる'],
  },
};

const SURU_KANJI: Row = {
  cls: C.vs,
  dict: '為る',
  forms: {
    nai: ['為'],
    zu: ['為'],
    renyou: ['為'],
    te: ['為て'],
    ta: ['為た'],
    izen: ['為れ'],
    imperative: ['為ろ', '為よ'],
    volitional: ['為よう'],
    shuushi: ['為る'],
    mai: ['為る', '為'],
    causative: ['為せる', '為させる'],
    passive: ['為れる'],
    potentialOrPassive: ['為られる'],
  },
};

const KURU: Row = {
  cls: C.vk,
  dict: 'くる',
  forms: {
    nai: ['こ'],
    zu: ['こ'],
    renyou: ['き'],
    te: ['きて'],
    ta: ['きた'],
    izen: ['くれ'],
    imperative: ['こい'],
    volitional: ['こよう'],
    volitionalShort: ['こよ'],
    shuushi: ['くる'],
    mai: ['くる', 'こ'],
    causative: ['こさせる'],
    shortCausative: ['こさす'],
    potential: ['これる'],
    potentialOrPassive: ['こられる'],
    kansaiNegative: ['こおへん', 'こーへん', 'こへん', 'けえへん', 'けーへん', 'きいひん', 'きーひん', 'きやへん'],
    kansaiHonorific: ['きはる'],
  },
};

/** 来る and 來る: the kanji stays in every form, its reading changes. */
function kuruKanji(k: string): Row {
  return {
    cls: C.vk,
    dict: `${k}る`,
    forms: {
      nai: [k],
      zu: [k],
      renyou: [k],
      te: [`${k}て`],
      ta: [`${k}た`],
      izen: [`${k}れ`],
      imperative: [`${k}い`],
      volitional: [`${k}よう`],
      volitionalShort: [`${k}よ`],
      shuushi: [`${k}る`],
      mai: [`${k}る`, k],
      causative: [`${k}させる`],
      shortCausative: [`${k}さす`],
      potential: [`${k}れる`],
      potentialOrPassive: [`${k}られる`],
      kansaiNegative: [`${k}えへん`, `${k}へん`, `${k}ーへん`, `${k}おへん`, `${k}いひん`],
      kansaiHonorific: [`${k}はる`],
    },
  };
}

/** 論ずる, 感ずる: ～ずる verbs (their ～じる doubles are ichidan entries of their own). */
const ZURU: Row = {
  cls: C.vz,
  dict: 'ずる',
  forms: {
    nai: ['じ'],
    zu: ['ぜ'],
    renyou: ['じ'],
    te: ['じて'],
    ta: ['じた'],
    izen: ['ずれ'],
    imperative: ['じろ', 'ぜよ'],
    volitional: ['じよう'],
    shuushi: ['ずる'],
    mai: ['ずる', 'じ'],
    causative: ['じさせる', 'ぜさせる'],
    shortCausative: ['じさす'],
    potentialOrPassive: ['ぜられる', 'じられる'],
  },
};

/** いらっしゃる, なさる, くださる, おっしゃる: the masu stem and imperative end in い. */
const ARU_HONORIFIC: Row = { cls: C.v5aru, dict: 'る', forms: { renyou: ['い'], imperative: ['い'] } };

/** ござる (EDICT's 御座る is yodan): ございます. */
const GOZARU: Row[] = [
  { cls: C.v5, dict: 'ござる', forms: { renyou: ['ござい'] } },
  { cls: C.v5, dict: '御座る', forms: { renyou: ['御座い'] } },
];

export const VERB_ROWS: readonly Row[] = [
  ...GODAN.map(godanRow),
  ...specialGodanRows(),
  ICHIDAN,
  SURU,
  SURU_KANJI,
  KURU,
  kuruKanji('来'),
  kuruKanji('來'),
  ZURU,
  ARU_HONORIFIC,
  ...GOZARU,
];

/**
 * i-adjectives: the stem each ending goes on (高い: 高かった). いい conjugates from よ (よかった).
 * `seemStem` goes before そう, すぎる and げ: ない and よい take さ there (なさそう, よさすぎる).
 */
export interface AdjectiveRow {
  dict: string;
  /** null: the row only gives the さ stem (the plain row already covers よい's other forms). */
  stem: string | null;
  seemStem: string;
}

export const ADJECTIVE_ROWS: readonly AdjectiveRow[] = [
  { dict: 'い', stem: '', seemStem: '' },
  { dict: 'いい', stem: 'よ', seemStem: 'よさ' },
  { dict: 'よい', stem: null, seemStem: 'よさ' },
  { dict: 'ない', stem: null, seemStem: 'なさ' },
];
