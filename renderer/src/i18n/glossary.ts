/**
 * One term per concept per UI language (the 2026-11-26 review found two or three for
 * several). `use` is the term; `avoid` the words it replaced, which no message of that
 * locale may contain (tests/unit/renderer/i18n/glossary.test.ts). Only locales with a
 * settled choice are listed for a concept.
 */
import type { Locale } from '../../../shared/locales';

export interface GlossaryEntry {
  concept: string;
  use: Partial<Record<Locale, string>>;
  avoid: Partial<Record<Locale, readonly string[]>>;
}

export const GLOSSARY: readonly GlossaryEntry[] = [
  // In Taiwan 注音 is Bopomofo; in mainland usage 振假名 is the furigana word.
  { concept: 'furigana', use: { en: 'furigana', 'zh-CN': '振假名', 'zh-TW': '假名標音', ko: '후리가나' }, avoid: { 'zh-CN': ['注音'], 'zh-TW': ['注音'] } },
  { concept: "a word's reading", use: { 'zh-CN': '读音', 'zh-TW': '讀音', ko: '읽는 법' }, avoid: { ko: ['품사와 읽기', '읽기, '] } },
  { concept: 'dictionary form', use: { en: 'dictionary form', 'zh-CN': '辞书形', 'zh-TW': '辭書形', ko: '사전형' }, avoid: { 'zh-CN': ['原形'], 'zh-TW': ['原形'], ko: ['기본형'] } },
  { concept: 'romaji', use: { en: 'romaji', 'zh-CN': '罗马字', 'zh-TW': '羅馬字', ko: '로마자' }, avoid: { 'zh-CN': ['罗马拼音'], 'zh-TW': ['羅馬拼音'] } },
  {
    concept: 'the tutor chat',
    use: { 'zh-CN': '日语老师对话', 'zh-TW': '日語老師對話', ko: '일본어 선생님 채팅' },
    avoid: { 'zh-CN': ['对话老师', '辅导聊天', '聊天'], 'zh-TW': ['對話老師', '輔導聊天', '家教聊天', '聊天'], ko: ['튜터'] },
  },
  { concept: 'the word panel', use: { 'zh-CN': '单词面板', 'zh-TW': '單字面板', ko: '단어 패널' }, avoid: { 'zh-CN': ['词语面板'], 'zh-TW': ['詞語面板'] } },
  { concept: 'text from images', use: { 'zh-CN': '图片文字识别', 'zh-TW': '圖片文字辨識', ko: '이미지 글자 인식' }, avoid: { 'zh-CN': ['图片识字'], 'zh-TW': ['圖片識字'] } },
  { concept: 'dictionary', use: { 'zh-CN': '词典', 'zh-TW': '辭典', ko: '사전' }, avoid: { 'zh-TW': ['詞典'] } },
  { concept: 'hovering', use: { 'zh-TW': '滑鼠暫留' }, avoid: { 'zh-TW': ['懸停'] } },
  { concept: 'the model list', use: { 'zh-TW': '模型清單' }, avoid: { 'zh-TW': ['模型列表'] } },
  { concept: 'a text being read', use: { 'zh-TW': '文章' }, avoid: { 'zh-TW': ['文本'] } },
  {
    concept: 'explanation',
    use: { 'zh-CN': '讲解', 'zh-TW': '講解', ko: '설명' },
    avoid: { 'zh-CN': ['解释语言', '解释短语'], 'zh-TW': ['解說', '解釋片語'], ko: ['해설'] },
  },
  { concept: 'download', use: { ko: '내려받' }, avoid: { ko: ['다운로드'] } },
  { concept: 'paste', use: { ko: '붙여 넣' }, avoid: { ko: ['붙여넣'] } },
  { concept: 'stop', use: { ko: '중지' }, avoid: { ko: ['정지'] } },
  { concept: 'read aloud', use: { ko: '읽어 주기' }, avoid: { ko: ['소리 내어 읽'] } },
  { concept: 'opened (a document)', use: { ko: '열람' }, avoid: { ko: ['열어 봄'] } },
  { concept: 'phrase', use: { 'zh-CN': '短语', 'zh-TW': '片語', ko: '구절' }, avoid: { ko: ['구를', '구는', '구 설명', '구 읽어', "'구'"] } },
  { concept: 'click', use: { 'zh-CN': '点击', 'zh-TW': '點選' }, avoid: { 'zh-TW': ['點擊'] } },
  { concept: 'the model provider', use: { 'zh-CN': '服务商', 'zh-TW': '服務商' }, avoid: { 'zh-CN': ['提供方'], 'zh-TW': ['供應商'] } },
  { concept: 'sharing on the network', use: { 'zh-TW': '共享' }, avoid: { 'zh-TW': ['分享'] } },
  { concept: 'the Enter key', use: { 'zh-CN': 'Enter' }, avoid: { 'zh-CN': ['回车'] } },
  { concept: 'the free tier', use: { 'zh-CN': '免费方案' }, avoid: { 'zh-CN': ['免费档'] } },
  { concept: 'your own provider keys', use: { 'zh-CN': '自带密钥（BYOK）', 'zh-TW': '自備金鑰（BYOK）', ko: '자체 키(BYOK)' }, avoid: {} },
  { concept: 'analyse', use: { en: 'nalys' }, avoid: { en: ['analyze', 'analyzer', 'Analyze'] } },
  // Server jargon the review found in Chinese error texts.
  { concept: 'the model service (not “upstream”)', use: { 'zh-CN': '模型服务', 'zh-TW': '模型服務' }, avoid: { 'zh-CN': ['上游', '请求体', '接口不存在'], 'zh-TW': ['上游', '介面不存在'] } },
];
