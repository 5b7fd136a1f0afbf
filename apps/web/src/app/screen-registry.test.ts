import { describe, expect, it } from 'vitest';
import { MAIN_SCREENS } from './main-screens.ts';
import { ROUTE_TABLE } from './route-table.ts';
import { OPEN_SCREENS } from './screen-registry.ts';

describe('screen registry', () => {
  it('finds every screen of the route table in the list of the layout that draws it', () => {
    const missing = ROUTE_TABLE.filter((entry) => entry.screen)
      .filter((entry) => !(entry.layout === 'main' ? MAIN_SCREENS : OPEN_SCREENS)[entry.screen!])
      .map((entry) => `${entry.layout} ${entry.path} ${entry.screen}`);
    expect(missing).toEqual([]);
  });

  it('lists a screen once, in the signed-in layout only when no other layout draws it', () => {
    const twice = Object.keys(MAIN_SCREENS).filter((id) => id in OPEN_SCREENS);
    expect(twice).toEqual([]);
    const mainOnly = new Set(ROUTE_TABLE.filter((entry) => entry.layout !== 'main').map((entry) => entry.screen));
    expect(Object.keys(MAIN_SCREENS).filter((id) => mainOnly.has(id as never))).toEqual([]);
  });
});
