import { useTranslation } from 'react-i18next';
import { AudioErrorNotice } from '../audio/AudioErrorNotice';
import { EDGE_GENDERS, GEMINI_VOICES, TTS_PROVIDERS, type GeminiVoice } from '../../../../shared/catalog';
import { useAudio } from '../../stores/audioStore';
import { useSettings } from '../../stores/settingsStore';
import { PlayIcon, StopIcon } from '../reader/icons';
import { Segmented } from './Switch';

const SAMPLE = '今日はいい天気ですね。一緒に散歩しませんか。';

/** Text-to-speech defaults: Edge (voice and rate) or Gemini (voice), with a sample to listen to. */
export function VoiceSettings() {
  const { t } = useTranslation();
  const tts = useSettings((st) => st.settings.tts);
  const update = useSettings((st) => st.update);
  const playing = useAudio((s) => s.what === 'sample' && s.status !== 'idle');
  return (
    <fieldset className="card" data-testid="settings-voice">
      <legend>{t('prefs.voice')}</legend>
      <Segmented id="pref-tts" label={t('prefs.ttsProvider')} options={TTS_PROVIDERS} value={tts.provider} name={(p) => t(`prefs.ttsProviders.${p}`)} onChange={(provider) => void update({ tts: { provider } })} />
      {tts.provider === 'edge' ? (
        <>
          <Segmented id="pref-gender" label={t('prefs.gender')} options={EDGE_GENDERS} value={tts.gender} name={(g) => t(`prefs.genders.${g}`)} onChange={(gender) => void update({ tts: { gender } })} />
          <div className="field">
            <label className="field-label" htmlFor="pref-rate">
              {t('prefs.rate')}
            </label>
            <div className="range-row">
              <input
                id="pref-rate"
                type="range"
                min={-50}
                max={50}
                step={5}
                value={tts.rate}
                onChange={(e) => void update({ tts: { rate: Number(e.target.value) } })}
                aria-valuetext={t('prefs.rateValue', { value: tts.rate > 0 ? `+${tts.rate}` : String(tts.rate) })}
              />
              <output htmlFor="pref-rate">{t('prefs.rateValue', { value: tts.rate > 0 ? `+${tts.rate}` : String(tts.rate) })}</output>
            </div>
          </div>
        </>
      ) : (
        <div className="field">
          <label className="field-label" htmlFor="pref-gemini-voice">
            {t('prefs.geminiVoice')}
          </label>
          <select id="pref-gemini-voice" value={tts.geminiVoice} onChange={(e) => void update({ tts: { geminiVoice: e.target.value as GeminiVoice } })}>
            {GEMINI_VOICES.map((v) => (
              <option key={v} value={v}>
                {v}
              </option>
            ))}
          </select>
        </div>
      )}
      <div className="field">
        <span className="field-label" />
        <button type="button" className="with-icon" style={{ width: 'max-content' }} data-testid="voice-sample" onClick={() => (playing ? useAudio.getState().stop() : useAudio.getState().play(SAMPLE, 'sample'))}>
          {playing ? <StopIcon /> : <PlayIcon />}
          {playing ? t('audio.stop') : t('prefs.tryVoice')}
        </button>
      </div>
      <AudioErrorNotice whats={['sample']} />
    </fieldset>
  );
}
