import crypto from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { japanDate, secondsToNextJapanMidnight } from '../../../electron/core/daily/japanDate';
import { dailyProblem } from '../../../electron/core/daily/validateDaily';
import { LoginLimiter } from '../../../electron/core/routes/auth/loginLimiter';
import { passwordMatches, SessionSigner } from '../../../electron/core/routes/auth/session';
import { analyticsOrigins, analyticsScript } from '../../../electron/core/routes/analyticsScript';

describe('SessionSigner', () => {
  it('accepts its own token until it expires, then refuses it', () => {
    let now = Date.UTC(2026, 0, 1);
    const s = new SessionSigner(Buffer.from('k'.repeat(32)), () => now);
    const token = s.issue();
    expect(s.verify(token)).toBe(true);
    now += 7 * 24 * 3600 * 1000 - 1000;
    expect(s.verify(token)).toBe(true);
    now += 2000;
    expect(s.verify(token)).toBe(false);
  });

  it('refuses forged, extended and foreign tokens', () => {
    const s = new SessionSigner(Buffer.from('a'.repeat(32)));
    const other = new SessionSigner(Buffer.from('b'.repeat(32)));
    const token = s.issue();
    const [exp, nonce, mac] = token.split('.') as [string, string, string];
    expect(s.verify(`${Number(exp) + 86400}.${nonce}.${mac}`)).toBe(false);
    expect(s.verify(`${exp}.${nonce}x.${mac}`)).toBe(false);
    expect(s.verify(other.issue())).toBe(false);
    for (const bad of ['', 'a.b', 'a.b.c.d', `${exp}..${mac}`, 'x'.repeat(5000)]) expect(s.verify(bad)).toBe(false);
  });

  it('compares passwords without short-circuiting on length', () => {
    // Whatever the lengths, the comparison is one timingSafeEqual over two 32-byte digests:
    // no early return on a length mismatch, nothing compared byte by byte in JavaScript.
    const compare = vi.spyOn(crypto, 'timingSafeEqual');
    try {
      const cases: Array<[given: string, expected: string, match: boolean]> = [
        ['secret', 'secret', true],
        ['secre', 'secret', false],
        ['', 'secret', false],
        ['secret and then a much longer tail', 'secret', false],
      ];
      for (const [given, expected, match] of cases) {
        compare.mockClear();
        expect(passwordMatches(given, expected)).toBe(match);
        expect(compare, `${given} vs ${expected}`).toHaveBeenCalledTimes(1);
        const [a, b] = compare.mock.calls[0]! as [Buffer, Buffer];
        expect([a.length, b.length]).toEqual([32, 32]);
        expect(a.equals(crypto.createHash('sha256').update(given).digest())).toBe(true);
      }
    } finally {
      compare.mockRestore();
    }
  });
});

describe('LoginLimiter', () => {
  it('blocks after 10 failures within a minute and frees the client as they age out', () => {
    let now = 0;
    const l = new LoginLimiter(10, 60_000, () => now);
    for (let i = 0; i < 10; i++) {
      expect(l.begin('ip')).toBe(0);
      now += 1000;
    }
    expect(l.blockedFor('ip')).toBeGreaterThan(0);
    expect(l.blockedFor('other')).toBe(0);
    now += 60_000;
    expect(l.blockedFor('ip')).toBe(0);
  });

  it('counts an attempt when it begins: the 11th begun in a row is refused before any is judged', () => {
    const l = new LoginLimiter(10, 60_000, () => 0);
    const waits = Array.from({ length: 12 }, () => l.begin('ip'));
    expect(waits.slice(0, 10)).toEqual(Array(10).fill(0));
    expect(waits[10]).toBe(60_000);
    expect(waits[11]).toBe(60_000);
    l.succeed('ip');
    expect(l.begin('ip')).toBe(0);
  });
});

describe('Japan dates', () => {
  it('uses Asia/Tokyo (UTC+9) for the date and the seconds to midnight', () => {
    expect(japanDate(Date.UTC(2026, 10, 21, 14, 59, 59))).toBe('2026-11-21');
    expect(japanDate(Date.UTC(2026, 10, 21, 15, 0, 0))).toBe('2026-11-22');
    expect(secondsToNextJapanMidnight(Date.UTC(2026, 10, 21, 14, 59, 0))).toBe(60);
    expect(secondsToNextJapanMidnight(Date.UTC(2026, 10, 21, 15, 0, 0))).toBe(86_400);
    expect(japanDate(Date.UTC(2028, 1, 28, 15, 0, 0))).toBe('2028-02-29');
  });
});

describe('daily sentence validation', () => {
  const good = {
    text: '猫が窓のそばで寝ています。',
    tokens: [
      { word: '猫', pos: 'noun', furigana: 'ねこ' },
      { word: 'が', pos: 'particle', furigana: '' },
      { word: '窓のそばで寝ています', pos: 'verb', furigana: '' },
      { word: '。', pos: 'punctuation', furigana: '' },
    ],
    translation: { 'zh-CN': '猫在窗边睡觉。', 'zh-TW': '貓在窗邊睡覺。', en: 'The cat is sleeping by the window.', ko: '고양이가 창가에서 자고 있습니다.' },
  };
  it('accepts a good sentence', () => expect(dailyProblem(good)).toBeNull());
  it.each([
    ['no 。', { ...good, text: '猫が窓のそばで寝ています' }],
    ['tokens do not rebuild', { ...good, tokens: good.tokens.slice(1) }],
    ['missing translation', { ...good, translation: { ...good.translation, ko: ' ' } }],
    ['too short', { ...good, text: '猫。', tokens: [{ word: '猫。', pos: 'noun', furigana: '' }] }],
    ['not Japanese', { ...good, text: 'Hello there my friend.。', tokens: [{ word: 'Hello there my friend.。', pos: 'other', furigana: '' }] }],
    ['wrong shape', { text: 1 }],
  ])('rejects: %s', (_name, raw) => expect(dailyProblem(raw)).not.toBeNull());
});

describe('analytics loader', () => {
  it('is void 0; unless both variables are set', () => {
    expect(analyticsScript(undefined, 'id')).toBe('void 0;');
    expect(analyticsScript('https://a.example/s.js', undefined)).toBe('void 0;');
    const js = analyticsScript('https://a.example/s.js', 'site-"1"');
    expect(js).toContain('"https://a.example/s.js"');
    expect(js).toContain('data-website-id');
    expect(() => new Function(js)).not.toThrow();
  });

  it('names the one origin the page must allow, only when the loader is served from elsewhere', () => {
    expect(analyticsOrigins('https://stats.example.com:8443/s.js?x=1', 'id')).toEqual(['https://stats.example.com:8443']);
    expect(analyticsOrigins('https://stats.example.com/s.js', undefined)).toEqual([]);
    expect(analyticsOrigins('/umami.js', 'id')).toEqual([]);
    expect(analyticsOrigins('javascript:alert(1)', 'id')).toEqual([]);
  });
});
