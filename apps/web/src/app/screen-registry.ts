import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { ScreenId } from './route-table.ts';

type Screen = LazyExoticComponent<ComponentType>;

const named = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K): Screen =>
  lazy(async () => ({ default: (await load())[name] }));

/** Every built screen, each its own lazily loaded chunk. */
export const SCREENS: Record<ScreenId, Screen> = {
  dashboard: named(() => import('../features/dashboard/screens/dashboard/dashboard-screen.tsx'), 'DashboardScreen'),
  login: named(() => import('../features/auth/screens/login/login-screen.tsx'), 'LoginScreen'),
  register: named(() => import('../features/auth/screens/register/register-screen.tsx'), 'RegisterScreen'),
  'reg-conf-otp': named(() => import('../features/auth/screens/reg-conf-otp/reg-conf-otp-screen.tsx'), 'RegConfOtpScreen'),
  'reg-conf-email': named(() => import('../features/auth/screens/reg-conf-email/reg-conf-email-screen.tsx'), 'RegConfEmailScreen'),
  'register-success': named(() => import('../features/auth/screens/register-success/register-success-screen.tsx'), 'RegisterSuccessScreen'),
  'forgot-password': named(() => import('../features/auth/screens/forgot-password/forgot-password-screen.tsx'), 'ForgotPasswordScreen'),
  'forgot-password-otp': named(() => import('../features/auth/screens/forgot-password-otp/forgot-password-otp-screen.tsx'), 'ForgotPasswordOtpScreen'),
  'reset-password': named(() => import('../features/auth/screens/reset-password/reset-password-screen.tsx'), 'ResetPasswordScreen'),
  'reset-success': named(() => import('../features/auth/screens/reset-success/reset-success-screen.tsx'), 'ResetSuccessScreen'),
  'user-not-found': named(() => import('../features/errors/screens/user-not-found/user-not-found-screen.tsx'), 'UserNotFoundScreen'),
  'auth-404': named(() => import('../features/errors/screens/not-found/not-found-screen.tsx'), 'NotFoundScreen'),
  'error-404': named(() => import('../features/errors/screens/not-found/not-found-screen.tsx'), 'NotFoundScreen'),
  'auth-403': named(() => import('../features/errors/screens/forbidden/forbidden-screen.tsx'), 'ForbiddenScreen'),
  'error-403': named(() => import('../features/errors/screens/forbidden/forbidden-screen.tsx'), 'ForbiddenScreen'),
  'auth-500': named(() => import('../features/errors/screens/server-error/server-error-screen.tsx'), 'ServerErrorScreen'),
};
