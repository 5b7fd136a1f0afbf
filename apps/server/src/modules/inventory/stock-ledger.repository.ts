import { and, eq, gte, sql, type SQL } from 'drizzle-orm';
import type { TenantCtx } from '../../http/context.ts';
import { tenantStatement, type Db, type TenantStatement } from '../../platform/db/database.ts';
import { uuidv7 } from '../../platform/db/ids.ts';
import { noteStockChanged } from '../channels/index.ts';
import { stockBalances, stockMovements, stockOperations, stockSetAsides } from './inventory.schema.ts';
import { availableSql } from './stock-balances.repository.ts';

export type MovementType = (typeof stockMovements.$inferSelect)['type'];
/** One balance change: quantity is positive except for adjustments and transfers, whose sign is the direction. */
export type StockLine = { warehouseId: string; catalogId: string; quantity: number };
export type AppliedLine = StockLine & { onHandAfter: number; inOrderAfter: number };

const b = stockBalances;
type BalanceKey = Pick<StockLine, 'warehouseId' | 'catalogId'>;
const balanceKey = (ctx: TenantCtx, line: BalanceKey) =>
  and(eq(b.workspaceId, ctx.workspaceId), eq(b.warehouseId, line.warehouseId), eq(b.catalogId, line.catalogId));
const after = { onHand: b.onHand, inOrder: b.inOrder, allocated: b.allocated };
type After = { onHand: number; inOrder: number; allocated: number };

/** Adds to on hand, creating the balance row on first receipt. */
async function addOnHand(ctx: TenantCtx, line: StockLine) {
  const [row] = await ctx.db
    .insert(b)
    .values({ workspaceId: ctx.workspaceId, warehouseId: line.warehouseId, catalogId: line.catalogId, onHand: line.quantity })
    .onConflictDoUpdate({
      target: [b.workspaceId, b.warehouseId, b.catalogId],
      set: { onHand: sql`${b.onHand} + ${line.quantity}`, updatedAt: sql`now()` },
    })
    .returning(after);
  return row ?? null;
}

/**
 * The one place a balance changes: a single conditional UPDATE whose WHERE holds the rule (no read-then-write),
 * so concurrent transactions serialise on the row and the loser re-checks against the committed value.
 * Returns null when the rule does not hold (not enough stock, nothing reserved).
 */
async function changeBalance(ctx: TenantCtx, type: MovementType, line: StockLine, fromSetAside = 0): Promise<After | null> {
  const q = line.quantity;
  const now = sql`now()`;
  const update = (set: Partial<Record<'onHand' | 'inOrder' | 'allocated', SQL>>, rule: SQL) =>
    ctx.db
      .update(b)
      .set({ ...set, updatedAt: now })
      .where(and(balanceKey(ctx, line), rule))
      .returning(after);
  let rows: After[];
  switch (type) {
    case 'RESERVE':
      // An order of a channel may use, first, the stock set aside for that channel (fromSetAside of it).
      rows =
        fromSetAside > 0
          ? await update(
              { inOrder: sql`${b.inOrder} + ${q}`, allocated: sql`${b.allocated} - ${fromSetAside}` },
              sql`${availableSql} + ${fromSetAside} >= ${q}`,
            )
          : await update({ inOrder: sql`${b.inOrder} + ${q}` }, sql`${availableSql} >= ${q}`);
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
      // Stock promised to open orders or set aside for a channel cannot be adjusted away: release those first.
      rows = await update({ onHand: sql`${b.onHand} + ${q}` }, sql`${b.onHand} + ${q} >= ${b.inOrder} + ${b.allocated}`);
      break;
    default:
      return addOnHand(ctx, line);
  }
  return rows[0] ?? null;
}

const DELTAS: Record<MovementType, (q: number) => [onHand: number, inOrder: number]> = {
  RECEIPT: (q) => [q, 0],
  INBOUND: (q) => [q, 0],
  ALLOCATION: () => [0, 0],
  RETURN: (q) => [q, 0],
  TRANSFER: (q) => [q, 0],
  ADJUSTMENT: (q) => [q, 0],
  RESERVE: (q) => [0, q],
  RELEASE: (q) => [0, -q],
  SHIP: (q) => [-q, -q],
};

export type Reference = { type: string; id: string | null; key: string };

/** The stock set aside for a channel, its row locked (lock order: set-aside row, then balance row); 0 without a row. */
async function lockSetAside(ctx: TenantCtx, line: BalanceKey, channelId: string): Promise<number> {
  const [row] = await ctx.db
    .select({ quantity: stockSetAsides.quantity })
    .from(stockSetAsides)
    .where(setAsideKey(ctx, line, channelId))
    .for('update');
  return row?.quantity ?? 0;
}
const setAsideKey = (ctx: TenantCtx, line: BalanceKey, channelId: string) =>
  and(
    eq(stockSetAsides.workspaceId, ctx.workspaceId),
    eq(stockSetAsides.warehouseId, line.warehouseId),
    eq(stockSetAsides.catalogId, line.catalogId),
    eq(stockSetAsides.channelId, channelId),
  );

/**
 * Applies lines in a fixed lock order (warehouse, then catalog) with one ledger row each. Lines of the same balance
 * are merged first, so two lines never check against the same unchanged balance. A reservation for a channel
 * (`channelId`) first uses the stock set aside for that channel. Returns the lines that failed their rule; the
 * caller throws, which rolls the whole transaction back (all or nothing).
 */
export async function applyLines(
  ctx: TenantCtx,
  type: MovementType,
  lines: readonly StockLine[],
  ref: Reference,
  channelId: string | null = null,
): Promise<{ applied: AppliedLine[]; failed: StockLine[] }> {
  const merged = new Map<string, StockLine>();
  for (const line of lines) {
    const key = `${line.warehouseId}|${line.catalogId}`;
    const seen = merged.get(key);
    merged.set(key, seen ? { ...seen, quantity: seen.quantity + line.quantity } : { ...line });
  }
  const ordered = [...merged.values()]
    .filter((l) => l.quantity !== 0)
    .sort((x, y) => (x.warehouseId === y.warehouseId ? (x.catalogId < y.catalogId ? -1 : 1) : x.warehouseId < y.warehouseId ? -1 : 1));
  const applied: AppliedLine[] = [];
  const failed: StockLine[] = [];
  const ledger: (typeof stockMovements.$inferInsert)[] = [];
  for (const line of ordered) {
    const useSetAside = type === 'RESERVE' && channelId !== null;
    const taken = useSetAside ? Math.min(line.quantity, await lockSetAside(ctx, line, channelId)) : 0;
    const row = await changeBalance(ctx, type, line, taken);
    if (!row) {
      failed.push(line);
      continue;
    }
    if (taken > 0)
      await ctx.db
        .update(stockSetAsides)
        .set({ quantity: sql`${stockSetAsides.quantity} - ${taken}`, updatedAt: sql`now()` })
        .where(setAsideKey(ctx, line, channelId!));
    const [dOnHand, dInOrder] = DELTAS[type](line.quantity);
    applied.push({ ...line, onHandAfter: row.onHand, inOrderAfter: row.inOrder });
    ledger.push({
      ...ledgerRow(ctx, type, line, ref, row, dOnHand, dInOrder),
      ...(taken > 0 ? { allocatedDelta: -taken, allocatedBefore: row.allocated + taken, allocatedAfter: row.allocated, channelId } : {}),
    });
  }
  if (failed.length === 0 && ledger.length > 0) {
    await ctx.db.insert(stockMovements).values(ledger);
    // The shops selling these SKUs get their new numbers once this commits (coalesced, ADR 0030).
    await noteStockChanged(
      ctx,
      applied.map((l) => l.catalogId),
    );
  }
  return { applied, failed };
}

function ledgerRow(ctx: TenantCtx, type: MovementType, line: StockLine, ref: Reference, row: After, dOnHand: number, dInOrder: number) {
  return {
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
  } satisfies typeof stockMovements.$inferInsert;
}

/**
 * Sets the stock of a SKU in a warehouse set aside for a channel to `quantity`: the set-aside row is locked first,
 * then `allocated` moves by the difference with a conditional UPDATE (more may be set aside only from available
 * stock), and an ALLOCATION row records it. Null when there is not enough available stock; 0 when nothing changed.
 */
export async function setAside(
  ctx: TenantCtx,
  line: BalanceKey,
  channelId: string,
  quantity: number,
  ref: Reference,
): Promise<number | null> {
  await ctx.db
    .insert(stockSetAsides)
    .values({ workspaceId: ctx.workspaceId, warehouseId: line.warehouseId, catalogId: line.catalogId, channelId, quantity: 0 })
    .onConflictDoNothing();
  const before = await lockSetAside(ctx, line, channelId);
  const delta = quantity - before;
  if (delta === 0) return 0;
  const [row] = await ctx.db
    .update(b)
    .set({ allocated: sql`${b.allocated} + ${delta}`, updatedAt: sql`now()` })
    .where(and(balanceKey(ctx, line), delta > 0 ? sql`${availableSql} >= ${delta}` : undefined))
    .returning(after);
  if (!row) return null;
  await ctx.db
    .update(stockSetAsides)
    .set({ quantity, updatedAt: sql`now()` })
    .where(setAsideKey(ctx, line, channelId));
  await ctx.db.insert(stockMovements).values({
    ...ledgerRow(ctx, 'ALLOCATION', { ...line, quantity: delta }, ref, row, 0, 0),
    allocatedDelta: delta,
    allocatedBefore: row.allocated - delta,
    allocatedAfter: row.allocated,
    channelId,
  });
  await noteStockChanged(ctx, [line.catalogId]);
  return delta;
}

/** What `applySingle` did: applied (with the balance after), the key was already claimed, or the rule failed. */
export type SingleOutcome =
  { outcome: 'applied'; line: AppliedLine } | { outcome: 'claimed-before'; kind: string } | { outcome: 'not-applied' };

const SINGLE_CHANGES = {
  RESERVE: {
    set: sql`in_order = b.in_order + i.qty`,
    rule: sql`(b.on_hand - b.in_order - b.allocated - b.safety_stock) >= i.qty`,
    onHand: sql`0`,
    inOrder: sql`i.qty`,
  },
  RELEASE: { set: sql`in_order = b.in_order - i.qty`, rule: sql`b.in_order >= i.qty`, onHand: sql`0`, inOrder: sql`-i.qty` },
  SHIP: {
    set: sql`on_hand = b.on_hand - i.qty, in_order = b.in_order - i.qty`,
    rule: sql`b.in_order >= i.qty`,
    onHand: sql`-i.qty`,
    inOrder: sql`-i.qty`,
  },
} as const;
export type SingleType = keyof typeof SINGLE_CHANGES;
export const isSingleType = (type: MovementType): type is SingleType => type in SINGLE_CHANGES;

type Who = { workspaceId: string; actorId: string };

/** The values of the one-line statement, by name. */
type SingleValues = {
  workspaceId: string;
  actorId: string;
  kind: SingleType;
  key: string;
  refType: string;
  refId: string | null;
  warehouseId: string;
  catalogId: string;
  quantity: number;
  movementId: string;
};
const singleValues = (who: Who, type: SingleType, line: StockLine, ref: Reference): SingleValues => ({
  workspaceId: who.workspaceId,
  actorId: who.actorId,
  kind: type,
  key: ref.key,
  refType: ref.type,
  refId: ref.id,
  warehouseId: line.warehouseId,
  catalogId: line.catalogId,
  quantity: line.quantity,
  movementId: uuidv7(),
});

/**
 * The one statement of a one-line reserve, release or ship: the conditional UPDATE and its ledger row, with the
 * reference key's claim either FIRST (the UPDATE runs only when this statement inserted the key; a concurrent twin
 * waits on the key's unique index, then finds it taken) or AFTER (the claim is inserted only when the UPDATE
 * applied, without ON CONFLICT, so a twin's statement fails on the key and undoes its UPDATE with it).
 */
function singleStatement(type: SingleType, claim: 'first' | 'after', v: (name: keyof SingleValues) => unknown): SQL {
  const change = SINGLE_CHANGES[type];
  const claimValues = sql`${v('workspaceId')}, ${v('key')}, ${v('kind')}, ${v('refType')}, ${v('refId')}`;
  const claimFirst = sql`claim as (
      insert into stock_operations (workspace_id, reference_key, kind, reference_type, reference_id)
      values (${claimValues}) on conflict do nothing returning 1
    ),`;
  const claimAfter = sql`, claim as (
      insert into stock_operations (workspace_id, reference_key, kind, reference_type, reference_id)
      select ${claimValues} from changed returning 1
    )`;
  const result =
    claim === 'first'
      ? sql`select (select count(*) from claim)::int as claimed,
          (select kind from stock_operations where workspace_id = ${v('workspaceId')} and reference_key = ${v('key')}) as kind,
          changed.on_hand, changed.in_order
        from (select 1) one left join changed on true`
      : sql`select 1 as claimed, null as kind, on_hand, in_order from changed`;
  return sql`
    with ${claim === 'first' ? claimFirst : sql``} i as (
      select ${v('warehouseId')}::uuid as warehouse_id, ${v('catalogId')}::uuid as catalog_id, ${v('quantity')}::integer as qty
    ), changed as (
      update stock_balances b set ${change.set}, updated_at = now()
      from i
      where ${claim === 'first' ? sql`exists (select 1 from claim) and` : sql``}
        b.workspace_id = ${v('workspaceId')} and b.warehouse_id = i.warehouse_id and b.catalog_id = i.catalog_id
        and ${change.rule}
      returning b.on_hand, b.in_order, ${change.onHand} as d_on_hand, ${change.inOrder} as d_in_order
    )${claim === 'after' ? claimAfter : sql``}, ledger as (
      insert into stock_movements (id, workspace_id, warehouse_id, catalog_id, type, quantity, on_hand_delta, in_order_delta,
        on_hand_before, on_hand_after, in_order_before, in_order_after, reference_type, reference_id, reference_key, actor_id)
      select ${v('movementId')}, ${v('workspaceId')}, i.warehouse_id, i.catalog_id, ${v('kind')}, i.qty, d_on_hand, d_in_order,
        on_hand - d_on_hand, on_hand, in_order - d_in_order, in_order, ${v('refType')}, ${v('refId')}, ${v('key')}, ${v('actorId')}
      from changed, i
    )
    ${result}`;
}
type SingleRow = { claimed: number; kind: string | null; on_hand: number | null; in_order: number | null };

/** The standalone statements, one per type, each prepared once per connection (tenantStatement). */
const ALONE = Object.fromEntries(
  Object.keys(SINGLE_CHANGES).map((type) => [
    type,
    {
      name: `stock_single_${type.toLowerCase()}`,
      build: (v) => singleStatement(type as SingleType, 'after', v),
    } satisfies TenantStatement<SingleValues>,
  ]),
) as Record<SingleType, TenantStatement<SingleValues>>;

/**
 * The hot path inside a caller's transaction (an order's line): claim, conditional UPDATE and ledger row in ONE
 * statement, so a reservation costs one round trip and the row lock is held for the shortest time. When the rule
 * fails nothing but the claim was written, so the caller may go on with the general path in the same transaction.
 */
export async function applySingle(ctx: TenantCtx, type: SingleType, line: StockLine, ref: Reference): Promise<SingleOutcome> {
  const values = singleValues({ workspaceId: ctx.workspaceId, actorId: ctx.actor.userId }, type, line, ref);
  const result = await ctx.db.execute(singleStatement(type, 'first', (name) => values[name]));
  const [row] = (result as unknown as { rows: SingleRow[] }).rows;
  if (!row || row.claimed === 0) {
    // A twin committed after this statement's snapshot was taken: read its kind now.
    return { outcome: 'claimed-before', kind: row?.kind ?? (await claimedKind(ctx, ref.key)) ?? type };
  }
  if (row.on_hand === null || row.in_order === null) return { outcome: 'not-applied' };
  await noteStockChanged(ctx, [line.catalogId]);
  return { outcome: 'applied', line: { ...line, onHandAfter: row.on_hand, inOrderAfter: row.in_order } };
}

/**
 * The hot path as its own transaction, one message to the database (tenantStatement). Null when it did not apply
 * (not enough stock, a bundle or unknown SKU, or the key was already claimed): nothing was written, and the caller
 * takes the general path, which tells these apart.
 */
export async function applySingleAlone(db: Db, who: Who, type: SingleType, line: StockLine, ref: Reference): Promise<AppliedLine | null> {
  try {
    const [row] = await tenantStatement<SingleRow, SingleValues>(db, who.workspaceId, ALONE[type], singleValues(who, type, line, ref));
    return row?.on_hand == null || row.in_order == null ? null : { ...line, onHandAfter: row.on_hand, inOrderAfter: row.in_order };
  } catch (error) {
    // The key is taken: drizzle wraps the driver's error (PGlite's path), pg's own is thrown bare.
    const pgError = ((error as { cause?: unknown }).cause ?? error) as { code?: string; table?: string };
    if (pgError.code === '23505' && pgError.table === 'stock_operations') return null;
    throw error;
  }
}

/** Claims a reference key; false when an earlier operation holds it (a concurrent twin waits for its commit). */
export async function claimOperation(
  ctx: TenantCtx,
  kind: string,
  ref: Reference,
): Promise<{ claimed: true } | { claimed: false; kind: string }> {
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
