import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';

/** The refresh token's httpOnly cookie (ADR 0002), scoped to the auth routes. */
export const REFRESH_COOKIE = 'kelola_rt';
const PATH = '/api/auth';

/** Puts the refresh token in its cookie and answers the session body; shared by every route that signs in. */
export function setRefreshCookie<S>(
  config: Config,
  reply: FastifyReply,
  issued: { refreshToken: string; refreshExpiresAt: Date; session: S },
): S {
  void reply.setCookie(REFRESH_COOKIE, issued.refreshToken, {
    httpOnly: true,
    sameSite: 'strict',
    secure: config.publicUrl.startsWith('https://'),
    path: PATH,
    expires: issued.refreshExpiresAt,
  });
  return issued.session;
}

/** The refresh token the browser sent, if any. */
export const refreshCookieOf = (request: FastifyRequest): string | undefined => request.cookies[REFRESH_COOKIE];

export function clearRefreshCookie(reply: FastifyReply): void {
  void reply.clearCookie(REFRESH_COOKIE, { path: PATH });
}

/** Binds a repeated sign-up's verification to the browser that made it (ADR 0013). */
const SIGNUP_COOKIE = 'kelola_signup';

export function setSignupCookie(config: Config, reply: FastifyReply, flowSecret: string | undefined): void {
  if (!flowSecret) return;
  void reply.setCookie(SIGNUP_COOKIE, flowSecret, {
    httpOnly: true,
    sameSite: 'strict',
    secure: config.publicUrl.startsWith('https://'),
    path: PATH,
    maxAge: 24 * 3600,
  });
}

/** The sign-up flow secret the browser sent, if any. */
export const signupCookieOf = (request: FastifyRequest): string | undefined => request.cookies[SIGNUP_COOKIE];
