import { useTranslation } from 'react-i18next';
import { conversationTitle, type SavedConversation } from '../../chat/chatArchive';

/** The saved conversations about the current text; choosing one reopens it. */
export function ConversationList(props: { conversations: SavedConversation[]; currentId: number | null; disabled: boolean; onOpen: (id: number) => void }) {
  const { t, i18n } = useTranslation();
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' });
  return (
    <details className="conversation-picker" data-testid="chat-conversations">
      <summary>{t('chat.savedConversations', { count: props.conversations.length })}</summary>
      <ul aria-label={t('chat.conversations')}>
        {props.conversations.map((c) => (
          <li key={c.id}>
            <button
              type="button"
              className="conversation"
              aria-current={c.id === props.currentId ? 'true' : undefined}
              disabled={props.disabled}
              onClick={() => props.onOpen(c.id)}
              data-testid="chat-conversation"
            >
              <span className="conversation-title">{conversationTitle(c.turns) || t('chat.untitled')}</span>
              <span className="hint">
                {t('chat.turns', { count: c.turns.length })} · {time.format(c.updatedAt)}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </details>
  );
}
