/** Where every path that matches nothing goes (spec part 2). */
export const NOT_FOUND_PATH = '/auth/404';
export const LOGIN_PATH = '/auth/login';
/** Where signed-in users land, and where a sign-in page sends them. */
export const HOME_PATH = '/dashboard';
export const REDIRECT_PARAM = 'redirect';

/** The login address that keeps the wanted path and query, e.g. /auth/login?redirect=%2Fsales%3Fpage%3D2. */
export function loginPathFor(wanted: { pathname: string; search?: string; hash?: string }): string {
  const target = `${wanted.pathname}${wanted.search ?? ''}${wanted.hash ?? ''}`;
  if (!isSafeRedirect(target) || target === '/') return LOGIN_PATH;
  return `${LOGIN_PATH}?${REDIRECT_PARAM}=${encodeURIComponent(target)}`;
}

/** Only same-site absolute paths are followed, and never back to a sign-in page. */
export function isSafeRedirect(target: string | null | undefined): target is string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return false;
  if ([...target].some((ch) => ch.charCodeAt(0) < 0x20)) return false;
  const pathname = target.split(/[?#]/u)[0] ?? '';
  return !['/auth/login', '/auth/register', '/auth/forgot-password', '/auth/reset-password'].some(
    (page) => pathname === page || pathname.startsWith(`${page}/`),
  );
}

/** Where to go after a successful login: the kept path when it is safe, else the dashboard. */
export function afterLoginPath(search: string): string {
  const wanted = new URLSearchParams(search).get(REDIRECT_PARAM);
  return isSafeRedirect(wanted) ? wanted : HOME_PATH;
}

/** Spec part 2: paths containing /confirmation/registered skip the login bootstrap (profile load, user-not-found check). */
export function skipsLoginBootstrap(pathname: string): boolean {
  return pathname.includes('/confirmation/registered');
}

/**
 * Spec part 2: the pages titled 'User Invitation' and 'User Confirm Invitation' are exempt from the user-not-found
 * handling of spec part 8. Named by their routes' title keys: the English titles are not loaded while the app speaks
 * Indonesian (redirect.test.ts checks these keys against the English titles).
 */
export const USER_NOT_FOUND_EXEMPT_TITLES = ['User Invitation', 'User Confirm Invitation'] as const;
export const USER_NOT_FOUND_EXEMPT_ROUTES = [
  'user-invitation',
  'owner-invitation',
  'user-confirm-invitation',
  'owner-confirm-invitation',
] as const;
export const USER_NOT_FOUND_PATH = '/auth/user-not-found';

let routeKey: string | null = null;

/** The title key of the page on screen (set by the router), used by the user-not-found exemption. */
export function setCurrentRoute(titleKey: string | null): void {
  routeKey = titleKey;
}

/**
 * Where a failed login processing leads (spec part 8): a 404 goes to /auth/user-not-found, except on the
 * invitation pages, where, like every other failure, it goes to /auth/login.
 */
export function loginFailurePath(status: number, titleKey: string | null = routeKey): string {
  const exempt = titleKey !== null && (USER_NOT_FOUND_EXEMPT_ROUTES as readonly string[]).includes(titleKey);
  return status === 404 && !exempt ? USER_NOT_FOUND_PATH : LOGIN_PATH;
}
