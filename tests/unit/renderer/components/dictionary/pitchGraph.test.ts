import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PitchGraph } from '../../../../../renderer/src/components/dictionary/PitchGraph';

const graph = (reading: string, downstep: number) => renderToStaticMarkup(createElement(PitchGraph, { reading, downstep }));
/** The numbers of an attribute's value, in order. */
const numbers = (s: string) => [...s.matchAll(/-?\d+(\.\d+)?/g)].map((m) => Number(m[0]));
const attr = (html: string, tag: string, name: string) => new RegExp(`<${tag}[^>]* ${name}="([^"]*)"`).exec(html)?.[1] ?? '';

describe('PitchGraph', () => {
  it('draws a dot per mora and a hollow one for the particle, high and low as the downstep says', () => {
    // たべる [2]: low, high, low, then the particle low.
    const html = graph('たべる', 2);
    expect(html).toContain('data-pattern="LHLL"');
    const line = numbers(attr(html, 'polyline', 'points'));
    // x, y pairs: the y of each point is high (4) or low (14).
    expect(line.filter((_, i) => i % 2 === 1)).toEqual([14, 4, 14, 14]);
    // Three filled dots (one move each), one hollow.
    expect((/<path class="pitch-mora" d="([^"]*)"/.exec(html)?.[1] ?? '').match(/M/g)).toHaveLength(3);
    expect((/<path class="pitch-particle" d="([^"]*)"/.exec(html)?.[1] ?? '').match(/M/g)).toHaveLength(1);
  });

  it('puts each kana under its dot, a two-character mora sharing its cell', () => {
    // きょう: two morae (きょ, う); heiban.
    const html = graph('きょう', 0);
    expect(html).toContain('data-pattern="LHH"');
    expect(/<text[^>]*>([^<]*)<\/text>/.exec(html)?.[1]).toBe('きょう');
    // Cells of 16 px centred at 8 and 24: き and ょ either side of 8, う at 24.
    expect(numbers(attr(html, 'text', 'x'))).toEqual([2, 14, 24]);
  });

  it('marks the drop after the mora the pitch falls from, and none for heiban', () => {
    // Atamadaka: the drop after the first mora (x = 16), nakadaka: after the second (x = 32).
    expect(numbers(/<path class="pitch-drop" d="([^"]*)"/.exec(graph('ねこ', 1))?.[1] ?? '')[0]).toBe(15.5);
    expect(numbers(/<path class="pitch-drop" d="([^"]*)"/.exec(graph('たまご', 2))?.[1] ?? '')[0]).toBe(31.5);
    // Odaka: the drop comes after the last mora, before the particle.
    expect(numbers(/<path class="pitch-drop" d="([^"]*)"/.exec(graph('おとうと', 4))?.[1] ?? '')[0]).toBe(63.5);
    expect(graph('さかな', 0)).not.toContain('pitch-drop');
  });

  it('keeps to five elements in its SVG, whatever the word’s length', () => {
    const inSvg = (html: string) => (/<svg[^>]*>(.*)<\/svg>/.exec(html)?.[1] ?? '').match(/<(?!\/)/g)?.length;
    // The SVG is the graph's element, with no wrapper around it.
    expect(graph('ね', 1)).toMatch(/^<svg class="pitch-graph"[^>]* data-testid="pitch-graph"/);
    expect(inSvg(graph('ちゅうしゃじょうのまえ', 3))).toBe(5);
    expect(inSvg(graph('ね', 1))).toBe(5);
    expect(inSvg(graph('ちゅうしゃじょうのまえ', 0))).toBe(4);
  });
});
