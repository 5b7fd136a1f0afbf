import type { Access, MenuKey, PermissionMap, RestrictionBase } from '@kelola/contracts';
import type { Config } from '../config.ts';
import type { Db } from '../platform/db/database.ts';
import type { Locale } from '../platform/i18n/translate.ts';
import type { Platform } from '../platform/platform.ts';
import type { StockView } from '../modules/catalog/index.ts';
import type { StockArrivedHandler } from '../modules/inventory/index.ts';
import type {
  ChannelCallSettledHandler,
  ChannelEventHandler,
  ChannelStockDependents,
  ChannelValueSource,
} from '../modules/channels/index.ts';
import type { Router } from './route.ts';

export type Actor = { userId: string; sessionFamilyId: string | null };

export type Restriction = { base: RestrictionBase; ids: string[] };

/** What every service, repository and flow receives first: who acts, where, and the transaction to use. */
export type Ctx = {
  requestId: string;
  locale: Locale;
  ip: string | null;
  userAgent: string | null;
  /** The transaction of this request (row-level security applies in tenant requests). */
  db: Db;
  actor: Actor | null;
  workspaceId: string | null;
  businessId: string | null;
  warehouseId: string | null;
  restriction: Restriction | null;
  permissions: PermissionMap;
  roleName: string | null;
  platform: Platform;
  config: Config;
  /** Work to run once the request's transaction has committed (job sends, pushes). */
  afterCommit: (fn: () => Promise<void>) => void;
  /** Writes that must stand although the request fails and its transaction rolls back (attempt counters). */
  afterRollback: (fn: (db: Db) => Promise<void>) => void;
};

/** A context inside one workspace, with a signed-in actor: what tenant repositories require. */
export type TenantCtx = Ctx & { actor: Actor; workspaceId: string; restriction: Restriction };

export type SignedInCtx = Ctx & { actor: Actor };

/** A public route's context: nobody is signed in (the route does not even read a token). */
export type PublicCtx = Ctx & { actor: null };

/** 'public': anyone; 'authenticated': any signed-in user; 'member': any member of the Workspace-Id; else a menu key and action. */
export type Permission = 'public' | 'authenticated' | 'member' | readonly [MenuKey, Access];

/**
 * What modules provide to each other where a direct import would point the wrong way (the inventory depends on the
 * catalog, yet the catalog shows stock). The consumer declares the type; the composition root (`composition.ts`)
 * fills it from the modules' `provides` and hands it to the platform, so every ctx reaches it as `ctx.platform.ports`.
 */
export type Ports = {
  /** Stock as the catalog sees it (declared by the catalog, provided by the inventory). */
  stock: StockView;
  /** What runs for each stored marketplace event (declared by the channels, provided by orders and the like). */
  channelEvents: readonly ChannelEventHandler[];
  /** What runs once a referenced marketplace call has its final outcome (declared by the channels, provided by the order flows). */
  channelCallSettled: readonly ChannelCallSettledHandler[];
  /** What a shop should be told a SKU's stock is (declared by the channels, provided by the inventory). */
  channelStock: ChannelValueSource;
  /** The SKUs whose channel stock follows these SKUs' stock: the bundles containing them (declared by the channels, provided by the inventory). */
  channelStockDependents: ChannelStockDependents;
  /** What a shop should be told a SKU's price is (declared by the channels, provided by the catalog). */
  channelPrice: ChannelValueSource;
  /** What runs when stock arrives in a warehouse, in the arriving transaction (declared by the inventory, provided by the order flows). */
  stockArrived: readonly StockArrivedHandler[];
};

/** What a module's `index.ts` tells the composition root: what it registers and what it provides to others. */
export type KelolaModule = {
  name: string;
  /** Its HTTP routes. */
  routes?: (router: Router, platform: Platform) => void;
  /** Its job handlers, for every process that runs workers (`npm start`, `npm run worker`). */
  workers?: (platform: Platform) => Promise<void>;
  /** Ports it implements for other modules. */
  provides?: Partial<Ports>;
  /** Ports it uses (documentation the root checks: each needed port has a provider). */
  needs?: readonly (keyof Ports)[];
};
