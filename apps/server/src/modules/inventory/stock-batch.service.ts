import { sql } from 'drizzle-orm';
import type { TenantCtx } from '../../http/context.ts';
import type { LeadingWrites } from '../../platform/db/database.ts';
import { isUuid, uuidv7 } from '../../platform/db/ids.ts';
import { DomainError } from '../../platform/errors.ts';
import { catalogTypes } from '../catalog/index.ts';
import { noteStockChanged } from '../channels/index.ts';
import { applyOperation } from './stock-ledger.service.ts';

// ---------------------------------------------------------------------------------------------------------------
// Set-based reserve and ship (ADR 0045): many one-line operations, each under its own idempotency key, in two
// statements instead of one or more per line. The marketplace order import reserves a whole batch of orders' lines
// with it.

/** One line of a batch: the key it is claimed under (`order-line:<line>:RESERVE`) and what it moves. */
export type BatchStockLine = {
  referenceKey: string;
  referenceId: string | null;
  warehouseId: string;
  catalogId: string;
  quantity: number;
  /** The step, when a batch mixes them (a new order already shipped is reserved, then shipped); else the call's. */
  type?: BatchType;
  /** Applies only when the line of this key was applied before it in the batch (the ship of a line reserved). */
  after?: string;
};
export type BatchStockRequest = {
  referenceType: string;
  lines: readonly BatchStockLine[];
  /** The orders' channel: a line whose SKU has stock set aside for it takes the one-line path, which uses that first. */
  channelId?: string | null;
};
/**
 * Per reference key: applied, refused by its rule (not enough stock), its key was claimed before (a replay), or
 * not tried because the line it comes `after` was not applied.
 */
export type BatchOutcome = 'applied' | 'failed' | 'replayed' | 'skipped';

export type BatchType = 'RESERVE' | 'SHIP';
type Balance = { warehouse_id: string; catalog_id: string; on_hand: number; in_order: number; allocated: number; safety_stock: number };

const RULES: Record<BatchType, { holds: (b: Balance, q: number) => boolean; onHand: number; inOrder: number }> = {
  RESERVE: { holds: (b, q) => b.on_hand - b.in_order - b.allocated - b.safety_stock >= q, onHand: 0, inOrder: 1 },
  SHIP: { holds: (b, q) => b.in_order >= q, onHand: -1, inOrder: -1 },
};

const balanceKey = (l: { warehouseId: string; catalogId: string }) => `${l.warehouseId}|${l.catalogId}`;

function checkLines(lines: readonly BatchStockLine[]) {
  for (const line of lines) {
    if (!isUuid(line.catalogId) || !isUuid(line.warehouseId))
      throw new DomainError('VALIDATION_FAILED', { fields: [{ path: 'lines.catalog_id', code: 'INVALID_ID', message: 'INVALID_ID' }] });
    if (!Number.isSafeInteger(line.quantity) || line.quantity < 1)
      throw new DomainError('VALIDATION_FAILED', { fields: [{ path: 'lines.quantity', code: 'INVALID_VALUE', message: 'INVALID_VALUE' }] });
  }
}

type Read = {
  refs: Map<string, { productType: string }>;
  balances: Map<string, Balance>;
  claimed: Map<string, string>;
  setAside: Set<string>;
};

/** The batch's balances (locked in (warehouse, catalog) order when asked), its claimed keys and its set-aside SKUs. */
async function readBatch(ctx: TenantCtx, request: BatchStockRequest, lock: boolean, refs?: Read['refs']): Promise<Read> {
  const lines = request.lines;
  const channelId = request.channelId ?? null;
  refs ??= new Map((await catalogTypes(ctx, [...new Set(lines.map((l) => l.catalogId))])).map((r) => [r.id, r]));
  const keysJson = JSON.stringify(lines.map((l) => ({ w: l.warehouseId, c: l.catalogId })));
  // The claimed keys are looked up one probe of the primary key per key (a lateral subquery with `limit 1`, which
  // the planner cannot flatten into a join). `in (select json_array_elements_text(…))` and then `= any(array(…))`
  // both let the planner, which guesses a just-grown table holds one row, scan every operation of the workspace
  // and compare each with the whole list: quadratic, 40–70 ms a call after 1,000 imported orders, 0.7–2 s later
  // (ADR 0052, ADR 0056).
  const read = await ctx.db.execute(sql`
    with k as (select distinct w, c from json_to_recordset(${keysJson}::json) as k(w uuid, c uuid)),
    locked as (
      select b.warehouse_id, b.catalog_id, b.on_hand, b.in_order, b.allocated, b.safety_stock
      from stock_balances b join k on b.warehouse_id = k.w and b.catalog_id = k.c
      where b.workspace_id = ${ctx.workspaceId}
      order by b.warehouse_id, b.catalog_id
      ${lock ? sql`for update of b` : sql``}
    )
    select json_build_object(
      'balances', (select coalesce(json_agg(locked), '[]'::json) from locked),
      'claimed', (select coalesce(json_agg(json_build_array(o.reference_key, o.kind)), '[]'::json)
        from json_array_elements_text(${JSON.stringify([...new Set(lines.map((l) => l.referenceKey))])}::json) as key(k)
        cross join lateral (select o.reference_key, o.kind from stock_operations o
          where o.workspace_id = ${ctx.workspaceId} and o.reference_key = key.k limit 1) o),
      'set_aside', ${
        channelId
          ? sql`(select coalesce(json_agg(json_build_array(s.warehouse_id, s.catalog_id)), '[]'::json) from stock_set_asides s
        join k on s.warehouse_id = k.w and s.catalog_id = k.c
        where s.workspace_id = ${ctx.workspaceId} and s.channel_id = ${channelId} and s.quantity > 0)`
          : sql`'[]'::json`
      }
    ) as r`);
  const answer = (read as unknown as { rows: { r: unknown }[] }).rows[0]!.r;
  const parsed = (typeof answer === 'string' ? JSON.parse(answer) : answer) as {
    balances: Balance[];
    claimed: [string, string][];
    set_aside: [string, string][];
  };
  return {
    refs,
    balances: new Map(parsed.balances.map((b) => [`${b.warehouse_id}|${b.catalog_id}`, b])),
    claimed: new Map(parsed.claimed),
    setAside: new Set(parsed.set_aside.map(([w, c]) => `${w}|${c}`)),
  };
}

type Plan = {
  outcomes: Map<string, BatchOutcome>;
  deferred: BatchStockLine[];
  totals: { w: string; c: string; on_hand: number; in_order: number }[];
  claims: Record<string, unknown>[];
  ledger: Record<string, unknown>[];
  changed: string[];
  /**
   * Each line the rule decided (applied or failed), in order, with what the batch's earlier lines of its SKU had
   * moved before it (`oh`, `io`): applyStockPlan checks the rule again against the locked balances plus these.
   */
  checks: { w: string; c: string; type: BatchType; quantity: number; applied: boolean; oh: number; io: number }[];
};

/**
 * The rule applied line after line against the balances read (lines of the same SKU summed in arrival order, so
 * the batch never reserves below zero, and a line refused leaves the stock for the next one). Lines of a bundle
 * (reserved as their components), of an unknown SKU, of a SKU with stock set aside for the channel, and those that
 * come after one of them, are deferred to the one-line path.
 */
function planBatch(read: Read, callType: BatchType, lines: readonly BatchStockLine[]): Plan {
  const outcomes = new Map<string, BatchOutcome>();
  const done = (key: string | undefined) => key === undefined || ['applied', 'replayed'].includes(outcomes.get(key) ?? '');
  const balances = new Map([...read.balances].map(([key, b]) => [key, { ...b }]));
  const claimed = new Map(read.claimed);
  const deferred: BatchStockLine[] = [];
  const deferredKeys = new Set<string>();
  const totals = new Map<string, { w: string; c: string; on_hand: number; in_order: number }>();
  const claims: Record<string, unknown>[] = [];
  const ledger: Record<string, unknown>[] = [];
  const changed = new Set<string>();
  const checks: Plan['checks'] = [];
  for (const line of lines) {
    const type = line.type ?? callType;
    const rule = RULES[type];
    const kind = claimed.get(line.referenceKey);
    if (kind !== undefined) {
      if (kind !== type) throw new DomainError('STOCK_REFERENCE_CONFLICT', { reference_key: line.referenceKey, kind });
      if (!outcomes.has(line.referenceKey)) outcomes.set(line.referenceKey, 'replayed');
      continue;
    }
    const key = balanceKey(line);
    const ref = read.refs.get(line.catalogId);
    if (
      !ref ||
      ref.productType === 'BUNDLING' ||
      (type === 'RESERVE' && read.setAside.has(key)) ||
      (line.after && deferredKeys.has(line.after))
    ) {
      deferred.push(line);
      deferredKeys.add(line.referenceKey);
      continue;
    }
    if (!done(line.after)) {
      outcomes.set(line.referenceKey, 'skipped');
      continue;
    }
    const bal = balances.get(key);
    const base = read.balances.get(key);
    const check = {
      w: line.warehouseId,
      c: line.catalogId,
      type,
      quantity: line.quantity,
      applied: false,
      oh: bal && base ? bal.on_hand - base.on_hand : 0,
      io: bal && base ? bal.in_order - base.in_order : 0,
    };
    checks.push(check);
    if (!bal || !rule.holds(bal, line.quantity)) {
      outcomes.set(line.referenceKey, 'failed');
      continue;
    }
    check.applied = true;
    claimed.set(line.referenceKey, type); // a key twice in one batch applies once
    const dOnHand = rule.onHand * line.quantity;
    const dInOrder = rule.inOrder * line.quantity;
    const before = { onHand: bal.on_hand, inOrder: bal.in_order };
    bal.on_hand += dOnHand;
    bal.in_order += dInOrder;
    const total = totals.get(key) ?? { w: line.warehouseId, c: line.catalogId, on_hand: 0, in_order: 0 };
    total.on_hand += dOnHand;
    total.in_order += dInOrder;
    totals.set(key, total);
    claims.push({ reference_key: line.referenceKey, reference_id: line.referenceId, kind: type });
    ledger.push({
      id: uuidv7(),
      type,
      warehouse_id: line.warehouseId,
      catalog_id: line.catalogId,
      quantity: line.quantity,
      on_hand_delta: dOnHand,
      in_order_delta: dInOrder,
      on_hand_before: before.onHand,
      on_hand_after: bal.on_hand,
      in_order_before: before.inOrder,
      in_order_after: bal.in_order,
      reference_id: line.referenceId,
      reference_key: line.referenceKey,
      oh: check.oh,
      io: check.io,
    });
    changed.add(line.catalogId);
    outcomes.set(line.referenceKey, 'applied');
  }
  const sorted = [...totals.values()].sort((x, y) => (x.w === y.w ? (x.c < y.c ? -1 : 1) : x.w < y.w ? -1 : 1));
  return { outcomes, deferred, totals: sorted, claims, ledger, changed: [...changed], checks };
}

/** One statement: the balances' summed changes, the per-line claims and the per-line ledger rows. */
async function writePlan(ctx: TenantCtx, plan: Plan, referenceType: string) {
  if (plan.ledger.length === 0) return;
  await ctx.db.execute(sql`
    with t as (
      select * from json_to_recordset(${JSON.stringify(plan.totals)}::json) as t(w uuid, c uuid, on_hand integer, in_order integer)
    ), changed as (
      update stock_balances b set on_hand = b.on_hand + t.on_hand, in_order = b.in_order + t.in_order, updated_at = now()
      from t where b.workspace_id = ${ctx.workspaceId} and b.warehouse_id = t.w and b.catalog_id = t.c
      returning 1
    ), claims as (
      insert into stock_operations (workspace_id, reference_key, kind, reference_type, reference_id)
      select ${ctx.workspaceId}, x.reference_key, x.kind, ${referenceType}, x.reference_id
      from json_to_recordset(${JSON.stringify(plan.claims)}::json) as x(reference_key text, reference_id text, kind text)
      returning 1
    )
    insert into stock_movements (id, workspace_id, warehouse_id, catalog_id, type, quantity, on_hand_delta, in_order_delta,
      on_hand_before, on_hand_after, in_order_before, in_order_after, reference_type, reference_id, reference_key, actor_id)
    select m.id, ${ctx.workspaceId}, m.warehouse_id, m.catalog_id, m.type, m.quantity, m.on_hand_delta, m.in_order_delta,
      m.on_hand_before, m.on_hand_after, m.in_order_before, m.in_order_after, ${referenceType}, m.reference_id,
      m.reference_key, ${ctx.actor.userId}::uuid
    from json_to_recordset(${JSON.stringify(plan.ledger)}::json) as m(id uuid, type text, warehouse_id uuid, catalog_id uuid,
      quantity integer, on_hand_delta integer, in_order_delta integer, on_hand_before integer, on_hand_after integer,
      in_order_before integer, in_order_after integer, reference_id text, reference_key text)`);
}

/** The deferred lines through `applyOperation` one by one, a reservation in a savepoint, as an order's line always did. */
async function runDeferred(ctx: TenantCtx, callType: BatchType, request: BatchStockRequest, plan: Plan) {
  const { outcomes } = plan;
  const done = (key: string | undefined) => key === undefined || ['applied', 'replayed'].includes(outcomes.get(key) ?? '');
  for (const line of plan.deferred) {
    const type = line.type ?? callType;
    if (!done(line.after)) {
      outcomes.set(line.referenceKey, 'skipped');
      continue;
    }
    const one = {
      referenceKey: line.referenceKey,
      referenceType: request.referenceType,
      referenceId: line.referenceId,
      lines: [{ warehouseId: line.warehouseId, catalogId: line.catalogId, quantity: line.quantity }],
      channelId: type === 'RESERVE' ? (request.channelId ?? null) : null,
    };
    if (type === 'SHIP') {
      const result = await applyOperation(ctx, 'SHIP', one);
      outcomes.set(line.referenceKey, result.replayed ? 'replayed' : 'applied');
      continue;
    }
    try {
      const result = await ctx.db.transaction((tx) => applyOperation({ ...ctx, db: tx }, 'RESERVE', one));
      outcomes.set(line.referenceKey, result.replayed ? 'replayed' : 'applied');
    } catch (error) {
      if (!(error instanceof DomainError && error.code === 'INSUFFICIENT_STOCK')) throw error;
      outcomes.set(line.referenceKey, 'failed');
    }
  }
}

function checkRequest(request: BatchStockRequest) {
  checkLines(request.lines);
  if (request.channelId != null && !isUuid(request.channelId))
    throw new DomainError('VALIDATION_FAILED', { fields: [{ path: 'channel_id', code: 'INVALID_ID', message: 'INVALID_ID' }] });
}

/**
 * Applies many one-line reservations (or shipments) in the caller's transaction, each exactly as `reserveStock`
 * with its own key would, in arrival order: one statement locks the batch's balances in a fixed order (warehouse,
 * then catalog) and reads which keys are claimed; the rule is applied line after line in JavaScript (planBatch);
 * one statement writes the balances, the claims and the ledger. Deferred lines follow one by one. A refused line
 * writes nothing (no claim), as a refused one-line reservation is undone.
 */
async function applyBatch(ctx: TenantCtx, callType: BatchType, request: BatchStockRequest): Promise<Map<string, BatchOutcome>> {
  if (request.lines.length === 0) return new Map();
  checkRequest(request);
  const plan = planBatch(await readBatch(ctx, request, true), callType, request.lines);
  await writePlan(ctx, plan, request.referenceType);
  // The shops selling these SKUs get their new numbers once this commits (coalesced, ADR 0030).
  if (plan.changed.length > 0) await noteStockChanged(ctx, plan.changed);
  await runDeferred(ctx, callType, request, plan);
  return plan.outcomes;
}

/**
 * Many one-line reservations, each under its own key, set-based (see applyBatch); a refused line is 'failed'. Lines
 * of `type: 'SHIP'` with `after` set to their reservation's key ship it right after it, as an order already shipped
 * moves its stock; a ship refused is 'failed' too (the caller decides: the one-line path throws).
 */
export const reserveStockBatch = (ctx: TenantCtx, request: BatchStockRequest) => applyBatch(ctx, 'RESERVE', request);

/** A reservation planned before its balances are locked (see planStockBatch). */
export type StockBatchPlan = { outcomes: ReadonlyMap<string, BatchOutcome>; request: BatchStockRequest; plan: Plan; refs: Read['refs'] };

/** `applyStockPlan` found the balances changed so that the plan's outcome would differ: redo the work with the lock first. */
export class StockPlanChanged extends Error {
  constructor() {
    super('the stock changed between the plan and its application');
  }
}

/**
 * The first half of a reservation whose caller writes its own rows first and wants the balances locked only for the
 * last moments of its transaction (the order import, ADR 0045): the outcome per key from balances read without a
 * lock, and the shops told (the note is part of the transaction). Null when a line needs the one-line path (a
 * bundle, a set-aside SKU, an unknown SKU): then use reserveStockBatch.
 */
export async function planStockBatch(ctx: TenantCtx, request: BatchStockRequest): Promise<StockBatchPlan | null> {
  checkRequest(request);
  const read = await readBatch(ctx, request, false);
  const plan = planBatch(read, 'RESERVE', request.lines);
  if (plan.deferred.length > 0) return null;
  if (plan.changed.length > 0) await noteStockChanged(ctx, plan.changed);
  return { outcomes: plan.outcomes, request, plan, refs: read.refs };
}

/**
 * The second half, in one statement: locks the batch's balances (warehouse, catalog order), checks that the rule
 * gives every line the outcome the plan promised against the values now held (each line against the locked
 * balance plus what the batch's earlier lines of its SKU moved), that none of the keys it claims was claimed
 * meanwhile and that no stock was set aside meanwhile for the channel; only then writes the balances' summed
 * changes, the claims and the ledger rows (their before and after from the locked values). `first`: the caller's
 * writes that must come before the balances are locked (the order import's counts), run first in the same statement
 * whatever the check says. Throws StockPlanChanged when the plan no longer holds, having written nothing else and
 * left the transaction usable: the caller takes back what it wrote on the plan's outcomes.
 */
export async function applyStockPlan(ctx: TenantCtx, planned: StockBatchPlan, first?: LeadingWrites | null): Promise<void> {
  const { plan, request } = planned;
  if (!first && (request.lines.length === 0 || plan.checks.length === 0)) return;
  const ws = ctx.workspaceId;
  const channelId = request.channelId ?? null;
  const result = (await ctx.db.execute(sql`
    with ${first ? sql`${first.ctes},` : sql``} p as (
      select * from json_to_recordset(${JSON.stringify(plan.checks)}::json)
        as p(w uuid, c uuid, type text, quantity integer, applied boolean, oh integer, io integer)
    ), lk as (
      select b.warehouse_id, b.catalog_id, b.on_hand, b.in_order, b.allocated, b.safety_stock
      from stock_balances b where b.workspace_id = ${ws}
        and (b.warehouse_id, b.catalog_id) in (select distinct p.w, p.c from p)
        ${first ? sql`and ${first.done}` : sql``}
      order by b.warehouse_id, b.catalog_id
      for update of b
    ), m as (
      select * from json_to_recordset(${JSON.stringify(plan.ledger)}::json) as m(id uuid, type text, warehouse_id uuid,
        catalog_id uuid, quantity integer, on_hand_delta integer, in_order_delta integer, reference_id text,
        reference_key text, oh integer, io integer)
    ), chk as (
      select
        coalesce(bool_and(p.applied = coalesce(case p.type
          when 'RESERVE' then lk.on_hand + p.oh - lk.in_order - p.io - lk.allocated - lk.safety_stock >= p.quantity
          else lk.in_order + p.io >= p.quantity end, false)), true)
        and not exists (select 1 from m cross join lateral (select 1 from stock_operations o
          where o.workspace_id = ${ws} and o.reference_key = m.reference_key limit 1) o)
        ${
          channelId
            ? sql`and not exists (select 1 from stock_set_asides s where s.workspace_id = ${ws} and s.channel_id = ${channelId}
          and s.quantity > 0 and (s.warehouse_id, s.catalog_id) in (select p.w, p.c from p where p.type = 'RESERVE'))`
            : sql``
        } as ok
      from p left join lk on lk.warehouse_id = p.w and lk.catalog_id = p.c
    ), t as (
      select * from json_to_recordset(${JSON.stringify(plan.totals)}::json) as t(w uuid, c uuid, on_hand integer, in_order integer)
    ), changed as (
      update stock_balances b set on_hand = b.on_hand + t.on_hand, in_order = b.in_order + t.in_order, updated_at = now()
      from t where (select ok from chk) and b.workspace_id = ${ws} and b.warehouse_id = t.w and b.catalog_id = t.c
    ), claims as (
      insert into stock_operations (workspace_id, reference_key, kind, reference_type, reference_id)
      select ${ws}, m.reference_key, m.type, ${request.referenceType}, m.reference_id from m where (select ok from chk)
    ), ledger as (
      insert into stock_movements (id, workspace_id, warehouse_id, catalog_id, type, quantity, on_hand_delta, in_order_delta,
        on_hand_before, on_hand_after, in_order_before, in_order_after, reference_type, reference_id, reference_key, actor_id)
      select m.id, ${ws}, m.warehouse_id, m.catalog_id, m.type, m.quantity, m.on_hand_delta, m.in_order_delta,
        lk.on_hand + m.oh, lk.on_hand + m.oh + m.on_hand_delta, lk.in_order + m.io, lk.in_order + m.io + m.in_order_delta,
        ${request.referenceType}, m.reference_id, m.reference_key, ${ctx.actor.userId}::uuid
      from m join lk on lk.warehouse_id = m.warehouse_id and lk.catalog_id = m.catalog_id
      where (select ok from chk)
    )
    select ok from chk`)) as unknown as { rows: { ok: boolean }[] };
  if (!result.rows[0]?.ok) throw new StockPlanChanged();
}
