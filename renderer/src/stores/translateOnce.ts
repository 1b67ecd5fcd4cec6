import type { TextResult } from '../../../shared/contract/reader';
import type { Result } from '../../../shared/result';
import { bridge, withCallMeta } from '../bridge';
import { useSettings } from './settingsStore';

/** `reader.translate` of a text in the UI language, waited for whole (cached by the core like any translation). */
export async function translateOnce(text: string): Promise<Result<TextResult>> {
  const locale = useSettings.getState().settings.uiLocale;
  const s = withCallMeta({ locale }, () => bridge.stream('reader.translate', { text }));
  for await (const _ of s) void _;
  return s.result;
}
