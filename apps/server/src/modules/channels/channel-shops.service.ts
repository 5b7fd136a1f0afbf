import { randomBytes } from 'node:crypto';
import type {
  AddStoreResult,
  AuthorizeBody,
  ChannelHealth,
  ConfirmStoreBody,
  FailedCall,
  Integration,
  IntegrationCode,
  MapWarehouseBody,
  ShopWarehouse,
  ShopWarehouses,
  Store,
  StoreData,
  StoreForm,
  WarehouseMapping,
} from '@kelola/contracts/channel-shops';
import { INTEGRATIONS } from '@kelola/contracts/channel-shops';
import type { MarketplaceCode } from '@kelola/contracts/channels';
import type { TenantCtx } from '../../http/context.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import { DomainError, fieldError } from '../../platform/errors.ts';
import type { Platform } from '../../platform/platform.ts';
import { listWarehouseOptions } from '../warehouses/index.ts';
import type { MarketplaceWarehouse, ShopAuth, TokenGrant } from './adapters/types.ts';
import { isMarketplaceError } from './adapters/types.ts';
import { callNow } from './call-now.ts';
import { adapterFor } from './channels.adapters.ts';
import * as repo from './channels.repository.ts';
import type { ConnectionRow } from './channels.repository.ts';
import { connectChannel, enqueueChannelCall, toChannel, usableConnection, type ChannelOperation } from './channels.service.ts';
import * as shops from './channel-shops.repository.ts';
import { startProductImport } from './channel-products.service.ts';
import { noteShopStockChanged } from './stock-push.service.ts';

export const REFRESH_TOKENS_QUEUE = 'channels-refresh-tokens';
/** Every five minutes, tokens expiring within the next half hour are refreshed. */
export const REFRESH_TOKENS_CRON = '*/5 * * * *';
const REFRESH_WITHIN_MS = 30 * 60_000;
/** Zalora lists no warehouses: its shops have one, under the spec's default label. */
const DEFAULT_WAREHOUSE: MarketplaceWarehouse = { id: 'default', name: 'Default Warehouse', isDefault: true };

const NAMES: Record<IntegrationCode, string> = {
  shopee: 'Shopee',
  tiktok: 'TikTok Shop',
  tokopedia: 'Tokopedia',
  lazada: 'Lazada',
  blibli: 'Blibli',
  zalora: 'Zalora',
};
const marketplaceOf = (code: IntegrationCode): MarketplaceCode => (code === 'tokopedia' ? 'tiktok' : code);

// ---------------------------------------------------------------------------------------------------------------
// Views

type Settings = Awaited<ReturnType<typeof shops.settingsOf>> extends Map<string, infer S> ? S : never;

type Names = Map<string, string>;
/** Warehouse names by id, of the warehouses the member may see (the warehouses module owns them). */
const warehouseNames = async (ctx: TenantCtx): Promise<Names> => new Map((await listWarehouseOptions(ctx)).map((w) => [w.id, w.name]));

const toStore = (row: ConnectionRow, settings: Settings | undefined, mapped: number, names: Names): Store => ({
  ...toChannel(row),
  main_warehouse_id: settings?.mainWarehouseId ?? null,
  main_warehouse_name: settings?.mainWarehouseId ? (names.get(settings.mainWarehouseId) ?? null) : null,
  arrange_shipment: (settings?.arrangeShipment as Store['arrange_shipment'] | undefined) ?? 'pickup',
  auto_confirm: settings?.autoConfirm ?? false,
  confirmed_at: settings?.confirmedAt?.toISOString() ?? null,
  status_reason: row.status === 'CONNECTED' ? null : (settings?.statusReason ?? null),
  status_message: row.status === 'CONNECTED' ? null : (settings?.statusMessage ?? null),
  mapped_warehouses: mapped,
});

async function storesOf(ctx: TenantCtx, rows: ConnectionRow[]): Promise<Store[]> {
  const settings = await shops.settingsOf(
    ctx,
    rows.map((row) => row.id),
  );
  const counts = await shops.mappingCounts(ctx);
  const names = await warehouseNames(ctx);
  return rows.map((row) => toStore(row, settings.get(row.id), counts.get(row.id) ?? 0, names));
}

async function connectionOr404(ctx: TenantCtx, id: string): Promise<ConnectionRow> {
  const row = await repo.findConnection(ctx, id);
  if (!row) throw new DomainError('CHANNEL_NOT_FOUND');
  return row;
}

async function storeOf(ctx: TenantCtx, row: ConnectionRow): Promise<Store> {
  const [store] = await storesOf(ctx, [row]);
  return store!;
}

const configured = (platform: Platform, marketplace: MarketplaceCode): boolean => {
  try {
    adapterFor(platform, marketplace);
    return true;
  } catch {
    return false;
  }
};

/** Every marketplace with its state: configured on this server, and how many shops are connected or not. */
export async function listIntegrations(ctx: TenantCtx): Promise<{ items: Integration[] }> {
  const rows = await repo.listConnections(ctx);
  return {
    items: INTEGRATIONS.map((code) => {
      const marketplace = marketplaceOf(code);
      // Tokopedia shops are TikTok Shop connections: they count under TikTok Shop.
      const own = code === 'tokopedia' ? [] : rows.filter((row) => row.marketplace === marketplace);
      return {
        code,
        name: NAMES[code],
        marketplace,
        authorization: marketplace === 'blibli' || marketplace === 'zalora' ? 'credentials' : 'oauth',
        configured: configured(ctx.platform, marketplace),
        connected: own.filter((row) => row.status === 'CONNECTED').length,
        disconnected: own.filter((row) => row.status !== 'CONNECTED').length,
      };
    }),
  };
}

export async function listStores(
  ctx: TenantCtx,
  query: { status?: string | undefined; confirmed?: string | undefined; q?: string | undefined },
): Promise<{ items: Store[] }> {
  const stores = await storesOf(ctx, await repo.listConnections(ctx));
  const q = query.q?.toLowerCase();
  return {
    items: stores.filter(
      (store) =>
        (!query.status || store.status === query.status) &&
        (query.confirmed === undefined || (query.confirmed === 'true') === (store.confirmed_at !== null)) &&
        (!q || store.name.toLowerCase().includes(q) || store.shop_id.toLowerCase().includes(q)),
    ),
  };
}

export async function getStore(ctx: TenantCtx, id: string): Promise<Store> {
  return storeOf(ctx, await connectionOr404(ctx, id));
}

// ---------------------------------------------------------------------------------------------------------------
// Connecting

/** How long an issued OAuth state may be spent: the seller signs in and consents on the marketplace meanwhile. */
export const OAUTH_STATE_TTL_MS = 30 * 60_000;

/**
 * The marketplace's authorization page for this workspace's member; the return page comes back with a code and the
 * state issued here (ADR 0039). TikTok Shop and Lazada echo `state`; Shopee echoes nothing but keeps the redirect
 * URL's own query, so its state travels in the redirect URL.
 */
export async function authorizationUrl(
  ctx: TenantCtx,
  code: IntegrationCode,
  redirectUrl: string,
): Promise<{ url: string; state: string }> {
  const marketplace = marketplaceOf(code);
  const adapter = adapterFor(ctx.platform, marketplace);
  const state = randomBytes(16).toString('hex');
  const now = ctx.platform.now();
  await shops.insertOauthState(ctx, {
    state,
    userId: ctx.actor.userId,
    marketplace: code,
    expiresAt: new Date(now.getTime() + OAUTH_STATE_TTL_MS),
    now,
  });
  const redirect = marketplace === 'shopee' ? withState(redirectUrl, state) : redirectUrl;
  return { url: adapter.authorizationUrl({ redirectUrl: redirect, state }), state };
}

const withState = (url: string, state: string): string => {
  const parsed = new URL(url);
  parsed.searchParams.set('state', state);
  return parsed.toString();
};

async function warehouseOr400(ctx: TenantCtx, id: string, path: string): Promise<void> {
  const visible = await listWarehouseOptions(ctx);
  if (!visible.some((warehouse) => warehouse.id === id)) throw fieldError('VALIDATION_FAILED', path, 'WAREHOUSE_NOT_FOUND');
}

/** A new or reconnected shop's product import starts with the shop (channel-products.service; queued after commit). */
async function queueProductImport(ctx: TenantCtx, connectionIds: string[]): Promise<void> {
  for (const connectionId of connectionIds) await startProductImport(ctx, connectionId);
}

/**
 * The authorize call of an OAuth return page: the code becomes tokens, each authorized shop is saved (a Shopee main
 * account brings several) and its product import starts. 409 when every shop of the grant is connected and confirmed
 * already (spec part 8 'Toko ini sudah dikonfirmasi'); a DISCONNECTED shop is reconnected with the new tokens.
 */
export async function authorize(ctx: TenantCtx, code: IntegrationCode, body: AuthorizeBody): Promise<AddStoreResult> {
  const marketplace = marketplaceOf(code);
  const adapter = adapterFor(ctx.platform, marketplace);
  if (marketplace === 'shopee' && !body.shop_id && !body.main_account_id) throw fieldError('VALIDATION_FAILED', 'shop_id', 'REQUIRED');
  // The state this member was issued for this marketplace, unspent and unexpired (ADR 0039); spent now, so a replayed
  // return page is refused too (a failed exchange rolls the spending back with everything else).
  const spent = body.state
    ? await shops.spendOauthState(ctx, { state: body.state, userId: ctx.actor.userId, marketplace: code, now: ctx.platform.now() })
    : false;
  if (!spent) throw new DomainError('CHANNEL_AUTHORIZATION_STATE_INVALID');
  let grant: TokenGrant;
  try {
    grant = await adapter.exchangeCode({
      code: body.code,
      ...(body.shop_id ? { shopId: body.shop_id } : {}),
      ...(body.main_account_id ? { mainAccountId: body.main_account_id } : {}),
      ...(body.redirect_url ? { redirectUrl: body.redirect_url } : {}),
    });
  } catch (error) {
    if (isMarketplaceError(error)) throw new DomainError('CHANNEL_AUTHORIZATION_FAILED', { marketplace_message: error.message });
    throw error;
  }
  if (grant.shops.length === 0) throw new DomainError('CHANNEL_AUTHORIZATION_FAILED', { marketplace_message: 'no shop authorized' });

  const existing = await repo.listConnections(ctx);
  const settings = await shops.settingsOf(
    ctx,
    existing.map((row) => row.id),
  );
  const known = (shopId: string) => existing.find((row) => row.marketplace === marketplace && row.shopId === shopId);
  const confirmed = (shopId: string) => {
    const row = known(shopId);
    return row !== undefined && row.status === 'CONNECTED' && Boolean(settings.get(row.id)?.confirmedAt);
  };
  if (grant.shops.every((shop) => confirmed(shop.shopId))) throw new DomainError('CHANNEL_ALREADY_CONFIRMED');

  const saved: ConnectionRow[] = [];
  for (const shop of grant.shops) {
    let name = shop.name || known(shop.shopId)?.name || '';
    let region = shop.region || 'ID';
    if (!name) {
      const auth: ShopAuth = { shopId: shop.shopId, accessToken: grant.accessToken, ...(shop.cipher ? { shopCipher: shop.cipher } : {}) };
      const info = await adapter.getShopInfo(auth).catch(() => null);
      name = info?.name || `${NAMES[code]} ${shop.shopId}`;
      region = info?.region || region;
    }
    const channel = await connectChannel(ctx, {
      marketplace,
      shopId: shop.shopId,
      name,
      region,
      ...(body.business_id ? { businessId: body.business_id } : {}),
      grant,
      ...(marketplace === 'tiktok' && shop.cipher ? { shopCipher: shop.cipher } : {}),
    });
    await shops.upsertSettings(ctx, channel.id, { statusReason: null, statusMessage: null, statusChangedAt: ctx.platform.now() });
    saved.push((await repo.findConnection(ctx, channel.id))!);
  }
  await queueProductImport(
    ctx,
    saved.map((row) => row.id),
  );
  return { items: await storesOf(ctx, saved), product_import: 'queued' };
}

/** Adds a Blibli or Zalora shop from the store form: its keys are proved with one call before anything is saved. */
export async function addStore(ctx: TenantCtx, form: StoreForm): Promise<AddStoreResult> {
  await warehouseOr400(ctx, form.main_warehouse_id, 'main_warehouse_id');
  const existing = (await repo.listConnections(ctx)).find((row) => row.marketplace === form.marketplace && row.shopId === form.shop_id);
  if (existing?.status === 'CONNECTED') throw new DomainError('CHANNEL_ALREADY_CONFIRMED');
  const auth: ShopAuth = {
    shopId: form.shop_id,
    accessToken: form.api_seller_key,
    ...(form.marketplace === 'blibli' && form.client_id ? { username: form.client_id } : {}),
    ...(form.marketplace === 'blibli' && form.client_secret ? { signatureKey: form.client_secret } : {}),
  };
  try {
    await adapterFor(ctx.platform, form.marketplace).getShopInfo(auth);
  } catch (error) {
    if (isMarketplaceError(error)) throw new DomainError('CHANNEL_CREDENTIALS_INVALID', { marketplace_message: error.message });
    throw error;
  }
  const channel = await connectChannel(ctx, {
    marketplace: form.marketplace,
    shopId: form.shop_id,
    name: form.name,
    region: 'ID',
    ...(form.business_id ? { businessId: form.business_id } : {}),
    grant: { accessToken: form.api_seller_key, refreshToken: '' },
    ...(auth.username ? { username: auth.username } : {}),
    ...(auth.signatureKey ? { signatureKey: auth.signatureKey } : {}),
  });
  await shops.upsertSettings(ctx, channel.id, {
    mainWarehouseId: form.main_warehouse_id,
    arrangeShipment: form.arrange_shipment,
    autoConfirm: form.auto_confirm,
    clientId: form.client_id ?? null,
    // The form carries the warehouse and shipping settings: the shop is confirmed as it is added.
    confirmedAt: ctx.platform.now(),
    confirmedBy: ctx.actor.userId,
    statusReason: null,
    statusMessage: null,
    statusChangedAt: ctx.platform.now(),
  });
  await queueProductImport(ctx, [channel.id]);
  const row = (await repo.findConnection(ctx, channel.id))!;
  return { items: [await storeOf(ctx, row)], product_import: 'queued' };
}

/** /admin-store: confirms a shop with its main warehouse and shipping settings; 409 once confirmed. */
export async function confirmStore(ctx: TenantCtx, id: string, body: ConfirmStoreBody): Promise<Store> {
  const row = await connectionOr404(ctx, id);
  const settings = (await shops.settingsOf(ctx, [id])).get(id);
  if (settings?.confirmedAt) throw new DomainError('CHANNEL_ALREADY_CONFIRMED');
  await warehouseOr400(ctx, body.main_warehouse_id, 'main_warehouse_id');
  await shops.upsertSettings(ctx, id, {
    mainWarehouseId: body.main_warehouse_id,
    arrangeShipment: body.arrange_shipment,
    autoConfirm: body.auto_confirm,
    confirmedAt: ctx.platform.now(),
    confirmedBy: ctx.actor.userId,
  });
  await recordAudit(ctx, {
    entity: 'channel',
    entityId: id,
    action: 'update',
    before: { confirmed: false },
    after: { confirmed: true, ...body },
  });
  return storeOf(ctx, row);
}

/**
 * PUT a shop's data: name, main warehouse, arrange shipment and auto confirm; for Blibli and Zalora also new keys,
 * proved with one marketplace call first (400 CHANNEL_CREDENTIALS_INVALID saves nothing). A new main warehouse
 * changes the stock a shop without warehouse mapping is told (ADR 0039), so its SKUs are pushed again.
 */
export async function updateStoreData(ctx: TenantCtx, id: string, body: StoreData): Promise<Store> {
  const row = await connectionOr404(ctx, id);
  await warehouseOr400(ctx, body.main_warehouse_id, 'main_warehouse_id');
  const before = (await shops.settingsOf(ctx, [id])).get(id);
  const keyed = row.marketplace === 'blibli' || row.marketplace === 'zalora';
  const keys = (['client_id', 'api_seller_key', 'client_secret'] as const).filter((field) => body[field]);
  if (!keyed && keys.length > 0) throw fieldError('VALIDATION_FAILED', keys[0]!, 'INVALID_VALUE');
  if (row.marketplace === 'blibli' && keys.length > 0 && keys.length < 3) {
    const missing = (['client_id', 'api_seller_key', 'client_secret'] as const).find((field) => !body[field])!;
    throw fieldError('VALIDATION_FAILED', missing, 'REQUIRED');
  }
  if (keyed && body.api_seller_key) {
    const auth: ShopAuth = {
      shopId: row.shopId,
      accessToken: body.api_seller_key,
      ...(row.marketplace === 'blibli' && body.client_id ? { username: body.client_id } : {}),
      ...(row.marketplace === 'blibli' && body.client_secret ? { signatureKey: body.client_secret } : {}),
    };
    try {
      await adapterFor(ctx.platform, row.marketplace as MarketplaceCode).getShopInfo(auth);
    } catch (error) {
      if (isMarketplaceError(error)) throw new DomainError('CHANNEL_CREDENTIALS_INVALID', { marketplace_message: error.message });
      throw error;
    }
    await repo.updateConnection(ctx, id, {
      accessToken: body.api_seller_key,
      ...(auth.username ? { username: auth.username } : {}),
      ...(auth.signatureKey ? { signatureKey: auth.signatureKey } : {}),
    });
  } else if (keys.length > 0) {
    // Zalora has no keys besides the API key: a client id or secret alone changes nothing the marketplace checks.
    throw fieldError('VALIDATION_FAILED', 'api_seller_key', 'REQUIRED');
  }
  if (body.name !== row.name) await repo.updateConnection(ctx, id, { name: body.name });
  await shops.upsertSettings(ctx, id, {
    mainWarehouseId: body.main_warehouse_id,
    arrangeShipment: body.arrange_shipment,
    autoConfirm: body.auto_confirm,
    ...(row.marketplace === 'blibli' && body.client_id ? { clientId: body.client_id } : {}),
  });
  await recordAudit(ctx, {
    entity: 'channel',
    entityId: id,
    action: 'update',
    before: {
      name: row.name,
      main_warehouse_id: before?.mainWarehouseId ?? null,
      arrange_shipment: before?.arrangeShipment ?? null,
      auto_confirm: before?.autoConfirm ?? null,
    },
    // Keys are never written to the audit trail; only that they changed.
    after: {
      name: body.name,
      main_warehouse_id: body.main_warehouse_id,
      arrange_shipment: body.arrange_shipment,
      auto_confirm: body.auto_confirm,
      keys_changed: Boolean(body.api_seller_key),
    },
  });
  if (before?.mainWarehouseId !== body.main_warehouse_id) await noteShopStockChanged(ctx, id);
  return storeOf(ctx, (await repo.findConnection(ctx, id))!);
}

async function setStatus(ctx: TenantCtx, row: ConnectionRow, status: 'CONNECTED' | 'DISCONNECTED', reason: string | null): Promise<Store> {
  await repo.updateConnection(ctx, row.id, { status });
  await shops.upsertSettings(ctx, row.id, { statusReason: reason, statusMessage: null, statusChangedAt: ctx.platform.now() });
  await recordAudit(ctx, { entity: 'channel', entityId: row.id, action: 'update', before: { status: row.status }, after: { status } });
  return storeOf(ctx, (await repo.findConnection(ctx, row.id))!);
}

/** Stops every call and order sync of the shop; its tokens are kept for reconnecting. */
export async function disconnectStore(ctx: TenantCtx, id: string): Promise<Store> {
  const row = await connectionOr404(ctx, id);
  if (row.status === 'DISCONNECTED') return storeOf(ctx, row);
  return setStatus(ctx, row, 'DISCONNECTED', 'MANUAL');
}

/**
 * Reconnects with the kept tokens after proving them with a shop-info call (refreshing first when due). A shop
 * whose access the marketplace revoked needs its authorization page again: 409 CHANNEL_REAUTHORIZE_REQUIRED.
 */
export async function reconnectStore(ctx: TenantCtx, id: string): Promise<Store> {
  const row = await connectionOr404(ctx, id);
  if (row.status === 'CONNECTED') return storeOf(ctx, row);
  const settings = (await shops.settingsOf(ctx, [id])).get(id);
  if (settings?.statusReason === 'REVOKED') throw new DomainError('CHANNEL_REAUTHORIZE_REQUIRED');
  try {
    await callNow(ctx, row, 'getShopInfo', (adapter, auth) => adapter.getShopInfo(auth));
  } catch (error) {
    if (isMarketplaceError(error) && ['auth_expired', 'invalid_code', 'invalid_sign'].includes(error.kind)) {
      ctx.afterRollback(async (db) => {
        await shops.upsertSettings({ db, workspaceId: ctx.workspaceId }, id, {
          statusReason: 'REVOKED',
          statusMessage: error.message.slice(0, 1000),
          statusChangedAt: ctx.platform.now(),
        });
      });
      throw new DomainError('CHANNEL_REAUTHORIZE_REQUIRED');
    }
    throw error;
  }
  return setStatus(ctx, row, 'CONNECTED', null);
}

// ---------------------------------------------------------------------------------------------------------------
// Warehouse mapping

const toMapping = (row: shops.MappingRow, names: Names): WarehouseMapping => ({
  id: row.id,
  channel_id: row.connectionId,
  marketplace_warehouse_id: row.marketplaceWarehouseId,
  marketplace_warehouse_name: row.marketplaceWarehouseName,
  warehouse_id: row.warehouseId,
  warehouse_name: names.get(row.warehouseId) ?? '',
  is_default: row.isDefault,
});

/** The shop's warehouses as the marketplace lists them (Zalora: one default). */
async function marketplaceWarehouses(ctx: TenantCtx, row: ConnectionRow): Promise<{ supported: boolean; items: MarketplaceWarehouse[] }> {
  if (row.marketplace === 'zalora') return { supported: false, items: [DEFAULT_WAREHOUSE] };
  if (row.status !== 'CONNECTED') throw new DomainError('CHANNEL_NOT_CONNECTED');
  const items = await callNow(ctx, row, 'listWarehouses', (adapter, auth) => adapter.listWarehouses(auth));
  return { supported: true, items: items.length > 0 ? items : [DEFAULT_WAREHOUSE] };
}

export async function listShopWarehouses(ctx: TenantCtx, id: string): Promise<ShopWarehouses> {
  const row = await connectionOr404(ctx, id);
  const names = await warehouseNames(ctx);
  const mappings = (await shops.listMappings(ctx, id)).map((row) => toMapping(row, names));
  const listed = await marketplaceWarehouses(ctx, row);
  const items: ShopWarehouse[] = listed.items.map((warehouse) => ({
    id: warehouse.id,
    name: warehouse.name,
    city: warehouse.city || null,
    is_default: warehouse.isDefault ?? false,
    mapping: mappings.find((mapping) => mapping.marketplace_warehouse_id === warehouse.id) ?? null,
  }));
  return {
    supported: listed.supported,
    items,
    stale: mappings.filter((mapping) => !listed.items.some((warehouse) => warehouse.id === mapping.marketplace_warehouse_id)),
  };
}

async function mappingsOut(ctx: TenantCtx, id: string): Promise<{ items: WarehouseMapping[] }> {
  const names = await warehouseNames(ctx);
  return { items: (await shops.listMappings(ctx, id)).map((row) => toMapping(row, names)) };
}

async function checkedItems(ctx: TenantCtx, row: ConnectionRow, items: MapWarehouseBody[], prefix: (i: number) => string) {
  const listed = await marketplaceWarehouses(ctx, row);
  const visible = new Set((await listWarehouseOptions(ctx)).map((warehouse) => warehouse.id));
  return items.map((item, index) => {
    const found = listed.items.find((warehouse) => warehouse.id === item.marketplace_warehouse_id);
    if (!found)
      throw fieldError('CHANNEL_WAREHOUSE_UNKNOWN', [prefix(index), 'marketplace_warehouse_id'].filter(Boolean).join('.'), 'INVALID_VALUE');
    if (!visible.has(item.warehouse_id))
      throw fieldError('VALIDATION_FAILED', [prefix(index), 'warehouse_id'].filter(Boolean).join('.'), 'WAREHOUSE_NOT_FOUND');
    return {
      connectionId: row.id,
      marketplaceWarehouseId: found.id,
      marketplaceWarehouseName: found.name,
      warehouseId: item.warehouse_id,
      isDefault: found.isDefault ?? false,
    };
  });
}

/** Maps one marketplace warehouse to one of ours; 409 when it is mapped already (edit it instead). */
export async function mapWarehouse(ctx: TenantCtx, id: string, body: MapWarehouseBody): Promise<WarehouseMapping> {
  const row = await connectionOr404(ctx, id);
  const [values] = await checkedItems(ctx, row, [body], () => '');
  const mappingId = await shops.insertMapping(ctx, values!);
  if (!mappingId) throw new DomainError('CHANNEL_WAREHOUSE_ALREADY_MAPPED');
  await recordAudit(ctx, { entity: 'channel_warehouse_mapping', entityId: mappingId, action: 'create', before: null, after: values! });
  await noteShopStockChanged(ctx, id);
  return toMapping((await shops.findMapping(ctx, id, mappingId))!, await warehouseNames(ctx));
}

/** Maps several marketplace warehouses at once; a mapped one takes the new warehouse. All or nothing. */
export async function multiMapWarehouses(ctx: TenantCtx, id: string, items: MapWarehouseBody[]): Promise<{ items: WarehouseMapping[] }> {
  const row = await connectionOr404(ctx, id);
  const seen = new Set<string>();
  items.forEach((item, index) => {
    if (seen.has(item.marketplace_warehouse_id))
      throw fieldError('VALIDATION_FAILED', `items.${index}.marketplace_warehouse_id`, 'DUPLICATE_VALUE');
    seen.add(item.marketplace_warehouse_id);
  });
  const values = await checkedItems(ctx, row, items, (index) => `items.${index}`);
  for (const value of values) await shops.putMapping(ctx, value);
  await noteShopStockChanged(ctx, id);
  await recordAudit(ctx, { entity: 'channel', entityId: id, action: 'update', before: null, after: { warehouse_mappings: values } });
  return mappingsOut(ctx, id);
}

export async function editMapping(ctx: TenantCtx, id: string, mappingId: string, warehouseId: string): Promise<WarehouseMapping> {
  await connectionOr404(ctx, id);
  const before = await shops.findMapping(ctx, id, mappingId);
  if (!before) throw new DomainError('CHANNEL_MAPPING_NOT_FOUND');
  await warehouseOr400(ctx, warehouseId, 'warehouse_id');
  await shops.updateMappingWarehouse(ctx, mappingId, warehouseId);
  await noteShopStockChanged(ctx, id);
  await recordAudit(ctx, {
    entity: 'channel_warehouse_mapping',
    entityId: mappingId,
    action: 'update',
    before: { warehouseId: before.warehouseId },
    after: { warehouseId },
  });
  return toMapping((await shops.findMapping(ctx, id, mappingId))!, await warehouseNames(ctx));
}

export async function unmapWarehouse(ctx: TenantCtx, id: string, mappingId: string): Promise<void> {
  await connectionOr404(ctx, id);
  const before = await shops.findMapping(ctx, id, mappingId);
  if (!before) throw new DomainError('CHANNEL_MAPPING_NOT_FOUND');
  await shops.deleteMapping(ctx, mappingId);
  await noteShopStockChanged(ctx, id);
  await recordAudit(ctx, { entity: 'channel_warehouse_mapping', entityId: mappingId, action: 'delete', before, after: null });
}

/** How a marketplace order of a shop picks its warehouse (used by the order import). */
export type OrderWarehouse =
  | { warehouseId: string; rule: 'mapped' }
  /** The shop has no mapping at all: the store's main warehouse, else the first visible one (today's rule). */
  | { warehouseId: string | null; rule: 'fallback' }
  /** The order's marketplace warehouse is not mapped while others are: no stock moves. */
  | { warehouseId: null; rule: 'unmapped'; marketplaceWarehouseId: string };

export async function warehouseForShopOrder(
  ctx: TenantCtx,
  connectionId: string,
  marketplaceWarehouseId: string | undefined,
): Promise<OrderWarehouse> {
  const { mappings, mainWarehouseId } = await shops.orderWarehouseRules(ctx, connectionId);
  if (mappings.length > 0) {
    if (marketplaceWarehouseId) {
      const mapped = mappings.find((mapping) => mapping.marketplaceWarehouseId === marketplaceWarehouseId);
      return mapped ? { warehouseId: mapped.warehouseId, rule: 'mapped' } : { warehouseId: null, rule: 'unmapped', marketplaceWarehouseId };
    }
    // The order does not say: the shop's default marketplace warehouse (listed first), else the first mapping.
    return { warehouseId: mappings[0]!.warehouseId, rule: 'mapped' };
  }
  const visible = await listWarehouseOptions(ctx);
  const chosen = visible.find((warehouse) => warehouse.id === mainWarehouseId) ?? visible[0];
  return { warehouseId: chosen?.id ?? null, rule: 'fallback' };
}

/**
 * The warehouses whose stock a shop is told about (ADR 0039): the ones its marketplace warehouses are mapped to, else
 * the one its orders fall back to (the store's main warehouse, else the first visible one), so a shop is never told
 * of stock its orders cannot take.
 */
export type ShopStockWarehouses = { warehouseIds: string[]; rule: 'mapped' | 'fallback' };

export async function stockWarehousesOfShop(ctx: TenantCtx, connectionId: string): Promise<ShopStockWarehouses> {
  const mappings = await shops.listMappings(ctx, connectionId);
  if (mappings.length > 0) return { warehouseIds: [...new Set(mappings.map((mapping) => mapping.warehouseId))], rule: 'mapped' };
  const fallback = await warehouseForShopOrder(ctx, connectionId, undefined);
  return { warehouseIds: fallback.warehouseId ? [fallback.warehouseId] : [], rule: 'fallback' };
}

// ---------------------------------------------------------------------------------------------------------------
// Channel health

const toFailedCall = (row: shops.FailedCallRow): FailedCall => ({
  id: row.id,
  operation: row.operation,
  attempts: row.attempts,
  error_code: row.errorCode,
  error_message: row.errorMessage,
  failed_at: row.failedAt.toISOString(),
  retried_at: row.retriedAt?.toISOString() ?? null,
});

export async function channelHealth(ctx: TenantCtx, id: string): Promise<ChannelHealth> {
  const row = await connectionOr404(ctx, id);
  const store = await storeOf(ctx, row);
  const now = ctx.platform.now().getTime();
  const settings = (await shops.settingsOf(ctx, [id])).get(id);
  const banner: ChannelHealth['banner'] =
    row.status === 'CONNECTED'
      ? null
      : row.status === 'INACTIVE'
        ? 'INACTIVE'
        : settings?.statusReason === 'REVOKED'
          ? 'REVOKED'
          : 'DISCONNECTED';
  return {
    channel: store,
    token: {
      access_expires_at: row.accessTokenExpiresAt?.toISOString() ?? null,
      refresh_expires_at: row.refreshTokenExpiresAt?.toISOString() ?? null,
      seconds_left: row.accessTokenExpiresAt ? Math.floor((row.accessTokenExpiresAt.getTime() - now) / 1000) : null,
      auto_refresh: Boolean(row.refreshToken),
    },
    last_order_sync_at: (await shops.lastOrderSync(ctx, id))?.toISOString() ?? null,
    last_stock_push_at: (await shops.lastSuccessfulCall(ctx, id, 'updateStock'))?.toISOString() ?? null,
    failed_calls: (await shops.listFailedCalls(ctx, id)).map(toFailedCall),
    banner,
  };
}

/** Queues a failed call again with its original input; the shop must be connected. */
export async function retryFailedCall(ctx: TenantCtx, id: string, callId: string): Promise<FailedCall> {
  await connectionOr404(ctx, id);
  const failed = await shops.findFailedCallForUpdate(ctx, id, callId);
  if (!failed) throw new DomainError('CHANNEL_FAILED_CALL_NOT_FOUND');
  await enqueueChannelCall(
    ctx,
    id,
    failed.operation as ChannelOperation,
    failed.input as never,
    (failed.ref as { kind: string; id: string } | null) ?? undefined,
  );
  await shops.markRetried(ctx, callId, ctx.platform.now());
  return toFailedCall({ ...failed, retriedAt: ctx.platform.now() });
}

/**
 * The scheduled refresh: every connected shop whose access token expires within half an hour gets a new one (Shopee's
 * single-use refresh token is saved at once). A refused refresh disconnects the shop with the REVOKED banner,
 * and the next run skips it: no endless retries.
 */
export async function refreshDueTokens(platform: Platform): Promise<{ refreshed: number; failed: number }> {
  const due = await shops.connectionsDueForRefresh(platform.database.db, new Date(platform.now().getTime() + REFRESH_WITHIN_MS));
  let refreshed = 0;
  let failed = 0;
  for (const connection of due) {
    try {
      await usableConnection(platform, connection.workspaceId, connection.id, true);
      refreshed += 1;
    } catch {
      failed += 1;
    }
  }
  return { refreshed, failed };
}

/**
 * Sets a connected shop up in one go (the demo seed): every marketplace warehouse not mapped yet goes to `warehouseId`,
 * and the shop is confirmed with it as the main warehouse when it is not confirmed yet.
 */
export async function setUpShop(ctx: TenantCtx, id: string, warehouseId: string, otherWarehouseId: string = warehouseId): Promise<void> {
  const listed = await listShopWarehouses(ctx, id);
  // The shop's default marketplace warehouse (else its first) takes `warehouseId`, its other warehouses `otherWarehouseId`.
  const main = listed.items.find((item) => item.is_default) ?? listed.items[0];
  const unmapped = listed.items.filter((item) => item.mapping === null);
  if (unmapped.length > 0)
    await multiMapWarehouses(
      ctx,
      id,
      unmapped.map((item) => ({ marketplace_warehouse_id: item.id, warehouse_id: item === main ? warehouseId : otherWarehouseId })),
    );
  const settings = (await shops.settingsOf(ctx, [id])).get(id);
  if (!settings?.confirmedAt)
    await confirmStore(ctx, id, { main_warehouse_id: warehouseId, arrange_shipment: 'pickup', auto_confirm: false });
}
