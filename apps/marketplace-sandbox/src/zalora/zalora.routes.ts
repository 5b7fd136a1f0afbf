import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { newRequestId, queryOf } from '../core/http-helpers.ts';
import { sameText, zaloraExpectedSign } from '../core/signatures.ts';
import type { SandboxStore } from '../core/sandbox-store.ts';
import type { SandboxShop } from '../core/sandbox-types.ts';

/**
 * Zalora Seller Center API (research §5): one URL, `Action=` in a signed query, answers wrapped in
 * `SuccessResponse{Head, Body}` or `ErrorResponse{Head}`. Whether Zalora still runs this version is unconfirmed.
 */

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

const iso = (ms: number): string => `${new Date(ms + 7 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ')}`;

type Action = (shop: SandboxShop, query: Record<string, string>) => { type: string; body: unknown; total?: number };

export const registerZalora = (app: FastifyInstance, store: SandboxStore): void => {
  const now = (): number => store.clock.now();

  app.setErrorHandler((error, request, reply) => {
    const action = queryOf(request).Action ?? '';
    const failure =
      error instanceof ZaloraFailure ? error : new ZaloraFailure(500, '1', error instanceof Error ? error.message : String(error));
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
    const products = [...shop.products.values()]
      .filter((product) => product.status !== 'deleted' && (after === undefined || product.updatedAt >= after))
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
              Status: product.status === 'active' ? 'active' : 'inactive',
              UpdatedAt: iso(product.updatedAt),
            })),
          ),
        },
      },
    };
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
          Order: orders.slice(offset, offset + limit).map((order) => ({
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
          })),
        },
      },
    };
  });

  actions.set('GetBrands', (shop) => ({
    type: 'Brands',
    body: { Brands: { Brand: shop.brands.map((brand) => ({ BrandId: brand.id, Name: brand.name })) } },
  }));

  app.get('/', async (request: FastifyRequest, reply: FastifyReply) => {
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
    const result = handler(shop, query);
    return reply.send({
      SuccessResponse: {
        Head: {
          RequestId: newRequestId(),
          RequestAction: action,
          ResponseType: result.type,
          Timestamp: new Date(now()).toISOString(),
          ...(result.total !== undefined ? { TotalCount: String(result.total) } : {}),
        },
        Body: result.body,
      },
    });
  });
};
