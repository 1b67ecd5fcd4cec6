import { useTranslation } from 'react-i18next';
import { useChordCaps } from './shortcuts';

/** One chord as key caps: Ctrl + Shift + Enter. */
export function ChordCaps({ chord }: { chord: string }) {
  const caps = useChordCaps()(chord);
  return (
    <kbd className="chord" data-chord={chord}>
      {caps.map((c, i) => (
        <kbd key={i}>{c}</kbd>
      ))}
    </kbd>
  );
}

/** A run of keys with the same modifiers (the arrows, Shift+the arrows): the modifiers once, then the keys. */
function KeyRun({ chords }: { chords: readonly string[] }) {
  const caps = useChordCaps();
  const parts = chords.map((c) => caps(c));
  const mods = parts[0]!.slice(0, -1);
  return (
    <kbd className="chord" data-chord={chords.join(' ')}>
      {mods.map((m, i) => (
        <kbd key={i}>{m}</kbd>
      ))}
      {parts.map((p, i) => (
        <span key={i} className="keys-run">
          {i > 0 && '/'}
          <kbd>{p.at(-1)}</kbd>
        </span>
      ))}
    </kbd>
  );
}

const modifiersOf = (chord: string) => chord.slice(0, Math.max(0, chord.lastIndexOf('+', chord.length - 2) + 1));

/** An action's chords, "or" between them; "No key" for none. */
export function KeysList({ chords }: { chords: readonly string[] }) {
  const { t } = useTranslation();
  if (chords.length === 0) return <span className="muted">{t('shortcuts.noKey')}</span>;
  // Many keys of one kind (the arrows with Home and End): one run, not a long row of "or".
  if (chords.length >= 3 && chords.every((c) => modifiersOf(c) === modifiersOf(chords[0]!))) return <KeyRun chords={chords} />;
  return (
    <span className="keys-list">
      {chords.map((c, i) => (
        <span key={c}>
          {i > 0 && <span className="keys-or"> {t('shortcuts.or')} </span>}
          <ChordCaps chord={c} />
        </span>
      ))}
    </span>
  );
}
