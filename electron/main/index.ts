/**
 * The Electron shell: lifecycle, one secure window, IPC binding. Everything the
 * app does lives in electron/core; this file only wires it to Electron.
 */
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { app, BrowserWindow, ipcMain, nativeTheme, safeStorage, screen } from 'electron';
import { loadConfig } from '../core/config/config';
import { createCore, type Core } from '../core/app/createCore';
import { electronFileDialogs } from './fileDialogs';
import { SettingsRepo } from '../core/store/settingsRepo';
import { bindIpc } from './ipcBinding';
import { installMenu } from './menu';
import { windowBackground } from './menuTemplate';
import { electronSqliteBinding } from './nativeBinding';
import { isOwnUrl } from './ownUrl';
import { lockDownWebContents } from './security';
import { restoreBounds, saveBounds } from './windowState';

const here = path.dirname(fileURLToPath(import.meta.url));
const appUrl = process.env.ELECTRON_RENDERER_URL ?? pathToFileURL(path.join(here, '../renderer/index.html')).href;

let core: Core | undefined;
let mainWindow: BrowserWindow | undefined;

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('second-instance', () => {
    if (!mainWindow) return;
    if (mainWindow.isMinimized()) mainWindow.restore();
    mainWindow.focus();
  });
  app.whenReady().then(start, (e: unknown) => {
    console.error('yomimono: failed to start', e);
    app.exit(1);
  });
}

function start(): void {
  const config = {
    ...loadConfig(process.env, { appDataDir: app.getPath('userData') }),
    // The build's decompressed dictionary: a resource in the package, next to out/main in a checkout.
    analyzerPrebuiltDir: app.isPackaged ? path.join(process.resourcesPath, 'analyzer') : path.join(here, '../analyzer'),
  };
  config.sqliteNativeBinding ??= electronSqliteBinding(app.getAppPath(), process.versions.electron, app.isPackaged);
  core = createCore({ config, mode: 'electron', version: app.getVersion(), safeStorage, fileDialogs: electronFileDialogs(() => mainWindow) });
  // The model catalogs refresh in the background (then daily); nothing waits on them.
  core.catalog.start();
  const repo = new SettingsRepo(core.db);

  const binding = bindIpc({
    ipcMain,
    dispatcher: core.dispatcher,
    bus: core.bus,
    isTrustedSender: (event) =>
      !!mainWindow &&
      event.sender.id === mainWindow.webContents.id &&
      event.senderFrame !== null &&
      event.senderFrame === mainWindow.webContents.mainFrame &&
      isOwnUrl(event.senderFrame.url, appUrl),
  });

  let menuLocale = core.settings.get().uiLocale;
  installMenu(app.name, menuLocale);
  // The menu follows the UI language; the window's colour behind the page follows the theme.
  const repaint = () => {
    if (mainWindow && !mainWindow.isDestroyed()) mainWindow.setBackgroundColor(backgroundNow());
  };
  core.settings.onChange((s) => {
    if (s.uiLocale !== menuLocale) installMenu(app.name, (menuLocale = s.uiLocale));
    repaint();
  });
  nativeTheme.on('updated', repaint);
  mainWindow = createWindow(repo);
  binding.attachWindow(mainWindow.webContents);
  // The analyzer loads in its worker while the window paints.
  void core.analyzer.ready().catch(() => undefined);

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  app.on('activate', () => {
    if (!mainWindow && core) {
      mainWindow = createWindow(repo);
      binding.attachWindow(mainWindow.webContents);
    }
  });
  app.on('will-quit', () => {
    binding.unbind();
    void core?.close();
  });
}

function backgroundNow(): string {
  return windowBackground(core?.settings.get().theme ?? 'system', nativeTheme.shouldUseDarkColors);
}

function createWindow(repo: SettingsRepo): BrowserWindow {
  const saved = restoreBounds(repo, screen.getAllDisplays().map((d) => d.workArea));
  const win = new BrowserWindow({
    width: saved?.width ?? 1200,
    height: saved?.height ?? 800,
    ...(saved ? { x: saved.x, y: saved.y } : {}),
    minWidth: 480,
    minHeight: 360,
    show: false,
    title: 'Yomimono',
    backgroundColor: backgroundNow(),
    webPreferences: {
      preload: path.join(here, '../preload/index.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      spellcheck: false,
    },
  });
  if (saved?.maximized) win.maximize();
  lockDownWebContents(win.webContents, appUrl);
  win.once('ready-to-show', () => win.show());
  const persist = () => {
    if (win.isDestroyed()) return;
    const b = win.getNormalBounds();
    saveBounds(repo, { ...b, maximized: win.isMaximized() });
  };
  win.on('close', persist);
  // Coming back to the app is when the user looks at the meter: poll the gateway.
  win.on('focus', () => void core?.credits.refresh('focus'));
  win.on('closed', () => {
    if (mainWindow === win) mainWindow = undefined;
  });
  void win.loadURL(appUrl);
  return win;
}
