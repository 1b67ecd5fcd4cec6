/**
 * The application menu, in the UI locale of the settings. Pure (no Electron at
 * runtime) so its labels can be checked in unit tests; menu.ts installs it.
 */
import type { MenuItemConstructorOptions } from 'electron';
import { GATEWAY_CREDITS_URL } from '../../shared/credits';
import type { Locale } from '../../shared/locales';

export interface MenuLabels {
  file: string;
  edit: string;
  view: string;
  window: string;
  help: string;
  undo: string;
  redo: string;
  cut: string;
  copy: string;
  paste: string;
  selectAll: string;
  reload: string;
  toggleDevTools: string;
  resetZoom: string;
  zoomIn: string;
  zoomOut: string;
  fullScreen: string;
  minimize: string;
  close: string;
  quit: string;
  credits: string;
  importBook: string;
}

export const MENU_LABELS: Record<Locale, MenuLabels> = {
  en: {
    file: 'File',
    edit: 'Edit',
    view: 'View',
    window: 'Window',
    help: 'Help',
    undo: 'Undo',
    redo: 'Redo',
    cut: 'Cut',
    copy: 'Copy',
    paste: 'Paste',
    selectAll: 'Select All',
    reload: 'Reload',
    toggleDevTools: 'Toggle Developer Tools',
    resetZoom: 'Actual Size',
    zoomIn: 'Zoom In',
    zoomOut: 'Zoom Out',
    fullScreen: 'Toggle Full Screen',
    minimize: 'Minimize',
    close: 'Close Window',
    quit: 'Quit',
    credits: 'OpenRouter credits',
    importBook: 'Import a Book…',
  },
  'zh-CN': {
    file: '文件',
    edit: '编辑',
    view: '视图',
    window: '窗口',
    help: '帮助',
    undo: '撤销',
    redo: '重做',
    cut: '剪切',
    copy: '复制',
    paste: '粘贴',
    selectAll: '全选',
    reload: '重新加载',
    toggleDevTools: '开发者工具',
    resetZoom: '实际大小',
    zoomIn: '放大',
    zoomOut: '缩小',
    fullScreen: '切换全屏',
    minimize: '最小化',
    close: '关闭窗口',
    quit: '退出',
    credits: 'OpenRouter 额度',
    importBook: '导入书籍…',
  },
  'zh-TW': {
    file: '檔案',
    edit: '編輯',
    view: '檢視',
    window: '視窗',
    help: '說明',
    undo: '復原',
    redo: '重做',
    cut: '剪下',
    copy: '複製',
    paste: '貼上',
    selectAll: '全選',
    reload: '重新載入',
    toggleDevTools: '開發人員工具',
    resetZoom: '實際大小',
    zoomIn: '放大',
    zoomOut: '縮小',
    fullScreen: '切換全螢幕',
    minimize: '最小化',
    close: '關閉視窗',
    quit: '結束',
    credits: 'OpenRouter 額度',
    importBook: '匯入書籍…',
  },
  ko: {
    file: '파일',
    edit: '편집',
    view: '보기',
    window: '창',
    help: '도움말',
    undo: '실행 취소',
    redo: '다시 실행',
    cut: '잘라내기',
    copy: '복사',
    paste: '붙여넣기',
    selectAll: '모두 선택',
    reload: '새로 고침',
    toggleDevTools: '개발자 도구',
    resetZoom: '실제 크기',
    zoomIn: '확대',
    zoomOut: '축소',
    fullScreen: '전체 화면 전환',
    minimize: '최소화',
    close: '창 닫기',
    quit: '종료',
    credits: 'OpenRouter 크레딧',
    importBook: '책 가져오기…',
  },
};

/** The usual roles (so copy/paste, zoom and window shortcuts work everywhere) with labels in `locale`. */
export function menuTemplate(opts: {
  locale: Locale;
  isMac: boolean;
  appName: string;
  openExternal: (url: string) => void;
  /** File › Import a Book… (Ctrl/Cmd+O). */
  importBook?: () => void;
}): MenuItemConstructorOptions[] {
  const l = MENU_LABELS[opts.locale] ?? MENU_LABELS.en;
  const importItems: MenuItemConstructorOptions[] = opts.importBook
    ? [{ label: l.importBook, accelerator: 'CmdOrCtrl+O', click: opts.importBook }, { type: 'separator' }]
    : [];
  return [
    ...(opts.isMac ? [{ label: opts.appName, role: 'appMenu' as const }] : []),
    { label: l.file, submenu: [...importItems, opts.isMac ? { role: 'close', label: l.close } : { role: 'quit', label: l.quit }] },
    {
      label: l.edit,
      submenu: [
        { role: 'undo', label: l.undo },
        { role: 'redo', label: l.redo },
        { type: 'separator' },
        { role: 'cut', label: l.cut },
        { role: 'copy', label: l.copy },
        { role: 'paste', label: l.paste },
        { role: 'selectAll', label: l.selectAll },
      ],
    },
    {
      label: l.view,
      submenu: [
        { role: 'reload', label: l.reload },
        { role: 'toggleDevTools', label: l.toggleDevTools },
        { type: 'separator' },
        { role: 'resetZoom', label: l.resetZoom },
        { role: 'zoomIn', label: l.zoomIn },
        { role: 'zoomOut', label: l.zoomOut },
        { type: 'separator' },
        // F11 is shown but left to the page (Linux, Windows): the book reader asks main through window.setFullScreen, and a
        // registered accelerator would toggle a second time. macOS keeps its own Ctrl+Cmd+F.
        { role: 'togglefullscreen', label: l.fullScreen, ...(opts.isMac ? {} : { accelerator: 'F11', registerAccelerator: false }) },
      ],
    },
    { label: l.window, submenu: [{ role: 'minimize', label: l.minimize }, { role: 'close', label: l.close }] },
    { role: 'help', label: l.help, submenu: [{ label: l.credits, click: () => opts.openExternal(GATEWAY_CREDITS_URL) }] },
  ];
}

/** The window's colour before the page paints: the page's own `--bg` of the theme in use. */
export const WINDOW_BACKGROUND = { light: '#f7f5f0', dark: '#1c1b22' } as const;

export function windowBackground(theme: 'light' | 'dark' | 'system', systemDark: boolean): string {
  const dark = theme === 'dark' || (theme === 'system' && systemDark);
  return dark ? WINDOW_BACKGROUND.dark : WINDOW_BACKGROUND.light;
}
