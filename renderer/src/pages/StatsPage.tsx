import '../styles/stats.css';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReadingStats } from '../../../shared/contract/stats';
import type { AppErrorData } from '../../../shared/result';
import { bridge } from '../bridge';
import { CharsPerDay, LearntPerDay, ReadingHeatmap } from '../components/stats/LazyReadingCharts';
import { errorText } from '../errors/errorText';
import { useSettings } from '../stores/settingsStore';

const DAYS = 90;

function useDuration() {
  const { t } = useTranslation();
  return (ms: number) => {
    const minutes = Math.round(ms / 60_000);
    return minutes < 60 ? t('stats.minutes', { count: minutes }) : t('stats.hours', { hours: Math.floor(minutes / 60), minutes: minutes % 60 });
  };
}

function GoalForm({ goal }: { goal: number }) {
  const { t } = useTranslation();
  const [value, setValue] = useState(String(goal));
  return (
    <form
      className="stats-goal-form"
      onSubmit={(e) => {
        e.preventDefault();
        const n = Math.round(Number(value));
        if (Number.isFinite(n) && n >= 100 && n <= 1_000_000) void useSettings.getState().update({ readingGoalChars: n });
      }}
    >
      <label>
        {t('stats.goal')}
        <input type="number" min={100} max={1_000_000} step={100} value={value} onChange={(e) => setValue(e.target.value)} data-testid="stats-goal-input" />
      </label>
      <button type="submit" data-testid="stats-goal-save">
        {t('stats.goalSave')}
      </button>
    </form>
  );
}

/** Reading statistics: today against the goal, the streak, characters and words learnt per day, the calendar, per book. */
export function StatsPage() {
  const { t } = useTranslation();
  const duration = useDuration();
  const goal = useSettings((s) => s.settings.readingGoalChars);
  const [stats, setStats] = useState<ReadingStats | null>(null);
  const [error, setError] = useState<AppErrorData | null>(null);
  useEffect(() => {
    let live = true;
    void bridge.call('stats.reading', { days: DAYS }).then((r) => {
      if (!live) return;
      if (r.ok) setStats(r.value);
      else setError(r.error);
    });
    return () => {
      live = false;
    };
  }, [goal]);

  return (
    <section className="stats" aria-labelledby="stats-heading" data-testid="stats-page">
      <h1 id="stats-heading" className="page-title">
        {t('stats.heading')}
      </h1>
      {error && (
        <p className="error" role="alert">
          {t('stats.failed', { message: errorText(t, error) })}
        </p>
      )}
      {stats && (
        <>
          <div className="stats-summary">
            <div className="card stats-tile" data-testid="stats-today">
              <h2>{t('stats.today')}</h2>
              <p className="stats-big">{t('stats.goalProgress', { read: stats.today.chars, goal: stats.goal })}</p>
              <div className="coverage-meter large" aria-hidden="true">
                <span className="coverage-meter-fill" style={{ width: `${Math.min(100, (100 * stats.today.chars) / stats.goal)}%` }} />
              </div>
              {stats.today.chars >= stats.goal && <p className="ok">{t('stats.goalDone')}</p>}
              <GoalForm key={stats.goal} goal={stats.goal} />
            </div>
            <div className="card stats-tile" data-testid="stats-streak">
              <h2>{t('stats.streak')}</h2>
              <p className="stats-big">{t('stats.streakDays', { count: stats.streak.current })}</p>
              <p className="muted">{t('stats.longest', { count: stats.streak.longest })}</p>
            </div>
            <div className="card stats-tile" data-testid="stats-totals">
              <h2>{t('stats.range', { count: DAYS })}</h2>
              <dl className="stats-facts">
                <dt>{t('stats.totalChars')}</dt>
                <dd>{stats.totals.chars.toLocaleString()}</dd>
                <dt>{t('stats.totalTime')}</dt>
                <dd>{duration(stats.totals.ms)}</dd>
                <dt>{t('stats.speed')}</dt>
                <dd>{stats.totals.charsPerHour.toLocaleString()}</dd>
              </dl>
            </div>
          </div>
          {stats.totals.chars === 0 && stats.totals.ms === 0 && <p className="muted" data-testid="stats-empty">{t('stats.none')}</p>}
          <section className="card">
            <h2>{t('stats.perDay')}</h2>
            <CharsPerDay days={stats.days} goal={stats.goal} />
          </section>
          <section className="card">
            <h2>{t('stats.heatmap')}</h2>
            <ReadingHeatmap days={stats.days} goal={stats.goal} />
          </section>
          <section className="card">
            <h2>{t('stats.wordsLearnt')}</h2>
            <LearntPerDay days={stats.days} />
          </section>
          {stats.books.length > 0 && (
            <section className="card">
              <h2>{t('stats.perBook')}</h2>
              <table className="stats-books" data-testid="stats-books">
                <thead>
                  <tr>
                    <th>{t('stats.book')}</th>
                    <th>{t('stats.chars')}</th>
                    <th>{t('stats.time')}</th>
                    <th>{t('stats.speed')}</th>
                  </tr>
                </thead>
                <tbody>
                  {stats.books.map((b) => (
                    <tr key={b.bookId}>
                      <td lang="ja">{b.title}</td>
                      <td>{b.chars.toLocaleString()}</td>
                      <td>{duration(b.ms)}</td>
                      <td>{b.ms > 0 ? Math.round((b.chars * 3_600_000) / b.ms).toLocaleString() : '—'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
          )}
        </>
      )}
    </section>
  );
}
