import type { SandboxClock } from './sandbox-clock.ts';
export type Marketplace = 'shopee' | 'tiktok' | 'lazada' | 'blibli' | 'zalora';

export type SandboxCategory = { id: string; parentId?: string; name: string; leaf: boolean };

export type SandboxAttribute = {
  id: string;
  name: string;
  mandatory: boolean;
  inputType: 'text' | 'single_select' | 'multi_select' | 'number';
  /** Sales attributes define variants (colour, size); others describe the product. */
  sales: boolean;
  values: { id: string; name: string }[];
};

export type SandboxBrand = { id: string; name: string };

export type SandboxWarehouse = { id: string; name: string; city: string; address: string; isDefault: boolean };

export type SandboxSku = {
  id: string;
  sellerSku: string;
  price: number;
  stock: number;
  warehouseId: string;
  options: Record<string, string>;
};

export type SandboxProductStatus = 'reviewing' | 'active' | 'inactive' | 'rejected' | 'deleted';

export type SandboxProduct = {
  id: string;
  name: string;
  description: string;
  categoryId: string;
  brandId?: string;
  images: string[];
  weightGrams: number;
  status: SandboxProductStatus;
  /** When a product under review gets its verdict (sandbox clock). */
  reviewReadyAt?: number;
  rejectReason?: string;
  createdAt: number;
  updatedAt: number;
  skus: SandboxSku[];
  /** The product attributes as last sent (TikTok Shop answers them back on Get Product). */
  attributes?: { id: string; values: { id?: string; name?: string }[] }[];
};

export type SandboxOrderItem = {
  id: string;
  productId: string;
  skuId: string;
  sellerSku: string;
  name: string;
  quantity: number;
  price: number;
};

export type SandboxOrder = {
  id: string;
  /** The marketplace's own status string (UNPAID, AWAITING_SHIPMENT, ready_to_ship, FP …). */
  status: string;
  createdAt: number;
  updatedAt: number;
  paidAt?: number;
  buyerName: string;
  recipient: { name: string; phone: string; address: string; city: string; postcode: string };
  items: SandboxOrderItem[];
  shippingFee: number;
  packageId: string;
  courier: string;
  trackingNumber?: string;
  /** The pickup time slot the seller chose when arranging pickup (Shopee pickup_time_id, TikTok "start-end"). */
  pickupSlot?: string;
  cancelReason?: string;
  buyerCancelRequested?: boolean;
  /**
   * A buyer's cancel request the seller must answer (TikTok Shop cancellations, Lazada CANCEL reverse orders; Shopee
   * uses its IN_CANCEL status): when it was made, and the seller's answer once given.
   */
  buyerCancel?: { id: string; at: number; reason: string; answer?: { agreed: boolean; at: number; rejectReason?: string } };
  /** The next automatic change, if the order moves by itself from here. */
  next?: { at: number; to: string };
  history: { at: number; status: string }[];
};

export type SandboxShop = {
  marketplace: Marketplace;
  shopId: string;
  name: string;
  region: string;
  /** TikTok shop_cipher, Lazada short code, Shopee main account: whatever the marketplace attaches to a shop. */
  cipher?: string;
  code?: string;
  mainAccountId?: string;
  /** Keys for marketplaces without OAuth (Blibli, Zalora). */
  keys?: Record<string, string>;
  categories: SandboxCategory[];
  attributes: Map<string, SandboxAttribute[]>;
  brands: SandboxBrand[];
  warehouses: SandboxWarehouse[];
  products: Map<string, SandboxProduct>;
  orders: Map<string, SandboxOrder>;
  nextAutoOrderAt?: number;
};

export type SandboxImage = {
  id: string;
  marketplace: Marketplace;
  name: string;
  url: string;
  createdAt: number;
  readyAt: number;
  failed: boolean;
};

export type SandboxOptions = {
  /** Same seed, same shops, products and orders. */
  seed: string | number;
  /**
   * Where signed push notifications go; none are sent without it. A string gets the marketplace appended
   * (`<url>/shopee`, `<url>/tiktok` …); a map names each marketplace's URL.
   */
  callbackUrl?: string | Partial<Record<Marketplace, string>>;
  clock?: SandboxClock;
  /** Sandbox-clock milliseconds an asynchronous image takes; default 4 s. */
  imageProcessingMs?: number;
  /** Sandbox-clock milliseconds a product spends under review; default 6 s. */
  productReviewMs?: number;
  /** A new order per shop every this many sandbox milliseconds; 0 disables the generator. Default 20 min. */
  orderIntervalMs?: number;
  /**
   * Where the numbers of new ids (orders, packages, products) start; 0 by default. A sandbox restarted under a client
   * that keeps its data (the embedded one) starts from the time, so a new order never reuses an earlier run's id.
   */
  firstNumber?: number;
  /** Fastify logging; off by default to keep test output clean. */
  logger?: boolean;
};
