import {
  ChangePasswordInput,
  ForgotRequestOtpInput,
  ForgotVerifyOtpInput,
  ForgotVerifyOtpResult,
  LoginInput,
  ResendOtpInput,
  ResendOtpResult,
  ResetPasswordInput,
  Session,
  UserSettings,
  VerificationResult,
  VerifyEmailInput,
  VerifyPhoneInput,
  requiredText,
} from '@kelola/contracts';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { clearRefreshCookie, refreshCookieOf, setRefreshCookie, signupCookieOf } from '../../http/refresh-cookie.ts';
import type { Router } from '../../http/route.ts';
import * as identity from './identity.service.ts';

const tags = ['auth'];

/** Identity: sign-up verification, sessions and passwords (spec part 7 "Auth and user"). */
export function registerIdentityRoutes({ route }: Router, config: Config): void {
  const verified = (reply: FastifyReply, result: Awaited<ReturnType<typeof identity.verifySignupCode>>) => ({
    login: { user: result.user, token: setRefreshCookie(config, reply, result.session) },
  });

  route(
    {
      method: 'POST',
      url: '/api/auth/verification/phone',
      permission: 'public',
      // Counts the attempt in a statement of its own, then opens its own transaction.
      transaction: false,
      tags,
      body: VerifyPhoneInput,
      response: VerificationResult,
    },
    async (ctx, { body, request, reply }) =>
      verified(reply, await identity.verifySignupCode(ctx, body.user_uuid, body.otp_code, 'otp_code', signupCookieOf(request))),
  );

  route(
    {
      method: 'POST',
      url: '/api/auth/verification/email',
      permission: 'public',
      // Counts the attempt in a statement of its own, then opens its own transaction.
      transaction: false,
      tags,
      body: VerifyEmailInput,
      response: VerificationResult,
    },
    async (ctx, { body, request, reply }) =>
      verified(reply, await identity.verifySignupCode(ctx, body.user_uuid, body.code, 'code', signupCookieOf(request))),
  );

  route(
    {
      method: 'POST',
      url: '/api/auth/verification/resend-otp',
      permission: 'public',
      tags,
      body: ResendOtpInput,
      response: ResendOtpResult,
    },
    async (ctx, { body }) => ({
      otp: { resend_delay: (await identity.resendSignupCode(ctx, body.user_uuid)).resendDelay },
    }),
  );

  route(
    {
      method: 'POST',
      url: '/api/auth/verify/:link/:uuid',
      permission: 'public',
      tags,
      params: z.object({ link: z.string().min(10).max(200), uuid: z.uuid() }),
      response: VerificationResult,
    },
    async (ctx, { params, request, reply }) =>
      verified(reply, await identity.verifyLink(ctx, params.link, params.uuid, signupCookieOf(request))),
  );

  route(
    // Counts the attempt in a statement of its own, then opens its own transaction.
    { method: 'POST', url: '/api/auth/login', permission: 'public', transaction: false, tags, body: LoginInput, response: Session },
    async (ctx, { body, reply }) => setRefreshCookie(config, reply, await identity.login(ctx, body)),
  );

  route({ method: 'POST', url: '/api/auth/refresh', permission: 'public', tags, response: Session }, async (ctx, { request, reply }) =>
    setRefreshCookie(config, reply, await identity.refresh(ctx, refreshCookieOf(request))),
  );

  route({ method: 'POST', url: '/api/auth/logout', permission: 'public', tags }, async (ctx, { request, reply }) => {
    const bearer = request.headers.authorization;
    await identity.logout(ctx, refreshCookieOf(request), bearer?.startsWith('Bearer ') ? bearer.slice(7) : undefined);
    clearRefreshCookie(reply);
  });

  route(
    {
      method: 'POST',
      url: '/api/auth/forgot-password/request-otp',
      permission: 'public',
      // Counts the attempt in a statement of its own, then opens its own transaction.
      transaction: false,
      tags,
      body: ForgotRequestOtpInput,
      response: ResendOtpResult,
    },
    async (ctx, { body }) => ({
      otp: { resend_delay: (await identity.requestPasswordReset(ctx, body.username)).resendDelay },
    }),
  );

  route(
    {
      method: 'POST',
      url: '/api/auth/forgot-password/verify-otp',
      permission: 'public',
      // Counts the attempt in a statement of its own, then opens its own transaction.
      transaction: false,
      tags,
      body: ForgotVerifyOtpInput,
      response: ForgotVerifyOtpResult,
    },
    (ctx, { body }) => identity.verifyPasswordReset(ctx, body.username, body.otp),
  );

  route({ method: 'POST', url: '/api/auth/forgot-password/reset', permission: 'public', tags, body: ResetPasswordInput }, (ctx, { body }) =>
    identity.resetPassword(ctx, body.token, body.password),
  );

  route(
    { method: 'POST', url: '/api/auth/change-password', permission: 'authenticated', tags, body: ChangePasswordInput },
    (ctx, { body }) => identity.changePassword(ctx, body.old_password, body.password),
  );

  route(
    { method: 'PUT', url: '/api/me/settings', permission: 'authenticated', tags: ['me'], body: UserSettings, response: UserSettings },
    (ctx, { body }) => identity.updateSettings(ctx, body),
  );

  route(
    {
      method: 'PUT',
      url: '/api/me/profile',
      permission: 'authenticated',
      tags: ['me'],
      body: z.object({ first_name: requiredText(100), last_name: z.string().trim().max(100).default('') }),
    },
    (ctx, { body }) => identity.updateProfile(ctx, body),
  );
}
