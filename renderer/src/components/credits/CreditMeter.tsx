import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { startCredits, useCredits } from '../../stores/creditsStore';
import { useKeyInviteRole } from '../../stores/keyInviteStore';
import { CreditPopover } from './CreditPopover';
import { meterView } from './meterView';
import { useNow } from './useNow';

/**
 * The header's credit meter: remaining of the cap as a bar and a number (or
 * "no cap"), coloured at 25 % and 10 % left, with the free-tier badge, key
 * problems and an offline label. Opens a popover with the details.
 */
export function CreditMeter() {
  const { t, i18n } = useTranslation();
  const state = useCredits((s) => s.state);
  const receivedAt = useCredits((s) => s.receivedAt);
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const popoverId = useId();

  useEffect(() => startCredits(), []);

  const stale = state !== null && state.status !== 'no_key' && state.status !== 'fresh';
  // Ages only move while something shows them: the offline label, or the open popover.
  const now = useNow(1000, stale || open);
  const ageMs = state && state.ageMs !== null ? state.ageMs + Math.max(0, now - receivedAt) : null;
  const view = meterView(state, ageMs, i18n.language, t);
  // "No API key" is an invitation too: the last one, shown only where nothing else on the screen invites, and not after a no.
  const inviteRole = useKeyInviteRole('meter', view.mode === 'no_key');

  const close = useCallback((refocus: boolean) => {
    setOpen(false);
    if (refocus) buttonRef.current?.focus();
  }, []);

  if (view.mode === 'no_key' && inviteRole !== 'invite') return null;
  return (
    <div className="credit-meter-wrap">
      <button
        ref={buttonRef}
        type="button"
        className="credit-meter"
        data-testid="credit-meter"
        data-mode={view.mode}
        data-level={view.level}
        data-stale={view.stale ? 'true' : 'false'}
        data-key-state={view.keyProblem ?? 'ok'}
        aria-label={view.summary}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? popoverId : undefined}
        onClick={() => setOpen((o) => !o)}
      >
        {view.mode === 'cap' && view.fraction !== null && (
          <span className="credit-bar" aria-hidden="true">
            <span className="credit-bar-fill" style={{ width: `${Math.round(view.fraction * 100)}%` }} />
          </span>
        )}
        <span className="credit-figure" data-testid="credit-figure">
          {view.figure}
        </span>
        {view.freeTier && (
          <span className="credit-badge credit-badge-free" data-testid="credit-free-tier">
            {t('credits.freeTier')}
          </span>
        )}
        {view.keyProblem && (
          <span className="credit-badge credit-badge-problem" data-testid="credit-key-state">
            {t(`credits.keyStates.${view.keyProblem}`)}
          </span>
        )}
        {view.staleLabel && (
          <span className="credit-stale" data-testid="credit-stale">
            {view.staleLabel}
          </span>
        )}
      </button>
      {open && <CreditPopover id={popoverId} view={view} ageMs={ageMs} now={now} anchor={buttonRef} onClose={close} />}
    </div>
  );
}
