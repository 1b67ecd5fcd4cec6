import { forwardRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BOOKMARK_NAME_MAX, type BookBookmark } from '../../../../shared/contract/books';
import { useShortcutLabel } from '../../keyboard/shortcuts';
import { useBooks } from '../../stores/booksStore';
import { BookmarkIcon, PencilIcon, TrashIcon } from './bookIcons';

function BookmarkRow({ mark, onJump }: { mark: BookBookmark; onJump(): void }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(mark.name);
  const save = () => {
    setEditing(false);
    if (name.trim() && name.trim() !== mark.name) void useBooks.getState().renameBookmark(mark.id, name);
    else setName(mark.name);
  };
  return (
    <li className="book-bookmark" data-testid="book-bookmark">
      {editing ? (
        <form
          className="book-bookmark-edit"
          onSubmit={(e) => {
            e.preventDefault();
            save();
          }}
        >
          <input
            type="text"
            value={name}
            maxLength={BOOKMARK_NAME_MAX}
            aria-label={t('books.reader.bookmarkName')}
            onChange={(e) => setName(e.target.value)}
            onKeyDown={(e) => {
              // Escape leaves the edit, not the list.
              if (e.key !== 'Escape') return;
              e.preventDefault();
              e.stopPropagation();
              setEditing(false);
              setName(mark.name);
            }}
            autoFocus
            lang="ja"
            data-testid="book-bookmark-name"
          />
          <button type="submit">{t('books.reader.save')}</button>
        </form>
      ) : (
        <button type="button" className="book-bookmark-jump" onClick={onJump} data-testid="book-bookmark-jump">
          <span className="book-bookmark-name" lang="ja">
            {mark.name}
          </span>
          <span className="book-bookmark-where" lang="ja">
            {t('books.reader.bookmarkWhere', { chapter: mark.chapterTitle, percent: Math.round(mark.progress * 100) })}
          </span>
        </button>
      )}
      {!editing && (
        <>
          <button type="button" className="icon-button" aria-label={t('books.reader.renameBookmark')} title={t('books.reader.renameBookmark')} onClick={() => setEditing(true)} data-testid="book-bookmark-rename">
            <PencilIcon />
          </button>
          <button type="button" className="icon-button" aria-label={t('books.reader.deleteBookmark')} title={t('books.reader.deleteBookmark')} onClick={() => void useBooks.getState().deleteBookmark(mark.id)} data-testid="book-bookmark-delete">
            <TrashIcon />
          </button>
        </>
      )}
    </li>
  );
}

/** The book's bookmarks: add one for the page in view, go to one, rename, delete. */
export const BookBookmarks = forwardRef<HTMLDivElement, { onJumped(): void }>(function BookBookmarks({ onJumped }, ref) {
  const { t } = useTranslation();
  const marks = useBooks((s) => s.bookmarks);
  const key = useShortcutLabel('book.bookmark');
  return (
    <div ref={ref} className="book-popover book-bookmarks" role="dialog" aria-label={t('books.reader.bookmarks')} data-testid="book-bookmarks">
      <h2>{t('books.reader.bookmarks')}</h2>
      <button type="button" className="primary" onClick={() => void useBooks.getState().addBookmark()} data-testid="book-bookmark-add">
        <BookmarkIcon /> {key ? t('books.reader.withKeys', { label: t('books.reader.addBookmark'), keys: key }) : t('books.reader.addBookmark')}
      </button>
      {marks.length === 0 ? (
        <p className="hint">{t('books.reader.noBookmarks')}</p>
      ) : (
        <ol className="book-bookmark-list">
          {marks.map((m) => (
            <BookmarkRow
              key={m.id}
              mark={m}
              onJump={() => {
                void useBooks.getState().jumpTo({ chapterId: m.chapterId, paragraphId: m.paragraphId, offset: m.offset });
                onJumped();
              }}
            />
          ))}
        </ol>
      )}
    </div>
  );
});
