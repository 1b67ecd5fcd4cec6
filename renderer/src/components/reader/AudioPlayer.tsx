import { useCallback } from 'react';
import { useAudio } from '../../stores/audioStore';

/** The one <audio> element all reading aloud goes through (a data URL from `tts.speak`). */
export function AudioPlayer() {
  const attach = useCallback((el: HTMLAudioElement | null) => {
    useAudio.getState().attach(el);
    return () => {
      useAudio.getState().stop();
      useAudio.getState().attach(null);
    };
  }, []);
  return <audio ref={attach} data-testid="reader-audio" preload="auto" hidden />;
}
