import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import i18next from '../i18n';
import { useT } from '../i18n/useT';
import { effectiveShortcuts, type ShortcutId, type ShortcutOverrides } from '../../../shared/shortcuts';
import { useSettings } from '../stores/settingsStore';
import { chordCaps } from './chordOf';
import { createShortcutDispatcher, type ShortcutHandler } from './dispatcher';

/** The app's dispatcher, over the learner's bindings in the settings. */
export const shortcuts = createShortcutDispatcher(() => useSettings.getState().settings.shortcuts);

/** The rank of a page's own fallback: asked after every panel, popup and dialog. */
export const PAGE_RANK = -1;

/** Installs the one keydown listener (App, once). */
export function useShortcutDispatcher(): void {
  useEffect(() => {
    window.addEventListener('keydown', shortcuts.onKeyDown);
    return () => window.removeEventListener('keydown', shortcuts.onKeyDown);
  }, []);
}

/**
 * Runs `handler` for the action while the component is mounted and `enabled`. It is
 * registered when it becomes enabled: the newest open panel or popup is asked first.
 */
export function useShortcut(id: ShortcutId, handler: ShortcutHandler, enabled = true, rank = 0): void {
  const latest = useRef(handler);
  useLayoutEffect(() => {
    latest.current = handler;
  });
  useEffect(() => (enabled ? shortcuts.register(id, (e) => latest.current(e), rank) : undefined), [id, enabled, rank]);
}

/** Every action's keys as the learner bound them. */
export function useBindings(): Record<ShortcutId, readonly string[]> {
  return bindingsOf(useSettings((s) => s.settings.shortcuts));
}

/** The last overrides' bindings, shared by every component (each dictionary popup mounts a few that name keys). */
let lastBindings: { overrides: ShortcutOverrides | undefined; bindings: Record<ShortcutId, readonly string[]> } | null = null;
/** Every action's keys for these overrides (the settings' own object): computed once for as long as they stay. */
export function bindingsOf(overrides: ShortcutOverrides | undefined): Record<ShortcutId, readonly string[]> {
  if (lastBindings && lastBindings.overrides === overrides) return lastBindings.bindings;
  lastBindings = { overrides, bindings: effectiveShortcuts(overrides) };
  return lastBindings.bindings;
}

/** An action's keys as the learner bound them. */
export function useShortcutKeys(id: ShortcutId): readonly string[] {
  return useBindings()[id];
}

/** The key caps of a chord in the UI language (Space has a name in each). */
export function useChordCaps(): (chord: string) => string[] {
  const { t, language } = useT();
  // Stable while the language is: what is made from it can be memoized.
  return useCallback((chord: string) => chordCaps(chord, (key) => (i18next.exists(`shortcuts.keyNames.${key}`, { lng: language }) ? t(`shortcuts.keyNames.${key}`) : undefined)), [t, language]);
}

/** Actions' first keys as text (`Ctrl+Enter`, `⌘+Enter`), for a button's title or a hint; empty for an action without one. */
export function useKeyText(): (id: ShortcutId) => string {
  const bindings = useBindings();
  const caps = useChordCaps();
  return useCallback(
    (id: ShortcutId) => {
      const first = bindings[id][0];
      return first ? caps(first).join('+') : '';
    },
    [bindings, caps],
  );
}

/** An action's first key as text. */
export function useShortcutLabel(id: ShortcutId): string {
  return useKeyText()(id);
}

/** The review grades' actions, with the grade each one gives (their labels name it). */
const GRADE_OF: Partial<Record<ShortcutId, 1 | 2 | 3 | 4>> = { 'review.again': 1, 'review.hard': 2, 'review.good': 3, 'review.easy': 4 };

/** An action's name in the UI language. */
export function useActionLabel(): (id: ShortcutId) => string {
  const { t } = useTranslation();
  return (id) => {
    const grade = GRADE_OF[id];
    return t(`shortcuts.actions.${id}`, grade ? { grade: t(`review.grades.${grade}`) } : {});
  };
}
