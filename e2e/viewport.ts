import type { Page } from '@playwright/test';

/**
 * Sets the viewport and waits for the console's layout to settle there. When the width crosses the
 * navigation's breakpoint, the shell's main area moves its padding over 200 ms (a CSS transition), and a
 * measurement taken meanwhile sees a page narrower than the reader will (an address wrapped into lines
 * of five characters). Waiting for the transitions themselves, not for a fixed time.
 */
export async function resizeTo(page: Page, size: { width: number; height: number }): Promise<void> {
  await page.setViewportSize(size);
  await page.evaluate(() =>
    Promise.allSettled(
      document
        .getAnimations()
        .filter((animation) => animation instanceof CSSTransition)
        .map((animation) => animation.finished),
    ),
  );
}
