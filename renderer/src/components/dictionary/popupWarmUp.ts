/**
 * A popup drawn off screen when the page has loaded (a few times, at idle moments: `warmUpWhenIdle`):
 * into an element that is in no document (nothing to find, style or lay out), then unmounted. The
 * first hovers of a page then run React's and the popup's components' code compiled and optimized,
 * rather than for the first time (it took four times a later hover's script).
 */
import type { ReactElement } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import type { DictionaryEntry } from '../../../../shared/contract/dictionary';
import { whenIdle } from '../../scheduling/whenIdle';

/** An entry with every part a popup draws: headword, readings, facts, tagged senses and structured content. */
export const WARM_UP_ENTRY: DictionaryEntry = {
  id: -1,
  kanji: ['食べる'],
  readings: ['たべる'],
  common: true,
  matched: '食べた',
  term: '食べる',
  reasons: ['past'],
  dictionary: 'Warm-up',
  frequencies: [{ dictionary: 'Warm-up', value: 1000 }],
  pitches: [{ reading: 'たべる', downsteps: [2], dictionary: 'Warm-up' }],
  jlpt: 'N5',
  senses: [
    { pos: ['Ichidan verb'], posCodes: ['v1'], glosses: ['to eat'], misc: ['usually kana'], miscCodes: ['uk'], field: [], dialect: [], info: [], lang: 'eng' },
    {
      pos: ['noun'],
      posCodes: ['n'],
      glosses: ['meal'],
      misc: [],
      miscCodes: [],
      field: [],
      dialect: [],
      info: [],
      lang: 'eng',
      rich: [
        {
          kind: 'rich',
          content: [
            { tag: 'span', styles: ['emphasis', 'small'], title: 'noun', content: 'noun' },
            { tag: 'ol', content: [{ tag: 'li', content: [{ tag: 'ul', content: [{ tag: 'li', content: 'meal' }] }] }] },
            { tag: 'div', lang: 'ja', content: [{ tag: 'ruby', content: ['食', { tag: 'rt', content: 'た' }] }, 'べる'] },
            { tag: 'a', href: 'https://example.org/', content: 'source' },
          ],
        },
        { kind: 'text', text: 'eat' },
      ],
    },
  ],
};

/** Renders `popup` into a detached element at once, then unmounts it (its effects run and are cleaned up). */
export function warmUp(popup: ReactElement): void {
  const root = createRoot(document.createElement('div'));
  try {
    flushSync(() => root.render(popup));
  } finally {
    root.unmount();
  }
}

/** How many times the popup is drawn: V8 optimizes what has run a while, not what ran once. */
const WARM_UPS = 8;

/** Draws `popup` WARM_UPS times, an idle moment each. Returns the cancel. */
export function warmUpWhenIdle(popup: ReactElement): () => void {
  let left = WARM_UPS;
  let cancel = () => undefined as void;
  const next = () => {
    cancel = whenIdle(() => {
      warmUp(popup);
      if (--left > 0) next();
    });
  };
  next();
  return () => cancel();
}
