/**
 * Answers for the fake gateway that look like a real model's, chosen from the
 * request the app sent: the structured-output schema name for analyze, word and
 * phrase detail and the daily sentence; the system prompt for translation, OCR
 * and chat. Use as `startFakeGateway({ reply: modelReply })`.
 */

type Body = Record<string, unknown>;
interface Msg {
  role: string;
  content: unknown;
}

const KANJI = /\p{Script=Han}/u;

/** A crude segmentation: runs of one script; enough for a fake that must rebuild the text. */
export function fakeSegment(text: string): Array<{ word: string; pos: string; furigana: string }> {
  const runs = text.match(/\r\n|\n|\p{Script=Han}+\p{Script=Hiragana}{0,1}|\p{Script=Hiragana}+|\p{Script=Katakana}+ー*|[、。！？「」]|[^\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}、。！？「」\n]+/gu) ?? [];
  return runs.map((w) => ({
    word: w,
    pos: w.includes('\n') ? 'linebreak' : /^[、。！？「」]$/.test(w) ? 'punctuation' : KANJI.test(w) ? 'noun' : /^\p{Script=Hiragana}+$/u.test(w) ? 'particle' : 'other',
    furigana: KANJI.test(w) ? 'かな'.repeat(Math.max(1, [...w].length - 0)) : '',
  }));
}

const textOf = (m: Msg | undefined): string =>
  typeof m?.content === 'string'
    ? m.content
    : Array.isArray(m?.content)
      ? (m.content as Array<{ type?: string; text?: string }>).filter((p) => p.type === 'text').map((p) => p.text ?? '').join('\n')
      : '';

export const DAILY_REPLY = {
  text: '今日は天気がいいので、公園を散歩しました。',
  tokens: fakeSegment('今日は天気がいいので、公園を散歩しました。'),
  translation: { 'zh-CN': '今天天气很好，所以我在公园散步了。', 'zh-TW': '今天天氣很好，所以我在公園散步了。', en: 'The weather was nice today, so I took a walk in the park.', ko: '오늘은 날씨가 좋아서 공원을 산책했습니다.' },
};

export function modelReply(body: Body): string {
  const messages = (body.messages as Msg[] | undefined) ?? [];
  const system = textOf(messages.find((m) => m.role === 'system'));
  const user = textOf([...messages].reverse().find((m) => m.role === 'user'));
  // A model without structured outputs gets the schema in its prompt instead (structuredFallback.ts).
  const inPrompt = messages.map(textOf).map((t) => /JSON Schema named "(\w+)"/.exec(t)?.[1]).find(Boolean);
  const schema = ((body.response_format as { json_schema?: { name?: string } } | undefined)?.json_schema?.name) ?? inPrompt ?? '';
  if (schema === 'japanese_tokens') {
    const text = user.replace(/^Segment this Japanese text:\n\n/, '');
    return JSON.stringify({ tokens: fakeSegment(text) });
  }
  if (schema === 'word_detail' || schema === 'phrase_detail') {
    const word = /(?:Word|Phrase): (.*)/.exec(user)?.[1] ?? '';
    const lang = /Write every explanation in ([A-Za-z ]+) \(/.exec(system)?.[1] ?? '';
    const detail: Record<string, string> = {
      chineseTranslation: `meaning of ${word} (${lang})`,
      dictionaryForm: word,
      explanation: `${word} explained in ${lang}.`,
      conjugation: '',
      example: `${word}を使った例文です。`,
      exampleTranslation: `An example with ${word}.`,
      pos: 'noun',
      furigana: 'よみ',
    };
    if (schema === 'phrase_detail') Object.assign(detail, { category: 'set phrase', breakdown: `${word} = parts` });
    return JSON.stringify(detail);
  }
  if (schema === 'daily_sentence') return JSON.stringify(DAILY_REPLY);
  if (system.startsWith('Translate')) {
    const lang = /natural ([A-Za-z ]+) \(/.exec(system)?.[1] ?? '';
    return user
      .split('\n')
      .map((line) => (line.trim() ? `[${lang}] ${line}` : line))
      .join('\n');
  }
  if (messages.some((m) => Array.isArray(m.content))) return '吾輩は猫である。\n名前はまだ無い。';
  return `先生です。「${user.slice(0, 40)}」について説明します。**大丈夫**です。`;
}
