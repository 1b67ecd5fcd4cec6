/**
 * Gaiji notes as they stand in real Aozora Bunko texts and XHTML pages, with
 * the character each one means. Collected (no network here) from public text
 * that quotes Aozora files: a converter's replacement list for one novel's
 * notes (the 馬＋矣 … 陷のつくり＋炎 group), a script converting the XHTML
 * edition's gaiji images (the `1-9-…`, `1-13-…` and image group), and passages
 * of 草枕, 山月記, 吾輩は猫である and others. Where a source only gave the
 * note, the character was checked against the description by eye; notes whose
 * description and code disagreed (invented for someone's tests) were left out.
 */
export interface AozoraGaijiSample {
  /** The note's body, as inside ※［＃…］. */
  note: string;
  /** Its JIS X 0213 code (plane-row-cell), when it gives one. */
  jis?: string;
  /** The character it means. */
  char: string;
  description: string;
}

const jis = (description: string, code: string, char: string, level = '第3水準'): AozoraGaijiSample => ({
  note: `「${description}」、${code.startsWith('2-') ? '第4水準' : level}${code}`,
  jis: code,
  char,
  description,
});
const symbol = (description: string, code: string, char: string): AozoraGaijiSample => ({ note: `${description}、${code}`, jis: code, char, description });
const ucs = (description: string, hex: string, where = ''): AozoraGaijiSample => ({
  note: `「${description}」、U+${hex}${where ? `、${where}` : ''}`,
  char: String.fromCodePoint(parseInt(hex, 16)),
  description,
});

export const AOZORA_GAIJI: AozoraGaijiSample[] = [
  jis('馬＋矣', '1-94-13', '騃'),
  jis('飲のへん＋氣', '2-92-67', '餼'),
  jis('口＋據のつくり', '1-15-24', '噱'),
  jis('丞／犯のつくり', '2-3-54', '卺'),
  jis('虫＋車', '1-91-55', '蛼'),
  jis('さんずい＋玄', '1-86-62', '泫'),
  jis('王＋膠のつくり', '1-88-22', '璆'),
  jis('彑／（「比」の間に「矢」）', '1-84-28', '彘'),
  jis('りっしんべん＋（旬／子）', '1-84-55', '惸'),
  jis('勹＜夕', '1-14-76', '匇'),
  jis('爿＋戈', '2-12-83', '戕'),
  jis('焉＋おおざと', '1-92-78', '鄢'),
  jis('女＋咼', '1-15-89', '媧'),
  jis('りっしんべん＋兄', '1-84-45', '怳'),
  jis('りっしんべん＋淌のつくり', '1-84-54', '惝'),
  jis('目＋爭', '1-88-85', '睜'),
  jis('木＋厥', '1-86-15', '橛'),
  symbol('小書き片仮名ヒ', '1-6-84', 'ㇶ'),
  jis('火＋（麈－鹿）', '1-87-40', '炷'),
  jis('飲のへん＋善', '2-92-71', '饍'),
  jis('足へん＋厨', '1-92-39', '蹰'),
  jis('飲のへん＋稻のつくり', '2-92-68', '饀'),
  jis('言＋墟のつくり', '2-88-74', '譃'),
  jis('陷のつくり＋炎', '1-87-64', '燄'),
  symbol('始め二重山括弧', '1-1-52', '《'),
  symbol('終わり二重山括弧', '1-1-53', '》'),
  symbol('二の字点', '1-2-22', '〻'),
  symbol('始め二重括弧', '1-2-54', '｟'),
  symbol('終わり二重括弧', '1-2-55', '｠'),
  symbol('ギリシア小文字ファイナルSIGMA', '1-6-57', 'ς'),
  symbol('感嘆符二つ', '1-8-75', '‼'),
  symbol('疑問符感嘆符', '1-8-77', '⁈'),
  symbol('2分の1', '1-9-20', '½'),
  symbol('ダイエレシス付きA', '1-9-27', 'Ä'),
  symbol('アキュートアクセント付きE', '1-9-32', 'É'),
  symbol('ダイエレシス付きO', '1-9-45', 'Ö'),
  symbol('ダイエレシス付きU', '1-9-50', 'Ü'),
  symbol('ドイツ語エスツェット', '1-9-53', 'ß'),
  symbol('グレーブアクセント付きA小文字', '1-9-54', 'à'),
  symbol('アキュートアクセント付きA小文字', '1-9-55', 'á'),
  symbol('ダイエレシス付きA小文字', '1-9-58', 'ä'),
  symbol('リガチャAE小文字', '1-9-60', 'æ'),
  symbol('セディラ付きC小文字', '1-9-61', 'ç'),
  symbol('グレーブアクセント付きE小文字', '1-9-62', 'è'),
  symbol('アキュートアクセント付きE小文字', '1-9-63', 'é'),
  symbol('サーカムフレックスアクセント付きE小文字', '1-9-64', 'ê'),
  symbol('ダイエレシス付きI小文字', '1-9-69', 'ï'),
  symbol('サーカムフレックスアクセント付きO小文字', '1-9-74', 'ô'),
  symbol('ダイエレシス付きO小文字', '1-9-76', 'ö'),
  symbol('ダイエレシス付きU小文字', '1-9-81', 'ü'),
  symbol('マクロン付きO小文字', '1-9-94', 'ō'),
  symbol('ローマ数字1', '1-13-21', 'Ⅰ'),
  symbol('ローマ数字2', '1-13-22', 'Ⅱ'),
  symbol('ローマ数字3', '1-13-23', 'Ⅲ'),
  symbol('ローマ数字4', '1-13-24', 'Ⅳ'),
  symbol('ローマ数字5', '1-13-25', 'Ⅴ'),
  symbol('ローマ数字6', '1-13-26', 'Ⅵ'),
  symbol('ローマ数字9', '1-13-29', 'Ⅸ'),
  symbol('直角三角', '1-13-89', '⊿'),
  jis('「或」の「丿」に代えて「彡」', '1-84-30', '彧'),
  jis('彳＋低のつくり', '1-84-31', '彽'),
  jis('日＋令', '1-85-18', '昤'),
  jis('日＋向', '1-85-25', '晌'),
  jis('金＋英', '1-93-25', '鍈'),
  jis('奚＋隹', '1-93-66', '雞'),
  jis('「插」でつくりの縦棒が下に突き抜けている', '2-13-28', '揷'),
  jis('王＋爭', '2-80-78', '琤'),
  jis('「郷／虫」の「即のへん」に代えて「皀」', '2-87-90', '蠁'),
  jis('糸＋賺のつくり', '1-90-17', '縑'),
  jis('埒のつくり＋虎', '1-91-48', '虢'),
  jis('虫＋斯', '1-91-65', '蟖'),
  jis('楫＋戈', '1-86-21', '檝'),
  jis('木＋寅', '2-15-31', '𣘹'),
  jis('てへん＋劣', '1-84-77', '挘'),
  jis('口＋愛', '1-15-23', '噯'),
  jis('亞＋鳥', '2-94-23', '鵶'),
  jis('需＋頁', '1-94-6', '顬'),
  jis('木＋解', '1-86-22', '檞'),
  jis('糸＋條', '2-84-53', '縧'),
  jis('特のへん＋廴＋聿', '1-87-71', '犍'),
  jis('木＋吶のつくり', '1-85-54', '枘'),
  jis('てへん＋丑', '2-12-93', '扭'),
  ucs('口＋世', '546D'),
  ucs('りっしんべん＋玄', '6030', 'ページ数-行数'),
  ucs('虫＋占', '86C5', '18-5'),
  ucs('卓＋戈', '39B8'),
  ucs('こざとへん＋井', '9631', '133-8'),
  ucs('はしごだか', '9AD9'),
  ucs('彳＋寺', '5F85', '393-13'),
  ucs('匈／（胃－田）', '80F7', '32-本文-3'),
  { note: '鋭アクセント付きυ、U+1F7B、19-下-2', char: '\u1f7b', description: '鋭アクセント付きυ' },
  { note: '下側の右ダブル引用符、U+201E、33-上-10', char: '„', description: '下側の右ダブル引用符' },
];

/** Notes of real texts that give no code: the character can only be described. */
export const AOZORA_DESCRIBED_ONLY: { note: string; description: string }[] = [
  { note: '「目＋匡」、66-上-2', description: '目＋匡' },
  { note: 'ローマ数字13、50-下-20', description: 'ローマ数字13' },
  { note: '濁点付き片仮名ヰ', description: '濁点付き片仮名ヰ' },
];
