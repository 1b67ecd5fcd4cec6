import './dictionary.css';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DictionaryEntry, DictionaryFirstWord } from '../../../../shared/contract/dictionary';
import type { DetailTarget } from '../../stores/detailStore';
import { useReader } from '../../stores/readerStore';
import { useSettings } from '../../stores/settingsStore';
import { lookupEntries, useDictionary } from './dictionaryStore';
import { EntryList } from './EntryList';
import { useReadings, withReading } from '../../stores/readingsStore';
import { choiceKey, useCardChoice } from '../cards/cardChoice';

const SHOWN = 4;

/** What to look up for a panel's target: the text from the word on (longest match), or the phrase. */
function lookupText(target: DetailTarget, docText: string | undefined): { text: string; reading?: string; firstWord?: DictionaryFirstWord } {
  if (target.kind === 'phrase') return { text: target.phrase };
  const t = target.token;
  const fromCursor = docText && docText.slice(t.start, t.start + t.word.length) === t.word ? docText.slice(t.start) : t.word;
  // The analysis already has the word's dictionary form (or knows it is one): the core need not ask the analyzer again.
  const firstWord = t.lemma ? { word: t.word, lemma: t.lemma } : undefined;
  // The entry read as the learner reads the word (their correction) comes first.
  const reading = withReading(t, useReadings.getState().byWord).furigana;
  return { text: fromCursor, ...(reading ? { reading } : {}), ...(firstWord ? { firstWord } : {}) };
}

/**
 * The word panel's dictionary section: JMdict's entries at once, before (and without)
 * the model. For learners whose language JMdict lacks, the English glosses are labelled.
 */
export function DictionaryEntries({ target, text: ownText }: { target: DetailTarget; text?: string }) {
  const { t } = useTranslation();
  // The text the target lies in: given (a book paragraph), else the reader's document.
  const readerText = useReader((s) => s.doc?.text);
  const docText = ownText ?? readerText;
  const learner = useSettings((s) => s.settings.explanationLocale);
  const status = useDictionary((s) => s.status);
  const { text, reading, firstWord } = lookupText(target, docText);
  const key = `${text.slice(0, 24)}\u0000${reading ?? ''}\u0000${firstWord?.lemma ?? ''}`;
  // Answers are kept with the lookup they belong to: another word shows "looking up" until its own arrive.
  const [found, setFound] = useState<{ key: string; entries: DictionaryEntry[] } | null>(null);
  const [allFor, setAllFor] = useState<string | null>(null);
  const entries = found?.key === key ? found.entries : null;
  const all = allFor === key;
  // A word's senses pick the meaning its card takes; until one is clicked, the best entry's first.
  const cardKey = target.kind === 'word' ? choiceKey(target.token.word, target.sentence) : '';
  const choice = useCardChoice((s) => (s.key === cardKey ? s : null));
  const first = entries?.[0];
  const chosen = choice?.useModel ? null : (choice?.sense ?? (first ? { entryId: first.id, index: 0 } : null));
  const choosing = target.kind === 'word' ? { chosen, onChoose: (c: { entryId: number; index: number }) => useCardChoice.getState().choose(cardKey, c) } : undefined;

  useEffect(() => {
    if (!useDictionary.getState().status) void useDictionary.getState().loadStatus();
  }, []);

  useEffect(() => {
    let live = true;
    void lookupEntries(text.slice(0, 24), reading, firstWord).then((e) => live && setFound({ key, entries: e }));
    return () => {
      live = false;
    };
    // firstWord is a new object each render; its lemma is in the key.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, text, reading]);

  if (status && status.entries === 0) {
    return (
      <p className="dict-missing muted" data-testid="dict-missing">
        {t(status.state === 'outdated' || status.state === 'unreadable' ? 'dictionary.needsImport' : 'dictionary.notInstalled')}
      </p>
    );
  }
  // Entries matching the whole word come first; shorter matches (a part of it) stay behind "more".
  const shown = entries ? (all ? entries : entries.slice(0, SHOWN)) : [];
  return (
    <section className="dict-section" aria-label={t('dictionary.heading')} data-testid="dict-section" aria-busy={entries === null}>
      {learner !== 'en' && entries && entries.length > 0 && <p className="dict-label">{t('dictionary.englishGlosses')}</p>}
      {entries === null ? (
        <p className="muted">{t('dictionary.loading')}</p>
      ) : entries.length === 0 ? (
        <p className="muted" data-testid="dict-none">
          {t('dictionary.none')}
        </p>
      ) : (
        <EntryList entries={shown} {...(choosing ? { choosing } : {})} />
      )}
      {entries && entries.length > SHOWN && !all && (
        <button type="button" className="link-button small" onClick={() => setAllFor(key)}>
          {t('dictionary.more', { count: entries.length - SHOWN })}
        </button>
      )}
    </section>
  );
}
