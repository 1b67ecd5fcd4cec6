import { Menu, shell } from 'electron';
import type { Locale } from '../../shared/locales';
import { menuTemplate } from './menuTemplate';

/** Installs (or replaces, when the UI locale changes) the application menu. */
export function installMenu(appName: string, locale: Locale, importBook: () => void): void {
  const template = menuTemplate({ locale, isMac: process.platform === 'darwin', appName, openExternal: (url) => void shell.openExternal(url), importBook });
  Menu.setApplicationMenu(Menu.buildFromTemplate(template));
}
