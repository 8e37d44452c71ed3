import '@testing-library/jest-dom/vitest';
import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// Vitest runs without globals, so Testing Library cannot register its own cleanup. The files of a
// worker share their modules (vite.config.ts, isolate), so what outlives a rendered tree is
// emptied here too: the notifications store.
afterEach(() => {
  cleanup();
  notifications.clean();
});

// How long a findBy/waitFor waits for what it looks for. It is a bound for a page that never
// gets there, not a measure of speed: with 5 s, lazy page chunks and the real service's answers
// came too late on a 2-core machine running two suites at once, and tests failed on timing; with
// 20 s, the real service's next page and a webhook's registration did with the machine's load at 12.
configure({ asyncUtilTimeout: 60_000 });

// A test file may choose the node environment (// @vitest-environment node); it has no window.
if (typeof window !== 'undefined') {
  // jsdom implements none of these; Mantine calls them while rendering and positioning.
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string): MediaQueryList => ({
      matches: query === '',
      media: query,
      onchange: null,
      addListener: vi.fn(),
      removeListener: vi.fn(),
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
      dispatchEvent: vi.fn(() => false),
    }),
  });

  class ResizeObserverFake implements ResizeObserver {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  }
  window.ResizeObserver = ResizeObserverFake;

  window.HTMLElement.prototype.scrollIntoView = vi.fn();
}
