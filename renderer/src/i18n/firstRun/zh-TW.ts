import type { FirstRunMessages } from './en';

export const firstRunZhTW: FirstRunMessages = {
  welcome: {
    title: '歡迎使用 Yomimono',
    offline: '不需金鑰、離線可用：假名標音、詞性與讀音、單字面板、朗讀和複習。',
    input: '在下方貼上或輸入日語文字後按「分析」，也可以拖曳或貼上日語圖片。',
    keys: '加入金鑰後可使用翻譯、講解、對話和圖片文字辨識：先建立 <or>{{openrouter}}</or> 或 <ge>{{gemini}}</ge>，再貼到設定中。',
    openrouter: 'OpenRouter 金鑰',
    gemini: 'Gemini 金鑰',
    addKey: '加入金鑰',
    dismiss: '知道了',
    dismissLabel: '關閉歡迎訊息',
    dictionary: '離線辭典（EDRDG 的 JMdict 與 KANJIDIC，CC BY-SA 4.0）不需金鑰即可提供釋義和漢字卡片。它約 12 MB，只需下載一次。',
    dictionaryDownload: '下載辭典',
    dictionaryBusy: '正在下載辭典…',
    dictionaryDone: '離線辭典已就緒：{{entries}} 個詞條、{{kanji}} 個漢字。',
  },
  noKey: {
    analysis: '離線分析：假名標音、詞性和讀音，不需金鑰，也不需網路。加入金鑰後還能使用模型分析、翻譯、講解、對話和圖片文字辨識。',
    translation: '加入 API 金鑰（OpenRouter 或 Gemini）後即可翻譯。',
    detail: '來自離線分析：讀音、辭書形、詞性和羅馬字。加入金鑰後還有釋義、講解和例句。',
    romaji: '羅馬字',
    chat: '日語老師對話需要 API 金鑰（OpenRouter 或 Gemini）。已儲存的對話仍在這裡。',
    image: '辨識圖片中的文字需要 API 金鑰（OpenRouter 或 Gemini）。',
    addKey: '加入金鑰',
    dismissLabel: '不再顯示此提示',
  },
};
