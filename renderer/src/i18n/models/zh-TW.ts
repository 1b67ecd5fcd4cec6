import type { ModelsMessages } from './en';

export const modelsZhTW: ModelsMessages = {
  models: {
    tasks: { analysis: '分析', translation: '翻譯與講解', imageText: '圖片文字辨識', chat: '對話', daily: '每日一句' },
    taskHelp: {
      analysis: '每日一句也用它。支援結構化輸出的模型排在前面。',
      translation: '詞語和片語講解也用它。支援結構化輸出的模型排在前面。',
      imageText: '只列出能讀圖片的模型。',
      chat: '日語老師對話。',
    },
    sameAsAnalysis: '與分析相同',
    search: '依 ID 或名稱搜尋',
    searchLabel: '搜尋模型：{{task}}',
    results: '找到 {{count}} 個模型',
    noResults: '沒有模型符合「{{query}}」。',
    more: '繼續輸入以縮小範圍：還有 {{count}} 個。',
    price: '輸入 ${{prompt}} · 輸出 ${{completion}} / 百萬 token',
    noPrice: '由服務商計費',
    priceUnknown: '價格未知（內建清單）',
    context: '上下文 {{tokens}} token',
    badges: { free: '免費', image: '圖片', structured: '結構化輸出', noStructured: '提示中附帶結構', abilitiesUnknown: '能力未知' },
    source: {
      live: '模型清單取得於 {{time}}。',
      stored: '模型清單來自 {{time}}（已儲存）。',
      builtin: '內建模型清單（尚未取得）。',
    },
    refresh: '重新整理模型清單',
    refreshing: '正在重新整理…',
    replaced: '{{model}} 已下架：改用 {{replacement}}。',
    costLimit: '預計費用超過此值時先詢問（美元）',
    costLimitHelp: '依文字長度和分析模型的價格估算。',
    cost: { line: '本次分析：{{cost}} · {{tokens}} token', tokensOnly: '本次分析：{{tokens}} token' },
    estimate: {
      title: '本次分析預計花費約 {{cost}}',
      body: '依 {{chars}} 個字元和 {{model}} 估算；你的上限是 {{limit}}。',
      go: '仍然分析',
      cancel: '取消',
    },
    spend: { title: '今日花費', none: '今天還沒有模型回答。', row: '{{cost}} · {{requests}} 次回答', rowTokens: '{{tokens}} token · {{requests}} 次回答' },
  },
};
