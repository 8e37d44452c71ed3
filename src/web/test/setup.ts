import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
});

// Lazy page chunks load slower on a busy 2-core machine than Testing Library's 1 s default allows.
configure({ asyncUtilTimeout: 5000 });

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
