/**
 * The deinflection rules: each turns an inflected ending back into a less inflected one
 * (なかった → ない, ない → る), says which classes the inflected form may have for it to apply
 * (`in`), and which class the result has (`out`). A chain of rules ends on a dictionary form,
 * which counts only if an entry of that class exists (./lookup.ts).
 *
 * Rule families are described in Yomitan's manner (its japanese-transforms descriptor was read
 * for the families and their conditions); the table itself is built here from the conjugation
 * rows (./conjugationRows.ts), so every verb kind gets every form.
 */
import type { InflectionReason } from '../../../shared/inflections';
import { ADJECTIVE_ROWS, VERB_ROWS, type Form } from './conjugationRows';
import { VERB_CLASSES, WordClass as C } from './wordClass';

export interface Rule {
  /** The inflected ending. */
  from: string;
  /** What replaces it (a shorter form or the dictionary form's ending). */
  to: string;
  /** Classes the inflected form may have for the rule to apply. */
  in: number;
  /** Class of the result. */
  out: number;
  /** Steps this rule undoes, innermost first (んかった: colloquial negative, then past). */
  reasons: readonly InflectionReason[];
  /** The ending must follow a kanji (凄え → 凄い, 高う → 高く; not every え or う). */
  afterKanji?: boolean;
}

const FINAL = C.final;
const rules: Rule[] = [];

function add(reasons: InflectionReason | readonly InflectionReason[], inClass: number, outClass: number, pairs: readonly (readonly [string, string])[], afterKanji = false): void {
  const list = typeof reasons === 'string' ? [reasons] : reasons;
  for (const [from, to] of pairs) {
    if (!from) throw new Error(`a rule of ${list.join('/')} has an empty ending`);
    rules.push({ from, to, in: inClass, out: outClass, reasons: list, ...(afterKanji ? { afterKanji } : {}) });
  }
}

/** A verb form of every row that has it, with each suffix after it: 書か+ない → 書く. */
function verb(reasons: InflectionReason | readonly InflectionReason[], form: Form, suffixes: readonly string[], inClass: number): void {
  for (const row of VERB_ROWS) {
    for (const ending of row.forms[form] ?? []) {
      for (const suffix of suffixes) {
        const from = ending + suffix;
        // An ichidan stem is empty: a suffix alone (ない → る) is its rule; no suffix, no rule.
        if (from) add(reasons, inClass, row.cls, [[from, row.dict]]);
      }
    }
  }
}

/** An adjective ending on each row's stem: 高+かった → 高い, よ+かった → いい. */
function adjective(reasons: InflectionReason | readonly InflectionReason[], endings: readonly string[], inClass: number, stem: 'stem' | 'seemStem' = 'stem'): void {
  for (const row of ADJECTIVE_ROWS) {
    const s = row[stem];
    if (s === null) continue;
    add(reasons, inClass, C.adjI, endings.map((e) => [s + e, row.dict] as const));
  }
}

// ── Conjugated forms of verbs ────────────────────────────────────────────────────────────────
verb('past', 'ta', [''], FINAL);
verb('te', 'te', [''], FINAL | C.te);
verb('tara', 'ta', ['ら'], FINAL);
verb('tari', 'ta', ['り'], FINAL);
verb('conditional', 'izen', ['ば'], FINAL | C.ba);
verb('negative', 'nai', ['ない'], C.adjI);
verb('volitional', 'volitional', [''], FINAL);
// Cut short and with か (行こ, 行こっか, 食べよっか).
verb('volitional', 'volitionalShort', ['', 'っか'], FINAL);
verb('imperative', 'imperative', [''], FINAL);
verb('prohibitive', 'shuushi', ['な'], FINAL);
verb('mai', 'mai', ['まい'], FINAL);
verb('beshi', 'shuushi', ['べし', 'べき', 'べく', 'べからず', 'べからざる'], FINAL);

// The hypothetical contracted with ば (書きゃ, 食べりゃ, すりゃ, 言や).
const E_TO_I: Record<string, string> = { け: 'き', げ: 'ぎ', せ: 'し', て: 'ち', ね: 'に', べ: 'び', め: 'み', れ: 'り' };
for (const row of VERB_ROWS) {
  for (const izen of row.forms.izen ?? []) {
    const e = izen.slice(-1);
    const contracted = e === 'え' ? 'や' : E_TO_I[e] ? `${E_TO_I[e]}ゃ` : null;
    if (contracted) add('conditionalContracted', FINAL, row.cls, [[izen.slice(0, -1) + contracted, row.dict]]);
  }
}

// The continuative alone (読み、書き…, as literary prose ends a clause). An ichidan stem is any
// e- or i-row kana: only those, not every word (東京 is not the stem of 東京る).
for (const row of VERB_ROWS) {
  for (const ending of row.forms.renyou ?? []) if (ending) add('continuative', FINAL, row.cls, [[ending, row.dict]]);
}
add('continuative', FINAL, C.v1, [...'いえきけぎげしせじぜちてでにねひへびべぴぺみめりれ'].map((k) => [k, `${k}る`] as const));

// ── Negatives, classical and colloquial ──────────────────────────────────────────────────────
verb('zu', 'zu', ['ず', 'ずに'], FINAL);
verb('nu', 'zu', ['ぬ'], FINAL);
verb('colloquialNegative', 'zu', ['ん'], FINAL);
verb(['colloquialNegative', 'past'], 'zu', ['んかった'], FINAL);
verb('zaru', 'zu', ['ざる'], FINAL);
verb('neba', 'zu', ['ねば'], FINAL | C.ba);
verb('neba', 'zu', ['にゃ', 'にゃあ'], FINAL);
verb('ji', 'zu', ['じ'], FINAL);
verb('ntosuru', 'zu', ['んとする'], C.vs);
verb('ntosuru', 'zu', ['んとす'], FINAL);
verb('nbakari', 'zu', ['んばかり'], FINAL);

// ── On the continuative ──────────────────────────────────────────────────────────────────────
verb('polite', 'renyou', ['ます'], C.masu);
verb('tai', 'renyou', ['たい'], C.adjI);
verb('sou', 'renyou', ['そう'], FINAL);
verb('sugiru', 'renyou', ['すぎる', '過ぎる'], C.v1);
verb('nasai', 'renyou', ['なさい'], FINAL);
verb('nagara', 'renyou', ['ながら'], FINAL);
verb('tsutsu', 'renyou', ['つつ'], FINAL);
verb('yasui', 'renyou', ['やすい', '易い'], C.adjI);
verb('nikui', 'renyou', ['にくい', '難い'], C.adjI);
verb('zurai', 'renyou', ['づらい', '辛い'], C.adjI);
verb('yagaru', 'renyou', ['やがる'], C.v5);
verb('tamae', 'renyou', ['たまえ', '給え'], FINAL);

// ── Voice: each result conjugates as an ichidan verb, the short causative as a godan one ─────
verb('causative', 'causative', [''], C.v1);
verb('shortCausative', 'shortCausative', [''], C.v5);
verb('passive', 'passive', [''], C.v1);
verb('potential', 'potential', [''], C.v1);
verb('potentialOrPassive', 'potentialOrPassive', [''], C.v1);
verb('causativePassive', 'causativePassive', [''], C.v1);

// ── Kansai ───────────────────────────────────────────────────────────────────────────────────
verb('kansaiNegative', 'kansaiNegative', [''], FINAL);
verb(['kansaiNegative', 'past'], 'kansaiNegative', ['かった'], FINAL);
verb('kansaiHonorific', 'kansaiHonorific', [''], C.v5);
// The copula や after a noun or na-adjective (ほんまや, 雨やった); や alone only after a
// na-adjective, as the particle や follows nouns (本や雑誌).
add('kansaiCopula', FINAL, C.adjNa, [['や', '']]);
add(['kansaiCopula', 'past'], FINAL, C.noun | C.adjNa, [['やった', '']]);
add(['kansaiCopula', 'volitional'], FINAL, C.noun | C.adjNa, [['やろ', ''], ['やろう', '']]);
// ～ねん after a plain form (行くねん, 食べへんねん, 好きやねん): the form before it is read as written.
add('nen', FINAL, FINAL | VERB_CLASSES | C.adjI, [['ねん', '']]);
add('nen', FINAL, FINAL | VERB_CLASSES, [['んねん', 'る']]);

// ── After the te-form ────────────────────────────────────────────────────────────────────────
/** te + auxiliary → te (食べている → 食べて), for both て and で. */
function teAux(reason: InflectionReason, inClass: number, auxes: readonly string[]): void {
  for (const aux of auxes) add(reason, inClass, C.te, [[`て${aux}`, 'て'], [`で${aux}`, 'で']]);
}
/** Contractions that swallow the て: とく → て, どく → で. */
function teContracted(reason: InflectionReason, inClass: number, pairs: readonly (readonly [string, string])[]): void {
  add(reason, inClass, C.te, pairs.flatMap(([t, d]) => [[t, 'て'] as const, [d, 'で'] as const]));
}
teAux('teiru', C.v1, ['いる', '居る', 'る']);
teAux('teoru', C.v5, ['おる', '居る']);
teContracted('teoru', C.v5, [['とる', 'どる']]);
teAux('tearu', C.v5, ['ある', '有る', '在る']);
teAux('teoku', C.v5, ['おく', '置く']);
teContracted('teoku', C.v5, [['とく', 'どく']]);
teAux('teiku', C.v5, ['いく', '行く', 'く']);
// てく's past and te-form: 持ってった, 持ってって.
add(['teiku', 'past'], FINAL, C.te, [['てった', 'て'], ['でった', 'で']]);
add(['teiku', 'te'], FINAL | C.te, C.te, [['てって', 'て'], ['でって', 'で']]);
teAux('tekuru', C.vk, ['くる', '来る']);
teAux('teshimau', C.v5, ['しまう', '仕舞う']);
teContracted('chau', C.v5, [['ちゃう', 'じゃう'], ['ちまう', 'じまう'], ['てまう', 'でまう']]);
// ては/では contracted (食べちゃ駄目, 読んじゃ, 高くちゃ).
teContracted('cha', FINAL, [['ちゃ', 'じゃ'], ['ちゃあ', 'じゃあ']]);
add('cha', FINAL, C.te, [['くっちゃ', 'くて']]);
teAux('teKureru', C.v1, ['くれる', '呉れる']);
teAux('teAgeru', C.v1, ['あげる', '上げる']);
teAux('teYaru', C.v5, ['やる']);
teAux('teMiru', C.v1, ['みる', '見る']);
teAux('teMorau', C.v5, ['もらう', '貰う']);
teAux('teKudasai', FINAL, ['ください', '下さい']);
teAux('teKudasaru', C.v5, ['くださる', '下さる']);
teAux('teItadaku', C.v5, ['いただく', '頂く']);
teAux('teHoshii', C.adjI, ['ほしい', '欲しい']);
// The negative te-form (食べないで), so ないでおく and ないどく chain through it.
add('naide', FINAL | C.te, C.adjI, [['ないで', 'ない']]);

// ── ます and its forms (the polite verb conjugates on its own) ──────────────────────────────
add('past', FINAL, C.masu, [['ました', 'ます']]);
add('negative', FINAL | C.masen, C.masu, [['ません', 'ます']]);
add('past', FINAL, C.masen, [['ませんでした', 'ません'], ['ませんかった', 'ません']]);
add('te', FINAL | C.te, C.masen, [['ませんで', 'ません']]);
add('volitional', FINAL, C.masu, [['ましょう', 'ます'], ['ましょ', 'ます'], ['ましょっか', 'ます']]);
add('te', FINAL | C.te, C.masu, [['まして', 'ます']]);
add('imperative', FINAL, C.masu, [['ませ', 'ます'], ['まし', 'ます']]);
add('conditional', FINAL, C.masu, [['ますれば', 'ます'], ['ませば', 'ます']]);
add('tara', FINAL, C.masu, [['ましたら', 'ます']]);
add('tari', FINAL, C.masu, [['ましたり', 'ます']]);
add('mai', FINAL, C.masu, [['ますまい', 'ます']]);
add('nu', FINAL, C.masu, [['ませぬ', 'ます']]);

// ── i-adjectives ─────────────────────────────────────────────────────────────────────────────
adjective('past', ['かった'], FINAL);
adjective('te', ['くて'], FINAL | C.te);
adjective('tara', ['かったら'], FINAL);
adjective('tari', ['かったり'], FINAL);
adjective('conditional', ['ければ'], FINAL | C.ba);
adjective('conditionalContracted', ['けりゃ', 'きゃ', 'けりゃあ'], FINAL);
adjective('negative', ['くない'], C.adjI);
adjective('adverbial', ['く'], FINAL | C.adv);
adjective('noun', ['さ'], FINAL);
adjective('volitional', ['かろう'], FINAL);
adjective('ki', ['き'], FINAL);
adjective('zu', ['からず'], FINAL);
adjective('nu', ['からぬ'], FINAL);
adjective('polite', ['くあります'], C.masu);
adjective('garu', ['がる'], C.v5);
adjective('sou', ['そう'], FINAL, 'seemStem');
adjective('sugiru', ['すぎる', '過ぎる'], C.v1);
adjective('sugiru', ['すぎる', '過ぎる'], C.v1, 'seemStem');
adjective('ge', ['げ', '気'], FINAL, 'seemStem');
// The classical predicative: 高し (ku-adjectives), 美し (shiku-adjectives).
add('shi', FINAL, C.adjI, [['し', 'い'], ['し', 'しい']]);
// です after an adjective (高いです, 高かったです, 高くないです).
add('desu', FINAL, C.adjI, [['いです', 'い']]);
add('desu', FINAL, FINAL, [['かったです', 'かった']]);

// Slang long vowels: ai/oi → ee, ui → ii (やばい → やべえ, すごい → すげえ, さむい → さみい, ない → ねえ).
const VOWEL_ROWS = ['かきくけこ', 'がぎぐげご', 'さしすせそ', 'ざじずぜぞ', 'たちつてと', 'だぢづでど', 'なにぬねの', 'はひふへほ', 'ばびぶべぼ', 'ぱぴぷぺぽ', 'まみむめも', 'らりるれろ'];
for (const [a, i, u, e, o] of VOWEL_ROWS.map((r) => [...r])) {
  for (const long of ['え', 'ぇ', 'ー']) add('slang', FINAL, C.adjI, [[`${e}${long}`, `${a}い`], [`${e}${long}`, `${o}い`]]);
  for (const long of ['い', 'ぃ', 'ー']) add('slang', FINAL, C.adjI, [[`${i}${long}`, `${u}い`]]);
}
add('slang', FINAL, C.adjI, [['ええ', 'いい'], ['ええ', 'よい'], ['ええ', 'わい'], ['ぇえ', 'わい']]);
add('slang', FINAL, C.adjI, [['え', 'い'], ['ぇ', 'い']], true);

// Kansai and polite ウ音便 of adjectives (高う, 美しゅう, よう, 高うて, 高うない): back to the く form.
const U_ONBIN: [string, string][] = [];
const A_ROW = 'かがさざただなはばぱまやらわ';
const O_ROW = 'こごそぞとどのほぼぽもよろお';
for (let k = 0; k < A_ROW.length; k++) U_ONBIN.push([`${O_ROW[k]}う`, `${A_ROW[k]}く`]);
for (const i of 'きぎしじちにひびみり') U_ONBIN.push([`${i}ゅう`, `${i}く`]);
U_ONBIN.push(['よう', 'よく']);
for (const u of 'くぐすずつぬふぶむる') U_ONBIN.push([`${u}う`, `${u}く`]);
add('uOnbin', FINAL, C.adv, U_ONBIN);
add('uOnbin', FINAL | C.te, C.te, U_ONBIN.map(([u, k]) => [`${u}て`, `${k}て`]));
add('uOnbin', C.adjI, C.adjI, U_ONBIN.map(([u, k]) => [`${u}ない`, `${k}ない`]));
add('uOnbin', FINAL, C.adv, [['う', 'く']], true);
add('uOnbin', FINAL | C.te, C.te, [['うて', 'くて']], true);
add('uOnbin', C.adjI, C.adjI, [['うない', 'くない']], true);

// ── Colloquial ───────────────────────────────────────────────────────────────────────────────
add('ssu', FINAL, C.word, [['っす', '']]);
// ら-row before な turned ん (わかんない, and through ない 帰んなきゃ). Not the prohibitive (やんな):
// みんな would be 見るな.
add('nSlang', C.adjI, C.adjI, [['んない', 'らない'], ['らんない', 'られない']]);

// ── A noun that takes する (勉強した → 勉強する → 勉強) ─────────────────────────────────────────
add('suru', C.vs, C.vsNoun, [['する', '']]);

export const RULES: readonly Rule[] = rules;
