import { describe, expect, it } from 'vitest';
import { deviceOf, isMenuSwipe, startsCollapsed } from './viewport.ts';

describe('responsive rules (spec parts 4 and 9)', () => {
  it('is mobile under 768 px, tablet under 992 px, desktop from 992 px', () => {
    expect(deviceOf(375)).toBe('mobile');
    expect(deviceOf(767)).toBe('mobile');
    expect(deviceOf(768)).toBe('tablet');
    expect(deviceOf(991)).toBe('tablet');
    expect(deviceOf(992)).toBe('desktop');
  });

  it('starts the menu collapsed under 800 px', () => {
    expect(startsCollapsed(799)).toBe(true);
    expect(startsCollapsed(800)).toBe(false);
  });

  it('opens the mobile menu on a swipe of more than 50 px that starts at x ≤ 70 px', () => {
    expect(isMenuSwipe(70, 121)).toBe(true);
    expect(isMenuSwipe(0, 51)).toBe(true);
    expect(isMenuSwipe(70, 120)).toBe(false);
    expect(isMenuSwipe(71, 300)).toBe(false);
    expect(isMenuSwipe(60, 20)).toBe(false);
  });
});
