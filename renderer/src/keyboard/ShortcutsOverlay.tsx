import '../styles/keyboard.css';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApp } from '../stores/appStore';
import { useSettings } from '../stores/settingsStore';
import { KeysList } from './KeyCaps';
import { SHORTCUT_GROUPS } from './shortcutRows';
import { useActionLabel, useBindings, useShortcut } from './shortcuts';

/** Where Settings lists the shortcuts (the overlay's button scrolls there). */
export const KEYBOARD_SETTINGS_ID = 'settings-keyboard';

/** What the mouse does in a scope, under the keys. */
export function GestureList({ gestures }: { gestures: readonly string[] }) {
  const { t } = useTranslation();
  if (gestures.length === 0) return null;
  return (
    <div className="shortcut-gestures">
      <span className="muted">{t('shortcuts.gestures.heading')}</span>
      <ul>
        {gestures.map((k) => (
          <li key={k}>{t(`shortcuts.gestures.${k}`)}</li>
        ))}
      </ul>
    </div>
  );
}

/** The `?` overlay: every shortcut as the learner bound it, by scope, and the mouse's gestures. */
export function ShortcutsOverlay() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const bindings = useBindings();
  const lookupKey = useSettings((s) => s.settings.dictionaryHoverKey);
  const label = useActionLabel();
  useShortcut('app.help', () => setOpen((o) => !o));
  useShortcut('app.close', () => setOpen(false), open);

  // Focus into the dialog, and back where it was when it closes.
  useEffect(() => {
    if (!open) return;
    const back = document.activeElement as HTMLElement | null;
    ref.current?.focus();
    return () => back?.focus?.({ preventScroll: true });
  }, [open]);

  if (!open) return null;
  return (
    <div className="shortcuts-layer">
      <div className="shortcuts-backdrop" onClick={() => setOpen(false)} aria-hidden="true" />
      <div ref={ref} className="shortcuts-overlay" role="dialog" aria-modal="true" aria-labelledby="shortcuts-title" tabIndex={-1} data-testid="shortcuts-overlay">
        <div className="shortcuts-head">
          <h2 id="shortcuts-title">{t('shortcuts.title')}</h2>
          <button
            type="button"
            className="small"
            onClick={() => {
              setOpen(false);
              useApp.getState().go('settings');
              requestAnimationFrame(() => document.getElementById(KEYBOARD_SETTINGS_ID)?.scrollIntoView({ block: 'start' }));
            }}
            data-testid="shortcuts-change"
          >
            {t('shortcuts.change')}
          </button>
          <button type="button" className="small" onClick={() => setOpen(false)}>
            {t('shortcuts.close')}
          </button>
        </div>
        <div className="shortcuts-groups">
          {SHORTCUT_GROUPS.map((g) => (
            <section key={g.scope} className="shortcuts-group" data-scope={g.scope}>
              <h3>{t(`shortcuts.scopes.${g.scope}`)}</h3>
              <dl>
                {g.lookupKey && (
                  <div className="shortcut-row" data-testid="shortcut-lookup">
                    <dt>{t('shortcuts.lookup.label')}</dt>
                    <dd>{t(`shortcuts.lookup.keys.${lookupKey}`)}</dd>
                  </div>
                )}
                {g.actions.map((id) => (
                  <div key={id} className="shortcut-row" data-action={id}>
                    <dt>{label(id)}</dt>
                    <dd>
                      <KeysList chords={bindings[id]} />
                    </dd>
                  </div>
                ))}
              </dl>
              <GestureList gestures={g.gestures} />
            </section>
          ))}
        </div>
      </div>
    </div>
  );
}
