import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { SEED_MESSAGES } from '../../../../shared/messages';
import { errorText } from '../../../../renderer/src/errors/errorText';
import { en } from '../../../../renderer/src/i18n/locales/en';
import { zhCN } from '../../../../renderer/src/i18n/locales/zh-CN';

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.init({ lng: 'en', resources: { en: { translation: en }, 'zh-CN': { translation: zhCN } }, interpolation: { escapeValue: false } });
});

describe('errorText: an error inside a sentence, in the UI language', () => {
  it('translates the fixed Chinese messages and never shows them raw', async () => {
    await i18n.changeLanguage('en');
    const text = errorText(i18n.t, { code: 'missing_key', message: SEED_MESSAGES.missingKey });
    expect(text).toBe(en.problems.seed.missingKey);
    expect(text).not.toContain('未提供');
  });

  it('drops a provider’s own words: the code and service say what failed', async () => {
    await i18n.changeLanguage('zh-CN');
    const text = errorText(i18n.t, { code: 'insufficient_credits', message: 'Insufficient credits. Add more using https://openrouter.ai/settings/credits' });
    expect(text).toBe(zhCN.problems.codes.insufficient_credits);
    const tagged = errorText(i18n.t, { code: 'upstream_error', message: '语音合成服务拒绝了连接（HTTP 404）', details: { service: 'speech', reason: 'refused' } });
    expect(tagged).toBe(`${zhCN.problems.services.speech.failed} ${zhCN.problems.reasons.refused}`);
  });
});
