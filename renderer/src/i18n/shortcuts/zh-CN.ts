import type { ShortcutsMessages } from './en';

export const shortcutsZhCN: ShortcutsMessages = {
  shortcuts: {
    title: '键盘快捷键',
    help: '应用的全部快捷键。在任何地方按 {{key}} 都能查看。',
    change: '更改快捷键',
    close: '关闭',
    or: '或',
    noKey: '无按键',
    fixed: '固定',
    scopes: { global: '所有页面', popup: '词典弹窗', reader: '阅读', book: '书籍', review: '复习', chat: '辅导聊天' },
    actions: {
      app: {
        help: '显示键盘快捷键',
        settings: '打开设置',
        close: '关闭最新打开的弹窗、卡片、面板或对话框（在设置页：返回阅读）',
      },
      reader: {
        analyze: '分析文本（在输入框中）',
        reanalyze: '重新分析，替换已保存的分析（在输入框中）',
        openWord: '打开当前词语的面板',
        extendPhrase: '把当前词语加入短语',
        move: '在词语和行之间移动；Home 和 End：第一个或最后一个词',
        extendMove: '扩展短语',
      },
      book: {
        nextPage: '下一页',
        prevPage: '上一页',
        wordMode: '用键盘选词；在词语上：打开它的面板',
        arrows: '按箭头方向翻页；选词模式下：下一个词或下一行',
        extendMove: '选词模式下：扩展短语',
      },
      review: {
        reveal: '显示答案',
        again: '评分“{{grade}}”',
        hard: '评分“{{grade}}”',
        good: '评分“{{grade}}”',
        easy: '评分“{{grade}}”',
      },
      chat: { send: '发送消息（Shift+Enter：换行）' },
    },
    lookup: {
      label: '查鼠标指向的词',
      keys: { shift: '按住 Shift', alt: '按住 Alt', ctrl: '按住 Ctrl', hover: '不用按键：悬停', off: '关闭' },
      help: '指向日文时按住此键，或在词语上按一下此键。和它一起按下的点击、拖动或其他按键只执行各自的操作，不会弹出词典。',
      hoverHelp: '鼠标在日文上停留片刻即显示词条，移开即关闭。',
    },
    gestures: {
      heading: '鼠标',
      readerClick: '点击词语：打开它的面板',
      readerPhrase: '拖过几个词，或按住 Shift 点击：讲解短语',
      bookSelect: '点击词语：打开它的面板 · 选中几个词：讲解短语',
      kanji: '点击弹窗或面板中的汉字：打开汉字卡片',
    },
    keyNames: { Space: '空格', Escape: 'Esc' },
    settings: {
      add: '添加按键',
      remove: '移除 {{key}}',
      reset: '恢复默认按键',
      resetAll: '全部恢复默认快捷键',
      press: '请按下“{{action}}”的新按键（Esc 取消）…',
      cancel: '取消',
      clash: '{{key}} 已用于“{{action}}”（{{scope}}）。请换一个按键，或先在那里移除它。',
      reserved: '{{key}} 用于在控件之间移动焦点，不能设为快捷键。',
      tooMany: '每个操作最多 {{count}} 个按键。',
    },
    hints: {
      book: '{{wordMode}}：用键盘选词 · {{pages}}：翻页 · {{help}}：全部快捷键',
      bookWords: '方向键：下一个词或下一行 · Shift+方向键：选短语 · {{open}}：打开面板 · Esc：关闭',
      review: '{{reveal}} 显示答案；{{grades}} 评分。',
    },
  },
};
