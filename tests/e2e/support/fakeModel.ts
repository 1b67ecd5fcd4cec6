/**
 * What the fake gateway answers for each of the app's prompts, recognised by the
 * response schema name or the system prompt. The analysis uses a small
 * dictionary with greedy longest match, so any text built from these words is
 * segmented deterministically (and differently from the offline analyzer in one
 * visible way: 飲みます and 行きます stay one verb token).
 */
import type { PosGroup, Token } from '../../../shared/domain';

const DICT: Record<string, [PosGroup, string]> = {
  今日: ['noun', 'きょう'],
  天気: ['noun', 'てんき'],
  いい: ['adjective', ''],
  です: ['auxiliary', ''],
  私: ['pronoun', 'わたし'],
  毎朝: ['noun', 'まいあさ'],
  コーヒー: ['noun', ''],
  飲みます: ['verb', 'のみます'],
  猫: ['noun', 'ねこ'],
  見た: ['verb', 'みた'],
  学校: ['noun', 'がっこう'],
  行きます: ['verb', 'いきます'],
  友達: ['noun', 'ともだち'],
  一緒に: ['adverb', 'いっしょに'],
  本: ['noun', 'ほん'],
  読みたい: ['verb', 'よみたい'],
  食べる: ['verb', 'たべる'],
  東京: ['noun', 'とうきょう'],
  駅: ['noun', 'えき'],
  静か: ['adjective', 'しずか'],
  な: ['auxiliary', ''],
  夜: ['noun', 'よる'],
  そして: ['conjunction', ''],
  は: ['particle', ''],
  が: ['particle', ''],
  を: ['particle', ''],
  へ: ['particle', ''],
  と: ['particle', ''],
  で: ['particle', ''],
  に: ['particle', ''],
  の: ['particle', ''],
  も: ['particle', ''],
};
const PUNCT = new Set(['。', '、', '！', '？', '「', '」', '・']);
const MAX_WORD = Math.max(...Object.keys(DICT).map((w) => w.length));

export function segment(text: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const ch = text[i]!;
    if (ch === '\n') {
      out.push({ word: '\n', pos: 'linebreak', furigana: '' });
      i++;
      continue;
    }
    let hit: string | undefined;
    for (let n = Math.min(MAX_WORD, text.length - i); n > 0; n--) {
      const w = text.slice(i, i + n);
      if (DICT[w]) {
        hit = w;
        break;
      }
    }
    if (hit) {
      const [pos, furigana] = DICT[hit]!;
      out.push({ word: hit, pos, furigana });
      i += hit.length;
    } else {
      out.push({ word: ch, pos: PUNCT.has(ch) ? 'punctuation' : 'other', furigana: '' });
      i++;
    }
  }
  return out;
}

const TRANSLATIONS: Record<string, string> = {
  '今日は天気がいいです。': 'The weather is nice today.',
  '私は毎朝コーヒーを飲みます。': 'I drink coffee every morning.',
  '猫が猫を見た。': 'A cat saw a cat.',
};

function translate(text: string): string {
  return text
    .split('\n')
    .map((line) => (line.trim() === '' ? '' : (TRANSLATIONS[line.trim()] ?? `EN: ${line.trim()}`)))
    .join('\n');
}

export const OCR_TEXT = '画像の文字です。\n二行目もあります。';
export const CHAT_REPLY = '**はい**、説明します。\n\n- 一つ目のポイント\n- 二つ目のポイント\n\n<script>window.__xss = 1</script><img src=x onerror="window.__xss = 2">最後の行です。';

/** Asked for with OVERLAY_QUESTION: a reply that tries to lay a link over the whole window (issue 27). */
export const OVERLAY_QUESTION = 'セッションについて教えて';
export const OVERLAY_REPLY =
  'ご注意ください：<a href="https://evil.example/login" style="position:fixed;inset:0;z-index:9999;background:#fff;font-size:40px" class="app-header" id="root">Session expired – re-enter your API key</a>' +
  '<div style="position:absolute;top:0;left:0;width:100vw;height:100vh">覆い</div><style>.reader{display:none}</style>' +
  '[not a link](javascript:alert(1)) and [a real one](https://example.com/grammar)。';

export const DAILY = {
  text: '今日は天気がいいです。',
  tokens: segment('今日は天気がいいです。'),
  translation: { 'zh-CN': '今天天气很好。', 'zh-TW': '今天天氣很好。', en: 'The weather is nice today.', ko: '오늘은 날씨가 좋습니다.' },
};

type Message = { role: string; content: string | Array<{ type: string; text?: string }> };

function textOf(m: Message | undefined): string {
  if (!m) return '';
  return typeof m.content === 'string' ? m.content : m.content.map((p) => p.text ?? '').join('');
}

/** The model's answer for a request body of the app's gateway client. */
export function fakeModelReply(body: Record<string, unknown>): string {
  const messages = (body.messages ?? []) as Message[];
  const schema = (body.response_format as { json_schema?: { name?: string } } | undefined)?.json_schema?.name;
  const system = textOf(messages.find((m) => m.role === 'system'));
  const user = textOf(messages.find((m) => m.role === 'user'));
  if (schema === 'japanese_tokens') {
    const text = user.replace(/^Segment this Japanese text:\n\n/, '');
    return JSON.stringify({ tokens: segment(text) });
  }
  if (schema === 'word_detail' || schema === 'phrase_detail') {
    const word = /^(?:Word|Phrase): (.*)$/m.exec(user)?.[1] ?? '?';
    const reading = /^Reading \(from analysis\): (.*)$/m.exec(user)?.[1] ?? '';
    const detail: Record<string, string> = {
      chineseTranslation: `meaning of ${word}`,
      dictionaryForm: word,
      explanation: `How ${word} is used in this sentence.`,
      conjugation: schema === 'word_detail' ? 'plain form' : '',
      example: `${word}の例文です。`,
      exampleTranslation: `An example with ${word}.`,
      // The analysis's group, except 毎朝, named by the model as an adverb (in Japanese), so the panel shows a correction.
      pos: schema === 'phrase_detail' ? 'phrase' : word === '毎朝' ? '副詞' : (DICT[word]?.[0] ?? 'noun'),
      // The model corrects one reading, so the panel shows a correction.
      furigana: word === '今日' ? 'こんにち' : reading,
    };
    if (schema === 'phrase_detail') {
      detail.category = 'set phrase';
      detail.breakdown = `${word} = parts`;
    }
    return JSON.stringify(detail);
  }
  if (schema === 'daily_sentence') return JSON.stringify(DAILY);
  if (system.startsWith('Translate')) return translate(user);
  if (messages.some((m) => Array.isArray(m.content) && m.content.some((p) => p.type === 'image_url'))) return OCR_TEXT;
  if (system.includes('Japanese tutor')) return textOf(messages.filter((m) => m.role === 'user').at(-1)).includes(OVERLAY_QUESTION) ? OVERLAY_REPLY : CHAT_REPLY;
  return 'OK';
}
