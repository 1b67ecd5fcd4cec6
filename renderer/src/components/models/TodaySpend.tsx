import '../../styles/models.css';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TodaySpend as Spend } from '../../../../shared/usage';
import { bridge } from '../../bridge';
import { formatUsd } from '../credits/format';

/** Today's model spend by task, in the meter's popover (read when it opens). */
export function TodaySpend() {
  const { t, i18n } = useTranslation();
  const [spend, setSpend] = useState<Spend | null>(null);
  useEffect(() => {
    let live = true;
    void bridge.call('gateway.todaySpend').then((r) => live && r.ok && setSpend(r.value));
    return () => {
      live = false;
    };
  }, []);
  if (!spend) return null;
  const number = (v: number) => new Intl.NumberFormat(i18n.language).format(v);
  return (
    <section className="credit-spend" data-testid="credit-spend">
      <h3>{t('models.spend.title')}</h3>
      {spend.tasks.length === 0 ? (
        <p className="muted">{t('models.spend.none')}</p>
      ) : (
        <dl className="credit-facts">
          {spend.tasks.map((s) => (
            <div key={s.task} className="credit-spend-row" data-testid={`credit-spend-${s.task}`}>
              <dt>{t(`models.tasks.${s.task}`)}</dt>
              <dd>
                {s.cost !== null
                  ? t('models.spend.row', { cost: formatUsd(s.cost, i18n.language), requests: s.requests })
                  : t('models.spend.rowTokens', { tokens: number(s.promptTokens + s.completionTokens), requests: s.requests })}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
