import { expect, type Page } from '@playwright/test';

/**
 * Whatever stands in for content still on its way: a skeleton, a loader that says what it loads, a
 * region marked busy. A loader hidden from assistive technology is not one: it marks a list that
 * follows work still in progress (transfers the engines are moving, say), which may go on for as
 * long as the engines take, with the page drawn in full.
 */
const LOADING = '.mantine-Skeleton-root[data-visible], .mantine-Loader-root:not([aria-hidden="true"]), [aria-busy="true"]';

/**
 * Opens a page inside the running console, as its links do (history and popstate, which the router
 * follows), so one sign-in and one stream serve a whole walk; waits until it is drawn in full: its
 * h1, and nothing left loading in the main landmark.
 */
export async function openInConsole(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(page).toHaveURL((url) => url.pathname === new URL(path, url).pathname);
  await expectDrawn(page);
}

/** The page in the main landmark is drawn in full: its h1, and nothing left loading. */
export async function expectDrawn(page: Page) {
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(main.locator(LOADING)).toHaveCount(0);
}
