import { memo, type ReactNode } from 'react';
import type { FuriganaMode } from '../../../../shared/settings';
import { isWordToken, type PlacedToken } from '../../reader/placedToken';
import { needsRuby, rubyParts } from '../../reader/ruby';
import { romajiOf } from '../../reader/romaji';
import { useReadings, withReading } from '../../stores/readingsStore';
import { paintedStatus } from '../../stores/wordStatusStore';
import { wordKeyId } from '../../../../shared/words';

export interface TokenLineProps {
  tokens: readonly PlacedToken[];
  mode: FuriganaMode;
  romaji: boolean;
  /** Selected char range inside this line, or null. */
  selStart: number;
  selEnd: number;
  /** Words are buttons in the reader; a display-only sentence has no actions. */
  interactive?: boolean;
}

/**
 * One token. Words are buttons (keyboard focus is moved among them by the
 * reading view); punctuation and not-yet-analysed text stay bare text, which
 * keeps the DOM small on long texts. A word that is all kanji is itself the
 * <ruby> element, the commonest case, so it costs two elements, not three.
 */
function renderToken(given: PlacedToken, props: TokenLineProps, readings: Readonly<Record<string, string>>): ReactNode {
  if (!isWordToken(given)) {
    return given.origin === 'plain' ? (
      <span key={given.start} className="tok-plain">
        {given.word}
      </span>
    ) : (
      given.word
    );
  }
  // The learner's reading of the word, at once (the core gives it on the next load).
  const t = withReading(given, readings);
  const selected = t.start >= props.selStart && t.end <= props.selEnd;
  const ruby = props.mode !== 'off' && needsRuby(t);
  const parts = ruby ? rubyParts(t.word, t.furigana) : [{ base: t.word }];
  const romaji = props.romaji ? romajiOf(t) : '';
  const className = `tok pos-${t.pos}${selected ? ' sel' : ''}${t.origin === 'model' ? '' : ' tok-offline'}`;
  // A counted word carries its key and status: marks and "unknown words only" furigana are CSS over them (statusPaint.ts).
  const wk = t.key ? wordKeyId(t.key) : undefined;
  const known = wk === undefined ? {} : { 'data-wk': wk, 'data-ws': paintedStatus(wk) };
  const common =
    props.interactive === false
      ? { className, ...known }
      : ({
          className,
          ...known,
          'data-s': t.start,
          role: 'button',
          tabIndex: -1,
          // Few attributes per token: a long text creates hundreds at once.
          'aria-current': selected ? ('true' as const) : undefined,
          'aria-label': needsRuby(t) ? `${t.word} (${t.furigana})` : undefined,
        } as const);
  const only = parts.length === 1 ? parts[0]! : undefined;
  if (only?.rt && !romaji) {
    return (
      <ruby key={t.start} {...common}>
        {only.base}
        <rt>{only.rt}</rt>
      </ruby>
    );
  }
  const content = parts.map((p, i) =>
    p.rt ? (
      <ruby key={i}>
        {p.base}
        <rt>{p.rt}</rt>
      </ruby>
    ) : (
      p.base
    ),
  );
  // With romaji the word and its romaji stack in a column; the word needs its own box for that.
  return romaji ? (
    <span key={t.start} {...common} data-romaji={romaji}>
      <span className="tok-w">{content}</span>
    </span>
  ) : (
    <span key={t.start} {...common}>
      {content}
    </span>
  );
}

export const TokenLine = memo(function TokenLine(props: TokenLineProps) {
  const readings = useReadings((s) => s.byWord);
  return <>{props.tokens.map((t) => renderToken(t, props, readings))}</>;
});

/** The same rendering for a short, fixed token list (the daily sentence). */
export function TokenSentence(props: { tokens: readonly PlacedToken[]; mode: FuriganaMode; romaji: boolean; label: string }) {
  return (
    <p className={`reading-text furigana-${props.mode}${props.romaji ? ' with-romaji' : ''}`} lang="ja" aria-label={props.label}>
      <TokenLine tokens={props.tokens} mode={props.mode} romaji={props.romaji} selStart={-1} selEnd={-1} interactive={false} />
    </p>
  );
}
