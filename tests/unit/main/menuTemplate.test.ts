import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it } from 'vitest';
import { GATEWAY_CREDITS_URL } from '../../../shared/credits';
import { MENU_LABELS, menuTemplate, WINDOW_BACKGROUND, windowBackground } from '../../../electron/main/menuTemplate';
import { LOCALES } from '../../../shared/locales';

const labels = (items: MenuItemConstructorOptions[]) => items.map((i) => i.label);
const sub = (item: MenuItemConstructorOptions | undefined) => (item?.submenu ?? []) as MenuItemConstructorOptions[];

describe('application menu', () => {
  it('is labelled in the UI locale', () => {
    expect(labels(menuTemplate({ locale: 'zh-CN', isMac: false, appName: 'Yomimono', openExternal: () => undefined }))).toEqual(['文件', '编辑', '视图', '窗口', '帮助']);
    expect(labels(menuTemplate({ locale: 'ko', isMac: false, appName: 'Yomimono', openExternal: () => undefined }))).toEqual(['파일', '편집', '보기', '창', '도움말']);
    const tw = menuTemplate({ locale: 'zh-TW', isMac: true, appName: 'Yomimono', openExternal: () => undefined });
    expect(labels(tw)).toEqual(['Yomimono', '檔案', '編輯', '檢視', '視窗', '說明']);
    expect(labels(sub(tw[2]))).toContain('貼上');
  });

  it('every locale labels every item, and differs from English', () => {
    const keys = Object.keys(MENU_LABELS.en);
    for (const locale of LOCALES) {
      const l = MENU_LABELS[locale] as unknown as Record<string, string>;
      expect(Object.keys(l).sort()).toEqual([...keys].sort());
      for (const k of keys) expect(l[k]!.trim(), `${locale}.${k}`).not.toBe('');
      if (locale !== 'en') expect(l.edit).not.toBe(MENU_LABELS.en.edit);
    }
  });

  it('keeps the roles, so shortcuts work; the help item opens the credits page', () => {
    const opened: string[] = [];
    const t = menuTemplate({ locale: 'en', isMac: false, appName: 'Y', openExternal: (u) => opened.push(u) });
    const edit = sub(t[1]).map((i) => i.role).filter(Boolean);
    expect(edit).toEqual(['undo', 'redo', 'cut', 'copy', 'paste', 'selectAll']);
    const help = sub(t.at(-1))[0]!;
    (help.click as () => void)();
    expect(opened).toEqual([GATEWAY_CREDITS_URL]);
  });
});

describe('full screen', () => {
  const fullScreenItem = (isMac: boolean) => sub(menuTemplate({ locale: 'en', isMac, appName: 'Y', openExternal: () => undefined })[isMac ? 3 : 2]).find((i) => i.role === 'togglefullscreen')!;

  it('shows F11 but leaves the key to the page on Linux and Windows (the reader asks main through window.setFullScreen)', () => {
    expect(fullScreenItem(false)).toMatchObject({ accelerator: 'F11', registerAccelerator: false });
    // macOS keeps the role's own Ctrl+Cmd+F.
    expect(fullScreenItem(true).accelerator).toBeUndefined();
    expect(fullScreenItem(true).registerAccelerator).toBeUndefined();
  });
});

describe('window background', () => {
  it('follows the theme setting, and the system for `system`', () => {
    expect(windowBackground('light', true)).toBe(WINDOW_BACKGROUND.light);
    expect(windowBackground('dark', false)).toBe(WINDOW_BACKGROUND.dark);
    expect(windowBackground('system', true)).toBe(WINDOW_BACKGROUND.dark);
    expect(windowBackground('system', false)).toBe(WINDOW_BACKGROUND.light);
  });
});

describe('File › Import a Book…', () => {
  it('is offered when the app can import, with Ctrl/Cmd+O, in every locale', () => {
    let clicked = 0;
    for (const locale of LOCALES) {
      const file = sub(menuTemplate({ locale, isMac: false, appName: 'Y', openExternal: () => undefined, importBook: () => clicked++ })[0]);
      expect(file[0]).toMatchObject({ label: MENU_LABELS[locale].importBook, accelerator: 'CmdOrCtrl+O' });
      (file[0]!.click as () => void)();
    }
    expect(clicked).toBe(LOCALES.length);
    expect(sub(menuTemplate({ locale: 'en', isMac: false, appName: 'Y', openExternal: () => undefined })[0]).map((i) => i.role)).toEqual(['quit']);
  });
});
