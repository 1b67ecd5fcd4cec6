/**
 * The statistics page's charts, drawn with recharts (SVG elements and attributes only, no
 * injected <style>: fine under the app's CSP).
 */
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Cell, ReferenceLine, ResponsiveContainer, Scatter, ScatterChart, Tooltip, XAxis, YAxis, ZAxis } from 'recharts';
import type { ReadingDay } from '../../../../shared/contract/stats';

const ACCENT = 'var(--accent)';
const short = (day: string) => day.slice(5).replace('-', '/');

/** Characters per day as bars, the goal as a line. */
export function CharsPerDay({ days, goal }: { days: ReadingDay[]; goal: number }) {
  const { t } = useTranslation();
  return (
    <div className="stats-chart" data-testid="stats-chars-chart">
      <ResponsiveContainer width="100%" height={220}>
        <BarChart data={days} margin={{ top: 8, right: 12, bottom: 4, left: 4 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="var(--border)" />
          <XAxis dataKey="day" tickFormatter={short} minTickGap={24} tick={{ fontSize: 11, fill: 'var(--muted)' }} />
          <YAxis width={48} tick={{ fontSize: 11, fill: 'var(--muted)' }} />
          <Tooltip formatter={(v) => [String(v), t('stats.chars')]} labelFormatter={(l) => String(l)} />
          <ReferenceLine y={goal} stroke="var(--muted)" strokeDasharray="4 4" />
          <Bar dataKey="chars" fill={ACCENT} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

/** Words that became known per day. */
export function LearntPerDay({ days }: { days: ReadingDay[] }) {
  const { t } = useTranslation();
  return (
    <div className="stats-chart" data-testid="stats-learnt-chart">
      <ResponsiveContainer width="100%" height={180}>
        <BarChart data={days} margin={{ top: 8, right: 12, bottom: 4, left: 4 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="var(--border)" />
          <XAxis dataKey="day" tickFormatter={short} minTickGap={24} tick={{ fontSize: 11, fill: 'var(--muted)' }} />
          <YAxis width={48} allowDecimals={false} tick={{ fontSize: 11, fill: 'var(--muted)' }} />
          <Tooltip formatter={(v) => [String(v), t('stats.wordsLearnt')]} />
          <Bar dataKey="learnt" fill="var(--text)" fillOpacity={0.55} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

interface HeatCell {
  week: number;
  weekday: number;
  day: string;
  chars: number;
}

/** A week per column, Monday on top; darker for more characters, full at the goal. */
export function ReadingHeatmap({ days, goal }: { days: ReadingDay[]; goal: number }) {
  const { t } = useTranslation();
  const first = days[0];
  if (!first) return null;
  const [y, m, d] = first.day.split('-').map(Number) as [number, number, number];
  const offset = (new Date(y, m - 1, d).getDay() + 6) % 7; // Monday 0
  const cells: HeatCell[] = days.map((x, i) => ({ week: Math.floor((i + offset) / 7), weekday: (i + offset) % 7, day: x.day, chars: x.chars }));
  const weeks = (cells.at(-1)?.week ?? 0) + 1;
  return (
    <div className="stats-chart" data-testid="stats-heatmap">
      <ResponsiveContainer width="100%" height={150}>
        <ScatterChart margin={{ top: 6, right: 12, bottom: 6, left: 4 }}>
          <XAxis type="number" dataKey="week" domain={[-0.5, weeks - 0.5]} hide />
          <YAxis type="number" dataKey="weekday" domain={[-0.5, 6.5]} reversed hide />
          <ZAxis type="number" dataKey="chars" range={[150, 150]} />
          <Tooltip
            cursor={false}
            content={({ payload }) => {
              const c = payload?.[0]?.payload as HeatCell | undefined;
              return c ? <div className="stats-tooltip">{t('stats.heatmapDay', { day: c.day, count: c.chars })}</div> : null;
            }}
          />
          <Scatter data={cells} shape="square" isAnimationActive={false}>
            {cells.map((c) => (
              <Cell key={c.day} fill={c.chars > 0 ? ACCENT : 'var(--border)'} fillOpacity={c.chars > 0 ? 0.25 + 0.75 * Math.min(1, c.chars / Math.max(1, goal)) : 0.6} />
            ))}
          </Scatter>
        </ScatterChart>
      </ResponsiveContainer>
    </div>
  );
}
