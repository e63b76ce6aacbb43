/** Mouse gestures the journeys share (Playwright only: no app code, so both type checks take it as is). */
import type { Locator, Page } from '@playwright/test';

/** Drags one tree node onto the middle of another, a little to the right (a drop inside it). */
export async function dragOnto(page: Page, source: Locator, target: Locator): Promise<void> {
  const from = (await source.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + 10, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + 30, from.y + from.height / 2 + 5, { steps: 5 });
  await page.mouse.move(to.x + 60, to.y + to.height / 2, { steps: 10 });
  await page.mouse.move(to.x + 64, to.y + to.height / 2 + 2, { steps: 2 });
  await page.mouse.up();
}
