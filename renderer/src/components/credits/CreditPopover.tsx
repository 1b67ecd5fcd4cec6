import { useEffect, useId, useRef, type RefObject } from 'react';
import { ERROR_CODES } from '../../../../shared/result';
import { errorText } from '../../errors/errorText';
import { useTranslation } from 'react-i18next';
import { GATEWAY_CREDITS_URL, type CreditsState } from '../../../../shared/credits';
import { useApp } from '../../stores/appStore';
import { coreNow, useCredits } from '../../stores/creditsStore';
import { formatAge, formatCountdown, formatLocalTime, formatPercent, formatUsd } from './format';
import type { MeterView } from './meterView';
import { openKeyPanel } from './openKeyPanel';
import { TodaySpend } from '../models/TodaySpend';

interface Props {
  id: string;
  view: MeterView;
  ageMs: number | null;
  now: number;
  anchor: RefObject<HTMLButtonElement | null>;
  /** `refocus`: give focus back to the meter button (Esc, the close button). */
  onClose(refocus: boolean): void;
}

/**
 * The meter's details: usage today / week / month (and BYOK when any), the cap
 * and its next reset in local time with a live countdown, whether BYOK counts.
 * A non-modal dialog: focus moves in on open; Esc, the close button, a click or
 * focus outside close it.
 */
export function CreditPopover({ id, view, ageMs, now, anchor, onClose }: Props) {
  const { t, i18n } = useTranslation();
  const state = useCredits((s) => s.state);
  const receivedAt = useCredits((s) => s.receivedAt);
  const refreshing = useCredits((s) => s.refreshing || (s.state?.refreshing ?? false));
  const refresh = useCredits((s) => s.refresh);
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const locale = i18n.language;

  useEffect(() => ref.current?.focus(), []);
  useEffect(() => {
    const outside = (e: MouseEvent) => {
      const target = e.target as Node | null;
      if (target && !ref.current?.contains(target) && !anchor.current?.contains(target)) onClose(false);
    };
    // On the document, so Esc works wherever focus is; stopping it here keeps the page's own Esc (leave Settings) out.
    const escape = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      e.stopPropagation();
      onClose(true);
    };
    document.addEventListener('mousedown', outside);
    document.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('mousedown', outside);
      document.removeEventListener('keydown', escape);
    };
  }, [anchor, onClose]);

  return (
    <div
      ref={ref}
      id={id}
      role="dialog"
      aria-labelledby={titleId}
      className="credit-popover"
      data-testid="credit-popover"
      tabIndex={-1}
      onBlur={(e) => {
        const next = e.relatedTarget as Node | null;
        if (next && !ref.current?.contains(next) && !anchor.current?.contains(next)) onClose(false);
      }}
    >
      <div className="credit-popover-head">
        <h2 id={titleId}>{t('credits.title')}</h2>
        <button type="button" className="icon-button" aria-label={t('credits.close')} onClick={() => onClose(true)}>
          <span aria-hidden="true">×</span>
        </button>
      </div>

      {state === null || state.status === 'no_key' ? (
        <NoKey onClose={onClose} />
      ) : (
        <Details state={state} view={view} locale={locale} now={coreNow(state, receivedAt, now)} offset={state.now - receivedAt} />
      )}

      {state !== null && state.status !== 'no_key' && <TodaySpend />}

      {state !== null && state.status !== 'no_key' && (
        <div className="credit-popover-foot">
          <span className="muted" data-testid="credit-updated">
            {ageMs !== null ? t('credits.updated', { age: formatAge(ageMs, locale) }) : ''}
          </span>
          <div className="credit-actions">
            {/* Not disabled while busy: a disabled button would drop the keyboard focus out of the popover. */}
            <button type="button" onClick={() => void (refreshing || refresh('manual'))} aria-busy={refreshing} data-testid="credit-refresh">
              {refreshing ? t('credits.refreshing') : t('credits.refresh')}
            </button>
            {state.canManage && (
              <button
                type="button"
                onClick={() => {
                  onClose(false);
                  openKeyPanel();
                }}
              >
                {t('credits.manageKey')}
              </button>
            )}
            <a className="button-link" href={GATEWAY_CREDITS_URL} target="_blank" rel="noreferrer noopener">
              {t('credits.addCredits')}
              <span className="ext-mark" aria-hidden="true">
                ↗
              </span>
            </a>
          </div>
        </div>
      )}
    </div>
  );
}

function NoKey({ onClose }: { onClose(refocus: boolean): void }) {
  const { t } = useTranslation();
  return (
    <div className="credit-section">
      <p>{t('credits.noKeyHelp')}</p>
      <button
        type="button"
        className="primary"
        onClick={() => {
          onClose(false);
          useApp.getState().go('settings');
        }}
      >
        {t('credits.openSettings')}
      </button>
    </div>
  );
}

function Details({ state, view, locale, now, offset }: { state: CreditsState; view: MeterView; locale: string; now: number; offset: number }) {
  const { t } = useTranslation();
  const info = state.info;
  const usd = (v: number) => formatUsd(v, locale);
  const byok = info ? [info.byokUsage.daily, info.byokUsage.weekly, info.byokUsage.monthly, info.byokUsage.total].some((v) => v !== 0) : false;
  const resetAt = state.nextLimitResetAt;
  return (
    <>
      {view.keyProblem && (
        <p className="credit-alert" role="status" data-testid="credit-key-help">
          {t(`credits.keyStateHelp.${view.keyProblem}`)}
        </p>
      )}
      {view.staleLabel && (
        <p className="credit-alert credit-alert-stale" data-testid="credit-stale-help">
          {view.staleLabel}
          {state.error && <span className="credit-error-text"> · {t('credits.lastError', { message: errorText(t, { ...state.error, code: ERROR_CODES.find((c) => c === state.error?.code) ?? 'upstream_error', details: { service: 'gateway' } }) })}</span>}
        </p>
      )}
      {info && (
        <>
          <dl className="credit-facts">
            <dt>{t('credits.keyLabel')}</dt>
            <dd data-testid="credit-key-label">{info.name || info.label}</dd>
            <dt>{t('credits.remaining')}</dt>
            <dd data-testid="credit-remaining">
              {info.limit === null || info.limitRemaining === null ? (
                <>
                  {t('credits.noCap')}
                  <span className="muted credit-sub">{t('credits.noCapHelp')}</span>
                </>
              ) : (
                <>
                  {t('credits.remainingOf', { remaining: usd(info.limitRemaining), limit: usd(info.limit) })}
                  {view.fraction !== null && <span className="muted"> ({formatPercent(view.fraction, locale)})</span>}
                </>
              )}
            </dd>
            {info.limit !== null && (
              <>
                <dt>{t('credits.resets')}</dt>
                <dd data-testid="credit-reset">
                  {t(`credits.resetNames.${info.limitReset ?? 'never'}`)}
                  {resetAt !== null && (
                    <span className="credit-sub">
                      {t('credits.nextReset', { time: formatLocalTime(resetAt - offset, locale, now - offset) })}
                      {' · '}
                      <span data-testid="credit-reset-countdown">{t('credits.resetCountdown', { countdown: formatCountdown(resetAt - now, t) })}</span>
                    </span>
                  )}
                </dd>
              </>
            )}
            {/* include_byok_in_limit is a setting of the key: shown with or without a cap. */}
            <dt>{t('credits.byok')}</dt>
            <dd data-testid="credit-byok-counts">
              {info.limit !== null
                ? t(info.includeByokInLimit ? 'credits.byokCounted' : 'credits.byokNotCounted')
                : t(info.includeByokInLimit ? 'credits.byokCountedNoCap' : 'credits.byokNotCountedNoCap')}
            </dd>
          </dl>
          <table className="credit-usage" data-testid="credit-usage">
            <caption>{t('credits.usage')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('credits.period')}</th>
                <th scope="col">{t('credits.spent')}</th>
                {byok && <th scope="col">{t('credits.byok')}</th>}
              </tr>
            </thead>
            <tbody>
              {(
                [
                  ['today', info.usage.daily, info.byokUsage.daily],
                  ['week', info.usage.weekly, info.byokUsage.weekly],
                  ['month', info.usage.monthly, info.byokUsage.monthly],
                ] as const
              ).map(([k, used, byokUsed]) => (
                <tr key={k} data-testid={`credit-usage-${k}`}>
                  <th scope="row">{t(`credits.${k}`)}</th>
                  <td>{usd(used)}</td>
                  {byok && <td>{usd(byokUsed)}</td>}
                </tr>
              ))}
            </tbody>
          </table>
          {state.localCost > 0 && <p className="credit-note">{t('credits.pendingLocal', { cost: usd(state.localCost) })}</p>}
          <p className="credit-note" data-testid="credit-tier">
            {info.isFreeTier ? t('credits.freeTierHelp') : t('credits.paidTier')}
          </p>
        </>
      )}
    </>
  );
}
