/**
 * The word elements' index: a page changed under it is indexed again when the renderer is next
 * idle, so the key press after it repaints without walking the page; a press before that walks
 * it itself and still finds every instance, new ones included.
 */
import { describe, expect, it } from 'vitest';
import { WordElementIndex, type WordElementsDom } from '../../../../renderer/src/knowledge/wordElementIndex';

interface El {
  wk: string;
}

function fakePage(keys: string[]) {
  let els: El[] = keys.map((wk) => ({ wk }));
  let stale: (() => void) | null = null;
  let undelivered = false;
  const idle: Array<() => void> = [];
  let walks = 0;
  const dom: WordElementsDom<El> = {
    words: () => {
      walks++;
      return els;
    },
    keyOf: (el) => el.wk,
    watch(onStale) {
      stale = onStale;
      return {
        take: () => {
          const had = undelivered;
          undelivered = false;
          return had;
        },
      };
    },
    whenIdle: (task) => idle.push(task),
  };
  return {
    dom,
    walks: () => walks,
    idle,
    /** A render replaced the page; its mutation records are delivered later (`deliver`). */
    render(next: string[]) {
      els = next.map((wk) => ({ wk }));
      undelivered = true;
    },
    deliver() {
      if (!undelivered) return;
      undelivered = false;
      stale?.();
    },
    runIdle() {
      for (const t of idle.splice(0)) t();
    },
  };
}

describe('WordElementIndex', () => {
  it('indexes a changed page again when the renderer is idle: the next press walks nothing', () => {
    const page = fakePage(['猫\tねこ', '犬\tいぬ', '猫\tねこ']);
    const index = new WordElementIndex(page.dom);
    expect(index.elements('猫\tねこ')).toHaveLength(2);
    expect(page.walks()).toBe(1);
    expect(index.elements('犬\tいぬ')).toHaveLength(1);
    expect(page.walks()).toBe(1); // an unchanged page reuses the index

    page.render(['猫\tねこ', '猫\tねこ', '猫\tねこ', '鳥\tとり']);
    page.deliver();
    expect(index.ready).toBe(false);
    expect(page.idle).toHaveLength(1);
    page.runIdle();
    expect(index.ready).toBe(true);
    expect(page.walks()).toBe(2);

    expect(index.elements('猫\tねこ')).toHaveLength(3); // the press: no walk of its own
    expect(index.elements('犬\tいぬ')).toHaveLength(0);
    expect(page.walks()).toBe(2);
  });

  it('a burst of changes queues one idle rebuild', () => {
    const page = fakePage(['猫\tねこ']);
    const index = new WordElementIndex(page.dom);
    index.elements('猫\tねこ');
    for (let i = 0; i < 5; i++) {
      page.render(['猫\tねこ', `語${i}\tご`]);
      page.deliver();
    }
    expect(page.idle).toHaveLength(1);
    page.runIdle();
    expect(page.walks()).toBe(2);
    expect(index.elements('語4\tご')).toHaveLength(1);
  });

  it('a press before the idle rebuild, or in the task that changed the page, finds the new elements itself', () => {
    const page = fakePage(['猫\tねこ']);
    const index = new WordElementIndex(page.dom);
    index.elements('猫\tねこ');
    page.render(['猫\tねこ', '猫\tねこ']); // not delivered yet: the same task
    expect(index.elements('猫\tねこ')).toHaveLength(2);
    page.render(['猫\tねこ', '猫\tねこ', '猫\tねこ']);
    page.deliver(); // delivered, idle not run yet
    expect(index.elements('猫\tねこ')).toHaveLength(3);
    const walks = page.walks();
    page.runIdle(); // already current: nothing to walk
    expect(page.walks()).toBe(walks);
  });
});
