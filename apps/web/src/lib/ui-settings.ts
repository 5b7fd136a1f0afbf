import { useSyncExternalStore } from 'react';
import type { UserSettings } from '@kelola/contracts/me';

/** Spec part 9 and ARCHITECTURE §8: themes default or dark, primary colour #4b7cf3. */
export type Theme = UserSettings['theme'];
/**
 * The contracts' DEFAULT_SETTINGS.primary_color, written out: importing the contracts' `me` module would bring zod's
 * schemas into the entry chunk (ADR 0048; ui-settings.test.ts keeps the two equal).
 */
export const PRIMARY_COLOR = '#4b7cf3';
const THEME_KEY = 'kelola.theme';

type Listener = () => void;
const listeners = new Set<Listener>();

function readTheme(): Theme {
  try {
    return globalThis.localStorage?.getItem(THEME_KEY) === 'dark' ? 'dark' : 'default';
  } catch {
    return 'default';
  }
}

let theme: Theme = readTheme();

/** The theme in use; kept locally too, so the sign-in pages open in the theme the user chose last. */
export function currentTheme(): Theme {
  return theme;
}

export function setTheme(next: Theme): void {
  if (next === theme) return;
  theme = next;
  try {
    localStorage.setItem(THEME_KEY, next);
  } catch {
    // Storage may be unavailable; the theme then lasts for this page only.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useTheme(): Theme {
  return useSyncExternalStore(subscribe, currentTheme, currentTheme);
}

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function reducedMotionQuery(): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(REDUCED_MOTION) : null;
}

function prefersReducedMotion(): boolean {
  return reducedMotionQuery()?.matches ?? false;
}

function subscribeReducedMotion(listener: Listener): () => void {
  const query = reducedMotionQuery();
  query?.addEventListener?.('change', listener);
  return () => query?.removeEventListener?.('change', listener);
}

/**
 * Whether the system asks for less motion (WCAG 2.3.3): antd's modals, drawers and menus then open and close at once,
 * without their zoom and slide. Followed live, when the setting changes while the page is open.
 */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(subscribeReducedMotion, prefersReducedMotion, () => false);
}
