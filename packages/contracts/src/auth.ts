import { z } from 'zod';
import { identifier, password, requiredText } from './validation.ts';

export const SignUpInput = z.object({
  user: identifier,
  password,
  name: requiredText(100),
  business_name: requiredText(100),
});
export type SignUpInput = z.infer<typeof SignUpInput>;

export const SignUpResult = z.object({
  user: z.object({ uuid: z.string(), type_register: z.enum(['email', 'phone']) }),
  otp: z.object({ resend_delay: z.number() }),
});

export const LoginInput = z.object({ username: identifier, password: z.string().min(1, { error: 'REQUIRED' }) });
export type LoginInput = z.infer<typeof LoginInput>;

/** A signed-in session. The refresh token travels in an httpOnly cookie, never in the body. */
export const Session = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number(),
});
export type Session = z.infer<typeof Session>;

export const VerifyPhoneInput = z.object({
  user_uuid: z.uuid(),
  otp_code: z
    .string()
    .trim()
    .regex(/^\d{6}$/u, { error: 'OTP_FORMAT' }),
  login: z.boolean().default(true),
});
export const VerifyEmailInput = z.object({
  user_uuid: z.uuid(),
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/u, { error: 'OTP_FORMAT' }),
});
export const ResendOtpInput = z.object({ user_uuid: z.uuid() });
export const ResendOtpResult = z.object({ otp: z.object({ resend_delay: z.number() }) });

export const VerificationResult = z.object({
  login: z.object({ user: z.object({ uuid: z.string(), email: z.string().nullable(), phone: z.string().nullable() }), token: Session }),
});

export const ForgotRequestOtpInput = z.object({
  username: identifier,
  type: z.enum(['email', 'phone']).optional(),
  setup_password_url: z.string().max(500).optional(),
});
export const ForgotVerifyOtpInput = z.object({
  username: identifier,
  otp: z
    .string()
    .trim()
    .regex(/^\d{6}$/u, { error: 'OTP_FORMAT' }),
});
export const ForgotVerifyOtpResult = z.object({ token: z.string(), username: z.string() });

export const ResetPasswordInput = z
  .object({ token: z.string().min(1), password, password_confirmation: z.string() })
  .refine((v) => v.password === v.password_confirmation, { error: 'PASSWORD_MISMATCH', path: ['password_confirmation'] });

export const ChangePasswordInput = z
  .object({ old_password: z.string().min(1, { error: 'REQUIRED' }), password, password_confirmation: z.string() })
  .refine((v) => v.password === v.password_confirmation, { error: 'PASSWORD_MISMATCH', path: ['password_confirmation'] });
