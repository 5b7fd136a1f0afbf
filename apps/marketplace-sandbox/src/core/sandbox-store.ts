import { LIFECYCLES, planNextMove } from './order-lifecycle.ts';
import { createRng } from './prng.ts';
import type { SandboxClock } from './sandbox-clock.ts';
import { seedShops } from './seed-shops.ts';
import type { Marketplace, SandboxImage, SandboxOrder, SandboxProduct, SandboxShop, SandboxSku } from './sandbox-types.ts';

/** All sandbox state, in memory. Time only moves through the injected clock, so the same calls give the same story. */

export type Grant = {
  marketplace: Marketplace;
  shopIds: string[];
  mainAccountId?: string;
  accessToken: string;
  refreshToken: string;
  accessExpiresAt: number;
  refreshExpiresAt: number;
};

type RefreshRecord = { grant: Grant; used: boolean };
type CodeRecord = { marketplace: Marketplace; shopIds: string[]; mainAccountId?: string; expiresAt: number; used: boolean };

export type CodeOutcome = { ok: true; shopIds: string[]; mainAccountId?: string } | { ok: false; reason: 'unknown' | 'used' | 'expired' };
export type RefreshOutcome = { ok: true; grant: Grant } | { ok: false; reason: 'unknown' | 'used' | 'expired' };
export type AccessOutcome = { ok: true; grant: Grant } | { ok: false; reason: 'unknown' | 'expired' };

const CANCELLED_STATUS: Record<Marketplace, string> = {
  shopee: 'CANCELLED',
  tiktok: 'CANCELLED',
  lazada: 'canceled',
  blibli: 'X',
  zalora: 'canceled',
};

export type OrderChange = { marketplace: Marketplace; shop: SandboxShop; order: SandboxOrder; from?: string };

export type NewProductInput = {
  name: string;
  description: string;
  categoryId: string;
  brandId?: string;
  images: string[];
  weightGrams: number;
  skus: Omit<SandboxSku, 'id'>[];
};

const BUYERS = ['Siti Rahma', 'Budi Santoso', 'Dewi Lestari', 'Agus Salim', 'Rina Wijaya', 'Andi Pratama', 'Putri Ayu', 'Joko Susilo'];
const STREETS = [
  { city: 'Jakarta Barat', address: 'Jl. Panjang No. 5', postcode: '11530' },
  { city: 'Depok', address: 'Jl. Margonda Raya No. 101', postcode: '16424' },
  { city: 'Yogyakarta', address: 'Jl. Malioboro No. 22', postcode: '55271' },
  { city: 'Medan', address: 'Jl. Gatot Subroto No. 9', postcode: '20112' },
  { city: 'Makassar', address: 'Jl. Somba Opu No. 77', postcode: '90111' },
];
const COURIERS = ['J&T Express', 'SiCepat REG', 'JNE REG', 'AnterAja', 'Ninja Xpress'];
const ALNUM = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';

export type SandboxStore = ReturnType<typeof createSandboxStore>;

export const createSandboxStore = (options: {
  seed: string | number;
  clock: SandboxClock;
  imageProcessingMs: number;
  productReviewMs: number;
  orderIntervalMs: number;
  firstNumber?: number;
}) => {
  const { seed, clock } = options;
  const rng = createRng(`${seed}:store`);
  const shops = seedShops(seed, clock.now());
  const codes = new Map<string, CodeRecord>();
  const accessTokens = new Map<string, Grant>();
  const refreshTokens = new Map<string, RefreshRecord>();
  const images = new Map<string, SandboxImage>();
  const rateWindows = new Map<string, { second: number; count: number }>();
  const faults = new Map<Marketplace, { rateLimited: number }>();
  /** The random-fault switch (issue 15): every call of a marketplace answers 429 or 5xx with this probability. */
  const chaos = new Map<Marketplace, { rate: number; rng: ReturnType<typeof createRng>; served: number; faulted: number }>();
  const orderListeners: ((change: OrderChange) => void)[] = [];
  const authorizedShops = new Set<string>();
  let counter = options.firstNumber ?? 0;

  const nextNumber = (): number => (counter += rng.int(1, 9));

  if (options.orderIntervalMs > 0) {
    for (const shop of shops) shop.nextAutoOrderAt = clock.now() + options.orderIntervalMs;
  }

  const findShop = (marketplace: Marketplace, shopId: string): SandboxShop | undefined =>
    shops.find((shop) => shop.marketplace === marketplace && shop.shopId === shopId);

  const shopsOf = (marketplace: Marketplace): SandboxShop[] => shops.filter((shop) => shop.marketplace === marketplace);

  // ---------------------------------------------------------------- authorization

  const issueCode = (marketplace: Marketplace, subject: { shopIds: string[]; mainAccountId?: string }, ttlMs: number): string => {
    const code = marketplace === 'lazada' ? `0_${rng.digits(6)}_${rng.hex(24)}` : rng.hex(32);
    codes.set(code, { marketplace, ...subject, expiresAt: clock.now() + ttlMs, used: false });
    return code;
  };

  const consumeCode = (marketplace: Marketplace, code: string): CodeOutcome => {
    const record = codes.get(code);
    if (!record || record.marketplace !== marketplace) return { ok: false, reason: 'unknown' };
    if (record.used) return { ok: false, reason: 'used' };
    if (record.expiresAt <= clock.now()) return { ok: false, reason: 'expired' };
    record.used = true;
    return { ok: true, shopIds: record.shopIds, ...(record.mainAccountId ? { mainAccountId: record.mainAccountId } : {}) };
  };

  const issueGrant = (
    marketplace: Marketplace,
    subject: { shopIds: string[]; mainAccountId?: string },
    accessTtlMs: number,
    refreshExpiresAt: number,
  ): Grant => {
    const grant: Grant = {
      marketplace,
      ...subject,
      accessToken: rng.hex(32),
      refreshToken: rng.hex(32),
      accessExpiresAt: clock.now() + accessTtlMs,
      refreshExpiresAt,
    };
    accessTokens.set(grant.accessToken, grant);
    refreshTokens.set(grant.refreshToken, { grant, used: false });
    for (const shopId of subject.shopIds) authorizedShops.add(`${marketplace}:${shopId}`);
    return grant;
  };

  /**
   * `singleUse` is Shopee's rule: a used refresh token never works again. Others keep the refresh expiry of the
   * original authorization (Lazada: "refresh resets access duration but not refresh duration").
   */
  const refreshGrant = (marketplace: Marketplace, refreshToken: string, accessTtlMs: number, singleUse: boolean): RefreshOutcome => {
    const record = refreshTokens.get(refreshToken);
    if (!record || record.grant.marketplace !== marketplace) return { ok: false, reason: 'unknown' };
    if (singleUse && record.used) return { ok: false, reason: 'used' };
    if (record.grant.refreshExpiresAt <= clock.now()) return { ok: false, reason: 'expired' };
    record.used = true;
    const { shopIds, mainAccountId } = record.grant;
    const grant = issueGrant(
      marketplace,
      { shopIds, ...(mainAccountId ? { mainAccountId } : {}) },
      accessTtlMs,
      record.grant.refreshExpiresAt,
    );
    return { ok: true, grant };
  };

  const checkAccess = (marketplace: Marketplace, accessToken: string): AccessOutcome => {
    const grant = accessTokens.get(accessToken);
    if (!grant || grant.marketplace !== marketplace) return { ok: false, reason: 'unknown' };
    if (grant.accessExpiresAt <= clock.now()) return { ok: false, reason: 'expired' };
    return { ok: true, grant };
  };

  // ---------------------------------------------------------------- rate limits and injected faults

  /** True when this call is over the limit (a per-second window on the sandbox clock, or an injected fault). */
  const isRateLimited = (marketplace: Marketplace, key: string, perSecond: number): boolean => {
    const fault = faults.get(marketplace);
    if (fault && fault.rateLimited > 0) {
      fault.rateLimited -= 1;
      return true;
    }
    const second = Math.floor(clock.now() / 1000);
    const window = rateWindows.get(key);
    if (!window || window.second !== second) {
      rateWindows.set(key, { second, count: 1 });
      return false;
    }
    window.count += 1;
    return window.count > perSecond;
  };

  const injectRateLimit = (marketplace: Marketplace, count: number): void => {
    faults.set(marketplace, { rateLimited: count });
  };

  /** Switches random faults on (rate > 0) or off (0) for a marketplace; the same seed gives the same faults. */
  const setRandomFaults = (marketplace: Marketplace, rate: number, seedText = 'faults'): void => {
    if (rate <= 0) chaos.delete(marketplace);
    else chaos.set(marketplace, { rate, rng: createRng(`${seed}:${seedText}:${marketplace}`), served: 0, faulted: 0 });
  };

  /** The status a call should fail with under the fault switch (429, 500 or 503), or null to serve it. */
  const randomFault = (marketplace: Marketplace): 429 | 500 | 503 | null => {
    const entry = chaos.get(marketplace);
    if (!entry) return null;
    entry.served += 1;
    if (entry.rng.next() >= entry.rate) return null;
    entry.faulted += 1;
    return entry.rng.pick([429, 500, 503] as const);
  };

  const faultCounts = () =>
    Object.fromEntries([...chaos.entries()].map(([m, e]) => [m, { rate: e.rate, served: e.served, faulted: e.faulted }]));

  /** Makes every access token of a marketplace expired now (the refresh tokens stay valid). */
  const expireAccessTokens = (marketplace: Marketplace): number => {
    let count = 0;
    for (const grant of accessTokens.values()) {
      if (grant.marketplace !== marketplace) continue;
      grant.accessExpiresAt = clock.now() - 1;
      count += 1;
    }
    return count;
  };

  // ---------------------------------------------------------------- images and products

  const addImage = (marketplace: Marketplace, name: string, processingMs: number): SandboxImage => {
    const prefix = marketplace === 'shopee' ? 'id-11134207-' : marketplace === 'tiktok' ? 'tos-alisg-i-aphluv4xwc-sg/' : '';
    const id = `${prefix}${rng.hex(24)}`;
    const image: SandboxImage = {
      id,
      marketplace,
      name,
      url: `https://sandbox.kelola.test/img/${marketplace}/${id}.jpg`,
      createdAt: clock.now(),
      readyAt: clock.now() + processingMs,
      // A name with "fail" in it lets tests and demos walk the failure path on purpose.
      failed: /fail/i.test(name),
    };
    images.set(id, image);
    return image;
  };

  const imageStatus = (image: SandboxImage): 'ON_PROGRESS' | 'FINISHED' | 'FAILED' =>
    image.readyAt > clock.now() ? 'ON_PROGRESS' : image.failed ? 'FAILED' : 'FINISHED';

  const newProductId = (marketplace: Marketplace): string =>
    marketplace === 'tiktok' ? `17${String(nextNumber()).padStart(17, '0')}` : String(3_000_000_000 + nextNumber());

  const createProduct = (shop: SandboxShop, input: NewProductInput): SandboxProduct => {
    const now = clock.now();
    const badImage = input.images.map((ref) => images.get(ref)).find((image) => image?.failed);
    const product: SandboxProduct = {
      id: newProductId(shop.marketplace),
      name: input.name,
      description: input.description,
      categoryId: input.categoryId,
      ...(input.brandId ? { brandId: input.brandId } : {}),
      images: input.images,
      weightGrams: input.weightGrams,
      status: 'reviewing',
      reviewReadyAt: now + options.productReviewMs,
      ...(badImage || /fail/i.test(input.name) ? { rejectReason: 'Produk tidak lolos verifikasi (sandbox).' } : {}),
      createdAt: now,
      updatedAt: now,
      skus: input.skus.map((sku) => ({ ...sku, id: String(40_000_000_000 + nextNumber()) })),
    };
    shop.products.set(product.id, product);
    return product;
  };

  // ---------------------------------------------------------------- orders

  const newOrderId = (marketplace: Marketplace, at: number): string => {
    const n = nextNumber();
    switch (marketplace) {
      case 'shopee': {
        const d = new Date(at);
        const date = `${String(d.getUTCFullYear()).slice(2)}${String(d.getUTCMonth() + 1).padStart(2, '0')}${String(d.getUTCDate()).padStart(2, '0')}`;
        return `${date}${Array.from({ length: 8 }, () => ALNUM[rng.int(0, ALNUM.length - 1)]).join('')}`;
      }
      case 'tiktok':
        return `57${String(n).padStart(16, '0')}`;
      case 'lazada':
        return String(300_000_000_000_000 + n);
      case 'blibli':
        return String(12_000_000_000 + n);
      case 'zalora':
        return String(1_000_000 + n);
    }
  };

  const notify = (change: OrderChange): void => {
    for (const listener of orderListeners) listener(change);
  };

  const enter = (shop: SandboxShop, order: SandboxOrder, status: string, at: number): void => {
    const from = order.status;
    order.status = status;
    order.updatedAt = at;
    order.history.push({ at, status });
    const paidStates = ['UNPAID', 'unpaid'];
    if (order.paidAt === undefined && !paidStates.includes(status)) order.paidAt = at;
    // Each order rolls its own dice, so one order's fate does not depend on how many others were processed first.
    const roll = createRng(`${seed}:${order.id}:${order.history.length}`).next();
    const next = planNextMove(shop.marketplace, status, at, roll);
    if (next) order.next = next;
    else delete order.next;
    if (from !== status) notify({ marketplace: shop.marketplace, shop, order, from });
  };

  const generateOrder = (shop: SandboxShop, input: { status?: string; at?: number; sellerSkus?: readonly string[] } = {}): SandboxOrder => {
    const at = input.at ?? clock.now();
    const lifecycle = LIFECYCLES[shop.marketplace];
    const status = input.status ?? lifecycle.initial;
    if (!lifecycle.statuses.includes(status)) throw new Error(`unknown ${shop.marketplace} order status ${status}`);
    const wanted = input.sellerSkus && input.sellerSkus.length > 0 ? new Set(input.sellerSkus) : null;
    const sellable = [...shop.products.values()].filter(
      (product) => product.status === 'active' && (!wanted || product.skus.some((sku) => wanted.has(sku.sellerSku))),
    );
    if (sellable.length === 0) throw new Error(`no active product of ${shop.marketplace} shop ${shop.shopId} sells those SKUs`);
    const lines = rng.int(1, Math.min(3, sellable.length));
    const chosen = new Set<SandboxProduct>();
    while (chosen.size < lines) chosen.add(rng.pick(sellable));
    const street = rng.pick(STREETS);
    const buyer = rng.pick(BUYERS);
    const order: SandboxOrder = {
      id: newOrderId(shop.marketplace, at),
      status: '',
      createdAt: at,
      updatedAt: at,
      buyerName: buyer,
      recipient: { name: buyer, phone: `628${rng.digits(10)}`, address: street.address, city: street.city, postcode: street.postcode },
      items: [...chosen].map((product) => {
        const sku = rng.pick(wanted ? product.skus.filter((s) => wanted.has(s.sellerSku)) : product.skus);
        return {
          id: String(50_000_000_000 + nextNumber()),
          productId: product.id,
          skuId: sku.id,
          sellerSku: sku.sellerSku,
          name: product.name,
          quantity: rng.int(1, 3),
          price: sku.price,
        };
      }),
      shippingFee: rng.int(9, 25) * 1000,
      packageId: String(1_150_000_000_000 + nextNumber()),
      courier: rng.pick(COURIERS),
      history: [],
    };
    shop.orders.set(order.id, order);
    enter(shop, order, status, at);
    return order;
  };

  /** A seller action; throws nothing, the routes validate the move first. */
  const setOrderStatus = (shop: SandboxShop, order: SandboxOrder, status: string): void => {
    if (status === 'PROCESSED' || status === 'AWAITING_COLLECTION' || status === 'ready_to_ship' || status === 'PU') {
      order.trackingNumber ??= `SBX${rng.digits(12)}`;
    }
    enter(shop, order, status, clock.now());
  };

  /** A buyer asks to cancel an open order: it stops moving by itself until the seller answers. */
  const requestBuyerCancel = (shop: SandboxShop, order: SandboxOrder): void => {
    const at = clock.now();
    order.buyerCancelRequested = true;
    order.buyerCancel = { id: String(70_000_000_000 + nextNumber()), at, reason: 'Buyer changed their mind' };
    order.updatedAt = at;
    delete order.next;
    notify({ marketplace: shop.marketplace, shop, order, from: order.status });
  };

  /** The seller's answer: agreed cancels the order (in the marketplace's own status), refused keeps it as it was. */
  const answerBuyerCancel = (shop: SandboxShop, order: SandboxOrder, agreed: boolean, rejectReason?: string): void => {
    const at = clock.now();
    order.buyerCancelRequested = false;
    if (order.buyerCancel) order.buyerCancel.answer = { agreed, at, ...(rejectReason ? { rejectReason } : {}) };
    if (agreed) {
      order.cancelReason = order.buyerCancel?.reason ?? 'Buyer cancelled';
      enter(shop, order, CANCELLED_STATUS[shop.marketplace], at);
      return;
    }
    order.updatedAt = at;
    notify({ marketplace: shop.marketplace, shop, order, from: order.status });
  };

  /** Applies everything that became due on the sandbox clock: order moves, product reviews, generated orders. */
  const settle = (): void => {
    const now = clock.now();
    for (const shop of shops) {
      if (shop.nextAutoOrderAt !== undefined && options.orderIntervalMs > 0) {
        // After a long jump only the last day's worth of orders is created, so one big advance stays cheap.
        const earliest = now - 86_400_000;
        if (shop.nextAutoOrderAt < earliest) {
          shop.nextAutoOrderAt += Math.ceil((earliest - shop.nextAutoOrderAt) / options.orderIntervalMs) * options.orderIntervalMs;
        }
        while (shop.nextAutoOrderAt <= now) {
          generateOrder(shop, { at: shop.nextAutoOrderAt });
          shop.nextAutoOrderAt += options.orderIntervalMs;
        }
      }
      for (const order of shop.orders.values()) {
        while (order.next && order.next.at <= now) enter(shop, order, order.next.to, order.next.at);
      }
      for (const product of shop.products.values()) {
        if (product.status === 'reviewing' && product.reviewReadyAt !== undefined && product.reviewReadyAt <= now) {
          product.status = product.rejectReason ? 'rejected' : 'active';
          product.updatedAt = product.reviewReadyAt;
        }
      }
    }
  };

  return {
    clock,
    shops,
    images,
    findShop,
    shopsOf,
    issueCode,
    consumeCode,
    issueGrant,
    refreshGrant,
    checkAccess,
    isRateLimited,
    injectRateLimit,
    setRandomFaults,
    randomFault,
    faultCounts,
    expireAccessTokens,
    addImage,
    imageStatus,
    createProduct,
    generateOrder,
    setOrderStatus,
    requestBuyerCancel,
    answerBuyerCancel,
    settle,
    /** OAuth shops push only once an app holds a token for them; keyed shops always do. */
    isAuthorized: (shop: SandboxShop): boolean => shop.keys !== undefined || authorizedShops.has(`${shop.marketplace}:${shop.shopId}`),
    onOrderChange: (listener: (change: OrderChange) => void) => void orderListeners.push(listener),
    imageProcessingMs: options.imageProcessingMs,
    productReviewMs: options.productReviewMs,
    /** Puts an edited product back under review, as TikTok Shop and Lazada do after an edit. */
    review: (product: SandboxProduct): void => {
      product.status = 'reviewing';
      product.reviewReadyAt = clock.now() + options.productReviewMs;
      product.updatedAt = clock.now();
    },
  };
};
