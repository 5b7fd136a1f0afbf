import { createContext, useContext, type ComponentType } from 'react';
import { withLaterTexts } from '../lib/i18n.ts';
import { lazyNamed } from '../lib/lazy-named.ts';
import type { ScreenId } from './route-table.ts';

export type Screen = ComponentType;
export type Screens = Partial<Record<ScreenId, Screen>>;

/**
 * A screen's lazy component. It is drawn once its chunk and the later texts (field rules, error texts: lib/i18n.ts
 * `LATER_NAMESPACES`) are there, both loaded at once; the sign-in page alone loads those texts at its first input
 * (ADR 0064).
 */
export const named = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K): Screen =>
  lazyNamed(withLaterTexts(load), name);

/**
 * The screens of the sign-in and printable pages (the `auth` and `full` layouts), each its own lazily loaded chunk.
 * The signed-in layout's screens are listed in `main-screens.ts`, in the layout's chunk: their list (with the files
 * each one preloads) is not needed before the signed-in layout is (ADR 0059).
 */
export const OPEN_SCREENS: Screens = {
  'document-print': named(() => import('../features/documents/screens/document-print-screen.tsx'), 'DocumentPrintScreen'),
  // The sign-in page: its later texts load at its first input (components/plain-form.tsx), not before it is drawn.
  login: lazyNamed(() => import('../features/auth/screens/login/login-screen.tsx'), 'LoginScreen'),
  register: named(() => import('../features/auth/screens/register/register-screen.tsx'), 'RegisterScreen'),
  'reg-conf-otp': named(() => import('../features/auth/screens/reg-conf-otp/reg-conf-otp-screen.tsx'), 'RegConfOtpScreen'),
  'reg-conf-email': named(() => import('../features/auth/screens/reg-conf-email/reg-conf-email-screen.tsx'), 'RegConfEmailScreen'),
  'register-success': named(() => import('../features/auth/screens/register-success/register-success-screen.tsx'), 'RegisterSuccessScreen'),
  'forgot-password': named(() => import('../features/auth/screens/forgot-password/forgot-password-screen.tsx'), 'ForgotPasswordScreen'),
  'forgot-password-otp': named(
    () => import('../features/auth/screens/forgot-password-otp/forgot-password-otp-screen.tsx'),
    'ForgotPasswordOtpScreen',
  ),
  'reset-password': named(() => import('../features/auth/screens/reset-password/reset-password-screen.tsx'), 'ResetPasswordScreen'),
  'reset-success': named(() => import('../features/auth/screens/reset-success/reset-success-screen.tsx'), 'ResetSuccessScreen'),
  'user-not-found': named(() => import('../features/errors/screens/user-not-found/user-not-found-screen.tsx'), 'UserNotFoundScreen'),
  'auth-404': named(() => import('../features/errors/screens/not-found/not-found-screen.tsx'), 'NotFoundScreen'),
  'auth-403': named(() => import('../features/errors/screens/forbidden/forbidden-screen.tsx'), 'ForbiddenScreen'),
  'auth-500': named(() => import('../features/errors/screens/server-error/server-error-screen.tsx'), 'ServerErrorScreen'),
  'reg-conf-phone': named(() => import('../features/auth/screens/reg-conf-phone/reg-conf-phone-screen.tsx'), 'RegConfPhoneScreen'),
  'link-expired': named(() => import('../features/auth/screens/link-expired/link-expired-screen.tsx'), 'LinkExpiredScreen'),
  'verify-link': named(() => import('../features/auth/screens/verify-link/verify-link-screen.tsx'), 'VerifyLinkScreen'),
  'confirmation-success': named(
    () => import('../features/auth/screens/confirmation-success/confirmation-success-screen.tsx'),
    'ConfirmationSuccessScreen',
  ),
  'confirmation-timeout': named(
    () => import('../features/auth/screens/confirmation-timeout/confirmation-timeout-screen.tsx'),
    'ConfirmationTimeoutScreen',
  ),
  'self-register': named(() => import('../features/auth/screens/self-register/self-register-screen.tsx'), 'SelfRegisterScreen'),
  'invitation-accept': named(
    () => import('../features/invitations/screens/invitation-accept/invitation-accept-screen.tsx'),
    'InvitationAcceptScreen',
  ),
  'invitation-register': named(
    () => import('../features/invitations/screens/invitation-register/invitation-register-screen.tsx'),
    'InvitationRegisterScreen',
  ),
};

/** The signed-in layout's screens, provided by the layout to the routes drawn in it. */
export const MainScreens = createContext<Screens>({});

/** The lazy component of a screen: the signed-in layout's own, or one of the open pages'. */
export function useScreen(id: ScreenId | undefined): Screen | null {
  const main = useContext(MainScreens);
  return id ? (main[id] ?? OPEN_SCREENS[id] ?? null) : null;
}
