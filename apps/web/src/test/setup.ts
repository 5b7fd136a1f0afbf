import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { setFormatLocale } from '../lib/format.ts';
import { changeLanguage, currentLanguage } from '../lib/i18n.ts';
import { setTheme } from '../lib/ui-settings.ts';

// The whole suite shares two cores with the server's tests and the browser journeys: an antd screen may take more
// than the default second to settle, which is load, not a failure. findBy* and waitFor wait up to 10 s.
configure({ asyncUtilTimeout: 10_000 });

// antd reads matchMedia and ResizeObserver, which jsdom does not provide.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  }
  Object.defineProperty(window, 'ResizeObserver', { value: ResizeObserverStub });
}

// The files of a worker share their modules (isolate: false in vitest.config.ts): each test leaves the page as the
// next one expects it, in Indonesian, with no chosen format locale or theme, real timers and the real fetch.
// A request or timer of an earlier file that ends after its test (a sign-in answer, a token refresh, a language
// switch) may still write the session or the language between files: each test starts signed out, in Indonesian.
beforeEach(async () => {
  localStorage.clear();
  if (currentLanguage() !== 'id') await changeLanguage('id');
});

afterEach(async () => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  if (currentLanguage() !== 'id') await changeLanguage('id');
  setFormatLocale(null);
  setTheme('default');
  localStorage.clear();
});
