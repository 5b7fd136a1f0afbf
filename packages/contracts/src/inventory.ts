import { ALLOCATION_MODES, STOCK_STATES } from '@kelola/domain';
import { z } from 'zod';
import { integer, optionalText, page, size, uuid } from './validation.ts';

/** Quantities are whole base units (PCS); one line moves at most a million units. */
const MAX_QTY = 1_000_000;
const MAX_LINES = 500;
const quantity = integer().min(1, { error: 'INVALID_VALUE' }).max(MAX_QTY, { error: 'INVALID_VALUE' });
const change = integer()
  .min(-MAX_QTY, { error: 'INVALID_VALUE' })
  .max(MAX_QTY, { error: 'INVALID_VALUE' })
  .refine((v) => v !== 0, { error: 'INVALID_VALUE' });
const isoDate = z.iso.date({ error: 'INVALID_DATE' });

export const MOVEMENT_TYPES = [
  'RECEIPT',
  'ADJUSTMENT',
  'RESERVE',
  'RELEASE',
  'SHIP',
  'RETURN',
  'TRANSFER',
  'INBOUND',
  'ALLOCATION',
] as const;
export type MovementType = (typeof MOVEMENT_TYPES)[number];
export const DOCUMENT_STATUSES = ['DRAFT', 'POSTED'] as const;
export const ADJUSTMENT_TYPES = ['STOCK_OPNAME', 'DAMAGED', 'LOST', 'FOUND', 'OTHER'] as const;
export const STOCK_SYNC_STATUSES = ['ONPROGRESS', 'SUCCESS', 'FAILED'] as const;
export const INVENTORY_SORTS = ['available', '-available', 'on_hand', '-on_hand', 'updated_at', '-updated_at'] as const;
export const DOCUMENT_SORTS = ['date', '-date', 'number', '-number'] as const;

// ---------------------------------------------------------------------------------------------------------------
// Inventory list v2 and detail

export const InventoryListQuery = z.object({
  page,
  size,
  warehouse_id: uuid.optional(),
  catalog_id: uuid.optional(),
  status: z.enum(STOCK_STATES).optional(),
  sort: z.enum(INVENTORY_SORTS).default('-updated_at'),
});

export const StockBalance = z.object({
  warehouse_id: z.string(),
  warehouse_name: z.string(),
  catalog_id: z.string(),
  sku: z.string(),
  name: z.string(),
  /** The product's base unit: every quantity here is in it. */
  unit: z.string(),
  on_hand: z.number(),
  in_order: z.number(),
  allocated: z.number(),
  safety_stock: z.number(),
  allocatable: z.number(),
  available: z.number(),
  stock_state: z.enum(STOCK_STATES),
  updated_at: z.string(),
});
export type StockBalance = z.infer<typeof StockBalance>;

export const StockCounts = z.object({ in_stock: z.number(), out_of_stock: z.number(), minus_stock: z.number(), all: z.number() });
export const InventoryList = z.object({
  items: z.array(StockBalance),
  page: z.number(),
  size: z.number(),
  total_row: z.number(),
  counts: StockCounts,
});
export type InventoryList = z.infer<typeof InventoryList>;

export const InventoryDetail = z.object({
  catalog_id: z.string(),
  sku: z.string(),
  name: z.string(),
  /** The product's base unit: every quantity here is in it. */
  unit: z.string(),
  warehouses: z.array(StockBalance),
  totals: z.object({
    on_hand: z.number(),
    in_order: z.number(),
    allocated: z.number(),
    safety_stock: z.number(),
    allocatable: z.number(),
    available: z.number(),
  }),
});

// ---------------------------------------------------------------------------------------------------------------
// Movements (ledger)

export const MovementListQuery = z.object({
  page,
  size,
  warehouse_id: uuid.optional(),
  catalog_id: uuid.optional(),
  type: z.enum(MOVEMENT_TYPES).optional(),
  reference_id: z.string().trim().max(100).optional(),
  sort: z.enum(['at', '-at']).default('-at'),
});

export const StockMovement = z.object({
  id: z.string(),
  type: z.enum(MOVEMENT_TYPES),
  warehouse_id: z.string(),
  warehouse_name: z.string(),
  catalog_id: z.string(),
  sku: z.string(),
  name: z.string(),
  quantity: z.number(),
  on_hand_before: z.number(),
  on_hand_after: z.number(),
  in_order_before: z.number(),
  in_order_after: z.number(),
  /** Stock set aside for a channel, before and after: only on the rows that change it (ALLOCATION, an order using it). */
  allocated_before: z.number().nullable(),
  allocated_after: z.number().nullable(),
  channel_id: z.string().nullable(),
  channel_name: z.string().nullable(),
  reference_type: z.string(),
  reference_id: z.string().nullable(),
  reference_key: z.string(),
  actor_id: z.string().nullable(),
  /** The actor's name (null for system work). */
  actor_name: z.string().nullable(),
  at: z.string(),
});
export const MovementList = z.object({ items: z.array(StockMovement), page: z.number(), size: z.number(), total_row: z.number() });

// ---------------------------------------------------------------------------------------------------------------
// Transfer between warehouses (no document of its own: the ledger holds both sides under one TRF number)

export const StockTransferInput = z.object({
  from_warehouse_id: uuid,
  to_warehouse_id: uuid,
  note: optionalText(500),
  lines: z
    .array(z.object({ catalog_id: uuid, quantity }))
    .min(1, { error: 'REQUIRED' })
    .max(MAX_LINES),
});
export type StockTransferInput = z.input<typeof StockTransferInput>;

export const StockTransfer = z.object({
  number: z.string(),
  from_warehouse_id: z.string(),
  from_warehouse_name: z.string(),
  to_warehouse_id: z.string(),
  to_warehouse_name: z.string(),
  note: z.string().nullable(),
  lines: z.array(
    z.object({
      catalog_id: z.string(),
      sku: z.string(),
      name: z.string(),
      quantity: z.number(),
      from_on_hand_after: z.number(),
      to_on_hand_after: z.number(),
    }),
  ),
});
export type StockTransfer = z.infer<typeof StockTransfer>;

// ---------------------------------------------------------------------------------------------------------------
// Goods receipt

export const GoodsReceiptLineInput = z.object({ catalog_id: uuid, quantity });
export const GoodsReceiptInput = z.object({
  date: isoDate,
  warehouse_id: uuid,
  supplier_reference: optionalText(100),
  note: optionalText(500),
  lines: z.array(GoodsReceiptLineInput).min(1, { error: 'REQUIRED' }).max(MAX_LINES),
  /** Post at once (adds stock) instead of keeping a draft. */
  post: z.boolean().default(false),
});
export type GoodsReceiptInput = z.input<typeof GoodsReceiptInput>;

export const GoodsReceipt = z.object({
  id: z.string(),
  number: z.string(),
  date: z.string(),
  warehouse_id: z.string(),
  warehouse_name: z.string(),
  supplier_reference: z.string().nullable(),
  note: z.string().nullable(),
  status: z.enum(DOCUMENT_STATUSES),
  total_quantity: z.number(),
  lines: z.array(z.object({ catalog_id: z.string(), sku: z.string(), name: z.string(), quantity: z.number() })),
  created_at: z.string(),
  posted_at: z.string().nullable(),
});
export type GoodsReceipt = z.infer<typeof GoodsReceipt>;

export const DocumentListQuery = z.object({
  page,
  size,
  warehouse_id: uuid.optional(),
  status: z.enum(DOCUMENT_STATUSES).optional(),
  type: z.enum(ADJUSTMENT_TYPES).optional(),
  catalog_id: uuid.optional(),
  sort: z.enum(DOCUMENT_SORTS).default('-date'),
});
export const GoodsReceiptList = z.object({
  items: z.array(GoodsReceipt.omit({ lines: true })),
  page: z.number(),
  size: z.number(),
  total_row: z.number(),
});

// ---------------------------------------------------------------------------------------------------------------
// Stock adjustment

export const AdjustmentInput = z.object({
  date: isoDate,
  warehouse_id: uuid,
  type: z.enum(ADJUSTMENT_TYPES),
  note: optionalText(500),
  items: z
    .array(z.object({ catalog_id: uuid, change }))
    .min(1, { error: 'REQUIRED' })
    .max(MAX_LINES),
});
export type AdjustmentInput = z.input<typeof AdjustmentInput>;

export const Adjustment = z.object({
  id: z.string(),
  number: z.string(),
  date: z.string(),
  warehouse_id: z.string(),
  warehouse_name: z.string(),
  type: z.enum(ADJUSTMENT_TYPES),
  note: z.string().nullable(),
  status: z.enum(DOCUMENT_STATUSES),
  items: z.array(
    z.object({
      catalog_id: z.string(),
      sku: z.string(),
      name: z.string(),
      stock_available: z.number(),
      change: z.number(),
      after_change: z.number(),
    }),
  ),
  created_at: z.string(),
  posted_at: z.string().nullable(),
});
export type Adjustment = z.infer<typeof Adjustment>;
export const AdjustmentList = z.object({
  items: z.array(Adjustment.omit({ items: true })),
  page: z.number(),
  size: z.number(),
  total_row: z.number(),
});

// ---------------------------------------------------------------------------------------------------------------
// Allocation per channel

export const AllocationRuleInput = z
  .object({
    channel_id: uuid,
    mode: z.enum(ALLOCATION_MODES),
    value: integer().min(0).max(MAX_QTY),
    buffer: integer().min(0).max(MAX_QTY).default(0),
  })
  .refine((r) => r.mode !== 'PERCENTAGE' || r.value <= 100, { error: 'TOO_BIG', path: ['value'] });
export const AllocationInput = z.object({
  warehouse_id: uuid,
  /** Safety stock of one SKU in the warehouse, set together with the rules. */
  catalog_id: uuid.optional(),
  safety_stock: integer().min(0).max(MAX_QTY).optional(),
  rules: z
    .array(AllocationRuleInput)
    .max(50)
    .superRefine((rules, ctx) => {
      // One rule per channel; percentage shares of the same stock may not promise more than all of it.
      rules.forEach((rule, i) => {
        if (rules.findIndex((r) => r.channel_id === rule.channel_id) !== i)
          ctx.addIssue({ code: 'custom', path: [i, 'channel_id'], message: 'DUPLICATE_CHANNEL' });
      });
      const percent = rules.filter((r) => r.mode === 'PERCENTAGE').reduce((sum, r) => sum + Number(r.value), 0);
      if (percent > 100) ctx.addIssue({ code: 'custom', path: [], message: 'PERCENTAGE_TOTAL' });
    }),
});
export type AllocationInput = z.input<typeof AllocationInput>;

export const AllocationQuery = z.object({ warehouse_id: uuid, catalog_id: uuid.optional() });
export const AllocationView = z.object({
  warehouse_id: z.string(),
  catalog_id: z.string().nullable(),
  /** The stock the shares are taken from: available of the SKU in the warehouse (null without a SKU). */
  available: z.number().nullable(),
  safety_stock: z.number().nullable(),
  rules: z.array(
    z.object({
      channel_id: z.string(),
      channel_name: z.string(),
      mode: z.enum(ALLOCATION_MODES),
      value: z.number(),
      buffer: z.number(),
      quantity: z.number().nullable(),
      explanation: z.string().nullable(),
    }),
  ),
  /** With a SKU: the stock set aside for each connected channel (0 when none). */
  set_asides: z.array(z.object({ channel_id: z.string(), channel_name: z.string(), quantity: z.number() })),
});
export type AllocationView = z.infer<typeof AllocationView>;

/** Sets the stock of a SKU in a warehouse set aside for a channel to `quantity` (0 gives it back). */
export const SetAsideInput = z.object({
  warehouse_id: uuid,
  catalog_id: uuid,
  channel_id: uuid,
  quantity: integer().min(0).max(MAX_QTY),
});
export type SetAsideInput = z.input<typeof SetAsideInput>;

// ---------------------------------------------------------------------------------------------------------------
// Stock sync and export

export const StockSyncInput = z.object({ warehouse_ids: z.array(uuid).min(1, { error: 'REQUIRED' }).max(100) });
export const StockSyncQuery = z.object({ warehouse_ids: z.string().trim().max(4000).optional() });
export const StockSyncState = z.object({
  warehouse_id: z.string(),
  run_id: z.string(),
  status: z.enum(STOCK_SYNC_STATUSES),
  sku_count: z.number(),
  error: z.string().nullable(),
  started_at: z.string(),
  finished_at: z.string().nullable(),
});
export const StockSyncStatus = z.object({
  /** True while any warehouse is ONPROGRESS: the screen keeps polling each second (spec part 9). */
  in_progress: z.boolean(),
  success: z.array(z.string()),
  error: z.array(z.string()),
  items: z.array(StockSyncState),
});
export type StockSyncStatus = z.infer<typeof StockSyncStatus>;
export const STOCK_SYNC_POLL_MS = 1000;
export const INVENTORY_PAGE_SIZE = 10;

export const InventoryExportInput = z.object({ warehouse_id: uuid.optional(), status: z.enum(STOCK_STATES).optional() });
