import { memo } from 'react';
import type { TFunction } from 'i18next';
import type { DictionaryEntry, DictionarySense } from '../../../../shared/contract/dictionary';
import type { SenseChoice } from '../../../../shared/contract/review';
import { KanjiText } from './KanjiText';
import { EntryDictionary } from './DictionaryImage';
import { RichContent } from './RichContent';
import { WordFactsLine } from './WordFactsLine';
import { useT } from '../../i18n/useT';

/** JMdict codes with a short label of their own (dictionary.posShort); others show their code. */
const SHORT_POS = new Set(['n', 'v1', 'v5', 'vs', 'vk', 'vz', 'adj-i', 'adj-na', 'adj-no', 'adv', 'exp', 'prt', 'pn', 'int', 'conj', 'suf', 'pref', 'ctr', 'aux-v', 'vi', 'vt', 'num']);
const shortKey = (code: string) => (code.startsWith('v5') ? 'v5' : code.startsWith('v1') ? 'v1' : code === 'vs-i' || code === 'vs-s' ? 'vs' : code);

interface Choosing {
  /** The sense the card takes (shown as chosen); null: none of these. */
  chosen: SenseChoice | null;
  onChoose(choice: SenseChoice): void;
}

/** The list's translate function, handed down to its senses and facts lines. */
type Translate = TFunction;

function Sense({ sense, previous, compact, choice, choosing, t }: { sense: DictionarySense; previous: DictionarySense | undefined; compact: boolean; choice: SenseChoice; choosing?: Choosing | undefined; t: Translate }) {
  // Parts of speech shown once for a run of senses that share them, as JMdict writes them.
  const samePos = previous !== undefined && previous.posCodes.join() === sense.posCodes.join();
  const pos = samePos ? [] : sense.pos.map((name, i) => ({ name, code: sense.posCodes[i] }));
  const tags = [...sense.misc, ...sense.field, ...sense.dialect];
  return (
    <li data-testid="dict-sense">
      {pos.length + tags.length > 0 && (
        <span className="dict-tags">
          {pos.map((p, j) => (
            // A short label in the learner's language; the full name on hover.
            <span key={`p${j}`} className="dict-tag pos" title={p.code ? `${p.name} (${p.code})` : p.name} data-testid="dict-pos" data-code={p.code}>
              {p.code && SHORT_POS.has(shortKey(p.code)) ? t(`dictionary.posShort.${shortKey(p.code)}`) : (p.code ?? p.name)}
            </span>
          ))}
          {tags.map((m, j) => (
            <span key={`m${j}`} className="dict-tag misc" data-testid="dict-misc">
              {m}
            </span>
          ))}
        </span>
      )}
      {choosing && sense.rich ? (
        // Structured content keeps its own markup (links, tables, words to look up): a button beside it picks it.
        <>
          <span className="dict-glosses rich" data-testid="dict-rich">
            {sense.rich.map((g, i) => (g.kind === 'text' ? <span key={i}>{g.text} </span> : <RichContent key={i} content={g.content} />))}
          </span>{' '}
          <button
            type="button"
            className={`small dict-choose${chosen(choosing, choice) ? ' chosen' : ''}`}
            aria-pressed={chosen(choosing, choice)}
            title={chosen(choosing, choice) ? t('cards.chosenSense') : t('cards.chooseSense')}
            data-testid="dict-sense-choose"
            onClick={() => choosing.onChoose(choice)}
          >
            {chosen(choosing, choice) ? '✓' : '+'}
          </button>
        </>
      ) : choosing ? (
        // A click picks the meaning the card takes (the learner's sense, not the model's).
        <button
          type="button"
          className={`dict-glosses dict-choose${chosen(choosing, choice) ? ' chosen' : ''}`}
          lang="en"
          aria-pressed={chosen(choosing, choice)}
          title={chosen(choosing, choice) ? t('cards.chosenSense') : t('cards.chooseSense')}
          data-testid="dict-sense-choose"
          onClick={() => choosing.onChoose(choice)}
        >
          {sense.glosses.join('; ')}
        </button>
      ) : sense.rich ? (
        <span className="dict-glosses rich" data-testid="dict-rich">
          {sense.rich.map((g, i) => (g.kind === 'text' ? <span key={i}>{g.text} </span> : <RichContent key={i} content={g.content} />))}
        </span>
      ) : (
        <span className="dict-glosses" lang="en">
          {sense.glosses.join('; ')}
        </span>
      )}
      {sense.info.length > 0 && !compact && <span className="dict-info"> ({sense.info.join('; ')})</span>}
    </li>
  );
}

const chosen = (c: Choosing, s: SenseChoice) => c.chosen?.entryId === s.entryId && c.chosen.index === s.index;

/** What an entry needs of the list's `choosing`: which of its senses is chosen (null: none), and the choose callback. */
interface EntryProps {
  entry: DictionaryEntry;
  compact: boolean;
  chosenIndex: number | null;
  onChoose: ((choice: SenseChoice) => void) | undefined;
  t: Translate;
  language: string;
}

/**
 * One entry. Memoized on its props: a popup that draws its best entry first and the others a
 * frame later (DictionaryHover) renders the best one once, not again with the others.
 */
const Entry = memo(function Entry({ entry: e, compact, chosenIndex, onChoose, t, language }: EntryProps) {
  const senses = compact ? e.senses.slice(0, 3) : e.senses;
  const choosing: Choosing | undefined = onChoose ? { chosen: chosenIndex === null ? null : { entryId: e.id, index: chosenIndex }, onChoose } : undefined;
  return (
    <li className="dict-entry" data-testid="dict-entry" data-entry-id={e.id}>
      <p className="dict-head" lang="ja">
        <span className="dict-word">{e.kanji[0] ? <KanjiText text={e.kanji[0]} /> : e.readings[0]}</span>
        {e.kanji[0] && <span className="dict-reading">【{e.readings.join('・')}】</span>}
        {e.common && (
          <span className="dict-badge" data-testid="dict-common">
            {t('dictionary.common')}
          </span>
        )}
        {e.dictionary && e.dictionary !== 'JMdict' && (
          <span className="dict-source" data-testid="dict-source">
            {e.dictionary}
          </span>
        )}
        {e.reasons.length > 0 && (
          <span className="dict-matched" data-testid="dict-inflection" data-reasons={e.reasons.join(' ')}>
            {t('dictionary.matched', { term: e.term, matched: e.reasons.map((r) => t(`inflections.${r}`)).join(' › ') })}
          </span>
        )}
      </p>
      <WordFactsLine entry={e} compact={compact} t={t} language={language} />
      {!compact && e.kanji.length > 1 && (
        <p className="dict-alt" lang="ja">
          {e.kanji.slice(1).join('・')}
        </p>
      )}
      <EntryDictionary.Provider value={e.dictionaryId}>
        <ol className="dict-senses">
          {senses.map((s, i) => (
            <Sense key={i} sense={s} previous={senses[i - 1]} compact={compact} choice={{ entryId: e.id, index: i }} choosing={choosing} t={t} />
          ))}
        </ol>
      </EntryDictionary.Provider>
    </li>
  );
});

/**
 * Dictionary entries: headword (kanji clickable), readings, a common badge, every sense with its
 * tags. With `choosing`, each sense is a button that picks the meaning a card takes.
 */
export function EntryList({ entries, compact = false, choosing }: { entries: readonly DictionaryEntry[]; compact?: boolean; choosing?: Choosing }) {
  const { t, language } = useT();
  return (
    <ol className={`dict-entries${compact ? ' compact' : ''}`}>
      {entries.map((e) => (
        <Entry key={e.id} entry={e} compact={compact} chosenIndex={choosing?.chosen?.entryId === e.id ? choosing.chosen.index : null} onChoose={choosing?.onChoose} t={t} language={language} />
      ))}
    </ol>
  );
}
