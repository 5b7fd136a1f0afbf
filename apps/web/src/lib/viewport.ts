import { useEffect, useState } from 'react';

/** Spec parts 4 and 9: under 768 px is mobile, under 992 px tablet; the menu starts collapsed under 800 px. */
export const MOBILE_BELOW = 768;
export const TABLET_BELOW = 992;
export const COLLAPSE_MENU_BELOW = 800;
/** A swipe opens the mobile menu when it starts at x ≤ 70 px and moves right by more than 50 px. */
export const SWIPE_START_MAX_X = 70;
export const SWIPE_MIN_DISTANCE = 50;

export type Device = 'mobile' | 'tablet' | 'desktop';

export function deviceOf(width: number): Device {
  if (width < MOBILE_BELOW) return 'mobile';
  if (width < TABLET_BELOW) return 'tablet';
  return 'desktop';
}

export function startsCollapsed(width: number): boolean {
  return width < COLLAPSE_MENU_BELOW;
}

export function isMenuSwipe(startX: number, endX: number): boolean {
  return startX <= SWIPE_START_MAX_X && endX - startX > SWIPE_MIN_DISTANCE;
}

function windowWidth(): number {
  return typeof window === 'undefined' ? TABLET_BELOW : window.innerWidth;
}

/** The window width, updated on resize. */
export function useViewportWidth(): number {
  const [width, setWidth] = useState(windowWidth);
  useEffect(() => {
    const onResize = () => setWidth(windowWidth());
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return width;
}

/** Calls `onOpen` when a touch swipe of the menu gesture happens anywhere on the page. */
export function useMenuSwipe(onOpen: () => void, enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return;
    let startX: number | null = null;
    const onStart = (event: TouchEvent) => {
      startX = event.touches[0]?.clientX ?? null;
    };
    const onEnd = (event: TouchEvent) => {
      const endX = event.changedTouches[0]?.clientX;
      if (startX !== null && endX !== undefined && isMenuSwipe(startX, endX)) onOpen();
      startX = null;
    };
    window.addEventListener('touchstart', onStart, { passive: true });
    window.addEventListener('touchend', onEnd, { passive: true });
    return () => {
      window.removeEventListener('touchstart', onStart);
      window.removeEventListener('touchend', onEnd);
    };
  }, [onOpen, enabled]);
}
