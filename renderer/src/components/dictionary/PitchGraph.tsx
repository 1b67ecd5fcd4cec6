import { morae, pitchPattern } from '../../../../shared/pitch';

const STEP = 16;
const HIGH = 4;
const LOW = 14;

/**
 * A small pitch graph over the kana: a dot per mora, high or low, joined by lines, and a
 * hollow dot for a particle after the word (which shows heiban from odaka).
 */
export function PitchGraph({ reading, downstep }: { reading: string; downstep: number }) {
  const parts = morae(reading);
  const pattern = pitchPattern(parts.length, downstep);
  const width = pattern.length * STEP;
  const y = (high: boolean) => (high ? HIGH : LOW);
  return (
    <span className="pitch-graph" data-testid="pitch-graph" data-downstep={downstep} lang="ja">
      <svg width={width} height={18} viewBox={`0 0 ${width} 18`} aria-hidden="true">
        <polyline points={pattern.map((h, i) => `${i * STEP + STEP / 2},${y(h)}`).join(' ')} fill="none" stroke="currentColor" strokeWidth="1.5" />
        {pattern.map((h, i) => (
          <circle key={i} cx={i * STEP + STEP / 2} cy={y(h)} r={2.6} className={i === parts.length ? 'pitch-particle' : 'pitch-mora'} />
        ))}
      </svg>
      <span className="pitch-kana" style={{ width }}>
        {parts.map((m, i) => (
          <span key={i} className={pattern[i] && !pattern[i + 1] && i < parts.length ? 'pitch-drop' : undefined} style={{ width: STEP }}>
            {m}
          </span>
        ))}
      </span>
    </span>
  );
}
