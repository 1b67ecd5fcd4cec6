/**
 * The status cycle key (shared/shortcuts.ts `word.cycleStatus`): over the word under the
 * pointer, else the selected word (the reader's, a book's word mode, the open word panel's),
 * its status moves on (new → learning → known → new; ignored → new). Without a word the key is
 * not taken.
 */
import { useEffect } from 'react';
import { wordKeyId, type WordKey } from '../../../shared/words';
import i18n from '../i18n';
import { useShortcut } from '../keyboard/shortcuts';
import { useApp } from '../stores/appStore';
import { nextStatus, statusOfId, useWordStatus } from '../stores/wordStatusStore';

let hovered: Element | null = null;

const keyOf = (el: Element | null | undefined): WordKey | null => {
  const id = (el as HTMLElement | null | undefined)?.dataset?.wk;
  if (!id) return null;
  const [term = '', reading = ''] = id.split('\t');
  return term && reading ? { term, reading } : null;
};

/** The word the key acts on: hovered, else selected. */
export function targetWord(panelKey?: WordKey | null): WordKey | null {
  if (hovered?.isConnected && hovered.matches(':hover')) {
    const k = keyOf(hovered);
    if (k) return k;
  }
  const selected = document.querySelector('[data-wk][aria-current="true"], .sel[data-wk], .book-word-cursor[data-wk], .book-word-cursor [data-wk]');
  return keyOf(selected) ?? panelKey ?? null;
}

export function useStatusKey(panelKey?: () => WordKey | null): void {
  useEffect(() => {
    const over = (e: PointerEvent) => {
      hovered = e.target instanceof Element ? e.target.closest('[data-wk]') : null;
    };
    document.addEventListener('pointerover', over, { passive: true });
    return () => document.removeEventListener('pointerover', over);
  }, []);
  useShortcut('word.cycleStatus', () => {
    const key = targetWord(panelKey?.());
    if (!key) return false;
    const s = useWordStatus.getState();
    // Shown at once; if the core refuses, the word goes back and the learner is told (in the UI language).
    void s.set([{ ...key, status: nextStatus(statusOfId(s.byId, wordKeyId(key))) }]).then((e) => e && useApp.getState().notify(i18n.t('words.failed')));
    return true;
  });
}
