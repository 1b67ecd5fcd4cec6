import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Hovers `target` (with whatever keys the test holds) until `opened` shows. The target is measured again on each
 * try: a line arriving above it after it was measured (the coverage line, a notice) moves it down, and a CI run's
 * pointer then landed on the text above. The pointer leaves first so each try is a fresh hover.
 */
export async function hoverUntilOpen(page: Page, target: Locator, opened: Locator, at: { x: number; fromBottom: number } = { x: 5, fromBottom: 6 }): Promise<void> {
  await expect(async () => {
    await target.scrollIntoViewIfNeeded();
    const box = (await target.boundingBox())!;
    await page.mouse.move(1, 1);
    await page.mouse.move(box.x + at.x, box.y + box.height - at.fromBottom);
    await expect(opened).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}

/** What the level-0 popup held when it came into the page, and where it was then (recorded inside the page, before any paint). */
export type PopupArrival = { entries: number; cardActions: number; complete: string | undefined; top: number; bottom: number };

/** Records the next level-0 popup's arrival (read it with popupArrival). */
export async function watchPopupArrival(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __arrival?: PopupArrival; __watch?: MutationObserver };
    delete w.__arrival;
    w.__watch?.disconnect();
    w.__watch = new MutationObserver(() => {
      const popup = document.querySelector<HTMLElement>('.dict-popup[data-level="0"]');
      if (!popup || w.__arrival) return;
      const box = popup.getBoundingClientRect();
      w.__arrival = {
        entries: popup.querySelectorAll('[data-testid="dict-entry"]').length,
        cardActions: popup.querySelectorAll('[data-testid="popup-card-actions"]').length,
        complete: popup.dataset.complete,
        top: box.top,
        bottom: box.bottom,
      };
    });
    w.__watch.observe(document.body, { childList: true });
  });
}

export async function popupArrival(page: Page): Promise<PopupArrival> {
  return page.evaluate(() => (window as unknown as { __arrival: PopupArrival }).__arrival);
}

/** The height the popup places its card buttons for before they are drawn (DictionaryHover's CARD_ACTIONS_PX). */
export const CARD_ACTIONS_ALLOWANCE_PX = 40;

/** What the open popup's card buttons add to its height, their margin above included. */
export function cardActionsHeight(popup: Locator): Promise<number> {
  return popup.getByTestId('popup-card-actions').evaluate((a) => a.getBoundingClientRect().height + parseFloat(getComputedStyle(a).marginTop));
}
