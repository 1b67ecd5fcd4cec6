import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { applyAnalytics } from './analytics';
import { bridge } from './bridge';
import { ChatDrawer } from './components/chat/ChatDrawer';
import { DictionaryHover } from './components/dictionary/DictionaryHover';
import { Header } from './components/Header';
import { AudioPlayer } from './components/reader/AudioPlayer';
import { ImageDropZone } from './components/reader/ImageDropZone';
import { NoticeBar } from './components/NoticeBar';
import { SettingsError } from './components/settings/SettingsError';
import { LimitBanner } from './components/limits/LimitBanner';
import { BooksPage } from './pages/BooksPage';
import { HistoryPage } from './pages/HistoryPage';
import { ReaderPage } from './pages/ReaderPage';
import { ReviewPage } from './pages/ReviewPage';
import { SettingsPage } from './pages/SettingsPage';
import { StatsPage } from './pages/StatsPage';
import { ShortcutsOverlay } from './keyboard/ShortcutsOverlay';
import { PAGE_RANK, useShortcut, useShortcutDispatcher } from './keyboard/shortcuts';
import { useApp } from './stores/appStore';
import { clearAudioErrorsOnMove } from './stores/audioErrorLifetime';
import { useReadings } from './stores/readingsStore';
import { useWordStatus } from './stores/wordStatusStore';
import { useStatusKey } from './knowledge/useStatusKey';
import { useDetail } from './stores/detailStore';
import './styles/words.css';
import { useSettings } from './stores/settingsStore';
import { applyTheme } from './theme';
import { toggleFullScreen } from './window/fullScreen';
import { whenIdle } from './scheduling/whenIdle';
import { warmDateFormats } from './i18n/dateFormats';

export function App() {
  const page = useApp((s) => s.page);
  const theme = useSettings((s) => s.settings.theme);
  const loaded = useSettings((s) => s.loaded);
  const analytics = useSettings((s) => s.settings.analytics);

  useEffect(() => {
    void useSettings.getState().load();
    void useApp.getState().loadInfo();
    void useReadings.getState().load();
    void useWordStatus.getState().load();
  }, []);
  useEffect(() => clearAudioErrorsOnMove(), []);
  // Word status marks in every text (a class on the root: the marks are CSS over each word's data-ws).
  const marks = useSettings((s) => s.settings.wordStatusMarks);
  useEffect(() => {
    document.documentElement.classList.toggle('word-marks', marks);
  }, [marks]);
  // The status key acts on the hovered word, else the selected one, else the open word panel's.
  useStatusKey(() => {
    const target = useDetail.getState().target;
    return target?.kind === 'word' ? (target.token.key ?? null) : null;
  });
  useEffect(() => applyTheme(theme), [theme]);
  // The date formatters' locale data, loaded while the app is idle rather than by the first page that shows a date.
  const { i18n } = useTranslation();
  useEffect(() => (loaded ? whenIdle(() => warmDateFormats(i18n.language)) : undefined), [loaded, i18n.language]);
  // Only the stored choice counts: nothing loads before the settings have.
  useEffect(() => {
    if (loaded) applyAnalytics(analytics, bridge.kind);
  }, [loaded, analytics]);

  // Every shortcut goes through one dispatcher (keyboard/); Ctrl/Cmd+, opens settings, Esc leaves it
  // once no panel or popup is left to close: the usual desktop shortcuts.
  useShortcutDispatcher();
  useShortcut('app.settings', () => useApp.getState().go('settings'));
  useShortcut('app.close', () => useApp.getState().go('reader'), page === 'settings', PAGE_RANK);
  // F11: full screen on every page (main's window in the desktop app, the page's own in a browser).
  useShortcut('app.fullScreen', () => void toggleFullScreen());

  return (
    <div className="app" data-loaded={loaded}>
      <Header />
      <LimitBanner />
      <NoticeBar />
      <SettingsError />
      <main className="page" id="main">
        {page === 'settings' ? <SettingsPage /> : page === 'history' ? <HistoryPage /> : page === 'review' ? <ReviewPage /> : page === 'books' ? <BooksPage /> : page === 'stats' ? <StatsPage /> : <ReaderPage />}
      </main>
      <ChatDrawer />
      <AudioPlayer />
      <ImageDropZone />
      <DictionaryHover />
      <ShortcutsOverlay />
    </div>
  );
}
