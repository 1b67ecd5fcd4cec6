import '../../styles/keyboard.css';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { chordProblem, LOOKUP_KEYS, MAX_KEYS_PER_SHORTCUT, shortcutDef, type LookupKey, type ShortcutId, type ShortcutOverrides, type ShortcutProblem } from '../../../../shared/shortcuts';
import { chordOf } from '../../keyboard/chordOf';
import { ChordCaps, KeysList } from '../../keyboard/KeyCaps';
import { GestureList, KEYBOARD_SETTINGS_ID } from '../../keyboard/ShortcutsOverlay';
import { SHORTCUT_GROUPS } from '../../keyboard/shortcutRows';
import { useActionLabel, useBindings, useChordCaps, useShortcutLabel } from '../../keyboard/shortcuts';
import { useSettings } from '../../stores/settingsStore';

/** Settings → Keyboard: every shortcut by scope, each changeable (a clash refused with its reason), and the lookup key. */
export function KeyboardSettings() {
  const { t } = useTranslation();
  const overrides = useSettings((s) => s.settings.shortcuts);
  const lookupKey = useSettings((s) => s.settings.dictionaryHoverKey);
  const update = useSettings((s) => s.update);
  const label = useActionLabel();
  const help = useShortcutLabel('app.help');
  const [capturing, setCapturing] = useState<ShortcutId | null>(null);
  const [problem, setProblem] = useState<{ id: ShortcutId; problem: ShortcutProblem } | null>(null);
  const bindings = useBindings();
  const save = (next: ShortcutOverrides) => void update({ shortcuts: next as Record<string, string[]> });
  const setKeys = (id: ShortcutId, keys: string[]) => save({ ...overrides, [id]: keys });

  // The next key pressed is the new one: taken before the dispatcher (capture phase), so it runs nothing.
  useEffect(() => {
    if (!capturing) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.isComposing) return;
      e.preventDefault();
      e.stopImmediatePropagation();
      if (e.key === 'Escape') return setCapturing(null);
      const chord = chordOf(e);
      if (!chord) return; // a modifier alone: the key with it comes next
      setCapturing(null);
      const keys = bindings[capturing];
      if (keys.includes(chord)) return setProblem(null);
      const p = keys.length >= MAX_KEYS_PER_SHORTCUT ? ({ kind: 'tooMany', id: capturing } as const) : chordProblem(bindings, capturing, chord);
      setProblem(p && { id: capturing, problem: p });
      if (!p) setKeys(capturing, [...keys, chord]);
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  });

  const customised = Object.keys(overrides).length > 0;
  return (
    <fieldset className="card keyboard-settings" id={KEYBOARD_SETTINGS_ID} data-testid="settings-keyboard">
      <legend>{t('shortcuts.title')}</legend>
      <p className="hint">{t('shortcuts.help', { key: help })}</p>
      {SHORTCUT_GROUPS.map((g) => (
        <section key={g.scope} className="shortcuts-group" data-scope={g.scope}>
          <h3>{t(`shortcuts.scopes.${g.scope}`)}</h3>
          {g.lookupKey && (
            <div className="shortcut-setting">
              <label htmlFor="lookup-key">{t('shortcuts.lookup.label')}</label>
              <select id="lookup-key" value={lookupKey} onChange={(e) => void update({ dictionaryHoverKey: e.target.value as LookupKey })} data-testid="lookup-key">
                {LOOKUP_KEYS.map((k) => (
                  <option key={k} value={k}>
                    {t(`shortcuts.lookup.keys.${k}`)}
                  </option>
                ))}
              </select>
              <p className="field-help">{t(lookupKey === 'hover' ? 'shortcuts.lookup.hoverHelp' : 'shortcuts.lookup.help')}</p>
            </div>
          )}
          {g.actions.map((id) => (
            <ShortcutSetting
              key={id}
              id={id}
              label={label(id)}
              keys={bindings[id]}
              changed={overrides[id] !== undefined}
              capturing={capturing === id}
              problem={problem?.id === id ? problem.problem : null}
              onCapture={(on) => {
                setProblem(null);
                setCapturing(on ? id : null);
              }}
              onRemove={(chord) => setKeys(id, bindings[id].filter((c) => c !== chord))}
              onReset={() => {
                const { [id]: _dropped, ...rest } = overrides;
                setProblem(null);
                save(rest);
              }}
            />
          ))}
          <GestureList gestures={g.gestures} />
        </section>
      ))}
      <button type="button" disabled={!customised} onClick={() => save({})} data-testid="shortcuts-reset-all">
        {t('shortcuts.settings.resetAll')}
      </button>
    </fieldset>
  );
}

interface RowProps {
  id: ShortcutId;
  label: string;
  keys: readonly string[];
  changed: boolean;
  capturing: boolean;
  problem: ShortcutProblem | null;
  onCapture(on: boolean): void;
  onRemove(chord: string): void;
  onReset(): void;
}

function ShortcutSetting({ id, label, keys, changed, capturing, problem, onCapture, onRemove, onReset }: RowProps) {
  const { t } = useTranslation();
  const caps = useChordCaps();
  const fixed = shortcutDef(id).fixed === true;
  const text = problemText(problem, t, useActionLabel(), caps);
  return (
    <div className="shortcut-setting" data-action={id} data-testid={`shortcut-${id}`}>
      <span className="shortcut-label">{label}</span>
      <span className="shortcut-keys">
        {fixed ? (
          <>
            <KeysList chords={keys} />
            <span className="badge">{t('shortcuts.fixed')}</span>
          </>
        ) : (
          <>
            {keys.length === 0 && <span className="muted">{t('shortcuts.noKey')}</span>}
            {keys.map((c) => (
              <span key={c} className="shortcut-key">
                <ChordCaps chord={c} />
                <button type="button" className="link-button small" aria-label={t('shortcuts.settings.remove', { key: caps(c).join('+') })} onClick={() => onRemove(c)}>
                  ×
                </button>
              </span>
            ))}
            {capturing ? (
              <>
                <span className="shortcut-press" role="status">
                  {t('shortcuts.settings.press', { action: label })}
                </span>
                <button type="button" className="small" onClick={() => onCapture(false)}>
                  {t('shortcuts.settings.cancel')}
                </button>
              </>
            ) : (
              <button type="button" className="small" onClick={() => onCapture(true)} data-testid="shortcut-add">
                {t('shortcuts.settings.add')}
              </button>
            )}
            {changed && (
              <button type="button" className="link-button small" onClick={onReset} data-testid="shortcut-reset">
                {t('shortcuts.settings.reset')}
              </button>
            )}
          </>
        )}
      </span>
      {text && (
        <p className="shortcut-problem" role="alert" data-testid="shortcut-problem">
          {text}
        </p>
      )}
    </div>
  );
}

/** Why a key was refused, in the UI language. */
function problemText(p: ShortcutProblem | null, t: ReturnType<typeof useTranslation>['t'], label: (id: ShortcutId) => string, caps: (chord: string) => string[]): string | null {
  if (!p) return null;
  switch (p.kind) {
    case 'clash':
      return t('shortcuts.settings.clash', { key: caps(p.chord).join('+'), action: label(p.other), scope: t(`shortcuts.scopes.${shortcutDef(p.other).scope}`) });
    case 'reserved':
    case 'invalid':
      return t('shortcuts.settings.reserved', { key: caps(p.chord).join('+') });
    case 'tooMany':
      return t('shortcuts.settings.tooMany', { count: MAX_KEYS_PER_SHORTCUT });
    default:
      return null;
  }
}
