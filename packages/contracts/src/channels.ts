import { z } from 'zod';

/** Marketplaces Kelola connects shops on (Tokopedia shops connect through TikTok Shop). */
export const MARKETPLACES = ['shopee', 'tiktok', 'lazada', 'blibli', 'zalora'] as const;
export type MarketplaceCode = (typeof MARKETPLACES)[number];

/** Store statuses of the spec (part 4): connected, disconnected, inactive. */
export const CHANNEL_STATUSES = ['CONNECTED', 'DISCONNECTED', 'INACTIVE'] as const;
export type ChannelStatus = (typeof CHANNEL_STATUSES)[number];

/** What the adapters report about a failed marketplace call. */
export const CHANNEL_ERROR_KINDS = [
  'auth_expired',
  'invalid_sign',
  'invalid_code',
  'rate_limited',
  'not_found',
  'bad_request',
  'upstream',
  'unsupported',
] as const;

export const ChannelParams = z.object({ id: z.uuid({ error: 'INVALID_ID' }) });

export const PushParams = z.object({ marketplace: z.enum(MARKETPLACES, { error: 'INVALID_VALUE' }) });

/** A connected shop as the API shows it: never its tokens. */
export const Channel = z.object({
  id: z.string(),
  marketplace: z.enum(MARKETPLACES),
  shop_id: z.string(),
  name: z.string(),
  region: z.string().nullable(),
  status: z.enum(CHANNEL_STATUSES),
  business_id: z.string().nullable(),
  access_token_expires_at: z.string().nullable(),
  reconciled_until: z.string().nullable(),
  created_at: z.string(),
});
export type Channel = z.infer<typeof Channel>;

export const ChannelCallQuery = z.object({
  /** Keyset paging: the id of the last call of the previous page (calls come newest first). */
  before: z.uuid({ error: 'INVALID_ID' }).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  outcome: z.enum(['ok', 'error'], { error: 'INVALID_VALUE' }).optional(),
  operation: z.string().trim().max(64).optional(),
});
export type ChannelCallQuery = z.infer<typeof ChannelCallQuery>;

/** One outbound marketplace call and how it ended. */
export const ChannelCall = z.object({
  id: z.string(),
  channel_id: z.string(),
  operation: z.string(),
  outcome: z.enum(['ok', 'error']),
  attempt: z.number(),
  /** The marketplace's request id when it gave one. */
  request_id: z.string().nullable(),
  http_status: z.number().nullable(),
  error_kind: z.enum(CHANNEL_ERROR_KINDS).nullable(),
  error_code: z.string().nullable(),
  error_message: z.string().nullable(),
  duration_ms: z.number(),
  /** When the call will be tried again, if it will. */
  retry_at: z.string().nullable(),
  at: z.string(),
});
export type ChannelCall = z.infer<typeof ChannelCall>;

export const ChannelCallList = z.object({ items: z.array(ChannelCall), next_before: z.string().nullable() });
export type ChannelCallList = z.infer<typeof ChannelCallList>;
