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
