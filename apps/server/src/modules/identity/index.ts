import type { KelolaModule } from '../../http/context.ts';
import { registerIdentityRoutes } from './identity.routes.ts';
export {
  changePassword,
  createInvitedUser,
  findUserByIdentifier,
  getUser,
  hashPassword,
  issueSession,
  listUsersByIds,
  login,
  logout,
  refresh,
  registerUser,
  requestPasswordReset,
  resendSignupCode,
  resetPassword,
  settingsOf,
  updateProfile,
  updateSettings,
  verifyLink,
  verifyPasswordReset,
  verifySignupCode,
  type IssuedSession,
} from './identity.service.ts';
export { userJsonSql } from './identity.service.ts';
export { sessionGate, SESSION_LIVE_TTL_MS, type SessionGate } from './session-gate.ts';

/** Accounts, sign-in and sessions. */
export const identityModule: KelolaModule = {
  name: 'identity',
  routes: (router, platform) => registerIdentityRoutes(router, platform.config),
};
