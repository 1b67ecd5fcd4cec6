/**
 * Every error the contract can return, for every service and reason the core tags, in each of
 * the four UI languages: the UI's text exists, is translated (not English in zh/ko), and never
 * carries the server's message.
 */
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { LOCALES, type Locale } from '../../../../shared/locales';
import { APP_MESSAGES, SEED_MESSAGES } from '../../../../shared/messages';
import { ERROR_CODES, ERROR_REASONS, ERROR_SERVICES, type AppErrorData } from '../../../../shared/result';
import { describeError, viewKeys } from '../../../../renderer/src/errors/describeError';
import { errorText } from '../../../../renderer/src/errors/errorText';
import { MESSAGES } from '../../../../renderer/src/i18n';

/** What a server might say: Chinese, as the /api messages, plus an English provider sentence. */
const SERVER_TEXT = '语音合成服务拒绝了连接（HTTP 404） Provider said: quota exhausted';

function lookup(locale: Locale, key: string): unknown {
  return key.split('.').reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined), MESSAGES[locale]);
}

const SCRIPT: Record<Locale, RegExp> = { en: /[A-Za-z]/, 'zh-CN': /\p{Script=Han}/u, 'zh-TW': /\p{Script=Han}/u, ko: /\p{Script=Hangul}/u };

function errorsToWalk(): AppErrorData[] {
  const out: AppErrorData[] = [];
  for (const code of ERROR_CODES) {
    out.push({ code, message: SERVER_TEXT });
    for (const reason of ERROR_REASONS) out.push({ code, message: SERVER_TEXT, details: { reason } });
    for (const service of ERROR_SERVICES) {
      out.push({ code, message: SERVER_TEXT, details: { service } });
      for (const reason of ERROR_REASONS) out.push({ code, message: SERVER_TEXT, details: { service, reason } });
    }
  }
  return out;
}

describe('error texts: every code, service and reason in the four UI languages', async () => {
  const i18n = i18next.createInstance();
  await i18n.init({ lng: 'en', resources: Object.fromEntries(LOCALES.map((l) => [l, { translation: MESSAGES[l] }])), interpolation: { escapeValue: false } });

  for (const locale of LOCALES) {
    it(`${locale}: each key exists, is translated and in the language's script`, () => {
      const problems: string[] = [];
      for (const error of errorsToWalk()) {
        for (const key of viewKeys(describeError(error))) {
          const text = lookup(locale, key);
          const label = `${error.code}/${String(error.details?.service)}/${String(error.details?.reason)} ${key}`;
          if (typeof text !== 'string' || text.trim() === '') problems.push(`missing: ${label}`);
          else if (locale !== 'en' && text === lookup('en', key)) problems.push(`untranslated: ${label}`);
          else if (!SCRIPT[locale].test(text)) problems.push(`not in ${locale}: ${label}`);
        }
      }
      expect([...new Set(problems)]).toEqual([]);
    });

    it(`${locale}: the shown text never carries the server's message`, async () => {
      await i18n.changeLanguage(locale);
      for (const error of errorsToWalk()) {
        const text = errorText(i18n.t, error);
        expect(text, `${error.code}/${String(error.details?.service)}`).not.toContain('HTTP 404');
        expect(text).not.toContain('quota');
        expect(text).not.toContain('语音合成服务拒绝');
        expect(text).not.toMatch(/problems\./);
      }
      // The /api routes' fixed Chinese texts are recognised and said in the UI language.
      for (const message of [...Object.values(SEED_MESSAGES), ...(Object.values(APP_MESSAGES) as unknown[]).filter((m): m is string => typeof m === 'string')] as string[]) {
        const text = errorText(i18n.t, { code: 'bad_request', message });
        if (locale !== 'zh-CN') expect(text, message).not.toContain(message);
        expect(text).toMatch(SCRIPT[locale]);
        expect(text, message).not.toMatch(/problems\./);
      }
    });
  }

  it('a tagged error names its service and says what still works', () => {
    const view = describeError({ code: 'upstream_error', message: SERVER_TEXT, details: { service: 'speech', reason: 'refused' } });
    expect(view).toMatchObject({ key: 'problems.services.speech.failed', detailKey: 'problems.reasons.refused', stillWorksKey: 'problems.services.speech.stillWorks', service: 'speech' });
    // A specific code says more than a reason would.
    expect(describeError({ code: 'invalid_key', message: '', details: { service: 'gemini', reason: 'refused' } }).detailKey).toBe('problems.causes.invalid_key');
  });

  it('a task no model of the provider can do (image input) has its own sentence and leads to Settings, named service or not', () => {
    const raw = { code: 'bad_request', message: 'No local model can do this task (imageText).', details: { reason: 'no_able_model', provider: 'local', task: 'imageText' } } as const;
    expect(describeError(raw)).toMatchObject({ key: 'problems.reasons.no_able_model', action: 'settings' });
    expect(describeError({ ...raw, details: { ...raw.details, service: 'local' } })).toMatchObject({ key: 'problems.services.local.failed', detailKey: 'problems.reasons.no_able_model', action: 'settings' });
  });
});
