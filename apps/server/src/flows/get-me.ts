import { HIDDEN_MENU_SALES_CHANNEL_ID, SALES_CHANNELS, type BusinessListEntry, type Me, type MenuResult } from '@kelola/contracts';
import type { SignedInCtx, TenantCtx } from '../http/context.ts';
import { listBusinesses } from '../modules/businesses/index.ts';
import { listChannels } from '../modules/channels/index.ts';
import { getUser, settingsOf } from '../modules/identity/index.ts';
import { listWarehouseOptions } from '../modules/warehouses/index.ts';
import { buildMenu, listUserWorkspaces, pickActiveWorkspace } from '../modules/workspaces/index.ts';

/** The signed-in user as the web shell needs it (spec part 3 "User"): profile, workspaces, selector entries. */
export async function getMe(ctx: SignedInCtx, requestedWorkspaceId: string | undefined): Promise<Me> {
  const [user, workspaces] = await Promise.all([getUser(ctx, ctx.actor.userId), listUserWorkspaces(ctx, ctx.actor.userId)]);
  const active = pickActiveWorkspace(workspaces, requestedWorkspaceId);
  let businessList: BusinessListEntry[] = [];
  if (active) {
    const tenant: TenantCtx = {
      ...ctx,
      workspaceId: active.workspace_id,
      restriction: { base: active.restriction_base, ids: active.restriction_list },
    };
    businessList =
      active.restriction_base === 'BUSINESS'
        ? (await listBusinesses(tenant)).map((b) => ({ business_id: b.id, business_name: b.name, warehouse_id: null, name: b.name }))
        : (await listWarehouseOptions(tenant)).map((w) => ({
            business_id: w.businessId,
            business_name: null,
            warehouse_id: w.id,
            name: w.name,
          }));
  }
  const fullName = [user.firstName, user.lastName].filter(Boolean).join(' ');
  return {
    id: user.id,
    uuid: user.id,
    email: user.email,
    phone: user.phone,
    first_name: user.firstName,
    last_name: user.lastName,
    full_name: fullName,
    typeRegister: user.typeRegister,
    role_name: active?.role_name ?? null,
    workspace_id_active: active?.workspace_id ?? null,
    workspace_id_active_name: active?.workspace_name ?? null,
    user_workspaces: workspaces.map(({ permissions: _p, ...w }) => w),
    restriction_base: active?.restriction_base ?? null,
    businessList,
    permissions: active?.permissions ?? {},
    settings: settingsOf(user),
  };
}

/** The side menu of the active workspace, filtered by the user's role. Channels arrive with the channel issue. */
export async function getMenu(ctx: TenantCtx): Promise<MenuResult> {
  return { menu: buildMenu(ctx.permissions, ctx.locale), channels: await menuChannels(ctx) };
}

/**
 * The connected shops of the side menu (spec part 4): only CONNECTED, never sales channel 55, restricted members
 * see their businesses' shops. Titles are the shop names (the web cuts them at 17 characters); notes stay null
 * (`cm`, sales items only, is a store setting this product does not have yet).
 */
async function menuChannels(ctx: TenantCtx): Promise<MenuResult['channels']> {
  const { restriction } = ctx;
  return (await listChannels(ctx)).items
    .filter((c) => c.status === 'CONNECTED')
    .filter(
      (c) =>
        restriction.base !== 'BUSINESS' ||
        restriction.ids.length === 0 ||
        (c.business_id !== null && restriction.ids.includes(c.business_id)),
    )
    .map((c) => {
      const region = (c.region ?? '').toLowerCase();
      const sales = c.marketplace === 'tiktok' && region.includes('tokopedia') ? SALES_CHANNELS.tokopedia : SALES_CHANNELS[c.marketplace];
      return {
        id: c.id,
        title: c.name,
        notes: null,
        status: c.status,
        code: sales.code,
        sales_channel: { id: sales.id as number, code: sales.code as string, name: sales.name as string },
      };
    })
    .filter((c) => c.sales_channel.id !== HIDDEN_MENU_SALES_CHANNEL_ID);
}
