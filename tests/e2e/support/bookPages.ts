import type { Locator } from '@playwright/test';

/**
 * Lines of text and readings that the page's edges cut: every glyph run of the
 * rendered paragraphs that is partly inside the book's scroller and partly
 * outside it, across the lines (left/right in vertical text, top/bottom in
 * horizontal). A whole-column page has none. A reading's box is taller than its
 * glyphs and may reach a pixel or two into the next line's leading (CSS ruby
 * does not grow the line for that): it counts as cut when more than a quarter
 * of it lies across the edge from its middle.
 */
export function cutLines(scroll: Locator) {
  return scroll.evaluate((el) => {
    const vertical = getComputedStyle(el).writingMode.startsWith('vertical');
    const box = el.getBoundingClientRect();
    const [lo, hi] = vertical ? [box.left + el.clientLeft, box.left + el.clientLeft + el.clientWidth] : [box.top + el.clientTop, box.top + el.clientTop + el.clientHeight];
    const cut: { text: string; from: number; to: number; page: [number, number] }[] = [];
    const range = document.createRange();
    for (const node of (function* walk() {
      const w = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let n = w.nextNode(); n; n = w.nextNode()) if (n.parentElement?.closest('.book-paragraph, .book-heading')) yield n as Text;
    })()) {
      range.selectNodeContents(node);
      const slack = (size: number) => (node.parentElement?.closest('rt') ? size / 4 : 1);
      for (const r of range.getClientRects()) {
        const [a, b] = vertical ? [r.left, r.right] : [r.top, r.bottom];
        if (b - a < 1) continue;
        const tol = slack(b - a);
        // Partly in, partly out (beyond the tolerance on the side away from its middle).
        for (const edge of [lo, hi]) {
          const inside = (a + b) / 2 < edge ? b - edge : edge - a;
          if (a < edge && b > edge && inside > tol) cut.push({ text: node.data.slice(0, 12), from: a, to: b, page: [lo, hi] });
        }
      }
    }
    return cut;
  });
}

/** The id of the first paragraph (or heading) in view of horizontal text: the one nearest the top whose bottom is below the view's top. */
export function firstParagraphInView(scroll: Locator) {
  return scroll.evaluate((el) => {
    const top = el.getBoundingClientRect().top;
    const ps = [...el.querySelectorAll<HTMLElement>('[data-paragraph-id]')].filter((p) => p.getBoundingClientRect().bottom > top + 2);
    return ps.sort((a, b) => a.getBoundingClientRect().top - b.getBoundingClientRect().top)[0]?.dataset.paragraphId;
  });
}
