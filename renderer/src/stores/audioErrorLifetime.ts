import { useApp } from './appStore';
import { useAudio } from './audioStore';
import { useReader } from './readerStore';

/**
 * A read-aloud error belongs to what was on screen: leaving the page or opening
 * another text (a new import, a history entry, the daily sentence) clears it.
 */
export function clearAudioErrorsOnMove(): () => void {
  const offPage = useApp.subscribe((s, prev) => {
    if (s.page !== prev.page) useAudio.getState().clearError();
  });
  const offDoc = useReader.subscribe((s, prev) => {
    if (s.doc !== prev.doc && s.doc?.id !== prev.doc?.id) useAudio.getState().clearError();
  });
  return () => {
    offPage();
    offDoc();
  };
}
