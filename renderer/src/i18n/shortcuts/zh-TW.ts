import type { ShortcutsMessages } from './en';

export const shortcutsZhTW: ShortcutsMessages = {
  shortcuts: {
    title: '鍵盤快速鍵',
    help: '應用程式的全部快速鍵。在任何地方按 {{key}} 都能查看。',
    change: '變更快速鍵',
    close: '關閉',
    or: '或',
    noKey: '無按鍵',
    fixed: '固定',
    scopes: { global: '所有頁面', popup: '辭典彈出視窗', reader: '閱讀', book: '書籍', review: '複習', chat: '家教聊天' },
    actions: {
      app: {
        help: '顯示鍵盤快速鍵',
        settings: '開啟設定',
        close: '關閉最新開啟的彈出視窗、卡片、面板或對話框（在設定頁：返回閱讀）',
      },
      reader: {
        analyze: '分析文字（在輸入框中）',
        reanalyze: '重新分析，取代已儲存的分析（在輸入框中）',
        openWord: '開啟目前詞語的面板',
        extendPhrase: '把目前詞語加入片語',
        move: '在詞語和行之間移動；Home 和 End：第一個或最後一個詞',
        extendMove: '擴展片語',
      },
      book: {
        nextPage: '下一頁',
        prevPage: '上一頁',
        wordMode: '用鍵盤選詞；在詞語上：開啟它的面板',
        arrows: '依箭頭方向翻頁；選詞模式中：下一個詞或下一行',
        extendMove: '選詞模式中：擴展片語',
      },
      review: {
        reveal: '顯示答案',
        again: '評分「{{grade}}」',
        hard: '評分「{{grade}}」',
        good: '評分「{{grade}}」',
        easy: '評分「{{grade}}」',
      },
      chat: { send: '傳送訊息（Shift+Enter：換行）' },
    },
    lookup: {
      label: '查滑鼠指向的詞',
      keys: { shift: '按住 Shift', alt: '按住 Alt', ctrl: '按住 Ctrl', hover: '不用按鍵：停留', off: '關閉' },
      help: '指向日文時按住此鍵，或在詞語上按一下此鍵。和它一起按下的點擊、拖曳或其他按鍵只執行各自的操作，不會彈出辭典。',
      hoverHelp: '滑鼠在日文上停留片刻即顯示詞條，移開即關閉。',
    },
    gestures: {
      heading: '滑鼠',
      readerClick: '點擊詞語：開啟它的面板',
      readerPhrase: '拖過幾個詞，或按住 Shift 點擊：講解片語',
      bookSelect: '點擊詞語：開啟它的面板 · 選取幾個詞：講解片語',
      kanji: '點擊彈出視窗或面板中的漢字：開啟漢字卡片',
    },
    keyNames: { Space: '空白鍵', Escape: 'Esc' },
    settings: {
      add: '新增按鍵',
      remove: '移除 {{key}}',
      reset: '恢復預設按鍵',
      resetAll: '全部恢復預設快速鍵',
      press: '請按下「{{action}}」的新按鍵（Esc 取消）…',
      cancel: '取消',
      clash: '{{key}} 已用於「{{action}}」（{{scope}}）。請換一個按鍵，或先在那裡移除它。',
      reserved: '{{key}} 用於在控制項之間移動焦點，不能設為快速鍵。',
      tooMany: '每個操作最多 {{count}} 個按鍵。',
    },
    hints: {
      book: '{{wordMode}}：用鍵盤選詞 · {{pages}}：翻頁 · {{help}}：全部快速鍵',
      bookWords: '方向鍵：下一個詞或下一行 · Shift+方向鍵：選片語 · {{open}}：開啟面板 · Esc：關閉',
      review: '{{reveal}} 顯示答案；{{grades}} 評分。',
    },
  },
};
