import { z } from 'zod';
import { Channel, CHANNEL_STATUSES, MARKETPLACES } from './channels.ts';

/**
 * Shops in the app (issue 15 part A): connecting a marketplace, the store form, confirmation, warehouse mapping
 * and channel health. Tokopedia is offered as its own entry but connects through TikTok Shop.
 */

export const INTEGRATIONS = ['shopee', 'tiktok', 'tokopedia', 'lazada', 'blibli', 'zalora'] as const;
export type IntegrationCode = (typeof INTEGRATIONS)[number];
export const OAUTH_INTEGRATIONS = ['shopee', 'tiktok', 'tokopedia', 'lazada'] as const;
export const KEYED_MARKETPLACES = ['blibli', 'zalora'] as const;
export const ARRANGE_SHIPMENT = ['pickup', 'dropoff'] as const;

/** One marketplace on /integration/list with its state (spec part 3 "Marketplace integration state"). */
export const Integration = z.object({
  code: z.enum(INTEGRATIONS),
  name: z.string(),
  /** The marketplace whose API serves it (Tokopedia: tiktok). */
  marketplace: z.enum(MARKETPLACES),
  authorization: z.enum(['oauth', 'credentials']),
  configured: z.boolean(),
  connected: z.number(),
  disconnected: z.number(),
});
export type Integration = z.infer<typeof Integration>;

export const IntegrationParams = z.object({ code: z.enum(OAUTH_INTEGRATIONS, { error: 'INVALID_VALUE' }) });

const redirectUrl = z
  .string({ error: 'REQUIRED' })
  .trim()
  .min(1, { error: 'REQUIRED' })
  .max(2000, { error: 'TOO_LONG' })
  .refine((value) => /^https?:\/\/[^\s]+$/u.test(value), { error: 'INVALID_FORMAT' });

export const AuthUrlBody = z.object({ redirect_url: redirectUrl });
export const AuthUrl = z.object({ url: z.string(), state: z.string() });

/** What an OAuth return page read from its query (spec part 2), sent to the authorize call. */
export const AuthorizeBody = z.object({
  code: z.string({ error: 'REQUIRED' }).trim().min(1, { error: 'REQUIRED' }).max(500, { error: 'TOO_LONG' }),
  shop_id: z.string().trim().max(100, { error: 'TOO_LONG' }).optional(),
  main_account_id: z.string().trim().max(100, { error: 'TOO_LONG' }).optional(),
  app_key: z.string().trim().max(200, { error: 'TOO_LONG' }).optional(),
  /** The state the auth-url call issued, echoed by the marketplace (ADR 0039); a return page without it is refused. */
  state: z.string().trim().max(200, { error: 'TOO_LONG' }).optional(),
  redirect_url: redirectUrl.optional(),
  business_id: z.uuid({ error: 'INVALID_ID' }).optional(),
});
export type AuthorizeBody = z.infer<typeof AuthorizeBody>;

const required = (max: number) => z.string({ error: 'REQUIRED' }).trim().min(1, { error: 'REQUIRED' }).max(max, { error: 'TOO_LONG' });

/**
 * The store form of /add-store (spec part 5: store name, store id, client id, API seller key, client secret,
 * main warehouse and arrange shipment are required). Blibli: store code, Seller Center user name as client id, API
 * seller key, and the signature key as client secret. Zalora has only a user id (the store id) and an API key, so
 * client id and client secret are required for Blibli alone.
 */
const optionalText = (max: number) => z.string().trim().max(max, { error: 'TOO_LONG' }).optional();
export const StoreForm = z
  .object({
    marketplace: z.enum(KEYED_MARKETPLACES, { error: 'INVALID_VALUE' }),
    name: required(120),
    shop_id: required(120),
    client_id: optionalText(200),
    api_seller_key: required(500),
    client_secret: optionalText(500),
    main_warehouse_id: z.uuid({ error: 'REQUIRED' }),
    arrange_shipment: z.enum(ARRANGE_SHIPMENT, { error: 'REQUIRED' }),
    auto_confirm: z.boolean().default(false),
    business_id: z.uuid({ error: 'INVALID_ID' }).optional(),
  })
  .strict()
  .superRefine((form, issues) => {
    if (form.marketplace !== 'blibli') return;
    for (const field of ['client_id', 'client_secret'] as const) {
      if (!form[field]) issues.addIssue({ code: 'custom', path: [field], message: 'REQUIRED' });
    }
  });
export type StoreForm = z.infer<typeof StoreForm>;

/** /admin-store: confirming a connected shop with its warehouse and shipping settings. */
export const ConfirmStoreBody = z
  .object({
    main_warehouse_id: z.uuid({ error: 'REQUIRED' }),
    arrange_shipment: z.enum(ARRANGE_SHIPMENT, { error: 'REQUIRED' }),
    auto_confirm: z.boolean().default(false),
  })
  .strict();
export type ConfirmStoreBody = z.infer<typeof ConfirmStoreBody>;

/**
 * A shop's data (spec part 7 PUT /integration/{channel_id}/data, Blibli PUT cmd/data): its name and its Kelola
 * settings, and for a keyed shop (Blibli, Zalora) new keys, proved with one marketplace call before they are saved.
 * Keys left out are kept; Blibli's three keys change together.
 */
export const StoreData = z
  .object({
    name: required(120),
    main_warehouse_id: z.uuid({ error: 'REQUIRED' }),
    arrange_shipment: z.enum(ARRANGE_SHIPMENT, { error: 'REQUIRED' }),
    auto_confirm: z.boolean().default(false),
    client_id: optionalText(200),
    api_seller_key: optionalText(500),
    client_secret: optionalText(500),
  })
  .strict();
export type StoreData = z.infer<typeof StoreData>;

/** A shop on /store: the channel with its store settings. */
export const Store = Channel.extend({
  main_warehouse_id: z.string().nullable(),
  main_warehouse_name: z.string().nullable(),
  arrange_shipment: z.enum(ARRANGE_SHIPMENT),
  auto_confirm: z.boolean(),
  confirmed_at: z.string().nullable(),
  status_reason: z.string().nullable(),
  status_message: z.string().nullable(),
  mapped_warehouses: z.number(),
});
export type Store = z.infer<typeof Store>;

/** Add shop answers 202: the shops saved, and the product import that was started for each. */
export const AddStoreResult = z.object({
  items: z.array(Store),
  product_import: z.enum(['queued']),
});
export type AddStoreResult = z.infer<typeof AddStoreResult>;

export const StoreQuery = z.object({
  status: z.enum(CHANNEL_STATUSES, { error: 'INVALID_VALUE' }).optional(),
  confirmed: z.enum(['true', 'false'], { error: 'INVALID_VALUE' }).optional(),
  q: z.string().trim().max(100, { error: 'TOO_LONG' }).optional(),
});

// ---------------------------------------------------------------------------------------------------------------
// Warehouse mapping

export const WarehouseMapping = z.object({
  id: z.string(),
  channel_id: z.string(),
  marketplace_warehouse_id: z.string(),
  marketplace_warehouse_name: z.string(),
  warehouse_id: z.string(),
  warehouse_name: z.string(),
  is_default: z.boolean(),
});
export type WarehouseMapping = z.infer<typeof WarehouseMapping>;

export const ShopWarehouse = z.object({
  id: z.string(),
  name: z.string(),
  city: z.string().nullable(),
  is_default: z.boolean(),
  mapping: WarehouseMapping.nullable(),
});
export type ShopWarehouse = z.infer<typeof ShopWarehouse>;

export const ShopWarehouses = z.object({
  /** False when the marketplace has no warehouse call (Zalora): mapping then uses the shop's one default. */
  supported: z.boolean(),
  items: z.array(ShopWarehouse),
  /** Mappings whose marketplace warehouse the marketplace no longer lists. */
  stale: z.array(WarehouseMapping),
});
export type ShopWarehouses = z.infer<typeof ShopWarehouses>;

const mappingItem = z
  .object({
    marketplace_warehouse_id: required(100),
    marketplace_warehouse_name: z.string().trim().max(200, { error: 'TOO_LONG' }).optional(),
    warehouse_id: z.uuid({ error: 'REQUIRED' }),
  })
  .strict();
export const MapWarehouseBody = mappingItem;
export type MapWarehouseBody = z.infer<typeof MapWarehouseBody>;
export const MultiMapBody = z.object({ items: z.array(mappingItem).min(1, { error: 'REQUIRED' }).max(50, { error: 'TOO_BIG' }) }).strict();
export const EditMappingBody = z.object({ warehouse_id: z.uuid({ error: 'REQUIRED' }) }).strict();
export const MappingParams = z.object({ id: z.uuid({ error: 'INVALID_ID' }), mappingId: z.uuid({ error: 'INVALID_ID' }) });
export const FailedCallParams = z.object({ id: z.uuid({ error: 'INVALID_ID' }), callId: z.uuid({ error: 'INVALID_ID' }) });

// ---------------------------------------------------------------------------------------------------------------
// Channel health

export const FailedCall = z.object({
  id: z.string(),
  operation: z.string(),
  attempts: z.number(),
  error_code: z.string().nullable(),
  /** The marketplace's own message. */
  error_message: z.string(),
  failed_at: z.string(),
  retried_at: z.string().nullable(),
});
export type FailedCall = z.infer<typeof FailedCall>;

export const ChannelHealth = z.object({
  channel: Store,
  token: z.object({
    access_expires_at: z.string().nullable(),
    refresh_expires_at: z.string().nullable(),
    /** Seconds until the access token expires (negative once expired), null for keys that do not expire. */
    seconds_left: z.number().nullable(),
    auto_refresh: z.boolean(),
  }),
  last_order_sync_at: z.string().nullable(),
  last_stock_push_at: z.string().nullable(),
  failed_calls: z.array(FailedCall),
  /** Set when the shop needs the seller: the banner of a revoked or disconnected shop. */
  banner: z.enum(['REVOKED', 'DISCONNECTED', 'INACTIVE']).nullable(),
});
export type ChannelHealth = z.infer<typeof ChannelHealth>;
