import type { FirstRunMessages } from './en';

export const firstRunZhCN: FirstRunMessages = {
  welcome: {
    title: '欢迎使用 Yomimono',
    offline: '无需密钥、离线可用：振假名、词性与读音、单词面板、朗读和复习。',
    input: '在下方粘贴或输入日语文本后点「分析」，也可以拖入或粘贴日语图片。',
    keys: '添加密钥后可使用翻译、讲解、对话和图片文字识别：先创建 <or>{{openrouter}}</or> 或 <ge>{{gemini}}</ge>，再粘贴到设置中。',
    openrouter: 'OpenRouter 密钥',
    gemini: 'Gemini 密钥',
    addKey: '添加密钥',
    dismiss: '知道了',
    dismissLabel: '关闭欢迎信息',
    dictionary: '离线词典（EDRDG 的 JMdict 和 KANJIDIC，CC BY-SA 4.0）无需密钥即可提供释义和汉字卡片。它约 12 MB，只需下载一次。',
    dictionaryDownload: '下载词典',
    dictionaryBusy: '正在下载词典…',
    dictionaryDone: '离线词典已就绪：{{entries}} 个词条、{{kanji}} 个汉字。',
  },
  noKey: {
    analysis: '离线分析：振假名、词性和读音，无需密钥，也无需联网。添加密钥后还可使用模型分析、翻译、讲解、对话和图片文字识别。',
    translation: '添加 API 密钥（OpenRouter 或 Gemini）后即可翻译。',
    detail: '来自离线分析：读音、辞书形、词性和罗马字。添加密钥后还有释义、讲解和例句。',
    romaji: '罗马字',
    chat: '日语老师对话需要 API 密钥（OpenRouter 或 Gemini）。已保存的对话仍在这里。',
    image: '识别图片中的文字需要 API 密钥（OpenRouter 或 Gemini）。',
    addKey: '添加密钥',
    dismissLabel: '不再显示此提示',
  },
};
