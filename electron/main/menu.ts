import { Menu, shell, type MenuItemConstructorOptions } from 'electron';

/** The usual roles, so copy/paste, zoom and window shortcuts work on every platform. */
export function installMenu(appName: string): void {
  const isMac = process.platform === 'darwin';
  const template: MenuItemConstructorOptions[] = [
    ...(isMac ? [{ label: appName, role: 'appMenu' as const }] : []),
    { role: 'fileMenu' },
    { role: 'editMenu' },
    { role: 'viewMenu' },
    { role: 'windowMenu' },
    {
      role: 'help',
      submenu: [{ label: 'OpenRouter credits', click: () => void shell.openExternal('https://openrouter.ai/settings/credits') }],
    },
  ];
  Menu.setApplicationMenu(Menu.buildFromTemplate(template));
}
