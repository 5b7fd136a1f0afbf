import { sql, type SQL } from 'drizzle-orm';
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
  /**
   * Every key is new: made by the caller from ids it has just generated (a new order's lines), so none can be claimed
   * and the claimed-key look-ups are skipped (ADR 0061). A key claimed anyway still fails the claims' insert (primary
   * key), never applies twice.
   */
  fresh?: boolean;
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
  const pairs = new Map<string, { w: string; c: string }>();
  for (const l of lines) {
    const key = balanceKey(l);
    if (!pairs.has(key)) pairs.set(key, { w: l.warehouseId, c: l.catalogId });
  }
  const keysJson = JSON.stringify([...pairs.values()]);
  // The claimed keys are looked up one probe of the primary key per key (a lateral subquery with `limit 1`, which
  // the planner cannot flatten into a join). `in (select json_array_elements_text(…))` and then `= any(array(…))`
  // both let the planner, which guesses a just-grown table holds one row, scan every operation of the workspace
  // and compare each with the whole list: quadratic, 40–70 ms a call after 1,000 imported orders, 0.7–2 s later
  // (ADR 0052, ADR 0056).
  const read = await ctx.db.execute(sql`
    with k as (select w, c from json_to_recordset(${keysJson}::json) as k(w uuid, c uuid)),
    locked as (
      select b.warehouse_id, b.catalog_id, b.on_hand, b.in_order, b.allocated, b.safety_stock
      from stock_balances b join k on b.warehouse_id = k.w and b.catalog_id = k.c
      where b.workspace_id = ${ctx.workspaceId}
      order by b.warehouse_id, b.catalog_id
      ${lock ? sql`for update of b` : sql``}
    )
    select json_build_object(
      'balances', (select coalesce(json_agg(locked), '[]'::json) from locked),
      'claimed', ${
        request.fresh
          ? sql`'[]'::json`
          : sql`(select coalesce(json_agg(json_build_array(o.reference_key, o.kind)), '[]'::json)
        from json_array_elements_text(${JSON.stringify([...new Set(lines.map((l) => l.referenceKey))])}::json) as key(k)
        cross join lateral (select o.reference_key, o.kind from stock_operations o
          where o.workspace_id = ${ctx.workspaceId} and o.reference_key = key.k limit 1) o)`
      },
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

/**
 * A line the rule decided (applied or refused), in arrival order, under short keys (it travels to PostgreSQL as
 * JSON, ADR 0061): its balance (`w`, `c`), step (`t`), quantity (`q`), whether it applies (`a`), what the batch's
 * earlier lines of its SKU had moved before it (`o` on hand, `n` in order) and, applied, what it moves (`d` on hand,
 * `e` in order), its ledger row's id (`i`), its key (`k`) and reference (`r`). The statement that writes the plan
 * derives the balances' summed changes, the claims and the ledger rows (before and after from the balance it reads
 * plus `o`, `n`) from these alone.
 */
type PlanLine = {
  w: string;
  c: string;
  t: BatchType;
  q: number;
  a: boolean;
  o: number;
  n: number;
  d?: number;
  e?: number;
  i?: string;
  k?: string;
  r?: string | null;
};

type Plan = {
  outcomes: Map<string, BatchOutcome>;
  deferred: BatchStockLine[];
  /** Each line the rule decided (applied or failed), in order: applyStockPlan checks the rule again with them. */
  lines: PlanLine[];
  applied: number;
  changed: string[];
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
  // What the batch's lines have moved so far, per balance.
  const moved = new Map<string, { onHand: number; inOrder: number }>();
  const claimed = new Map(read.claimed);
  const deferred: BatchStockLine[] = [];
  const deferredKeys = new Set<string>();
  const planned: PlanLine[] = [];
  const changed = new Set<string>();
  let applied = 0;
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
    const base = read.balances.get(key);
    let offset = moved.get(key);
    if (base && !offset) moved.set(key, (offset = { onHand: 0, inOrder: 0 }));
    const check: PlanLine = {
      w: line.warehouseId,
      c: line.catalogId,
      t: type,
      q: line.quantity,
      a: false,
      o: offset ? offset.onHand : 0,
      n: offset ? offset.inOrder : 0,
    };
    planned.push(check);
    if (
      !base ||
      !offset ||
      !rule.holds({ ...base, on_hand: base.on_hand + offset.onHand, in_order: base.in_order + offset.inOrder }, line.quantity)
    ) {
      outcomes.set(line.referenceKey, 'failed');
      continue;
    }
    claimed.set(line.referenceKey, type); // a key twice in one batch applies once
    check.a = true;
    check.d = rule.onHand * line.quantity;
    check.e = rule.inOrder * line.quantity;
    check.i = uuidv7();
    check.k = line.referenceKey;
    check.r = line.referenceId;
    offset.onHand += check.d;
    offset.inOrder += check.e;
    applied += 1;
    changed.add(line.catalogId);
    outcomes.set(line.referenceKey, 'applied');
  }
  return { outcomes, deferred, lines: planned, applied, changed: [...changed] };
}

/**
 * The statement that writes a plan: the balances' summed changes, the claims and the ledger rows of its applied
 * lines, before and after from the balances as it reads them plus each line's offsets. `check`: the balances are
 * locked here (warehouse, catalog order) and written only if every line still gets its outcome against them, no key
 * was claimed meanwhile (unless the keys are fresh) and no stock was set aside meanwhile for the channel; else the
 * balances were locked when the plan was made (reserveStockBatch). Answers whether it wrote.
 */
async function writePlanStatement(
  ctx: TenantCtx,
  plan: Plan,
  request: BatchStockRequest,
  check: boolean,
  first?: LeadingWrites | null,
  claimed = false,
): Promise<boolean> {
  const ws = ctx.workspaceId;
  const channelId = request.channelId ?? null;
  const ok = check ? sql`(select ok from chk)` : sql`true`;
  const result = (await ctx.db.execute(sql`
    with ${first ? sql`${first.ctes},` : sql``} p as (
      select * from json_to_recordset(${JSON.stringify(plan.lines)}::json)
        as p(w uuid, c uuid, t text, q integer, a boolean, o integer, n integer, d integer, e integer, i uuid, k text, r text)
    ), lk as (
      select b.warehouse_id, b.catalog_id, b.on_hand, b.in_order, b.allocated, b.safety_stock
      from stock_balances b where b.workspace_id = ${ws}
        and (b.warehouse_id, b.catalog_id) in (select distinct p.w, p.c from p)
        ${first ? sql`and ${first.done}` : sql``}
      ${check ? sql`order by b.warehouse_id, b.catalog_id for update of b` : sql``}
    ), chk as (
      ${
        check
          ? sql`select
        coalesce(bool_and(p.a = coalesce(case p.t
          when 'RESERVE' then lk.on_hand + p.o - lk.in_order - p.n - lk.allocated - lk.safety_stock >= p.q
          else lk.in_order + p.n >= p.q end, false)), true)
        ${
          request.fresh
            ? sql``
            : sql`and not exists (select 1 from p cross join lateral (select 1 from stock_operations o
          where o.workspace_id = ${ws} and o.reference_key = p.k limit 1) o where p.a)`
        }
        ${
          channelId
            ? sql`and not exists (select 1 from stock_set_asides s where s.workspace_id = ${ws} and s.channel_id = ${channelId}
          and s.quantity > 0 and (s.warehouse_id, s.catalog_id) in (select p.w, p.c from p where p.t = 'RESERVE'))`
            : sql``
        } as ok
      from p left join lk on lk.warehouse_id = p.w and lk.catalog_id = p.c`
          : sql`select true as ok`
      }
    ), t as (
      select p.w, p.c, sum(p.d) as d, sum(p.e) as e from p where p.a group by p.w, p.c
    ), changed as (
      update stock_balances b set on_hand = b.on_hand + t.d, in_order = b.in_order + t.e, updated_at = now()
      from t where ${ok} and b.workspace_id = ${ws} and b.warehouse_id = t.w and b.catalog_id = t.c
    ), ${
      claimed
        ? sql``
        : sql`claims as (
      insert into stock_operations (workspace_id, reference_key, kind, reference_type, reference_id)
      select ${ws}, p.k, p.t, ${request.referenceType}, p.r from p where p.a and ${ok}
    ), `
    }ledger as (
      insert into stock_movements (id, workspace_id, warehouse_id, catalog_id, type, quantity, on_hand_delta, in_order_delta,
        on_hand_before, on_hand_after, in_order_before, in_order_after, reference_type, reference_id, reference_key, actor_id)
      select p.i, ${ws}, p.w, p.c, p.t, p.q, p.d, p.e,
        lk.on_hand + p.o, lk.on_hand + p.o + p.d, lk.in_order + p.n, lk.in_order + p.n + p.e,
        ${request.referenceType}, p.r, p.k, ${ctx.actor.userId}::uuid
      from p join lk on lk.warehouse_id = p.w and lk.catalog_id = p.c
      where p.a and ${ok}
    )
    select ok from chk`)) as unknown as { rows: { ok: boolean }[] };
  return result.rows[0]?.ok === true;
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
  if (plan.applied > 0) await writePlanStatement(ctx, plan, request, false);
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
export type StockBatchPlan = {
  outcomes: ReadonlyMap<string, BatchOutcome>;
  request: BatchStockRequest;
  plan: Plan;
  refs: Read['refs'];
  /**
   * With fresh keys (ADR 0061): the insert of the plan's claims, for the caller to run in one of its own statements
   * before applyStockPlan (a data-modifying CTE), so that the claims are written before the balances are locked and
   * the locked statement writes only balances and ledger. Null when the keys are not fresh or nothing applies.
   */
  claimsAhead: SQL | null;
};

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
export async function planStockBatch(
  ctx: TenantCtx,
  request: BatchStockRequest,
  /** The lines' catalogs' product types, when the caller has read them (the order import, with the SKUs). */
  types?: ReadonlyMap<string, string>,
): Promise<StockBatchPlan | null> {
  checkRequest(request);
  const refs = types && new Map([...types].map(([id, productType]) => [id, { productType }]));
  const read = await readBatch(ctx, request, false, refs);
  const plan = planBatch(read, 'RESERVE', request.lines);
  if (plan.deferred.length > 0) return null;
  if (plan.changed.length > 0) await noteStockChanged(ctx, plan.changed);
  return { outcomes: plan.outcomes, request, plan, refs: read.refs, claimsAhead: request.fresh ? claimsInsert(ctx, plan, request) : null };
}

/** The claims of a plan's applied lines, as one insert (null when none applies). */
function claimsInsert(ctx: TenantCtx, plan: Plan, request: BatchStockRequest): SQL | null {
  if (plan.applied === 0) return null;
  let claims = '';
  for (const line of plan.lines) if (line.a) claims += `${claims === '' ? '' : ','}${JSON.stringify({ k: line.k, t: line.t, r: line.r })}`;
  return sql`insert into stock_operations (workspace_id, reference_key, kind, reference_type, reference_id)
    select ${ctx.workspaceId}, x.k, x.t, ${request.referenceType}, x.r from json_to_recordset(${`[${claims}]`}::json) as x(k text, t text, r text)`;
}

/**
 * Takes back the claims a plan wrote ahead (`claimsAhead`) when applyStockPlan refused it (StockPlanChanged): the
 * caller then reserves the same keys with the balances locked first (reserveStockBatch). The claims were written in
 * this transaction, so nobody else has seen them.
 */
export async function withdrawStockClaims(ctx: TenantCtx, planned: StockBatchPlan): Promise<void> {
  if (!planned.claimsAhead) return;
  const keys = planned.plan.lines.filter((line) => line.a).map((line) => line.k!);
  await ctx.db.execute(sql`delete from stock_operations where workspace_id = ${ctx.workspaceId}
    and reference_key = any(${sql.param(keys)}::text[])`);
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
  if (!first && (request.lines.length === 0 || plan.lines.length === 0)) return;
  if (!(await writePlanStatement(ctx, plan, request, true, first, planned.claimsAhead !== null))) throw new StockPlanChanged();
}
