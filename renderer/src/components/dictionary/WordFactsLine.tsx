import type { TFunction } from 'i18next';
import type { DictionaryEntry } from '../../../../shared/contract/dictionary';
import { JMDICT_FREQUENCY } from '../../../../shared/wordFacts';
import { PitchGraph } from './PitchGraph';

const hira = (s: string) => s.replace(/[\u30a1-\u30f6]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0x60));

/** One formatter per UI language: toLocaleString(locale) builds a new one on each call, in every popup's render. */
const formatters = new Map<string, Intl.NumberFormat>();
function formatNumber(n: number, locale: string): string {
  let f = formatters.get(locale);
  if (!f) formatters.set(locale, (f = new Intl.NumberFormat(locale)));
  return f.format(n);
}

/**
 * An entry's pitch (downstep numbers and a graph over the first reading's kana), its IPA
 * (an imported dictionary's, beside the pitch), its JLPT
 * badge (the unofficial list, said so) and a frequency badge (the first frequency dictionary's,
 * else JMdict's band). `t` and `language` are the entry list's (useT.ts).
 */
export function WordFactsLine({ entry, compact, t, language }: { entry: DictionaryEntry; compact: boolean; t: TFunction; language: string }) {
  const reading = entry.readings[0] ?? '';
  const pitch = entry.pitches.find((p) => hira(p.reading) === hira(reading)) ?? entry.pitches[0];
  const frequency = entry.frequencies.find((f) => !f.display || !/^N[1-5]$/.test(f.display));
  const ipa = entry.ipa?.find((p) => hira(p.reading) === hira(reading)) ?? entry.ipa?.[0];
  if (!pitch && !ipa && !entry.jlpt && !frequency) return null;
  const freqText = frequency
    ? frequency.dictionary === JMDICT_FREQUENCY
      ? t('dictionary.facts.band', { rank: formatNumber(frequency.value, language) })
      : (frequency.display ?? formatNumber(frequency.value, language))
    : '';
  return (
    <p className="dict-facts" data-testid="dict-facts">
      {pitch && pitch.downsteps[0] !== undefined && (
        <span className="dict-pitch" data-testid="dict-pitch" title={t('dictionary.facts.pitchTitle', { source: pitch.dictionary })}>
          <PitchGraph reading={pitch.reading} downstep={pitch.downsteps[0]} />
          <span className="dict-downstep" data-testid="dict-downstep">
            {pitch.downsteps.slice(0, compact ? 2 : 4).map((d) => `[${d}]`).join(' ')}
          </span>
        </span>
      )}
      {ipa && (
        <span className="dict-ipa" data-testid="dict-ipa" lang="und-fonipa" title={t('dictionary.facts.ipaTitle', { source: ipa.dictionary })}>
          {ipa.transcriptions.slice(0, compact ? 1 : 3).map((x) => `/${x}/`).join(' ')}
        </span>
      )}
      {entry.jlpt && (
        <span className="dict-badge jlpt" data-testid="dict-jlpt" title={t('dictionary.facts.jlptTitle')}>
          {t('dictionary.facts.jlpt', { level: entry.jlpt })}
        </span>
      )}
      {frequency && (
        <span className="dict-badge freq" data-testid="dict-freq" title={t('dictionary.facts.freqTitle', { source: frequency.dictionary })}>
          {t('dictionary.facts.freq', { value: freqText })}
        </span>
      )}
    </p>
  );
}
