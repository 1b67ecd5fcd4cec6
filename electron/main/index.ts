/**
 * The Electron shell: lifecycle, one secure window, IPC binding. Everything the
 * app does lives in electron/core; this file only wires it to Electron.
 */
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { app, BrowserWindow, dialog, ipcMain, nativeTheme, safeStorage, screen, shell } from 'electron';
import { loadConfig } from '../core/config/config';
import { createCore, type Core } from '../core/app/createCore';
import { electronFileDialogs } from './fileDialogs';
import { SettingsRepo } from '../core/store/settingsRepo';
import { bindIpc } from './ipcBinding';
import { importBookFile } from '../core/books/importBookFile';
import { chooseBookFile } from './bookDialog';
import { installMenu } from './menu';
import { windowBackground } from './menuTemplate';
import { electronSqliteBinding } from './nativeBinding';
import { launchOptions } from './launchOptions';
import { lockDownWebContents } from './security';
import { isTrustedSender } from './senderTrust';
import { restoreBounds, saveBounds } from './windowState';
import type { Settings } from '../../shared/settings';
import type { Locale } from '../../shared/locales';
import { SYSTEM_LOCALE_PARAM, systemLocaleOf, withSystemLocale } from '../../shared/systemLocale';

const here = path.dirname(fileURLToPath(import.meta.url));
const launch = launchOptions(process.env, app.isPackaged, pathToFileURL(path.join(here, '../renderer/index.html')).href);
const appUrl = launch.rendererUrl;

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
  app
    .whenReady()
    .then(start)
    .catch((e: unknown) => {
      // A bad environment (a key with a line break, a malformed number…) says what is wrong, then quits.
      console.error('yomimono: failed to start', e);
      dialog.showErrorBox('Yomimono cannot start', e instanceof Error ? e.message : String(e));
      app.exit(1);
    });
}

function start(): void {
  const config = {
    ...loadConfig(process.env, { appDataDir: app.getPath('userData') }),
    // The build's decompressed dictionary: a resource in the package, next to out/main in a checkout.
    analyzerPrebuiltDir: app.isPackaged ? path.join(process.resourcesPath, 'analyzer') : path.join(here, '../analyzer'),
    // Kanjium's accents and the JLPT list: extraResources' `data` in a package, resources/data in a checkout.
    builtinDataDir: app.isPackaged ? path.join(process.resourcesPath, 'data') : path.join(here, '../../resources/data'),
  };
  // The environment's binding (a development override) is ignored in a packaged app: launchOptions decided.
  config.sqliteNativeBinding = electronSqliteBinding(app.getAppPath(), process.versions.electron, app.isPackaged, launch.sqliteBinding);
  const created = createCore({
    config,
    mode: 'electron',
    version: app.getVersion(),
    safeStorage,
    fileDialogs: electronFileDialogs(() => mainWindow),
    // F11 in the book reader: the page asks, the window obeys.
    windowControl: { setFullScreen: (on) => mainWindow?.setFullScreen(on), isFullScreen: () => mainWindow?.isFullScreen() ?? false },
  });
  core = created.core;
  // The model catalogs refresh in the background (then daily); nothing waits on them.
  core.catalog.start();
  const repo = new SettingsRepo(core.db);

  const binding = bindIpc({
    ipcMain,
    dispatcher: created.dispatcher,
    bus: core.bus,
    isTrustedSender: (event) => isTrustedSender(event, mainWindow, appUrl),
  });

  // A language the learner has not chosen follows the system's.
  const system = osLocale();
  const menuLocaleOf = (s: Settings) => withSystemLocale(s, system).uiLocale;
  let menuLocale = menuLocaleOf(core.settings.get());
  // File › Import a Book…: the result reaches the window as a push (no call of its own is waiting).
  const importBook = () =>
    void chooseBookFile(mainWindow).then((file) => (file && core ? importBookFile({ books: core.books, bus: core.bus }, file) : undefined));
  installMenu(app.name, menuLocale, importBook);
  // The menu follows the UI language; the window's colour behind the page follows the theme.
  const repaint = () => {
    if (mainWindow && !mainWindow.isDestroyed()) mainWindow.setBackgroundColor(backgroundNow());
  };
  core.settings.onChange((s) => {
    if (menuLocaleOf(s) !== menuLocale) installMenu(app.name, (menuLocale = menuLocaleOf(s)), importBook);
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

/** The interface language for the OS's preferred languages (the user's list first, then Chromium's locale). */
function osLocale(): Locale {
  return systemLocaleOf([...app.getPreferredSystemLanguages(), app.getLocale()]);
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
  lockDownWebContents(win.webContents, appUrl, { openExternal: (url) => shell.openExternal(url) });
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
  // The renderer paints its first frame in the OS's language (navigator.languages only knows Chromium's locale).
  const url = new URL(appUrl);
  url.searchParams.set(SYSTEM_LOCALE_PARAM, osLocale());
  void win.loadURL(url.href);
  return win;
}
