import { z } from 'zod';
import { ACCESS_LEVELS } from './menu.ts';

export const RESTRICTION_BASES = ['BUSINESS', 'WAREHOUSE'] as const;
export const RestrictionBase = z.enum(RESTRICTION_BASES);
export type RestrictionBase = z.infer<typeof RestrictionBase>;

export const WorkspaceMembership = z.object({
  workspace_id: z.string(),
  workspace_name: z.string(),
  role_id: z.string(),
  role_name: z.string(),
  restriction_base: RestrictionBase,
  /** Business ids (BUSINESS) or warehouse ids (WAREHOUSE); empty means all of them. */
  restriction_list: z.array(z.string()),
  is_default: z.boolean(),
});
export type WorkspaceMembership = z.infer<typeof WorkspaceMembership>;

/** One entry of the top bar selector: a business (BUSINESS restriction) or a warehouse (WAREHOUSE restriction). */
export const BusinessListEntry = z.object({
  business_id: z.string().nullable(),
  business_name: z.string().nullable(),
  warehouse_id: z.string().nullable(),
  name: z.string(),
});
export type BusinessListEntry = z.infer<typeof BusinessListEntry>;

export const THEMES = ['default', 'dark'] as const;
export const MENU_LAYOUTS = ['left', 'top'] as const;
export const UserSettings = z.object({
  locale: z.string().min(2).max(10),
  theme: z.enum(THEMES),
  primary_color: z.string().regex(/^#[0-9a-fA-F]{6}$/u, { error: 'INVALID_COLOR' }),
  menu_layout: z.enum(MENU_LAYOUTS),
});
export type UserSettings = z.infer<typeof UserSettings>;
export const DEFAULT_SETTINGS: UserSettings = { locale: 'id-ID', theme: 'default', primary_color: '#4b7cf3', menu_layout: 'left' };

export const Me = z.object({
  id: z.string(),
  uuid: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  first_name: z.string(),
  last_name: z.string(),
  full_name: z.string(),
  typeRegister: z.enum(['email', 'phone']),
  role_name: z.string().nullable(),
  workspace_id_active: z.string().nullable(),
  workspace_id_active_name: z.string().nullable(),
  user_workspaces: z.array(WorkspaceMembership),
  restriction_base: RestrictionBase.nullable(),
  businessList: z.array(BusinessListEntry),
  permissions: z.record(z.string(), z.enum(ACCESS_LEVELS)),
  settings: UserSettings,
});
export type Me = z.infer<typeof Me>;

export const MenuItem: z.ZodType<MenuItem> = z.lazy(() =>
  z.object({
    key: z.string(),
    title: z.string(),
    lang: z.object({ id: z.string(), en: z.string() }),
    url: z.string(),
    icon: z.string().nullable(),
    category: z.string(),
    divider: z.boolean(),
    disabled: z.boolean(),
    notes: z.string().nullable(),
    sales_channel: z.object({ code: z.string() }).nullable(),
    access: z.enum(ACCESS_LEVELS),
    children: z.array(MenuItem),
  }),
);
export type MenuItem = {
  key: string;
  title: string;
  lang: { id: string; en: string };
  url: string;
  icon: string | null;
  category: string;
  divider: boolean;
  disabled: boolean;
  notes: string | null;
  sales_channel: { code: string } | null;
  access: 'READ' | 'WRITE';
  children: MenuItem[];
};

/**
 * Sales channels (spec part 1). 53 (web platform) and 55 (never in menus) are the spec's ids; the marketplaces' ids
 * are Kelola's own numbering.
 */
export const SALES_CHANNELS = {
  shopee: { id: 11, code: 'shopee_id', name: 'Shopee' },
  tokopedia: { id: 12, code: 'tokopedia_id', name: 'Tokopedia' },
  tiktok: { id: 13, code: 'tiktok', name: 'TikTok Shop' },
  lazada: { id: 14, code: 'lazada_id', name: 'Lazada' },
  blibli: { id: 15, code: 'blibli_id', name: 'Blibli' },
  zalora: { id: 17, code: 'zalora', name: 'Zalora' },
} as const;
export const HIDDEN_MENU_SALES_CHANNEL_ID = 55;

export const Channel = z.object({
  /** A connected shop's id (uuid); numeric in the spec's older data. */
  id: z.union([z.string(), z.number()]),
  title: z.string(),
  notes: z.string().nullable(),
  status: z.string(),
  code: z.string(),
  sales_channel: z.object({ id: z.number(), code: z.string(), name: z.string() }),
});
export type Channel = z.infer<typeof Channel>;

export const MenuResult = z.object({ menu: z.array(MenuItem), channels: z.array(Channel) });
export type MenuResult = z.infer<typeof MenuResult>;
