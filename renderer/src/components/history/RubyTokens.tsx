import { Fragment } from 'react';
import type { Token } from '../../../../shared/domain';
import { rubyParts } from '../../reader/ruby';
import { useReadings, withReading } from '../../stores/readingsStore';

/** A stored analysis as text with furigana over the kanji (read-only, no interaction). */
export function RubyTokens({ tokens }: { tokens: readonly Token[] }) {
  const readings = useReadings((s) => s.byWord);
  return (
    <p className="history-text" lang="ja">
      {tokens.map((t, i) =>
        t.pos === 'linebreak' ? (
          <br key={i} />
        ) : (
          <Fragment key={i}>
            {rubyParts(t.word, withReading(t, readings).furigana).map((p, j) =>
              p.rt ? (
                <ruby key={j}>
                  {p.base}
                  <rt>{p.rt}</rt>
                </ruby>
              ) : (
                <Fragment key={j}>{p.base}</Fragment>
              ),
            )}
          </Fragment>
        ),
      )}
    </p>
  );
}
