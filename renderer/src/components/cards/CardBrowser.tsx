import './cards.css';
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useEffect, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CARD_SORTS, type CardSort } from '../../../../shared/contract/cards';
import type { ReviewCard } from '../../../../shared/contract/review';
import { bridge } from '../../bridge';
import { formatDay } from '../../i18n/dateFormats';
import { CardEditor } from './CardEditor';
import { CardPages } from './cardPages';
import { useCardFocus } from './cardFocus';
import { sourceOf } from './cardSource';

const ROW_PX = 52;
/** The list's height at most: a few cards take only their rows. */
const LIST_PX = 420;

/**
 * Every card in the Review page: searchable (any of its texts), sortable, virtualised so 20,000
 * cards scroll as 20; a row opens the card to edit or delete. A card opened from the popup or
 * the panel (`useCardFocus`) opens here.
 */
export function CardBrowser({ selected, onSelect }: { selected: ReadonlySet<number>; onSelect(id: number, on: boolean): void }) {
  const { t } = useTranslation();
  const [, repaint] = useReducer((n: number) => n + 1, 0);
  const pages = useRef<CardPages | null>(null);
  pages.current ??= new CardPages(repaint);
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState<CardSort>('created');
  const [desc, setDesc] = useState(true);
  const [editing, setEditing] = useState<ReviewCard | null>(null);
  const focusId = useCardFocus((s) => s.cardId);
  const scrollRef = useRef<HTMLDivElement>(null);
  const scrolled = useRef(false);

  useEffect(() => {
    void pages.current!.reset({ query, sort, desc });
    // Only when scrolled (as the list last said): scrollTo, like reading scrollTop, lays the page out first, on every keystroke.
    if (scrolled.current) scrollRef.current?.scrollTo({ top: 0 });
  }, [query, sort, desc]);

  useEffect(() => {
    if (focusId === null) return;
    void bridge.call('cards.get', focusId).then((r) => {
      if (r.ok) setEditing(r.value);
      useCardFocus.getState().done();
    });
  }, [focusId]);

  const total = pages.current.total ?? 0;
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is read fresh on every render here
  const virtualizer = useVirtualizer({ count: total, getScrollElement: () => scrollRef.current, estimateSize: () => ROW_PX, overscan: 8 });

  const afterChange = () => {
    setEditing(null);
    void pages.current!.refresh();
  };

  return (
    <section className="card card-browser" aria-labelledby="card-browser-heading" data-testid="card-browser">
      <h2 id="card-browser-heading">{t('cards.browser.heading')}</h2>
      <div className="card-browser-bar">
        <input
          type="search"
          value={query}
          placeholder={t('cards.browser.search')}
          aria-label={t('cards.browser.search')}
          maxLength={200}
          onChange={(e) => setQuery(e.target.value)}
          data-testid="card-search"
        />
        <label>
          {t('cards.browser.sort')}{' '}
          <select value={sort} onChange={(e) => setSort(e.target.value as CardSort)} data-testid="card-sort">
            {CARD_SORTS.map((s) => (
              <option key={s} value={s}>
                {t(`cards.browser.sorts.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          <input type="checkbox" checked={desc} onChange={(e) => setDesc(e.target.checked)} /> {t('cards.browser.descending')}
        </label>
        <span className="muted" data-testid="card-count" aria-live="polite">
          {pages.current.total === null ? t('cards.browser.loading') : t('cards.browser.count', { count: total })}
        </span>
      </div>
      <div ref={scrollRef} className="card-list" role="list" data-testid="card-list" onScroll={(e) => (scrolled.current = e.currentTarget.scrollTop > 0)} style={{ height: Math.min(LIST_PX, Math.max(1, total) * ROW_PX + 2) }}>
        {pages.current.total === 0 && <p className="muted">{t('cards.browser.empty')}</p>}
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((item) => {
            const card = pages.current!.at(item.index);
            return <CardRow key={item.key} card={card} top={item.start} selected={card ? selected.has(card.id) : false} onSelect={onSelect} onOpen={setEditing} />;
          })}
        </div>
      </div>
      {editing && <CardEditor key={editing.id} card={editing} onClose={() => setEditing(null)} onChanged={afterChange} />}
    </section>
  );
}

/**
 * One row of the list. Memoised: a keystroke, a page arriving or a tick elsewhere re-renders only
 * the rows whose card, place or tick changed (the card objects of a page are kept as they came).
 */
const CardRow = memo(function CardRow({
  card,
  top,
  selected,
  onSelect,
  onOpen,
}: {
  card: ReviewCard | undefined;
  top: number;
  selected: boolean;
  onSelect(id: number, on: boolean): void;
  onOpen(card: ReviewCard): void;
}) {
  const { t, i18n } = useTranslation();
  return (
    <div role="listitem" className="card-row" style={{ transform: `translateY(${top}px)`, height: ROW_PX }} data-testid="card-row" data-card-id={card?.id}>
      {card ? (
        <>
          <input type="checkbox" aria-label={t('cards.browser.select')} checked={selected} onChange={(e) => onSelect(card.id, e.target.checked)} />
          <button type="button" className="card-row-main" onClick={() => onOpen(card)} data-testid="card-row-open">
            <span className="card-row-word" lang="ja">
              {card.kind === 'word' ? card.word : card.sentence}
              {card.kind === 'word' && card.reading && card.reading !== card.word && <span className="muted"> 【{card.reading}】</span>}
            </span>
            <span className="card-row-meaning">{card.kind === 'word' ? card.meaning : card.translation}</span>
            <span className="card-row-meta muted">
              <span className={`card-state state-${card.state}`}>{t(`cards.browser.states.${card.state}`)}</span> · {t('cards.browser.due', { date: formatDay(card.due, i18n.language) })}
              {sourceOf(card) && <span lang="ja"> · {sourceOf(card)}</span>}
            </span>
          </button>
        </>
      ) : (
        <span className="muted">…</span>
      )}
    </div>
  );
});
