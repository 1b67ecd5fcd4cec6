import { describe, expect, it } from 'vitest';
import { buildSsml, clampRate, escapeXml, formatRate, ssmlText, stripInvalidXmlChars } from '../../../electron/core/tts/ssml';

describe('escapeXml', () => {
  it('escapes the five XML specials and nothing else', () => {
    expect(escapeXml(`a & b < c > d " e ' f`)).toBe('a &amp; b &lt; c &gt; d &quot; e &apos; f');
    expect(escapeXml('日本語。「引用」')).toBe('日本語。「引用」');
  });

  it('escapes an existing entity again (the text is literal)', () => {
    expect(escapeXml('&amp;')).toBe('&amp;amp;');
  });
});

describe('stripInvalidXmlChars', () => {
  it('replaces control characters and lone surrogates with spaces, keeps tab/newline and pairs', () => {
    expect(stripInvalidXmlChars('a\u0000b\u0007c\u000Bd')).toBe('a b c d');
    expect(stripInvalidXmlChars('x\ty\nz\r')).toBe('x\ty\nz\r');
    expect(stripInvalidXmlChars('😀')).toBe('😀');
    expect(stripInvalidXmlChars('a\uD83Db')).toBe('a b');
    expect(stripInvalidXmlChars('a\uDE00b')).toBe('a b');
  });

  it('ssmlText strips then escapes', () => {
    expect(ssmlText('<\u0001>')).toBe('&lt; &gt;');
  });
});

describe('rate', () => {
  it('clamps to -100..100 and rounds to whole percent', () => {
    expect(clampRate(0)).toBe(0);
    expect(clampRate(25)).toBe(25);
    expect(clampRate(-40.4)).toBe(-40);
    expect(clampRate(250)).toBe(100);
    expect(clampRate(-1000)).toBe(-100);
  });

  it('treats non-numbers as 0', () => {
    expect(clampRate(Number.NaN)).toBe(0);
    expect(clampRate(Number.POSITIVE_INFINITY)).toBe(0);
    expect(clampRate('20')).toBe(0);
    expect(clampRate(undefined)).toBe(0);
  });

  it('formats with an explicit sign', () => {
    expect(formatRate(0)).toBe('+0%');
    expect(formatRate(15)).toBe('+15%');
    expect(formatRate(-30)).toBe('-30%');
    expect(formatRate(500)).toBe('+100%');
    expect(formatRate(-500)).toBe('-100%');
  });
});

describe('buildSsml', () => {
  it('builds the exact document the service expects', () => {
    expect(buildSsml(`猫 & "犬" <b>`, { voice: 'ja-JP-NanamiNeural', rate: 10 })).toBe(
      "<speak version='1.0' xmlns='http://www.w3.org/2001/10/synthesis' xml:lang='ja-JP'>" +
        "<voice name='ja-JP-NanamiNeural'><prosody pitch='+0Hz' rate='+10%' volume='+0%'>" +
        '猫 &amp; &quot;犬&quot; &lt;b&gt;' +
        '</prosody></voice></speak>',
    );
  });

  it('escapes a quote that would break out of the attribute', () => {
    expect(buildSsml('x', { voice: "a'b", rate: -5 })).toContain("<voice name='a&apos;b'><prosody pitch='+0Hz' rate='-5%'");
  });
});
