import type { Locator } from '@playwright/test';

/**
 * How many characters of the element's text lie on each line it is drawn on, top to bottom: a
 * Range per character, grouped by the top of its box, so wrapping is measured as the reader sees it.
 */
export function textLines(element: Locator): Promise<number[]> {
  return element.evaluate((root) => {
    const lines = new Map<number, number>();
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (let i = 0; i < text.length; i++) {
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const box = range.getBoundingClientRect();
        if (box.width === 0) continue;
        const top = Math.round(box.top);
        lines.set(top, (lines.get(top) ?? 0) + 1);
      }
    }
    return [...lines.entries()].sort(([a], [b]) => a - b).map(([, count]) => count);
  });
}
