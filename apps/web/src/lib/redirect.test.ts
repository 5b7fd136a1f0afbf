import { describe, expect, it } from 'vitest';
import enRoutes from '../locales/en/routes.json';
import {
  afterLoginPath,
  HOME_PATH,
  isSafeRedirect,
  loginFailurePath,
  loginPathFor,
  setCurrentRoute,
  USER_NOT_FOUND_EXEMPT_ROUTES,
  USER_NOT_FOUND_EXEMPT_TITLES,
  skipsLoginBootstrap,
} from './redirect.ts';

describe('redirect after login', () => {
  it('keeps the wanted path and query in the login address', () => {
    expect(loginPathFor({ pathname: '/sales', search: '?page=2&workspace_id=w1' })).toBe(
      '/auth/login?redirect=%2Fsales%3Fpage%3D2%26workspace_id%3Dw1',
    );
    expect(loginPathFor({ pathname: '/' })).toBe('/auth/login');
  });

  it('returns to the kept path after login', () => {
    const login = loginPathFor({ pathname: '/inventory/stock-movement', search: '?workspace_id=w1' });
    expect(afterLoginPath(login.slice(login.indexOf('?')))).toBe('/inventory/stock-movement?workspace_id=w1');
  });

  it('goes to the dashboard without a kept path', () => {
    expect(afterLoginPath('')).toBe(HOME_PATH);
    expect(afterLoginPath('?other=1')).toBe('/dashboard');
  });

  it('refuses other sites and sign-in pages as targets', () => {
    for (const target of [
      'https://evil.example/x',
      '//evil.example',
      '/\\evil.example',
      'javascript:alert(1)',
      '/auth/login?redirect=/x',
      '/auth/register',
    ]) {
      expect(isSafeRedirect(target)).toBe(false);
      expect(afterLoginPath(`?redirect=${encodeURIComponent(target)}`)).toBe(HOME_PATH);
    }
    expect(isSafeRedirect('/auth/register/success')).toBe(false);
    expect(isSafeRedirect('/dashboard?workspace_id=1')).toBe(true);
  });
});

describe('login bootstrap and user-not-found rules', () => {
  it('skips the login bootstrap on /confirmation/registered paths', () => {
    expect(skipsLoginBootstrap('/confirmation/registered/success')).toBe(true);
    expect(skipsLoginBootstrap('/confirmation/registered/timeout')).toBe(true);
    expect(skipsLoginBootstrap('/auth/confirmation/registered/invite-user/x')).toBe(true);
    expect(skipsLoginBootstrap('/dashboard')).toBe(false);
  });

  it('sends a 404 to /auth/user-not-found except on the invitation pages', () => {
    expect(loginFailurePath(404, 'dashboard')).toBe('/auth/user-not-found');
    expect(loginFailurePath(404, 'user-invitation')).toBe('/auth/login');
    expect(loginFailurePath(404, 'owner-confirm-invitation')).toBe('/auth/login');
    expect(loginFailurePath(500, 'dashboard')).toBe('/auth/login');
    setCurrentRoute('user-confirm-invitation');
    expect(loginFailurePath(404)).toBe('/auth/login');
    setCurrentRoute(null);
    expect(loginFailurePath(404)).toBe('/auth/user-not-found');
  });

  it('names by key exactly the routes whose English title is an exempt one', () => {
    const exempt = Object.entries(enRoutes as Record<string, string>)
      .filter(([, title]) => (USER_NOT_FOUND_EXEMPT_TITLES as readonly string[]).includes(title))
      .map(([key]) => key);
    expect([...USER_NOT_FOUND_EXEMPT_ROUTES].sort()).toEqual(exempt.sort());
  });
});
