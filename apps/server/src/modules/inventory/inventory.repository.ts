import { and, asc, count, desc, eq, gte, inArray, sql, type SQL } from 'drizzle-orm';
import type { TenantCtx } from '../../http/context.ts';
import { uuidv7 } from '../../platform/db/ids.ts';
import { documentSequences, stockBalances, stockMovements, stockOperations } from './inventory.schema.ts';

export type MovementType = (typeof stockMovements.$inferSelect)['type'];
/** One balance change: quantity is positive except for adjustments and transfers, whose sign is the direction. */
export type StockLine = { warehouseId: string; catalogId: string; quantity: number };
export type AppliedLine = StockLine & { onHandAfter: number; inOrderAfter: number };

const b = stockBalances;
const balanceKey = (ctx: TenantCtx, line: StockLine) => and(eq(b.workspaceId, ctx.workspaceId), eq(b.warehouseId, line.warehouseId), eq(b.catalogId, line.catalogId));
/** allocatable − allocated: what an order may still reserve. */
export const availableSql = sql<number>`(${b.onHand} - ${b.inOrder} - ${b.allocated} - ${b.safetyStock})`;
const after = { onHand: b.onHand, inOrder: b.inOrder };

/** Adds to on hand, creating the balance row on first receipt. */
async function addOnHand(ctx: TenantCtx, line: StockLine) {
  const [row] = await ctx.db
    .insert(b)
    .values({ workspaceId: ctx.workspaceId, warehouseId: line.warehouseId, catalogId: line.catalogId, onHand: line.quantity })
    .onConflictDoUpdate({ target: [b.workspaceId, b.warehouseId, b.catalogId], set: { onHand: sql`${b.onHand} + ${line.quantity}`, updatedAt: sql`now()` } })
    .returning(after);
  return row ?? null;
}

/**
 * The one place a balance changes: a single conditional UPDATE whose WHERE holds the rule (no read-then-write),
 * so concurrent transactions serialise on the row and the loser re-checks against the committed value.
 * Returns null when the rule does not hold (not enough stock, nothing reserved).
 */
async function changeBalance(ctx: TenantCtx, type: MovementType, line: StockLine): Promise<{ onHand: number; inOrder: number } | null> {
  const q = line.quantity;
  const now = sql`now()`;
  const update = (set: Partial<Record<'onHand' | 'inOrder', SQL>>, rule: SQL) =>
    ctx.db.update(b).set({ ...set, updatedAt: now }).where(and(balanceKey(ctx, line), rule)).returning(after);
  let rows: { onHand: number; inOrder: number }[];
  switch (type) {
    case 'RESERVE':
      rows = await update({ inOrder: sql`${b.inOrder} + ${q}` }, sql`${availableSql} >= ${q}`);
      break;
    case 'RELEASE':
      rows = await update({ inOrder: sql`${b.inOrder} - ${q}` }, gte(b.inOrder, q));
      break;
    case 'SHIP':
      rows = await update({ onHand: sql`${b.onHand} - ${q}`, inOrder: sql`${b.inOrder} - ${q}` }, gte(b.inOrder, q));
      break;
    case 'TRANSFER':
      if (q > 0) return addOnHand(ctx, line);
      // Out of the source: only stock no order has reserved and no channel has been set aside may move.
      rows = await update({ onHand: sql`${b.onHand} + ${q}` }, sql`${availableSql} >= ${-q}`);
      break;
    case 'ADJUSTMENT':
      if (q > 0) return addOnHand(ctx, line);
      // Stock promised to open orders cannot be adjusted away: release the orders first.
      rows = await update({ onHand: sql`${b.onHand} + ${q}` }, sql`${b.onHand} + ${q} >= ${b.inOrder}`);
      break;
    default:
      return addOnHand(ctx, line);
  }
  return rows[0] ?? null;
}

const DELTAS: Record<MovementType, (q: number) => [onHand: number, inOrder: number]> = {
  RECEIPT: (q) => [q, 0],
  INBOUND: (q) => [q, 0],
  RETURN: (q) => [q, 0],
  TRANSFER: (q) => [q, 0],
  ADJUSTMENT: (q) => [q, 0],
  RESERVE: (q) => [0, q],
  RELEASE: (q) => [0, -q],
  SHIP: (q) => [-q, -q],
};

export type Reference = { type: string; id: string | null; key: string };

/**
 * Applies lines in a fixed lock order (warehouse, then catalog) with one ledger row each. Lines of the same balance
 * are merged first, so two lines never check against the same unchanged balance. Returns the lines that failed
 * their rule; the caller throws, which rolls the whole transaction back (all or nothing).
 */
export async function applyLines(ctx: TenantCtx, type: MovementType, lines: readonly StockLine[], ref: Reference): Promise<{ applied: AppliedLine[]; failed: StockLine[] }> {
  const merged = new Map<string, StockLine>();
  for (const line of lines) {
    const key = `${line.warehouseId}|${line.catalogId}`;
    const seen = merged.get(key);
    merged.set(key, seen ? { ...seen, quantity: seen.quantity + line.quantity } : { ...line });
  }
  const ordered = [...merged.values()].filter((l) => l.quantity !== 0).sort((x, y) => (x.warehouseId === y.warehouseId ? (x.catalogId < y.catalogId ? -1 : 1) : x.warehouseId < y.warehouseId ? -1 : 1));
  const applied: AppliedLine[] = [];
  const failed: StockLine[] = [];
  const ledger: (typeof stockMovements.$inferInsert)[] = [];
  for (const line of ordered) {
    const row = await changeBalance(ctx, type, line);
    if (!row) {
      failed.push(line);
      continue;
    }
    const [dOnHand, dInOrder] = DELTAS[type](line.quantity);
    applied.push({ ...line, onHandAfter: row.onHand, inOrderAfter: row.inOrder });
    ledger.push({
      id: uuidv7(),
      workspaceId: ctx.workspaceId,
      warehouseId: line.warehouseId,
      catalogId: line.catalogId,
      type,
      quantity: line.quantity,
      onHandDelta: dOnHand,
      inOrderDelta: dInOrder,
      onHandBefore: row.onHand - dOnHand,
      onHandAfter: row.onHand,
      inOrderBefore: row.inOrder - dInOrder,
      inOrderAfter: row.inOrder,
      referenceType: ref.type,
      referenceId: ref.id,
      referenceKey: ref.key,
      actorId: ctx.actor.userId,
    });
  }
  if (failed.length === 0 && ledger.length > 0) await ctx.db.insert(stockMovements).values(ledger);
  return { applied, failed };
}

/** What `applySingle` did: applied (with the balance after), the key was already claimed, or the rule failed. */
export type SingleOutcome = { outcome: 'applied'; line: AppliedLine } | { outcome: 'claimed-before'; kind: string } | { outcome: 'not-applied' };

const SINGLE_CHANGES = {
  RESERVE: { set: sql`in_order = b.in_order + i.qty`, rule: sql`(b.on_hand - b.in_order - b.allocated - b.safety_stock) >= i.qty`, onHand: sql`0`, inOrder: sql`i.qty` },
  RELEASE: { set: sql`in_order = b.in_order - i.qty`, rule: sql`b.in_order >= i.qty`, onHand: sql`0`, inOrder: sql`-i.qty` },
  SHIP: { set: sql`on_hand = b.on_hand - i.qty, in_order = b.in_order - i.qty`, rule: sql`b.in_order >= i.qty`, onHand: sql`-i.qty`, inOrder: sql`-i.qty` },
} as const;
export type SingleType = keyof typeof SINGLE_CHANGES;
export const isSingleType = (type: MovementType): type is SingleType => type in SINGLE_CHANGES;

/**
 * The hot path of the public API (one line of an order): claim the reference key, apply the conditional UPDATE and
 * write the ledger row in ONE statement, so a reservation costs one round trip inside its transaction and the row
 * lock is held for the shortest time. The claim comes first: the UPDATE runs only when this statement inserted the
 * key (a concurrent twin waits on the key's unique index, then finds it taken). When the rule fails nothing but the
 * claim was written, so the caller may go on with the general path in the same transaction.
 */
export async function applySingle(ctx: TenantCtx, type: SingleType, line: StockLine, ref: Reference): Promise<SingleOutcome> {
  const change = SINGLE_CHANGES[type];
  const result = await ctx.db.execute(sql`
    with claim as (
      insert into stock_operations (workspace_id, reference_key, kind, reference_type, reference_id)
      values (${ctx.workspaceId}, ${ref.key}, ${type}, ${ref.type}, ${ref.id})
      on conflict do nothing
      returning 1
    ), i as (
      select ${line.warehouseId}::uuid as warehouse_id, ${line.catalogId}::uuid as catalog_id, ${line.quantity}::integer as qty
    ), changed as (
      update stock_balances b set ${change.set}, updated_at = now()
      from i
      where exists (select 1 from claim)
        and b.workspace_id = ${ctx.workspaceId} and b.warehouse_id = i.warehouse_id and b.catalog_id = i.catalog_id
        and ${change.rule}
      returning b.on_hand, b.in_order, ${change.onHand} as d_on_hand, ${change.inOrder} as d_in_order
    ), ledger as (
      insert into stock_movements (id, workspace_id, warehouse_id, catalog_id, type, quantity, on_hand_delta, in_order_delta,
        on_hand_before, on_hand_after, in_order_before, in_order_after, reference_type, reference_id, reference_key, actor_id)
      select ${uuidv7()}, ${ctx.workspaceId}, ${line.warehouseId}, ${line.catalogId}, ${type}, ${line.quantity}, d_on_hand, d_in_order,
        on_hand - d_on_hand, on_hand, in_order - d_in_order, in_order, ${ref.type}, ${ref.id}, ${ref.key}, ${ctx.actor.userId}
      from changed
    )
    select (select count(*) from claim)::int as claimed,
      (select kind from stock_operations where workspace_id = ${ctx.workspaceId} and reference_key = ${ref.key}) as kind,
      changed.on_hand, changed.in_order
    from (select 1) one left join changed on true`);
  const [row] = (result as unknown as { rows: { claimed: number; kind: string | null; on_hand: number | null; in_order: number | null }[] }).rows;
  if (!row || row.claimed === 0) {
    // A twin committed after this statement's snapshot was taken: read its kind now.
    return { outcome: 'claimed-before', kind: row?.kind ?? (await claimedKind(ctx, ref.key)) ?? type };
  }
  if (row.on_hand === null || row.in_order === null) return { outcome: 'not-applied' };
  return { outcome: 'applied', line: { ...line, onHandAfter: row.on_hand, inOrderAfter: row.in_order } };
}

/** Claims a reference key; false when an earlier operation holds it (a concurrent twin waits for its commit). */
export async function claimOperation(ctx: TenantCtx, kind: string, ref: Reference): Promise<{ claimed: true } | { claimed: false; kind: string }> {
  const inserted = await ctx.db
    .insert(stockOperations)
    .values({ workspaceId: ctx.workspaceId, referenceKey: ref.key, kind, referenceType: ref.type, referenceId: ref.id })
    .onConflictDoNothing()
    .returning({ kind: stockOperations.kind });
  if (inserted.length > 0) return { claimed: true };
  return { claimed: false, kind: (await claimedKind(ctx, ref.key)) ?? kind };
}

async function claimedKind(ctx: TenantCtx, key: string): Promise<string | null> {
  const [existing] = await ctx.db
    .select({ kind: stockOperations.kind })
    .from(stockOperations)
    .where(and(eq(stockOperations.workspaceId, ctx.workspaceId), eq(stockOperations.referenceKey, key)));
  return existing?.kind ?? null;
}

/** Next human number of a document kind in the workspace (a row lock serialises concurrent creators). */
export async function nextNumber(ctx: TenantCtx, kind: string): Promise<number> {
  const [row] = await ctx.db
    .insert(documentSequences)
    .values({ workspaceId: ctx.workspaceId, kind, last: 1 })
    .onConflictDoUpdate({ target: [documentSequences.workspaceId, documentSequences.kind], set: { last: sql`${documentSequences.last} + 1` } })
    .returning({ last: documentSequences.last });
  return row!.last;
}

export async function balancesOf(ctx: TenantCtx, keys: readonly { warehouseId: string; catalogId: string }[]) {
  if (keys.length === 0) return [];
  const warehouseIds = [...new Set(keys.map((k) => k.warehouseId))];
  const catalogIds = [...new Set(keys.map((k) => k.catalogId))];
  return ctx.db
    .select()
    .from(b)
    .where(and(eq(b.workspaceId, ctx.workspaceId), inArray(b.warehouseId, warehouseIds), inArray(b.catalogId, catalogIds)));
}

export async function setSafetyStock(ctx: TenantCtx, warehouseId: string, catalogId: string, safetyStock: number) {
  await ctx.db
    .insert(b)
    .values({ workspaceId: ctx.workspaceId, warehouseId, catalogId, safetyStock })
    .onConflictDoUpdate({ target: [b.workspaceId, b.warehouseId, b.catalogId], set: { safetyStock, updatedAt: sql`now()` } });
}

// ---------------------------------------------------------------------------------------------------------------
// Inventory list v2 and movements: reads over this module's tables; SKU and warehouse names come from their
// modules' index (one query per page), so these lists never join another module's tables.

const stateSql = sql<'IN_STOCK' | 'OUT_OF_STOCK' | 'MINUS_STOCK'>`case when ${availableSql} > 0 then 'IN_STOCK' when ${availableSql} = 0 then 'OUT_OF_STOCK' else 'MINUS_STOCK' end`;

export type BalanceFilter = { warehouseId?: string; catalogId?: string; state?: 'IN_STOCK' | 'OUT_OF_STOCK' | 'MINUS_STOCK'; warehouseIds?: string[] | null };

function balanceWhere(ctx: TenantCtx, f: BalanceFilter): SQL[] {
  const where: SQL[] = [eq(b.workspaceId, ctx.workspaceId)];
  if (f.warehouseId) where.push(eq(b.warehouseId, f.warehouseId));
  if (f.warehouseIds) where.push(f.warehouseIds.length > 0 ? inArray(b.warehouseId, f.warehouseIds) : sql`false`);
  if (f.catalogId) where.push(eq(b.catalogId, f.catalogId));
  return where;
}

const tie = [asc(b.catalogId), asc(b.warehouseId)];
const SORTS: Record<string, SQL[]> = {
  available: [sql`${availableSql} asc`, ...tie],
  '-available': [sql`${availableSql} desc`, ...tie],
  on_hand: [asc(b.onHand), ...tie],
  '-on_hand': [desc(b.onHand), ...tie],
  updated_at: [asc(b.updatedAt), ...tie],
  '-updated_at': [desc(b.updatedAt), ...tie],
};

export async function listBalances(ctx: TenantCtx, f: BalanceFilter & { page: number; size: number; sort: string }) {
  const where = balanceWhere(ctx, f);
  const rows = await ctx.db
    .select({ balance: b, available: availableSql.mapWith(Number) })
    .from(b)
    .where(and(...where, f.state ? sql`${stateSql} = ${f.state}` : undefined))
    .orderBy(...(SORTS[f.sort] ?? SORTS['-updated_at']!))
    .limit(f.size)
    .offset((f.page - 1) * f.size);
  const [counts] = await ctx.db
    .select({
      all: count(),
      inStock: sql<number>`count(*) filter (where ${availableSql} > 0)`.mapWith(Number),
      outOfStock: sql<number>`count(*) filter (where ${availableSql} = 0)`.mapWith(Number),
      minusStock: sql<number>`count(*) filter (where ${availableSql} < 0)`.mapWith(Number),
    })
    .from(b)
    .where(and(...where));
  return { rows, counts: counts! };
}

export type MovementFilter = { warehouseId?: string; catalogId?: string; type?: MovementType; referenceId?: string; warehouseIds?: string[] | null };

export async function listMovements(ctx: TenantCtx, f: MovementFilter & { page: number; size: number; sort: 'at' | '-at' }) {
  const m = stockMovements;
  const where = and(
    eq(m.workspaceId, ctx.workspaceId),
    f.warehouseId ? eq(m.warehouseId, f.warehouseId) : undefined,
    f.warehouseIds ? (f.warehouseIds.length > 0 ? inArray(m.warehouseId, f.warehouseIds) : sql`false`) : undefined,
    f.catalogId ? eq(m.catalogId, f.catalogId) : undefined,
    f.type ? eq(m.type, f.type) : undefined,
    f.referenceId ? eq(m.referenceId, f.referenceId) : undefined,
  );
  const rows = await ctx.db
    .select()
    .from(m)
    .where(where)
    .orderBy(f.sort === 'at' ? asc(m.id) : desc(m.id))
    .limit(f.size)
    .offset((f.page - 1) * f.size);
  const [total] = await ctx.db.select({ n: count() }).from(m).where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function findMovement(ctx: TenantCtx, id: string) {
  const [row] = await ctx.db.select().from(stockMovements).where(and(eq(stockMovements.workspaceId, ctx.workspaceId), eq(stockMovements.id, id)));
  return row ?? null;
}

export type MovementRow = typeof stockMovements.$inferSelect;

/** Ledger sums per balance, for the rebuild check (balances == Σ movements). */
export async function ledgerSums(ctx: TenantCtx) {
  return ctx.db
    .select({
      warehouseId: stockMovements.warehouseId,
      catalogId: stockMovements.catalogId,
      onHand: sql<number>`sum(${stockMovements.onHandDelta})`.mapWith(Number),
      inOrder: sql<number>`sum(${stockMovements.inOrderDelta})`.mapWith(Number),
    })
    .from(stockMovements)
    .where(eq(stockMovements.workspaceId, ctx.workspaceId))
    .groupBy(stockMovements.warehouseId, stockMovements.catalogId);
}

