import '../../styles/reading.css';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { renderMarkdown } from '../../chat/renderMarkdown';
import { onSanitizedClick } from '../../markup/sanitizeHtml';
import { useShortcut } from '../../keyboard/shortcuts';
import { useChat } from '../../stores/chatStore';
import { ConversationList } from './ConversationList';
import { useReader } from '../../stores/readerStore';
import { ChatIcon, CloseIcon, SendIcon, StopIcon } from '../reader/icons';
import { ModelProblem } from '../firstRun/ModelProblem';

function Markdown({ text }: { text: string }) {
  const html = useMemo(() => renderMarkdown(text), [text]);
  // A link opens on a real primary click on it only (a middle click or a script's click does nothing).
  return <div className="markdown" dangerouslySetInnerHTML={{ __html: html }} onClick={onSanitizedClick} onAuxClick={(e) => e.preventDefault()} />;
}

const focusables = (root: HTMLElement) =>
  Array.from(root.querySelectorAll<HTMLElement>('button:not([disabled]), textarea:not([disabled]), input:not([disabled]), select:not([disabled]), a[href], [tabindex="0"]'));

/**
 * The tutor: a modal drawer on the right. Focus stays inside while it is open,
 * Esc closes it and focus returns to where it was.
 */
export function ChatDrawer() {
  const { t } = useTranslation();
  const open = useChat((s) => s.open);
  const turns = useChat((s) => s.turns);
  const pending = useChat((s) => s.pending);
  const status = useChat((s) => s.status);
  const error = useChat((s) => s.error);
  const useContext = useChat((s) => s.useContext);
  const documentId = useChat((s) => s.documentId);
  const chatId = useChat((s) => s.chatId);
  const conversations = useChat((s) => s.conversations);
  const hasDoc = useReader((s) => s.doc !== null);
  const [draft, setDraft] = useState('');
  const dialogRef = useRef<HTMLDivElement>(null);
  const composerRef = useRef<HTMLTextAreaElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const returnFocus = useRef<HTMLElement | null>(null);

  useEffect(() => {
    if (!open) return;
    returnFocus.current = document.activeElement as HTMLElement | null;
    composerRef.current?.focus();
    return () => returnFocus.current?.focus();
  }, [open]);

  // Enter sends (shared/shortcuts.ts; Shift+Enter stays a new line); while a reply streams the key sends nothing.
  useShortcut(
    'chat.send',
    (e) => {
      const box = composerRef.current;
      if (!box || e.target !== box) return false;
      if (!box.value.trim() || useChat.getState().status === 'streaming') return;
      useChat.getState().send(box.value);
      setDraft('');
    },
    open,
  );
  // Esc stops a reply that is streaming, else closes the drawer.
  useShortcut('app.close', () => (useChat.getState().status === 'streaming' ? useChat.getState().stop() : useChat.getState().setOpen(false)), open);

  // Follow the reply as it streams.
  useEffect(() => {
    const el = listRef.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [turns, pending]);

  if (!open) return null;
  const close = () => useChat.getState().setOpen(false);
  const streaming = status === 'streaming';
  const send = (text: string) => {
    if (!text.trim() || streaming) return;
    useChat.getState().send(text);
    setDraft('');
  };

  // Tab keeps the focus inside (Tab is no shortcut: it moves the focus everywhere).
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key !== 'Tab' || !dialogRef.current) return;
    const items = focusables(dialogRef.current);
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  };

  const suggestions = hasDoc ? ['grammar', 'vocabulary', 'quiz'] : ['particles', 'keigo', 'practice'];

  return (
    <div className="drawer-layer" onKeyDown={onKeyDown}>
      <div className="drawer-backdrop" onClick={close} aria-hidden="true" />
      <div ref={dialogRef} className="drawer" role="dialog" aria-modal="true" aria-labelledby="chat-heading" data-testid="chat-drawer">
        <div className="drawer-head">
          <div>
            <h2 id="chat-heading">{t('chat.title')}</h2>
            <p className="hint">{!hasDoc ? t('chat.noDocument') : documentId === null ? t('chat.aboutText') : t('chat.savedWithText')}</p>
          </div>
          <div className="drawer-head-actions">
            {turns.length > 0 && (
              <button type="button" className="small" onClick={() => useChat.getState().newConversation()} disabled={streaming} data-testid="chat-new">
                {t('chat.clear')}
              </button>
            )}
            <button type="button" className="icon-button" onClick={close} aria-label={t('chat.close')} title={t('chat.close')}>
              <CloseIcon />
            </button>
          </div>
        </div>

        {documentId !== null && conversations.length > 0 && (
          <ConversationList conversations={conversations} currentId={chatId} disabled={streaming} onOpen={(id) => useChat.getState().reopen(id)} />
        )}

        <div ref={listRef} className="chat-log" aria-live="polite" aria-busy={streaming} data-testid="chat-log">
          {turns.length === 0 && pending === null && (
            <div className="chat-empty">
              <p className="chat-empty-mark" aria-hidden="true">
                話
              </p>
              <p>{t('chat.empty')}</p>
              <div className="chips">
                {suggestions.map((k) => (
                  <button key={k} type="button" className="chip" onClick={() => send(t(`chat.suggestions.${k}`))}>
                    {t(`chat.suggestions.${k}`)}
                  </button>
                ))}
              </div>
            </div>
          )}
          {turns.map((turn, i) => (
            <div key={i} className={`bubble ${turn.role}`} data-testid={`chat-${turn.role}`}>
              <span className="visually-hidden">{turn.role === 'user' ? t('chat.you') : t('chat.tutor')}: </span>
              {turn.role === 'assistant' ? <Markdown text={turn.content} /> : <p>{turn.content}</p>}
            </div>
          ))}
          {pending !== null && (
            <div className="bubble assistant pending" data-testid="chat-pending">
              <span className="visually-hidden">{t('chat.tutor')}: </span>
              {pending ? <Markdown text={pending} /> : <span className="typing" aria-label={t('chat.thinking')} role="status"><i /><i /><i /></span>}
            </div>
          )}
          {status === 'error' && error && <ModelProblem error={error} feature="chat" onAddKey={close} compact testId="chat-error" onRetry={() => useChat.getState().retry()} />}
        </div>

        <form
          className="composer"
          onSubmit={(e) => {
            e.preventDefault();
            send(draft);
          }}
        >
          <label className="context-toggle">
            <input type="checkbox" checked={useContext && hasDoc} disabled={!hasDoc} onChange={(e) => useChat.getState().setUseContext(e.target.checked)} />
            {hasDoc ? t('chat.useContext') : t('chat.noText')}
          </label>
          <div className="composer-row">
            <label htmlFor="chat-input" className="visually-hidden">
              {t('chat.inputLabel')}
            </label>
            <textarea
              id="chat-input"
              ref={composerRef}
              value={draft}
              rows={2}
              placeholder={t('chat.placeholder')}
              onChange={(e) => setDraft(e.target.value)}
            />
            {streaming ? (
              <button type="button" className="icon-button composer-send" onClick={() => useChat.getState().stop()} aria-label={t('chat.stop')} title={t('chat.stop')} data-testid="chat-stop">
                <StopIcon />
              </button>
            ) : (
              <button type="submit" className="icon-button composer-send primary" disabled={draft.trim() === ''} aria-label={t('chat.send')} title={t('chat.send')} data-testid="chat-send">
                <SendIcon />
              </button>
            )}
          </div>
        </form>
      </div>
    </div>
  );
}

/** The header button that opens the tutor. */
export function ChatToggle() {
  const { t } = useTranslation();
  const open = useChat((s) => s.open);
  return (
    <button
      type="button"
      className="icon-button"
      aria-pressed={open}
      aria-label={t('chat.open')}
      title={t('chat.open')}
      data-testid="chat-toggle"
      onClick={() => useChat.getState().setOpen(!open)}
    >
      <ChatIcon />
    </button>
  );
}
