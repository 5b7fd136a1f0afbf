import type { Ctx, TenantCtx } from '../http/context.ts';
import { createBusiness } from '../modules/businesses/index.ts';
import { registerUser } from '../modules/identity/index.ts';
import { createWorkspace } from '../modules/workspaces/index.ts';

/**
 * Sign-up: the person, their own workspace (named after the business) with the built-in roles, and the
 * first business, in one transaction. The account stays unverified until the OTP or e-mail code is checked.
 * A repeated sign-up of a pending address also returns the secret of its sign-up cookie (ADR 0013).
 */
export async function signUp(ctx: Ctx, input: { user: string; password: string; name: string; business_name: string }) {
  const { user, created, resendDelay, flowSecret } = await registerUser(ctx, input);
  if (created) {
    const { workspaceId } = await createWorkspace(ctx, { name: input.business_name, ownerUserId: user.id, isDefault: true });
    const tenant: TenantCtx = {
      ...ctx,
      actor: { userId: user.id, sessionFamilyId: null },
      workspaceId,
      restriction: { base: 'BUSINESS', ids: [] },
    };
    await createBusiness(tenant, { name: input.business_name });
  }
  return { result: { user: { uuid: user.id, type_register: user.typeRegister }, otp: { resend_delay: resendDelay } }, flowSecret };
}
