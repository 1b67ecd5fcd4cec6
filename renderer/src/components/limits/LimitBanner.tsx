import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { GATEWAY_CREDITS_URL } from '../../../../shared/credits';
import { useCredits } from '../../stores/creditsStore';
import { formatCountdown, formatLocalTime } from '../credits/format';
import { openKeyPanel } from '../credits/openKeyPanel';
import { useNow } from '../credits/useNow';
import { useLimits, type LimitNotice } from './useLimits';

/** Where a key's cap is raised when the app holds no management key. */
const GATEWAY_KEYS_URL = 'https://openrouter.ai/settings/keys';

/**
 * Under the header: which limit a call hit and the way out. 402: add credits,
 * raise the key's cap, or wait for the cap's reset. 429: a live countdown to
 * the end of the wait, a retry button, and a retry by itself when the wait ends.
 */
export function LimitBanner() {
  const notice = useLimits((s) => s.notice);
  return notice ? <Banner key={notice.id} notice={notice} /> : null;
}

function str(v: unknown): string | undefined {
  return typeof v === 'string' ? v : undefined;
}

function Banner({ notice }: { notice: LimitNotice }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const now = useNow(1000);
  const dismiss = useLimits((s) => s.dismiss);
  const retryNow = useLimits((s) => s.retryNow);
  const credits = useCredits((s) => s.state);
  const receivedAt = useCredits((s) => s.receivedAt);
  const titleId = useId();
  const details = notice.error.details ?? {};
  const freeTier = credits?.info?.isFreeTier ?? true;

  let title: string;
  let reason: string;
  if (notice.code === 'insufficient_credits') {
    title = t('limits.creditsTitle');
    const kind = str(details.creditLimit);
    reason = kind === 'balance' ? t('limits.balance') : kind === 'key_cap' ? t('limits.keyCap') : t('limits.creditsUnknown');
  } else if (notice.code === 'rate_limited') {
    title = t('limits.rateTitle');
    const source = str(details.rateLimitSource);
    reason =
      source === 'platform'
        ? details.dailyCap === true
          ? t('limits.platformDay')
          : t('limits.platformMinute')
        : source === 'upstream'
          ? t('limits.upstream')
          : t('limits.rateGeneric');
  } else {
    title = t('limits.freeTitle');
    const limit = typeof details.limit === 'number' ? details.limit : undefined;
    reason = details.window === 'day' ? t('limits.freeDay', { limit }) : t('limits.freeMinute', { limit });
  }
  const creditLimit = str(details.creditLimit);
  const dayLimit = (notice.code === 'rate_limited' && details.dailyCap === true) || (notice.code === 'free_model_limit' && details.window === 'day');

  // 402 ways out.
  const showAddCredits = notice.code === 'insufficient_credits' ? creditLimit !== 'key_cap' : dayLimit && freeTier;
  const showRaiseCap = notice.code === 'insufficient_credits' && creditLimit !== 'balance';
  // The cap's reset in local time: the core's instant corrected for clock skew.
  const capResetAt = showRaiseCap && credits?.nextLimitResetAt ? credits.nextLimitResetAt - (credits.now - receivedAt) : null;

  const waitMs = notice.retryAt !== null ? Math.max(0, notice.retryAt - now) : null;

  return (
    <section className="limit-banner" data-code={notice.code} data-testid="limit-banner" aria-labelledby={titleId}>
      <LimitIcon kind={notice.code === 'insufficient_credits' ? 'credits' : 'wait'} />
      <div className="limit-body">
        <div role="alert">
          <strong id={titleId} className="limit-title">
            {title}
          </strong>{' '}
          <span data-testid="limit-reason">{reason}</span>
        </div>
        {dayLimit && freeTier && <p className="limit-raw muted">{t('limits.unlockFree')}</p>}
        {(showAddCredits || showRaiseCap) && (
          <div className="limit-ways" data-testid="limit-ways">
            <span className="muted">{t('limits.waysOut')}</span>
            {showAddCredits && (
              <a className="button-link primary-link" href={GATEWAY_CREDITS_URL} target="_blank" rel="noreferrer noopener" data-testid="limit-add-credits">
                {t('limits.addCredits')}
                <span className="ext-mark" aria-hidden="true">
                  ↗
                </span>
              </a>
            )}
            {showRaiseCap &&
              (credits?.canManage ? (
                <button type="button" className="button-link" onClick={openKeyPanel} data-testid="limit-raise-cap">
                  {t('limits.raiseCap')}
                </button>
              ) : (
                <a className="button-link" href={GATEWAY_KEYS_URL} target="_blank" rel="noreferrer noopener" data-testid="limit-raise-cap">
                  {t('limits.raiseCapElsewhere')}
                  <span className="ext-mark" aria-hidden="true">
                    ↗
                  </span>
                </a>
              ))}
            {capResetAt !== null && (
              <span data-testid="limit-wait-reset">
                {t('limits.waitUntil', { time: formatLocalTime(capResetAt, locale, now), countdown: formatCountdown(capResetAt - now, t) })}
              </span>
            )}
          </div>
        )}
        {notice.code !== 'insufficient_credits' && (
          <div className="limit-wait">
            <span data-testid="limit-countdown" data-wait-ms={waitMs ?? ''}>
              {waitMs === null
                ? t('limits.waitAWhile')
                : notice.retry
                  ? t('limits.retryIn', { countdown: formatCountdown(waitMs, t) })
                  : t('limits.availableAt', { time: formatLocalTime(notice.retryAt ?? now, locale, now), countdown: formatCountdown(waitMs, t) })}
            </span>
          </div>
        )}
      </div>
      <div className="limit-actions">
        {notice.retry && (
          <button type="button" className="primary" onClick={retryNow} data-testid="limit-retry">
            {t('limits.retry')}
          </button>
        )}
        <button type="button" className="icon-button" aria-label={t('limits.dismiss')} title={t('limits.dismiss')} onClick={dismiss} data-testid="limit-dismiss">
          <span aria-hidden="true">×</span>
        </button>
      </div>
    </section>
  );
}

/** A wallet for credits, a clock for waits; drawn inline so no icon font is needed. */
function LimitIcon({ kind }: { kind: 'credits' | 'wait' }) {
  return (
    <svg className="limit-icon" viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
      {kind === 'credits' ? (
        <>
          <path d="M4 7.5A2.5 2.5 0 0 1 6.5 5H18v3" />
          <rect x="4" y="8" width="16" height="11" rx="2.5" />
          <path d="M16 13.5h.01" strokeWidth="2.6" />
        </>
      ) : (
        <>
          <circle cx="12" cy="13" r="8" />
          <path d="M12 9v4l2.5 2M9.5 3h5" />
        </>
      )}
    </svg>
  );
}
