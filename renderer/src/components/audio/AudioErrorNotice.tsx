import { useTranslation } from 'react-i18next';
import { useAudio, type AudioWhat } from '../../stores/audioStore';
import { ErrorMessage } from '../status/ErrorMessage';

/**
 * A failed reading aloud, shown beside the control that started it (`whats`: the
 * controls of this place) and nowhere else. It goes when the learner moves on
 * (audioErrorLifetime) or a new reading starts.
 */
export function AudioErrorNotice(props: { whats: readonly AudioWhat[]; onRetry?: () => void }) {
  const { t } = useTranslation();
  const error = useAudio((s) => s.error);
  const what = useAudio((s) => s.errorWhat);
  if (!error || !what || !props.whats.includes(what)) return null;
  return (
    <div className="inline-error" data-testid={`audio-error-${what}`}>
      {error.code === 'playback' ? (
        <p className="error" role="alert">
          {t('audio.playbackFailed')}
        </p>
      ) : (
        <ErrorMessage error={error} compact testId="audio-error" {...(props.onRetry ? { onRetry: props.onRetry } : {})} />
      )}
    </div>
  );
}
