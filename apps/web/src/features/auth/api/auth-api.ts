import { useMutation } from '@tanstack/react-query';
import type { Session, SignUpInput } from '@kelola/contracts/auth';
import { apiFetch } from '../../../lib/api-client.ts';

export type SignUpResult = { user: { uuid: string; type_register: 'email' | 'phone' }; otp: { resend_delay: number } };
export type VerificationResult = { login: { user: { uuid: string; email: string | null; phone: string | null }; token: Session } };
export type ForgotVerifyResult = { token: string; username: string };

export const signUp = (body: SignUpInput) => apiFetch<SignUpResult>('/auth/sign-up', { method: 'POST', body, auth: false });
export const verifyPhone = (body: { user_uuid: string; otp_code: string }) =>
  apiFetch<VerificationResult>('/auth/verification/phone', { method: 'POST', body: { ...body, login: true }, auth: false });
export const verifyEmail = (body: { user_uuid: string; code: string }) =>
  apiFetch<VerificationResult>('/auth/verification/email', { method: 'POST', body, auth: false });
export const resendOtp = (body: { user_uuid: string }) =>
  apiFetch<{ otp: { resend_delay: number } }>('/auth/verification/resend-otp', { method: 'POST', body, auth: false });
export const verifyLink = (link: string, uuid: string) =>
  apiFetch<VerificationResult>(`/auth/verify/${encodeURIComponent(link)}/${encodeURIComponent(uuid)}`, { method: 'POST', auth: false });
export const forgotRequestOtp = (body: { username: string }) =>
  apiFetch<unknown>('/auth/forgot-password/request-otp', { method: 'POST', body, auth: false });
export const forgotVerifyOtp = (body: { username: string; otp: string }) =>
  apiFetch<ForgotVerifyResult>('/auth/forgot-password/verify-otp', { method: 'POST', body, auth: false });
export const resetPassword = (body: { token: string; password: string; password_confirmation: string }) =>
  apiFetch<unknown>('/auth/forgot-password/reset', { method: 'POST', body, auth: false });

export const useSignUp = () => useMutation({ mutationFn: signUp });
export const useVerifyPhone = () => useMutation({ mutationFn: verifyPhone });
export const useVerifyEmail = () => useMutation({ mutationFn: verifyEmail });
export const useResendOtp = () => useMutation({ mutationFn: resendOtp });
export const useForgotRequestOtp = () => useMutation({ mutationFn: forgotRequestOtp });
export const useForgotVerifyOtp = () => useMutation({ mutationFn: forgotVerifyOtp });
export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
