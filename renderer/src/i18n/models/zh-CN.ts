import type { ModelsMessages } from './en';

export const modelsZhCN: ModelsMessages = {
  models: {
    tasks: { analysis: '分析', translation: '翻译与讲解', imageText: '图片文字识别', chat: '对话', daily: '每日一句' },
    taskHelp: {
      analysis: '每日一句也用它。支持结构化输出的模型排在前面。',
      translation: '词语和短语讲解也用它。支持结构化输出的模型排在前面。',
      imageText: '只列出能读图片的模型。',
      chat: '日语老师对话。',
    },
    sameAsAnalysis: '与分析相同',
    search: '按 ID 或名称搜索',
    searchLabel: '搜索模型：{{task}}',
    results: '找到 {{count}} 个模型',
    noResults: '没有模型符合“{{query}}”。',
    more: '继续输入以缩小范围：还有 {{count}} 个。',
    price: '输入 ${{prompt}} · 输出 ${{completion}} / 百万 token',
    noPrice: '由服务商计费',
    priceUnknown: '价格未知（内置列表）',
    context: '上下文 {{tokens}} token',
    badges: { free: '免费', image: '图片', structured: '结构化输出', noStructured: '提示中附带结构', abilitiesUnknown: '能力未知' },
    source: {
      live: '模型列表获取于 {{time}}。',
      stored: '模型列表来自 {{time}}（已保存）。',
      builtin: '内置模型列表（尚未获取）。',
    },
    refresh: '刷新模型列表',
    refreshing: '正在刷新…',
    replaced: '{{model}} 已下架：改用 {{replacement}}。',
    costLimit: '预计费用超过此值时先询问（美元）',
    costLimitHelp: '按文本长度和分析模型的价格估算。',
    cost: { line: '本次分析：{{cost}} · {{tokens}} token', tokensOnly: '本次分析：{{tokens}} token' },
    estimate: {
      title: '本次分析预计花费约 {{cost}}',
      body: '按 {{chars}} 个字符和 {{model}} 估算；你的上限是 {{limit}}。',
      go: '仍然分析',
      cancel: '取消',
    },
    spend: { title: '今日花费', none: '今天还没有模型回答。', row: '{{cost}} · {{requests}} 次回答', rowTokens: '{{tokens}} token · {{requests}} 次回答' },
  },
};
