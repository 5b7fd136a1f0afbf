/**
 * The one shape every marketplace adapter has. Adapters are pure protocol code: they turn these calls into the
 * marketplace's own wire format (paths, signing, envelopes, paging) and its answers back into the normalised
 * types below. They keep no state; tokens and shop ids travel in with each call.
 */

export type MarketplaceKey = 'shopee' | 'tiktok' | 'lazada' | 'blibli' | 'zalora';

/** How a seller connects a shop: an OAuth-like redirect, or keys typed into a form (Blibli, Zalora). */
export type AuthorizationStyle = 'oauth' | 'credentials';

export type MarketplaceErrorKind =
  | 'auth_expired'
  | 'invalid_sign'
  | 'invalid_code'
  | 'rate_limited'
  | 'not_found'
  | 'bad_request'
  | 'upstream'
  // A capability the marketplace (or this adapter, for the thin ones) does not offer; callers hide the action.
  | 'unsupported';

export type MarketplaceErrorInit = {
  marketplace: MarketplaceKey;
  kind: MarketplaceErrorKind;
  /** The marketplace's own error code, e.g. `error_sign`, `105002`, `ApiCallLimit`. */
  code: string;
  message: string;
  requestId?: string;
  httpStatus?: number;
  retryAfterMs?: number;
};

/** Every failure an adapter reports, whatever the marketplace said, so jobs can decide retry vs re-auth vs give up. */
export class MarketplaceError extends Error {
  readonly marketplace: MarketplaceKey;
  readonly kind: MarketplaceErrorKind;
  readonly code: string;
  readonly requestId: string | undefined;
  readonly httpStatus: number | undefined;
  readonly retryAfterMs: number | undefined;

  constructor(init: MarketplaceErrorInit) {
    super(`${init.marketplace} ${init.code}: ${init.message}`);
    this.name = 'MarketplaceError';
    this.marketplace = init.marketplace;
    this.kind = init.kind;
    this.code = init.code;
    this.requestId = init.requestId;
    this.httpStatus = init.httpStatus;
    this.retryAfterMs = init.retryAfterMs;
  }
}

export const isMarketplaceError = (value: unknown): value is MarketplaceError => value instanceof MarketplaceError;

// ---------------------------------------------------------------------------------------------------------------
// Authorization

export type AuthorizationUrlInput = { redirectUrl: string; state: string };

/** What the OAuth return page read from the query (spec part 2). */
export type CodeExchangeInput = {
  code: string;
  shopId?: string;
  /** Shopee main accounts come back with `main_account_id` instead of `shop_id`. */
  mainAccountId?: string;
  redirectUrl?: string;
};

export type AuthorizedShop = { shopId: string; name?: string; region?: string; cipher?: string };

export type TokenGrant = {
  accessToken: string;
  refreshToken: string;
  /** Epoch milliseconds. */
  accessTokenExpiresAt: number;
  refreshTokenExpiresAt?: number;
  shops: AuthorizedShop[];
  mainAccountId?: string;
};

export type RefreshInput = { refreshToken: string; shopId?: string; mainAccountId?: string };

/**
 * Per-shop credentials handed to every shop call. For OAuth marketplaces `accessToken` is the OAuth token; for
 * Blibli it is the API seller key (shopId = store code), for Zalora the API key (shopId = the user id e-mail).
 */
export type ShopAuth = {
  shopId: string;
  accessToken: string;
  /** TikTok Shop's `shop_cipher`, required on shop-scoped calls. */
  shopCipher?: string;
  /** Blibli's Seller Center user name, sent on every call. */
  username?: string;
  /** Blibli's Signature Key; once a seller sets one, every call must carry `Signature` headers. */
  signatureKey?: string;
};

// ---------------------------------------------------------------------------------------------------------------
// Paging

export type PageRequest = { cursor?: string; pageSize?: number };
/** `nextCursor` is opaque: Shopee cursor/offset, TikTok page_token, Lazada offset, Blibli page number. */
export type Page<T> = { items: T[]; nextCursor?: string; total?: number };

// ---------------------------------------------------------------------------------------------------------------
// Shop and catalogue reference data

export type MarketplaceShop = { shopId: string; name: string; region: string; status: 'active' | 'inactive' | 'banned' };

export type MarketplaceCategory = { id: string; parentId?: string; name: string; isLeaf: boolean };

export type MarketplaceAttribute = {
  id: string;
  name: string;
  mandatory: boolean;
  inputType: 'text' | 'number' | 'single_select' | 'multi_select';
  values: { id: string; name: string }[];
};

export type MarketplaceBrand = { id: string; name: string };

export type MarketplaceWarehouse = { id: string; name: string; city?: string; isDefault?: boolean };

// ---------------------------------------------------------------------------------------------------------------
// Products

/** The spec's polling vocabulary for images and product requests (part 4). */
export type ProcessingStatus = 'ON_PROGRESS' | 'FINISHED' | 'FAILED';

export type ImageUploadInput = { kind: 'bytes'; fileName: string; contentType: string; data: Uint8Array } | { kind: 'url'; url: string };

export type ImageUpload = {
  /** Image id (Shopee), uri (TikTok), batch id (Lazada migrate) or url. Pass back to `getImageStatus`. */
  id: string;
  status: ProcessingStatus;
  url?: string;
  error?: string;
};

export type ProductSkuInput = {
  sellerSku: string;
  price: number;
  stock: number;
  warehouseId?: string;
  /** Variant options, e.g. `{ Color: 'Red' }`; at most two tiers on Shopee. */
  options?: Record<string, string>;
};

export type ProductInput = {
  name: string;
  description: string;
  categoryId: string;
  brandId?: string;
  /** Ids returned by `uploadImage` (Shopee image id, TikTok uri, Lazada url). */
  images: string[];
  /** Grams; adapters convert to the marketplace unit. */
  weightGrams: number;
  dimensionsCm?: { length: number; width: number; height: number };
  attributes?: { id: string; values: string[] }[];
  skus: ProductSkuInput[];
};

export type ProductRequest = {
  /** What to poll with `getProductRequestStatus`: a product id or an asynchronous request id. */
  requestId: string;
  productId?: string;
  status: ProcessingStatus;
  error?: string;
};

export type ProductStatus = 'active' | 'inactive' | 'reviewing' | 'rejected' | 'deleted';

export type MarketplaceSku = { skuId: string; sellerSku: string; price: number; stock: number };

export type MarketplaceProduct = {
  productId: string;
  name: string;
  status: ProductStatus;
  categoryId?: string;
  images: string[];
  skus: MarketplaceSku[];
  updatedAt: number;
};

export type ProductListInput = PageRequest & { updatedFrom?: number; updatedTo?: number };

export type StockUpdate = { productId: string; skuId: string; quantity: number; warehouseId?: string };
export type PriceUpdate = { productId: string; skuId: string; price: number };
export type UpdateOutcome = { productId: string; skuId: string; ok: boolean; error?: string };

// ---------------------------------------------------------------------------------------------------------------
// Orders

/** The spec's order filters (part 4), the common language of all marketplaces' own states. */
export type MarketplaceOrderStatus =
  | 'unpaid'
  | 'new'
  | 'confirmed'
  | 'on_process'
  | 'ready_to_ship'
  | 'shipped'
  | 'delivered'
  | 'completed'
  | 'cancel_requested'
  | 'canceled'
  | 'returned';

export type OrderListInput = PageRequest & {
  timeField: 'create' | 'update';
  /** Epoch milliseconds, inclusive. */
  from: number;
  /** Epoch milliseconds, exclusive. */
  to: number;
};

export type MarketplaceOrderSummary = { orderId: string; status: MarketplaceOrderStatus; rawStatus: string };

export type MarketplaceOrderItem = {
  itemId: string;
  productId: string;
  skuId: string;
  sellerSku: string;
  name: string;
  quantity: number;
  price: number;
};

export type MarketplaceOrder = MarketplaceOrderSummary & {
  createdAt: number;
  updatedAt: number;
  buyerName: string;
  recipient: { name: string; phone: string; address: string; city: string };
  items: MarketplaceOrderItem[];
  totalAmount: number;
  shippingFee: number;
  currency: string;
  packageId?: string;
  trackingNumber?: string;
  courier?: string;
  cancelReason?: string;
  /** The marketplace warehouse that ships the order, when the marketplace says (TikTok Shop); matched to the shop's warehouse mapping. */
  warehouseId?: string;
  /**
   * What the marketplace keeps of the order (commission, service and transaction fees), in whole rupiah, when it says
   * (Shopee's escrow detail, once the order is paid); absent when it does not yet, or the adapter cannot ask.
   */
  adminFee?: number;
};

export type CancellationReason = { id: string; label: string };

export type CancelOrderInput = {
  orderId: string;
  /**
   * One of the marketplace's own reasons (`cancellationReasons`). Absent for a reject: the adapter sends the
   * marketplace's own "out of stock" reason for the order (every marketplace names it differently; Lazada's ids even
   * differ per order).
   */
  reasonId?: string;
  items?: { itemId: string; productId: string; skuId: string }[];
};

/** The marketplace's out-of-stock reason among an order's reasons, else its first reason. */
export const outOfStockReason = (reasons: readonly CancellationReason[]): string | undefined =>
  (reasons.find((reason) => /out[ _-]?of[ _-]?stock|stok habis|habis/i.test(`${reason.id} ${reason.label}`)) ?? reasons[0])?.id;

/**
 * A pickup time slot the marketplace offers for an order (Shopee `time_slot_list`, TikTok `handover_time_slots`):
 * `id` is what `ShipmentInput.pickupSlotId` sends back; times are epoch milliseconds (`end` null when only a day).
 */
export type PickupSlot = { id: string; start: number; end: number | null; label: string };

export type ShipmentInput = {
  orderId: string;
  method: 'pickup' | 'dropoff';
  trackingNumber?: string;
  /** The chosen pickup slot (one of `pickupSlots`); without it the first offered slot is taken. */
  pickupSlotId?: string;
};
export type ShipmentResult = { orderId: string; packageId?: string; trackingNumber?: string };

export type ShippingLabel = { contentType: string; data: Uint8Array };

// ---------------------------------------------------------------------------------------------------------------
// Pushes

export type PushInput = {
  /** The full callback URL the push was sent to (Shopee signs it). */
  url: string;
  /** Lower-case header names. */
  headers: Record<string, string | undefined>;
  /** The raw body exactly as received; re-serialised JSON would not verify. */
  rawBody: string;
};

/** A push reduced to what the inbox needs; `eventId` is the deduplication key. */
export type MarketplacePushEvent = {
  eventId: string;
  shopId: string;
  type: 'order_status' | 'other';
  orderId?: string;
  rawStatus?: string;
  status?: MarketplaceOrderStatus;
  /** Epoch milliseconds. */
  occurredAt: number;
};

export type LostPushPage = { events: MarketplacePushEvent[]; lastMessageId: string; hasMore: boolean };

// ---------------------------------------------------------------------------------------------------------------
// Promotions (Shopee discounts) and returns

/** Derived from the discount's times: Shopee's `upcoming`, `ongoing`, `expired`. */
export type DiscountStatus = 'upcoming' | 'ongoing' | 'expired';

export type DiscountInput = {
  name: string;
  /** Epoch milliseconds; Shopee wants the start at least an hour ahead and the period under 180 days. */
  startTime: number;
  endTime: number;
};

export type Discount = DiscountInput & { discountId: string; status: DiscountStatus };

export type DiscountItem = {
  productId: string;
  /** '0' for a product without variants. */
  skuId: string;
  name: string;
  originalPrice: number;
  promotionPrice: number;
  promotionStock?: number;
  /** 0 = no limit per buyer. */
  purchaseLimit: number;
};

export type DiscountDetail = Discount & { items: DiscountItem[]; more: boolean };

export type DiscountItemInput = {
  productId: string;
  /** Omit (or '0') for a product without variants. */
  skuId?: string;
  promotionPrice: number;
  promotionStock?: number;
  purchaseLimit?: number;
};

/** Items a marketplace refused; the others were added. */
export type DiscountItemsResult = { added: number; failures: { productId: string; skuId: string; code: string; message: string }[] };

export type DiscountListInput = PageRequest & { status?: DiscountStatus | 'all' };

/** A product the seller may put into a new discount (active, and in no running or upcoming one). */
export type DiscountableItem = { productId: string; name: string; skus: MarketplaceSku[] };

export type ReturnStatus = 'requested' | 'accepted' | 'processing' | 'refunded' | 'rejected' | 'cancelled' | 'closed';

export type MarketplaceReturn = {
  returnId: string;
  orderId: string;
  status: ReturnStatus;
  rawStatus: string;
  reason: string;
  refundAmount: number;
  currency: string;
  /** Epoch milliseconds. */
  createdAt: number;
  updatedAt: number;
  items: { productId: string; skuId: string; name: string; quantity: number; refundAmount: number }[];
};

export type ReturnListInput = PageRequest & { createdFrom?: number; createdTo?: number };

// ---------------------------------------------------------------------------------------------------------------

// Capabilities: a module depends on the one it uses (a stock push needs `ProductCapability`, the order import
// `OrderCapability`), and every adapter is their intersection, `MarketplaceAdapter`.

/** Which marketplace an adapter speaks, and how a seller connects a shop to it. */
export type AdapterIdentity = {
  readonly marketplace: MarketplaceKey;
  readonly authorizationStyle: AuthorizationStyle;
};

/** Connecting a shop and reading it: authorization, tokens, shop info and the shop's warehouses. */
export type ShopAuthCapability = {
  authorizationUrl(input: AuthorizationUrlInput): string;
  exchangeCode(input: CodeExchangeInput): Promise<TokenGrant>;
  /** Shopee refresh tokens are single-use: always store the refresh token returned here. */
  refreshAccessToken(input: RefreshInput): Promise<TokenGrant>;

  getShopInfo(auth: ShopAuth): Promise<MarketplaceShop>;
  listWarehouses(auth: ShopAuth): Promise<MarketplaceWarehouse[]>;
};

/** Listing products: reference data (categories, attributes, brands), images, products, stock and price pushes. */
export type ProductCapability = {
  listCategories(auth: ShopAuth): Promise<MarketplaceCategory[]>;
  listAttributes(auth: ShopAuth, categoryId: string): Promise<MarketplaceAttribute[]>;
  listBrands(auth: ShopAuth, input: PageRequest & { categoryId?: string }): Promise<Page<MarketplaceBrand>>;

  uploadImage(auth: ShopAuth, input: ImageUploadInput): Promise<ImageUpload>;
  getImageStatus(auth: ShopAuth, imageId: string): Promise<ImageUpload>;
  createProduct(auth: ShopAuth, input: ProductInput): Promise<ProductRequest>;
  updateProduct(auth: ShopAuth, productId: string, input: Partial<ProductInput>): Promise<ProductRequest>;
  getProductRequestStatus(auth: ShopAuth, requestId: string): Promise<ProductRequest>;
  listProducts(auth: ShopAuth, input: ProductListInput): Promise<Page<MarketplaceProduct>>;
  getProduct(auth: ShopAuth, productId: string): Promise<MarketplaceProduct>;
  updateStock(auth: ShopAuth, updates: StockUpdate[]): Promise<UpdateOutcome[]>;
  updatePrice(auth: ShopAuth, updates: PriceUpdate[]): Promise<UpdateOutcome[]>;
};

/** Orders: list, detail, accept and cancel. */
export type OrderCapability = {
  listOrders(auth: ShopAuth, input: OrderListInput): Promise<Page<MarketplaceOrderSummary>>;
  getOrders(auth: ShopAuth, orderIds: string[]): Promise<MarketplaceOrder[]>;
  acceptOrder(auth: ShopAuth, orderId: string): Promise<void>;
  cancellationReasons(auth: ShopAuth, orderId: string): Promise<CancellationReason[]>;
  cancelOrder(auth: ShopAuth, input: CancelOrderInput): Promise<void>;
  /** Accepts (the order is cancelled) or refuses (it goes on) a buyer's cancel request; absent where not offered yet. */
  answerCancelRequest?(auth: ShopAuth, input: { orderId: string; accept: boolean }): Promise<void>;
};

/** Shipping an order: arranging pickup or drop-off, and its label. */
export type LogisticsCapability = {
  arrangeShipment(auth: ShopAuth, input: ShipmentInput): Promise<ShipmentResult>;
  /** The pickup time slots offered for this order; absent where the marketplace has none (the courier comes anyway). */
  pickupSlots?(auth: ShopAuth, orderId: string): Promise<PickupSlot[]>;
  getShippingLabel(auth: ShopAuth, orderId: string): Promise<ShippingLabel>;
};

/** Pushes the marketplace sends: checking their signature and reading them. */
export type PushCapability = {
  /** True when the push carries this app's signature; marketplaces without push signing return true. */
  verifyPush(input: PushInput): boolean;
  /** Undefined for a body this adapter does not understand (it is then only logged). */
  parsePush(rawBody: string): MarketplacePushEvent | undefined;
};

/** Shopee keeps pushes it could not deliver for three days; reconciliation reads and confirms them. */
export type LostPushCapability = {
  fetchLostPushes(): Promise<LostPushPage>;
  confirmLostPushes(lastMessageId: string): Promise<void>;
};

/** Seller discounts: Shopee's `discount` API. */
export type PromotionCapability = {
  listDiscounts(auth: ShopAuth, input: DiscountListInput): Promise<Page<Discount>>;
  getDiscount(auth: ShopAuth, discountId: string, page?: PageRequest): Promise<DiscountDetail>;
  createDiscount(auth: ShopAuth, input: DiscountInput): Promise<Discount>;
  updateDiscount(auth: ShopAuth, discountId: string, input: Partial<DiscountInput>): Promise<void>;
  addDiscountItems(auth: ShopAuth, discountId: string, items: DiscountItemInput[]): Promise<DiscountItemsResult>;
  /** Takes an item (or some of its variants) out of a discount that has not ended. */
  deleteDiscountItem(auth: ShopAuth, discountId: string, productId: string, skuIds: string[]): Promise<void>;
  /** Ends an ongoing discount now. */
  endDiscount(auth: ShopAuth, discountId: string): Promise<void>;
  /** Deletes an upcoming discount. */
  deleteDiscount(auth: ShopAuth, discountId: string): Promise<void>;
  listDiscountableItems(auth: ShopAuth, input: PageRequest): Promise<Page<DiscountableItem>>;
};

/** Buyers' returns and refunds. */
export type ReturnCapability = {
  listReturns(auth: ShopAuth, input: ReturnListInput): Promise<Page<MarketplaceReturn>>;
  getReturn(auth: ShopAuth, returnId: string): Promise<MarketplaceReturn>;
};

/**
 * The one shape every marketplace adapter has: every capability, with promotions, returns and lost pushes optional
 * (marketplaces without them leave them out; callers hide the screens).
 */
export type MarketplaceAdapter = AdapterIdentity &
  ShopAuthCapability &
  ProductCapability &
  OrderCapability &
  LogisticsCapability &
  PushCapability &
  Partial<PromotionCapability> &
  Partial<ReturnCapability> &
  Partial<LostPushCapability>;

/** Everything an adapter needs from outside; nothing is read from the environment. */
export type AdapterRuntime = {
  fetch?: typeof fetch;
  /** Epoch milliseconds; the sandbox clock in tests. */
  now?: () => number;
  retry?: { maxAttempts?: number; baseDelayMs?: number; maxDelayMs?: number; sleep?: (ms: number) => Promise<void> };
};
