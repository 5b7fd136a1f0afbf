import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { newRequestId, queryOf } from '../core/http-helpers.ts';
import { sameText, zaloraExpectedSign } from '../core/signatures.ts';
import type { SandboxStore } from '../core/sandbox-store.ts';
import { renderLabelPdf } from '../core/label-pdf.ts';
import type { SandboxOrder, SandboxProduct, SandboxShop } from '../core/sandbox-types.ts';

/**
 * Zalora Seller Center API (research §5): one URL, `Action=` in a signed query, answers wrapped in
 * `SuccessResponse{Head, Body}` or `ErrorResponse{Head}`. Whether Zalora still runs this version is unconfirmed.
 */

const WRITES = new Set(['ProductCreate', 'ProductUpdate', 'Image']);
const SKEW_MS = 10 * 60_000;
const PER_SECOND = 10;

class ZaloraFailure extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}
const fail = (status: number, code: string, message: string): never => {
  throw new ZaloraFailure(status, code, message);
};

const DAY = 86_400_000;
const iso = (ms: number): string => `${new Date(ms + 7 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ')}`;

type Action = (
  shop: SandboxShop,
  query: Record<string, string>,
  xml: string,
) =>
  | { type: string; body: unknown; total?: number; requestId?: string }
  | Promise<{ type: string; body: unknown; total?: number; requestId?: string }>;

const decodeXml = (text: string): string =>
  text
    .replace(/&#(\d+);/g, (_m, code: string) => String.fromCharCode(Number(code)))
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
/** Inner XML of every `<tag>` element (non-nested), enough for SellerCenter's flat request documents. */
const xmlBlocks = (xml: string, tag: string): string[] =>
  [...xml.matchAll(new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`, 'g'))].map((match) => match[1] ?? '');
const xmlValue = (xml: string, tag: string): string | undefined => {
  const block = xmlBlocks(xml, tag)[0];
  return block === undefined ? undefined : decodeXml(block.trim());
};
const jsonList = (value: string | undefined): string[] => {
  try {
    const parsed: unknown = JSON.parse(value ?? '[]');
    return Array.isArray(parsed) ? parsed.map(String) : [];
  } catch {
    return fail(400, '18', 'E018: Invalid JSON list parameter');
  }
};

type FeedError = { Code: string; Message: string; SellerSku: string };
type Feed = { id: string; action: string; createdAt: number; readyAt: number; total: number; errors: FeedError[] };
const PRODUCT_STATUS: Record<string, string> = { active: 'active', inactive: 'inactive', reviewing: 'pending', rejected: 'rejected' };
const CANCEL_REASONS = [
  { Id: '10', Name: 'Out of stock' },
  { Id: '11', Name: 'Wrong price or pricing error' },
  { Id: '15', Name: 'Sourcing delay (cannot meet deadline)' },
];
const DOCUMENT_TYPES = ['shippingParcel', 'shippingLabel', 'invoice', 'carrierManifest'];

export const registerZalora = (app: FastifyInstance, store: SandboxStore): void => {
  const now = (): number => store.clock.now();

  app.setErrorHandler((error, request, reply) => {
    const action = queryOf(request).Action ?? '';
    const failure =
      error instanceof ZaloraFailure ? error : new ZaloraFailure(500, '1', error instanceof Error ? error.message : String(error));
    if (failure.status === 429) void reply.header('retry-after', '1');
    return reply.status(failure.status).send({
      ErrorResponse: {
        Head: {
          RequestAction: action,
          ErrorType: failure.status >= 500 ? 'Platform' : 'Sender',
          ErrorCode: failure.code,
          ErrorMessage: failure.message,
        },
      },
    });
  });

  const actions = new Map<string, Action>();

  actions.set('GetProducts', (shop, query) => {
    const limit = Number(query.Limit ?? 100);
    const offset = Number(query.Offset ?? 0);
    const after = query.UpdatedAfter ? Date.parse(query.UpdatedAfter) : undefined;
    const sellerSkus = query.SkuSellerList ? jsonList(query.SkuSellerList) : undefined;
    const products = [...shop.products.values()]
      .filter((product) => product.status !== 'deleted' && (after === undefined || product.updatedAt >= after))
      .filter((product) => !sellerSkus || product.skus.some((sku) => sellerSkus.includes(sku.sellerSku)))
      // Search matches the name or any SKU (seller or parent), case-insensitive.
      .filter((product) => {
        const search = (query.Search ?? '').toLowerCase();
        return (
          !search ||
          [product.id, product.name, ...product.skus.map((sku) => sku.sellerSku)].some((text) => text.toLowerCase().includes(search))
        );
      })
      .sort((a, b) => b.updatedAt - a.updatedAt || a.id.localeCompare(b.id));
    return {
      type: 'Products',
      total: products.length,
      body: {
        Products: {
          Product: products.slice(offset, offset + limit).flatMap((product) =>
            product.skus.map((sku) => ({
              SellerSku: sku.sellerSku,
              ShopSku: `${product.id}-${sku.id}`,
              ParentSku: product.id,
              Name: product.name,
              Quantity: String(sku.stock),
              Price: sku.price.toFixed(2),
              Status: PRODUCT_STATUS[product.status] ?? 'inactive',
              PrimaryCategory: product.categoryId,
              Brand: shop.brands.find((brand) => brand.id === product.brandId)?.name ?? '',
              Images: { Image: product.images },
              UpdatedAt: iso(product.updatedAt),
            })),
          ),
        },
      },
    };
  });

  const orderView = (order: SandboxOrder) => ({
    OrderId: order.id,
    OrderNumber: `ZL${order.id}`,
    CustomerFirstName: order.buyerName,
    CreatedAt: iso(order.createdAt),
    UpdatedAt: iso(order.updatedAt),
    Price: order.items.reduce((sum, item) => sum + item.price * item.quantity, 0).toFixed(2),
    ItemsCount: String(order.items.reduce((sum, item) => sum + item.quantity, 0)),
    Statuses: { Status: [order.status] },
    AddressShipping: {
      FirstName: order.recipient.name,
      Phone: order.recipient.phone,
      Address1: order.recipient.address,
      City: order.recipient.city,
    },
  });

  actions.set('GetOrders', (shop, query) => {
    const limit = Number(query.Limit ?? 100);
    const offset = Number(query.Offset ?? 0);
    const bound = (key: string) => (query[key] ? Date.parse(query[key] ?? '') : undefined);
    const [ca, cb, ua, ub] = [bound('CreatedAfter'), bound('CreatedBefore'), bound('UpdatedAfter'), bound('UpdatedBefore')];
    if (ca === undefined && ua === undefined) fail(400, '14', 'E014: Either CreatedAfter or UpdatedAfter is mandatory');
    const orders = [...shop.orders.values()]
      .filter((order) => (ca === undefined || order.createdAt >= ca) && (cb === undefined || order.createdAt < cb))
      .filter((order) => (ua === undefined || order.updatedAt >= ua) && (ub === undefined || order.updatedAt < ub))
      .filter((order) => !query.Status || order.status === query.Status)
      .sort((a, b) => b.createdAt - a.createdAt || a.id.localeCompare(b.id));
    return {
      type: 'Orders',
      total: orders.length,
      body: {
        Orders: {
          Order: orders.slice(offset, offset + limit).map(orderView),
        },
      },
    };
  });

  actions.set('GetBrands', (shop) => ({
    type: 'Brands',
    body: { Brands: { Brand: shop.brands.map((brand) => ({ BrandId: brand.id, Name: brand.name })) } },
  }));

  // ------------------------------------------------------------------ catalogue reference data

  actions.set('GetCategoryTree', (shop) => {
    const node = (id: string): unknown => {
      const category = shop.categories.find((candidate) => candidate.id === id);
      const children = shop.categories.filter((candidate) => candidate.parentId === id);
      return {
        CategoryId: id,
        Name: category?.name ?? '',
        ...(children.length > 0 ? { Children: { Category: children.map((child) => node(child.id)) } } : {}),
      };
    };
    return {
      type: 'Categories',
      body: { Categories: { Category: shop.categories.filter((category) => !category.parentId).map((category) => node(category.id)) } },
    };
  });

  actions.set('GetCategoryAttributes', (shop, query) => {
    const category = shop.categories.find((candidate) => candidate.id === query.PrimaryCategory);
    if (!category) return fail(400, '56', `E056: Invalid PrimaryCategory ${query.PrimaryCategory ?? ''}`);
    return {
      type: 'Attributes',
      body: {
        Attribute: (shop.attributes.get(category.id) ?? []).map((attribute) => ({
          Name: attribute.name,
          Label: attribute.name,
          isMandatory: attribute.mandatory ? '1' : '0',
          AttributeType: attribute.inputType === 'multi_select' ? 'multi_option' : attribute.values.length > 0 ? 'option' : 'value',
          Options: { Option: attribute.values.map((value) => ({ Name: value.name })) },
        })),
      },
    };
  });

  // ------------------------------------------------------------------ feeds: ProductCreate, ProductUpdate, Image

  const feeds = new Map<string, Feed>();
  const addFeed = (action: string, total: number, errors: FeedError[], processingMs: number): Feed => {
    const feed: Feed = { id: randomUUID(), action, createdAt: now(), readyAt: now() + processingMs, total, errors };
    feeds.set(feed.id, feed);
    return feed;
  };
  const feedAnswer = (feed: Feed) => ({ type: '', requestId: feed.id, body: '' });

  const skuOwner = (shop: SandboxShop, sellerSku: string): SandboxProduct | undefined =>
    [...shop.products.values()].find((product) => product.status !== 'deleted' && product.skus.some((sku) => sku.sellerSku === sellerSku));

  const requestRows = (xml: string, tag: string): string[] => {
    if (!/<Request>[\s\S]*<\/Request>/.test(xml)) fail(400, '1', 'E001: Parameter Request is mandatory (XML body)');
    const rows = xmlBlocks(xml, tag);
    if (rows.length === 0) fail(400, '1', `E001: Request must hold at least one ${tag}`);
    return rows;
  };

  actions.set('ProductCreate', (shop, _query, xml) => {
    const rows = requestRows(xml, 'Product');
    const errors: FeedError[] = [];
    const groups = new Map<string, { row: string; sellerSku: string }[]>();
    for (const row of rows) {
      const sellerSku = xmlValue(row, 'SellerSku') ?? '';
      const parentSku = xmlValue(row, 'ParentSku') || sellerSku;
      if (!sellerSku) {
        errors.push({ Code: '0', Message: 'Field SellerSku is mandatory', SellerSku: '' });
        continue;
      }
      if (skuOwner(shop, sellerSku) || (shop.products.has(parentSku) && !groups.has(parentSku))) {
        errors.push({ Code: '0', Message: `Seller SKU ${sellerSku} already exists`, SellerSku: sellerSku });
        continue;
      }
      groups.set(parentSku, [...(groups.get(parentSku) ?? []), { row, sellerSku }]);
    }
    for (const [parentSku, group] of groups) {
      const first = group[0]?.row ?? '';
      const name = xmlValue(first, 'Name') ?? '';
      const category = shop.categories.find((candidate) => candidate.id === xmlValue(first, 'PrimaryCategory') && candidate.leaf);
      const brand = shop.brands.find((candidate) => candidate.name === xmlValue(first, 'Brand'));
      const productData = xmlBlocks(first, 'ProductData')[0] ?? '';
      const weightKg = Number(xmlValue(productData, 'PackageWeight') ?? NaN);
      // The category's isMandatory attributes go in ProductData under their names.
      const missingAttribute = (shop.attributes.get(category?.id ?? '') ?? []).find(
        (attribute) => attribute.mandatory && !attribute.sales && (xmlValue(productData, attribute.name) ?? '').trim() === '',
      );
      const problem = !name
        ? 'Field Name is mandatory'
        : !category
          ? 'Field PrimaryCategory must be a leaf category'
          : missingAttribute
            ? `Field ${missingAttribute.name} is mandatory`
            : !brand
              ? `Brand ${xmlValue(first, 'Brand') ?? ''} is not valid`
              : !(weightKg > 0)
                ? 'Field PackageWeight (kg) must be positive'
                : group.some(({ row }) => !(Number(xmlValue(row, 'Price')) > 0) || !(Number(xmlValue(row, 'Quantity')) >= 0))
                  ? 'Price must be positive and Quantity at least 0'
                  : undefined;
      if (problem) {
        for (const { sellerSku } of group) errors.push({ Code: '1', Message: problem, SellerSku: sellerSku });
        continue;
      }
      const created = store.createProduct(shop, {
        name,
        description: xmlValue(first, 'Description') ?? '',
        categoryId: category?.id ?? '',
        ...(brand ? { brandId: brand.id } : {}),
        images: [],
        weightGrams: Math.round(weightKg * 1000),
        skus: group.map(({ row, sellerSku }) => ({
          sellerSku,
          price: Number(xmlValue(row, 'Price')),
          stock: Number(xmlValue(row, 'Quantity')),
          warehouseId: shop.warehouses[0]?.id ?? '',
          options: xmlValue(row, 'Variation') ? { Variation: xmlValue(row, 'Variation') ?? '' } : ({} as Record<string, string>),
        })),
      });
      // Zalora products are known by the seller's ParentSku.
      shop.products.delete(created.id);
      created.id = parentSku;
      shop.products.set(parentSku, created);
    }
    return feedAnswer(addFeed('ProductCreate', rows.length, errors, store.productReviewMs));
  });

  actions.set('ProductUpdate', (shop, _query, xml) => {
    const rows = requestRows(xml, 'Product');
    const errors: FeedError[] = [];
    let content = false;
    for (const row of rows) {
      const sellerSku = xmlValue(row, 'SellerSku') ?? '';
      const product = skuOwner(shop, sellerSku);
      const sku = product?.skus.find((candidate) => candidate.sellerSku === sellerSku);
      if (!product || !sku) {
        errors.push({ Code: '0', Message: `Seller SKU ${sellerSku} was not found`, SellerSku: sellerSku });
        continue;
      }
      const price = xmlValue(row, 'Price');
      const quantity = xmlValue(row, 'Quantity');
      if ((price !== undefined && !(Number(price) > 0)) || (quantity !== undefined && !(Number(quantity) >= 0))) {
        errors.push({ Code: '1', Message: 'Price must be positive and Quantity at least 0', SellerSku: sellerSku });
        continue;
      }
      // A new PrimaryCategory needs every isMandatory attribute of that category in ProductData, as ProductCreate
      // does; ProductData alone may not empty a mandatory attribute.
      const categoryId = xmlValue(row, 'PrimaryCategory');
      const productData = xmlBlocks(row, 'ProductData')[0];
      let category: { id: string } | undefined;
      if (categoryId !== undefined || productData !== undefined) {
        category = shop.categories.find((candidate) => candidate.id === (categoryId ?? product.categoryId) && candidate.leaf);
        const given = (name: string) => xmlValue(productData ?? '', name);
        const missingAttribute = (shop.attributes.get(category?.id ?? '') ?? []).find(
          (attribute) =>
            attribute.mandatory &&
            !attribute.sales &&
            (categoryId !== undefined ? (given(attribute.name) ?? '').trim() === '' : given(attribute.name)?.trim() === ''),
        );
        const problem = !category
          ? 'Field PrimaryCategory must be a leaf category'
          : missingAttribute
            ? `Field ${missingAttribute.name} is mandatory`
            : undefined;
        if (problem) {
          errors.push({ Code: '1', Message: problem, SellerSku: sellerSku });
          continue;
        }
      }
      if (price !== undefined) sku.price = Number(price);
      if (quantity !== undefined) sku.stock = Number(quantity);
      product.updatedAt = now();
      if (category && category.id !== product.categoryId) {
        product.categoryId = category.id;
        store.review(product);
        content = true;
      }
      const name = xmlValue(row, 'Name');
      const description = xmlValue(row, 'Description');
      if (name || description !== undefined) {
        if (name) product.name = name;
        if (description !== undefined) product.description = description;
        store.review(product);
        content = true;
      }
    }
    // Price and stock feeds are processed at once; content changes go through review (sandbox choice).
    return feedAnswer(addFeed('ProductUpdate', rows.length, errors, content ? store.productReviewMs : 0));
  });

  // Image: images by public URL for a SKU's product, downloaded asynchronously; up to 8.
  actions.set('Image', (shop, _query, xml) => {
    const rows = requestRows(xml, 'ProductImage');
    const errors: FeedError[] = [];
    for (const row of rows) {
      const sellerSku = xmlValue(row, 'SellerSku') ?? '';
      const product = skuOwner(shop, sellerSku);
      const urls = xmlBlocks(xmlBlocks(row, 'Images')[0] ?? '', 'Image').map((url) => decodeXml(url.trim()));
      if (!product) {
        errors.push({ Code: '0', Message: `Seller SKU ${sellerSku} was not found`, SellerSku: sellerSku });
        continue;
      }
      if (urls.length === 0 || urls.length > 8) {
        errors.push({ Code: '1', Message: 'Between 1 and 8 images are allowed', SellerSku: sellerSku });
        continue;
      }
      const bad = urls.find((url) => !/^https?:\/\/\S+$/i.test(url) || /fail/i.test(url));
      if (bad) {
        errors.push({ Code: '2', Message: `Image ${bad} could not be downloaded`, SellerSku: sellerSku });
        continue;
      }
      product.images = urls;
      product.updatedAt = now();
    }
    return feedAnswer(addFeed('Image', rows.length, errors, store.imageProcessingMs));
  });

  actions.set('FeedStatus', (_shop, query) => {
    const feed = feeds.get(query.FeedID ?? '') ?? fail(400, '39', `E039: Feed ${query.FeedID ?? ''} not found`);
    const status = now() < feed.readyAt ? (now() - feed.createdAt < 1000 ? 'Queued' : 'Processing') : 'Finished';
    const done = status === 'Finished';
    return {
      type: 'FeedDetail',
      body: {
        FeedDetail: {
          Feed: feed.id,
          Status: status,
          Action: feed.action,
          CreationDate: iso(feed.createdAt),
          UpdatedDate: iso(done ? feed.readyAt : now()),
          Source: 'api',
          TotalRecords: String(feed.total),
          ProcessedRecords: String(done ? feed.total : 0),
          FailedRecords: String(done ? feed.errors.length : 0),
          FeedErrors: done && feed.errors.length > 0 ? { Error: feed.errors } : '',
        },
      },
    };
  });

  // ------------------------------------------------------------------ orders

  /** Zalora order items are single units: an item of quantity 3 is three order items. */
  const units = (order: SandboxOrder) =>
    order.items.flatMap((item) =>
      Array.from({ length: item.quantity }, (_, index) => ({ unitId: String(Number(item.id) * 10 + index + 1), item })),
    );
  const cancelledUnits = new Map<string, string>();

  const orderOf = (shop: SandboxShop, orderId: string): SandboxOrder =>
    shop.orders.get(orderId) ?? fail(400, '16', `E016: Invalid Order ID ${orderId}`);

  /** The order a list of OrderItemIds belongs to; all must be of one order and not cancelled. */
  const orderOfUnits = (shop: SandboxShop, ids: string[]): SandboxOrder => {
    if (ids.length === 0) fail(400, '20', 'E020: OrderItemIds must not be empty');
    const order = [...shop.orders.values()].find((candidate) => units(candidate).some((unit) => unit.unitId === ids[0]));
    if (!order) return fail(400, '20', `E020: Invalid Order Item ID ${ids[0] ?? ''}`);
    const own = units(order).map((unit) => unit.unitId);
    if (ids.some((id) => !own.includes(id))) fail(400, '20', 'E020: All OrderItemIds must belong to one order');
    return order;
  };

  // Returns (sandbox choice; research §5 has no return call): an order that reached `returned` has its items go
  // through Zalora's return item statuses on the clock: return_waiting_for_approval → (1 day)
  // return_shipped_by_customer → (3 days) returned.
  const RETURN_STEPS: readonly [number, string][] = [
    [0, 'return_waiting_for_approval'],
    [DAY, 'return_shipped_by_customer'],
    [3 * DAY, 'returned'],
  ];
  const RETURN_REASON = 'Size does not fit';
  const returnStage = (order: SandboxOrder): [number, string, number, number] => {
    const requested = order.history.find((step) => step.status === 'returned')?.at ?? order.updatedAt;
    const [offset, status] = RETURN_STEPS.filter(([after]) => requested + after <= store.clock.now()).at(-1) ?? RETURN_STEPS[0]!;
    return [offset, status, requested, requested + offset];
  };

  const itemView = (order: SandboxOrder) =>
    units(order).map(({ unitId, item }) => ({
      OrderItemId: unitId,
      OrderId: order.id,
      Name: item.name,
      Sku: item.sellerSku,
      ShopSku: `${item.productId}-${item.skuId}`,
      ItemPrice: item.price.toFixed(2),
      PaidPrice: item.price.toFixed(2),
      Currency: 'IDR',
      Status: cancelledUnits.has(unitId) ? 'canceled' : order.status === 'returned' ? returnStage(order)[1] : order.status,
      Reason: cancelledUnits.get(unitId) ?? (order.status === 'returned' ? RETURN_REASON : ''),
      ...(order.status === 'returned'
        ? { ReturnRequestedAt: iso(returnStage(order)[2]), ReturnUpdatedAt: iso(returnStage(order)[3]) }
        : {}),
      ShipmentProvider: order.courier,
      TrackingCode: order.trackingNumber ?? '',
      PackageId: ['pending', 'canceled'].includes(order.status) ? '' : order.packageId,
      CreatedAt: iso(order.createdAt),
      UpdatedAt: iso(order.updatedAt),
    }));

  actions.set('GetOrder', (shop, query) => {
    const order = orderOf(shop, query.OrderId ?? '');
    return { type: 'Orders', body: { Orders: { Order: [{ ...orderView(order), ShippingFee: order.shippingFee.toFixed(2) }] } } };
  });

  actions.set('GetMultipleOrderItems', (shop, query) => {
    const ids = jsonList(query.OrderIdList);
    if (ids.length === 0 || ids.length > 100) fail(400, '56', 'E056: OrderIdList must hold 1 to 100 order ids');
    return {
      type: 'Orders',
      body: { Orders: { Order: ids.map((id) => ({ OrderId: id, OrderItems: { OrderItem: itemView(orderOf(shop, id)) } })) } },
    };
  });

  actions.set('GetOrderItems', (shop, query) => ({
    type: 'OrderItems',
    body: { OrderItems: { OrderItem: itemView(orderOf(shop, query.OrderId ?? '')) } },
  }));

  const moved = (order: SandboxOrder, ids: string[]) => ({
    type: 'OrderItems',
    body: {
      OrderItems: {
        OrderItem: ids.map((id) => ({ OrderItemId: id, PurchaseOrderId: order.packageId, PurchaseOrderNumber: `PO${order.packageId}` })),
      },
    },
  });

  actions.set('SetStatusToPackedByMarketplace', (shop, query) => {
    const ids = jsonList(query.OrderItemIds);
    const order = orderOfUnits(shop, ids);
    if (!['dropship', 'pickup', 'send_to_warehouse'].includes(query.DeliveryType ?? '')) fail(400, '23', 'E023: Invalid DeliveryType');
    if (order.status !== 'pending') fail(400, '73', `E073: All order items must have status pending (is ${order.status})`);
    store.setOrderStatus(shop, order, 'packed');
    return moved(order, ids);
  });

  actions.set('SetStatusToReadyToShip', (shop, query) => {
    const ids = jsonList(query.OrderItemIds);
    const order = orderOfUnits(shop, ids);
    if (!['dropship', 'pickup', 'send_to_warehouse'].includes(query.DeliveryType ?? '')) fail(400, '23', 'E023: Invalid DeliveryType');
    if (order.status !== 'packed') fail(400, '63', `E063: Order items must be packed first (is ${order.status})`);
    if (query.TrackingNumber) order.trackingNumber = query.TrackingNumber;
    store.setOrderStatus(shop, order, 'ready_to_ship');
    return moved(order, ids);
  });

  actions.set('GetDocument', async (shop, query) => {
    if (!DOCUMENT_TYPES.includes(query.DocumentType ?? '')) fail(400, '32', `E032: Invalid DocumentType ${query.DocumentType ?? ''}`);
    const order = orderOfUnits(shop, jsonList(query.OrderItemIds));
    if (!['ready_to_ship', 'shipped', 'delivered'].includes(order.status))
      fail(400, '34', `E034: Document is not available for order items with status ${order.status}`);
    const pdf = await renderLabelPdf(shop, order);
    return {
      type: 'Documents',
      body: { Documents: { Document: { DocumentType: query.DocumentType, MimeType: 'application/pdf', File: pdf.toString('base64') } } },
    };
  });

  actions.set('GetFailureReasons', () => ({
    type: 'Reasons',
    body: { Reasons: { Reason: CANCEL_REASONS.map((reason) => ({ Type: 'canceled', ...reason })) } },
  }));

  actions.set('SetStatusToCanceled', (shop, query) => {
    const id = query.OrderItemId ?? '';
    const order = orderOfUnits(shop, [id]);
    const reason = CANCEL_REASONS.find((candidate) => candidate.Id === query.ReasonId);
    if (!reason) return fail(400, '21', `E021: Invalid ReasonId ${query.ReasonId ?? ''}`);
    if (cancelledUnits.has(id) || !['pending', 'packed'].includes(order.status))
      fail(400, '24', `E024: Order item ${id} cannot be canceled`);
    cancelledUnits.set(id, reason.Name);
    order.updatedAt = now();
    if (units(order).every((unit) => cancelledUnits.has(unit.unitId))) {
      order.cancelReason = reason.Name;
      store.setOrderStatus(shop, order, 'canceled');
    }
    return { type: '', body: '' };
  });

  // Writes (ProductCreate, ProductUpdate, Image) carry an XML document in the body; only the query is signed.
  app.addContentTypeParser(['application/xml', 'text/xml'], { parseAs: 'string' }, (_request, body, done) => done(null, String(body)));

  const handle = async (request: FastifyRequest, reply: FastifyReply) => {
    const query = queryOf(request);
    const action = query.Action ?? '';
    if (query.Version !== '1.0' || query.Format !== 'JSON') fail(400, '5', 'E005: Invalid Version or Format');
    const shop = store.findShop('zalora', query.UserID ?? '');
    if (!shop) return fail(401, '9', 'E009: Access Denied');
    const timestamp = Date.parse(query.Timestamp ?? '');
    if (!(Math.abs(timestamp - now()) <= SKEW_MS)) fail(400, '3', 'E003: Timestamp has expired');
    if (!sameText(zaloraExpectedSign(shop.keys?.apiKey ?? '', query), query.Signature ?? ''))
      fail(401, '7', 'E007: Login failed. Signature mismatching');
    if (store.isRateLimited('zalora', `${action}:${shop.shopId}`, PER_SECOND)) fail(429, '429', 'E429: Too many requests');
    const handler = actions.get(action) ?? fail(400, '8', `E008: Invalid Action ${action}`);
    if (WRITES.has(action) && request.method !== 'POST') fail(400, '8', `E008: ${action} must be sent with POST`);
    const xml = typeof request.body === 'string' ? request.body : '';
    const result = await handler(shop, query, xml);
    return reply.send({
      SuccessResponse: {
        Head: {
          RequestId: result.requestId ?? newRequestId(),
          RequestAction: action,
          ResponseType: result.type,
          Timestamp: new Date(now()).toISOString(),
          ...(result.total !== undefined ? { TotalCount: String(result.total) } : {}),
        },
        Body: result.body,
      },
    });
  };
  app.get('/', handle);
  app.post('/', handle);
};
