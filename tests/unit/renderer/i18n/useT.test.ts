import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, describe, expect, it } from 'vitest';
import i18next from '../../../../renderer/src/i18n';
import { fastT, useT } from '../../../../renderer/src/i18n/useT';
import { en } from '../../../../renderer/src/i18n/locales/en';
import { ko } from '../../../../renderer/src/i18n/locales/ko';

const start = i18next.language;
// Texts this test adds go to a namespace of its own: the 'translation' bundles are the locale objects themselves, which
// the key-parity test reads in the same process.
const NS = 'useTTest';
afterAll(async () => {
  i18next.removeResourceBundle('en', NS);
  await i18next.changeLanguage(start);
});

function Label() {
  const { t, language } = useT();
  return createElement('span', { lang: language }, t('dictionary.common'));
}

describe('useT: the shared translate function of a hover', () => {
  it('gives each language its own texts, a key resolved once per language', () => {
    const enT = fastT('en').t;
    const koT = fastT('ko').t;
    expect(enT('dictionary.common')).toBe(en.dictionary.common);
    expect(koT('dictionary.common')).toBe(ko.dictionary.common);
    expect(ko.dictionary.common).not.toBe(en.dictionary.common);
    // Asked again (from its cache), each language keeps its own text.
    expect(enT('dictionary.common')).toBe(en.dictionary.common);
    expect(koT('dictionary.common')).toBe(ko.dictionary.common);
    // One function per language, the same for every component.
    expect(fastT('en').t).toBe(enT);
    // Resolved once: a text changed without notice (silent) is not looked up again.
    i18next.addResource('en', NS, 'once', 'First');
    expect(fastT('en').t('useTTest:once')).toBe('First');
    i18next.addResource('en', NS, 'once', 'Second', { silent: true });
    expect(fastT('en').t('useTTest:once')).toBe('First');
  });

  it('takes texts added at run time, rather than what it resolved before', () => {
    expect(fastT('en').t('useTTest:added')).toBe('added');
    i18next.addResource('en', NS, 'added', 'Added later');
    expect(fastT('en').t('useTTest:added')).toBe('Added later');
    // The locale objects the app ships are left as they were.
    expect(Object.keys(en)).not.toContain(NS);
  });

  it('interpolates a key asked with options each time, never from the cache', () => {
    const { t } = fastT('en');
    expect(t('dictionary.facts.jlpt', { level: 'N3' })).toContain('N3');
    expect(t('dictionary.facts.jlpt', { level: 'N1' })).toContain('N1');
    expect(t('dictionary.facts.jlpt', { level: 'N1' })).not.toContain('N3');
  });

  it('renders in the UI language, and in the new one after a change', async () => {
    await i18next.changeLanguage('en');
    expect(renderToStaticMarkup(createElement(Label))).toBe(`<span lang="en">${en.dictionary.common}</span>`);
    await i18next.changeLanguage('ko');
    expect(renderToStaticMarkup(createElement(Label))).toBe(`<span lang="ko">${ko.dictionary.common}</span>`);
  });
});
