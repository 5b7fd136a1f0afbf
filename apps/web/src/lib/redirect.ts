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

/** Spec part 2: pages with these titles are exempt from the user-not-found handling of spec part 8. */
export const USER_NOT_FOUND_EXEMPT_TITLES = ['User Invitation', 'User Confirm Invitation'] as const;
export const USER_NOT_FOUND_PATH = '/auth/user-not-found';

let routeTitle: string | null = null;

/** The English title of the page on screen (set by the router), used by the user-not-found exemption. */
export function setCurrentRouteTitle(title: string | null): void {
  routeTitle = title;
}

export function currentRouteTitle(): string | null {
  return routeTitle;
}

/**
 * Where a failed login processing leads (spec part 8): a 404 goes to /auth/user-not-found, except on the
 * invitation pages (identified by their English route title), where, like every other failure, it goes to /auth/login.
 */
export function loginFailurePath(status: number, pageTitle: string | null = currentRouteTitle()): string {
  const exempt = pageTitle !== null && (USER_NOT_FOUND_EXEMPT_TITLES as readonly string[]).includes(pageTitle);
  return status === 404 && !exempt ? USER_NOT_FOUND_PATH : LOGIN_PATH;
}
