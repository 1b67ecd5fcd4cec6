import { morae, pitchPattern } from '../../../../shared/pitch';

/** A mora's cell, px: its dot above it, its kana under it. */
const STEP = 16;
const HIGH = 4;
const LOW = 14;
const DOT = 2.6;
/** The kana's row: its font size and its baseline, under the dots' 18 px. */
const KANA_PX = 12;
const KANA_BASELINE = 30;
const HEIGHT = 34;

const center = (i: number) => i * STEP + STEP / 2;
const y = (high: boolean) => (high ? HIGH : LOW);
/** A filled circle as a path: two arcs. */
const circle = (i: number, high: boolean) => `M${center(i) - DOT},${y(high)}a${DOT},${DOT} 0 1,0 ${2 * DOT},0a${DOT},${DOT} 0 1,0 ${-2 * DOT},0`;

/**
 * A small pitch graph over the kana: a dot per mora, high or low, joined by lines, a hollow
 * dot for a particle after the word (which shows heiban from odaka), and a mark after the mora
 * the pitch drops after. One SVG of at most five elements: a popup shows three of them, and
 * the popup's cost grows with its elements (a dot and a span per mora made a third of them).
 */
export function PitchGraph({ reading, downstep }: { reading: string; downstep: number }) {
  const parts = morae(reading);
  const pattern = pitchPattern(parts.length, downstep);
  const width = pattern.length * STEP;
  const dots = parts.map((_, i) => circle(i, pattern[i]!)).join('');
  // Each character at its own x, centred there: a two-character mora (きゃ) shares its cell.
  const chars: string[] = [];
  const xs: number[] = [];
  parts.forEach((m, i) => {
    const cs = [...m];
    cs.forEach((c, k) => {
      chars.push(c);
      xs.push(center(i) + (k - (cs.length - 1) / 2) * KANA_PX);
    });
  });
  const drop = parts.findIndex((_, i) => pattern[i] && !pattern[i + 1]);
  return (
    // The SVG is the element: no wrapper (a popup shows three graphs, and its cost grows with its elements).
    <svg
      className="pitch-graph"
      data-testid="pitch-graph"
      data-downstep={downstep}
      data-pattern={pattern.map((h) => (h ? 'H' : 'L')).join('')}
      lang="ja"
      width={width}
      height={HEIGHT}
      viewBox={`0 0 ${width} ${HEIGHT}`}
      aria-hidden="true"
    >
      <polyline points={pattern.map((h, i) => `${center(i)},${y(h)}`).join(' ')} fill="none" stroke="currentColor" strokeWidth="1.5" />
      <path className="pitch-mora" d={dots} />
      <path className="pitch-particle" d={circle(parts.length, pattern[parts.length]!)} />
      {drop >= 0 && <path className="pitch-drop" d={`M${(drop + 1) * STEP - 0.5},${HEIGHT - 16}v16`} />}
      <text className="pitch-kana" x={xs.join(' ')} y={KANA_BASELINE} textAnchor="middle">
        {chars.join('')}
      </text>
    </svg>
  );
}
